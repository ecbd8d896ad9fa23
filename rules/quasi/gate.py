"""Run a pattern only on texts that contain one of its keywords.

Most frames need a word that most messages lack ("retired", "born", "salary"); a
substring test in C is far cheaper than letting a pattern that starts with a subject
alternation try every position of the text.

A frame may also name a part of itself that every match contains (``need``: the same
subpattern with the same flags, such as the verb and the age that end "I turned 40"): one
search for it, which starts at its own rarer words, is cheaper than the frame's tries
from every subject, and where it finds nothing the frame can find nothing either.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import regex

# The last text lowered: a text's frames ask one after another (tens of them). (Not a
# long paste's: it would stay in memory until the next text.)
_last_lowered: tuple[str, str] = ("", "")
_KEPT_CHARS = 100_000


def _lowered(text: str) -> str:
    global _last_lowered
    last = _last_lowered
    if last[0] is text:
        return last[1]
    lower = text.lower()
    if len(text) <= _KEPT_CHARS:
        _last_lowered = (text, lower)
    return lower


class Gated:
    """A compiled pattern with the lower-case keywords one of which a match must contain
    (none: no keyword test), and a part of it every match contains (or None)."""

    def __init__(
        self,
        pattern: regex.Pattern[str],
        needles: tuple[str, ...],
        need: regex.Pattern[str] | None = None,
    ) -> None:
        self.pattern = pattern
        self.needles = needles
        self.need = need

    def possible(self, text: str) -> bool:
        if self.needles:
            lower = _lowered(text)
            if not any(needle in lower for needle in self.needles):
                return False
        return self.need is None or self.need.search(text) is not None

    def finditer(self, text: str, *args: Any) -> Iterator[regex.Match[str]]:
        if not self.possible(text):
            return iter(())
        return self.pattern.finditer(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


def gated(
    pattern: regex.Pattern[str], *needles: str, need: regex.Pattern[str] | None = None
) -> Gated:
    return Gated(pattern, needles, need)
