"""Word lists shipped with veil (rules/data/*.txt): one entry a line, '#' comments."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def load(name: str) -> frozenset[str]:
    """The entries of ``rules/data/<name>.txt``, case-folded."""
    text = resources.files("veil.rules.data").joinpath(f"{name}.txt").read_text("utf-8")
    return frozenset(
        line.strip().casefold()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    )
