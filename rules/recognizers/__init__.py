"""Built-in recognizers; importing this package registers them by versioned name.

Heavy resources (the spaCy pipeline, the name lists, GLiNER and torch) load on first use.
"""

from veil.rules.recognizers import (  # noqa: F401
    address,
    contact,
    crypto,
    dates,
    financial,
    gliner,
    government,
    institutions,
    names,
    national_ids,
    ner,
    network,
    places,
    secrets,
)
