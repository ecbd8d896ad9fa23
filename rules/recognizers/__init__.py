"""Built-in recognizers; importing this package registers them by versioned name."""

from veil.rules.recognizers import (  # noqa: F401
    address,
    contact,
    dates,
    financial,
    government,
    network,
    secrets,
)
from veil.rules.recognizers import gliner as gliner
from veil.rules.recognizers import ner as ner
