"""Run a pattern only on texts that contain one of its keywords.

Most frames need a word that most messages lack ("retired", "born", "salary"); a
substring test in C is far cheaper than letting a pattern that starts with a subject
alternation try every position of the text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import regex


class Gated:
    """A compiled pattern with the lower-case keywords one of which a match must contain."""

    def __init__(self, pattern: regex.Pattern[str], needles: tuple[str, ...]) -> None:
        self.pattern = pattern
        self.needles = needles

    def possible(self, text: str) -> bool:
        lower = text.lower()
        return any(needle in lower for needle in self.needles)

    def finditer(self, text: str, *args: Any) -> Iterator[regex.Match[str]]:
        if not self.possible(text):
            return iter(())
        return self.pattern.finditer(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


def gated(pattern: regex.Pattern[str], *needles: str) -> Gated:
    return Gated(pattern, needles)
