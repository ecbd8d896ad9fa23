"""Undo the ways people disguise identifiers, keeping a map back to the original offsets.

"john dot smith at gmail dot com" becomes "john.smith@gmail.com", "four one five ..."
becomes "415...", and digits split by spaces or line breaks are joined, so the regex
recognizers see what a reader sees. Spans found in the normalized text are mapped back
to the characters the user actually typed.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex
from veil.rules.spans import Span

_AT = (
    r"(?:\s*(?:\[\s*at\s*\]|\(\s*at\s*\)|\{\s*at\s*\}|<\s*at\s*>|\[\s*@\s*\]|\(\s*@\s*\))\s*"
    r"|\s+at\s+)"
)
_DOT = r"(?:\s*(?:\[\s*dot\s*\]|\(\s*dot\s*\)|\{\s*dot\s*\}|<\s*dot\s*>)\s*|\s+dot\s+|\.)"
_OBFUSCATED_EMAIL = regex.compile(
    rf"(?<![\w.])([\w+\-]+(?:{_DOT}[\w+\-]+)*){_AT}"
    rf"([\w\-]+(?:{_DOT}[\w\-]+)*{_DOT}([A-Za-z]{{2,24}}))(?![\w])",
    regex.IGNORECASE,
)
_DOT_WORD = regex.compile(_DOT, regex.IGNORECASE)

_NUMBER_WORDS = {
    "zero": "0",
    "oh": "0",
    "o": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
}
_NUMBER_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple|\d)"
_SPELLED_NUMBER = regex.compile(
    rf"(?<![\w])(?:plus[\s\-]+)?{_NUMBER_WORD}(?:[\s,\-]+{_NUMBER_WORD}){{5,}}(?![\w])",
    regex.IGNORECASE,
)
# Single digits separated by spaces: "4 1 1 1 1 1 1 1 ..."
_SPACED_DIGITS = regex.compile(r"(?<![\w])\d(?:[ \t]\d){6,}(?![\w])")
# A line break inside a grouped number: "4111 1111\n1111 1111"
_BROKEN_NUMBER = regex.compile(r"(?<=\d{2})[ \t]*\n[ \t]*(?=\d{2})")


@dataclass(frozen=True, slots=True)
class Normalized:
    """Normalized text, and for each of its characters the original range it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    changed: bool

    def to_original(self, span: Span) -> Span:
        return span.shifted(self.starts[span.start], self.ends[span.end - 1])


def _spell_out(match: regex.Match[str]) -> str | None:
    words = regex.findall(r"[A-Za-z]+|\d", match.group(0).lower())
    digits: list[str] = []
    repeat = 1
    for word in words:
        if word == "plus":
            digits.append("+")
        elif word in ("double", "triple"):
            repeat = 2 if word == "double" else 3
        else:
            digits.append((_NUMBER_WORDS.get(word) or word) * repeat)
            repeat = 1
    joined = "".join(digits)
    # "one or two" is prose; a phone or card number is at least seven digits.
    spelled = sum(w in _NUMBER_WORDS for w in words)
    if len(joined.lstrip("+")) < 7 or spelled < 3:
        return None
    return joined


def normalize(text: str) -> Normalized:
    """Rewrite obfuscated identifiers; every other character maps to itself."""
    edits: list[tuple[int, int, str]] = []
    for match in _OBFUSCATED_EMAIL.finditer(text):
        if not regex.search(r"\bat\b|\[|\(|\{|<", match.group(0), regex.IGNORECASE):
            continue  # already a plain email
        if not (
            regex.search(r"dot", match.group(0), regex.I)
            or "[" in match.group(0)
            or "(" in match.group(0)
        ):
            continue  # "meet me at the station.com"-style accidents need a dot word
        local = _DOT_WORD.sub(".", match.group(1))
        domain = _DOT_WORD.sub(".", match.group(2))
        edits.append((match.start(), match.end(), f"{local}@{domain}".replace(" ", "")))
    for match in _SPELLED_NUMBER.finditer(text):
        digits = _spell_out(match)
        if digits:
            edits.append((match.start(), match.end(), digits))
    for match in _SPACED_DIGITS.finditer(text):
        digits = match.group(0).replace(" ", "").replace("\t", "")
        edits.append((match.start(), match.end(), digits))
    for match in _BROKEN_NUMBER.finditer(text):
        edits.append((match.start(), match.end(), " "))
    return _apply(text, _non_overlapping(edits))


def _non_overlapping(edits: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    kept: list[tuple[int, int, str]] = []
    for edit in sorted(edits, key=lambda e: (e[0], -(e[1] - e[0]))):
        if not kept or edit[0] >= kept[-1][1]:
            kept.append(edit)
    return kept


def _apply(text: str, edits: list[tuple[int, int, str]]) -> Normalized:
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = 0
    for start, end, replacement in edits:
        pieces.append(text[position:start])
        starts.extend(range(position, start))
        ends.extend(range(position + 1, start + 1))
        pieces.append(replacement)
        starts.extend([start] * len(replacement))
        ends.extend([end] * len(replacement))
        position = end
    pieces.append(text[position:])
    starts.extend(range(position, len(text)))
    ends.extend(range(position + 1, len(text) + 1))
    return Normalized("".join(pieces), tuple(starts), tuple(ends), changed=bool(edits))
