"""Where a disclosure cannot be the writer's own words: code, quoted text, and the spans
the fast stage already replaces.

A quotation ("she said 'I am 34'", a "> " reply line, text in quotation marks) is someone
else's voice or a title; code is data. Both are left alone.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from veil.rules import lazy_regex as regex
from veil.rules.spans import Span

_FENCE = regex.compile(r"^[ \t]*(?:```|~~~)", regex.MULTILINE)
_INLINE_CODE = regex.compile(r"`[^`\n]+`")
# A pasted line of code outside a fence: a shell or REPL prompt, or punctuation that prose
# does not use this densely. (Stricter than rules.code_context's line rule, which also
# takes prose lines such as "while I was in uni" for code.)
_CODE_LINE = regex.compile(
    r"^[ \t]*(?:\$ |>>> |#include|import |from \S+ import |def |class |SELECT |CREATE ).*$|"
    r"^.*[{;][ \t]*$",
    regex.MULTILINE,
)
_CODE_MARKS = regex.compile(r"[{}=<>\[\]]|==|!=|\(\)|\w\.\w+\(")
_CALL = regex.compile(r"\w\(")


def _at_most_marks(line: str) -> int:
    """No fewer than ``_CODE_MARKS`` finds in ``line``: each mark it finds holds a brace,
    bracket, '<', '>' or '=' of its own, or is "()", or ends in a '(' right after a word
    character. Counted in C, where the pattern would try every position."""
    return (
        sum(line.count(c) for c in "{}=<>[]")
        + line.count("()")
        + (len(_CALL.findall(line)) if "(" in line else 0)
    )


def _dense_code_lines(text: str) -> list[tuple[int, int]]:
    """Lines with three or more marks of code (braces, brackets, '=', calls)."""
    ranges: list[tuple[int, int]] = []
    position = 0
    for line in text.split("\n"):
        if _at_most_marks(line) >= 3 and len(_CODE_MARKS.findall(line)) >= 3:
            ranges.append((position, position + len(line)))
        position += len(line) + 1
    return ranges


_QUOTE_LINE = regex.compile(r"^[ \t]*>.*$", regex.MULTILINE)
# Straight and typographic quotation marks. A straight single quote opens only after a
# non-word character and before a letter (so "I'm", "kids'" and "'90s" do not open one).
_QUOTED = regex.compile(
    r"\"[^\"\n]{1,400}\"|“[^”\n]{1,400}”|„[^“”\n]{1,400}[“”]|«[^»\n]{1,400}»|"
    r"‘[^’\n]{1,300}’(?!\p{L})|(?<![\p{L}\d])'(?=\p{L})(?:[^'\n]|(?<=\p{L})'(?=\p{L})){1,300}?(?<=[\p{L}\d.!?,])'(?![\p{L}\d])"
)


# The last text's own ranges: a text's regions are made more than once (with the spans
# of different stages), and only the spans differ. (Not a long paste's: it would stay.)
_last_ranges: tuple[str, tuple[tuple[int, int], ...]] = ("", ())
_KEPT_CHARS = 100_000


def _text_ranges(text: str) -> tuple[tuple[int, int], ...]:
    """The ranges of ``text`` that quotations and code take (in no particular order)."""
    global _last_ranges
    last = _last_ranges
    if last[0] is text:
        return last[1]
    ranges = [m.span() for m in _QUOTE_LINE.finditer(text)]
    ranges += [m.span() for m in _QUOTED.finditer(text)]
    ranges += [m.span() for m in _INLINE_CODE.finditer(text)]
    ranges += [m.span() for m in _CODE_LINE.finditer(text)]
    ranges += _dense_code_lines(text)
    fences = [m.start() for m in _FENCE.finditer(text)]
    ranges += list(zip(fences[0::2], fences[1::2], strict=False))
    if len(fences) % 2:
        ranges.append((fences[-1], len(text)))
    found = tuple(ranges)
    if len(text) <= _KEPT_CHARS:
        _last_ranges = (text, found)
    return found


class Regions:
    """Answers whether a range of one text is excluded from disclosure finding."""

    def __init__(self, text: str, protected: Sequence[Span] = ()) -> None:
        ranges = [*_text_ranges(text), *((s.start, s.end) for s in protected)]
        # Merged into disjoint ranges, so only the last one starting before a query can
        # overlap it: one binary search per query, even where a range is a whole line of
        # megabytes (a one-line paste) that every query would otherwise walk back over.
        merged: list[tuple[int, int]] = []
        for range_start, range_end in sorted(ranges):
            if merged and range_start < merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], range_end))
            else:
                merged.append((range_start, range_end))
        self._starts = [start for start, _ in merged]
        self._ranges = merged

    def excluded(self, start: int, end: int) -> bool:
        last = bisect.bisect_left(self._starts, end) - 1
        return last >= 0 and start < self._ranges[last][1]
