"""Undo the ways people disguise identifiers, keeping a map back to the original offsets.

"john dot smith at gmail dot com" becomes "john.smith@gmail.com", "four one five ..."
becomes "415...", and characters spaced out or numbers broken over lines are joined, so
the regex recognizers see what a reader sees. Spans found in the normalized text are
mapped back to the characters the user actually typed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

from veil.rules import lazy_regex as regex
from veil.rules.spans import Span

_AT = (
    r"(?:\s*(?:\[\s*at\s*\]|\(\s*at\s*\)|\{\s*at\s*\}|<\s*at\s*>|\[\s*@\s*\]|\(\s*@\s*\))\s*"
    r"|\s+at\s+)"
)
_DOT = (
    r"(?:\s*(?:\[\s*dot\s*\]|\(\s*dot\s*\)|\{\s*dot\s*\}|<\s*dot\s*>)\s*"
    r"|\s+dot\s+|\s+\.\s+|\.)"
)
# Disguised addresses end in a real top-level domain, so "me at rachel dot summerfield"
# is not taken for one.
_TLD = (
    r"com|org|net|edu|gov|mil|int|io|co|ai|app|dev|me|info|biz|xyz|online|site|email|"
    r"uk|us|ca|au|nz|ie|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|pl|cz|pt|br|mx|ar|in|jp|cn|kr|"
    r"ru|za|ng|ke|eu|tv|gr|hu|ro|tr|il|sg|hk|tw"
)
# Parts and their number are bounded, and an address starts a word: "a dot a dot a …" or
# "1-1-1-…" would otherwise be tried from every word, each try running to the end of the
# run (quadratic on a pasted blob). A part is taken whole (possessive): what follows one,
# a dot or an "at", starts with a character no part has, so a shorter part never matched.
_AT_DOMAIN = rf"{_AT}([\w\-]{{1,63}}+(?:{_DOT}[\w\-]{{1,63}}+){{0,10}}{_DOT}(?:{_TLD}))(?![\w])"
_OBFUSCATED_EMAIL = regex.compile(
    rf"(?<![\w.+\-])([\w+\-]{{1,64}}+(?:{_DOT}[\w+\-]{{1,64}}+){{0,10}}){_AT_DOMAIN}",
    regex.IGNORECASE,
)
# The "at" and the domain that end every disguised address, right after the local part's
# last character: one search for them (most texts have none) is cheaper than the address
# pattern's tries from every word. (That character first: tried from inside a run of
# blanks, "\s*" would run to the run's end from each of them, quadratic in its length.)
_DISGUISED_DOMAIN = regex.compile(rf"(?<=[\w+\-]){_AT_DOMAIN}", regex.IGNORECASE)
# With the words shouted (" AT ", " DOT ") any top-level domain goes: ".studio".
_SHOUTED_EMAIL = regex.compile(
    r"(?<![\w.+\-])([\w+\-]{1,64}(?:(?:\s+DOT\s+|\.)[\w+\-]{1,64}){0,10})\s+AT\s+"
    r"([\w\-]{1,63}(?:(?:\s+DOT\s+|\.)[\w\-]{1,63}){0,10}\s+DOT\s+[a-z]{2,24})(?![\w])"
)
_DOT_WORD = regex.compile(_DOT, regex.IGNORECASE)
_DISGUISE = regex.compile(r"\bat\b|[\[(<{]", regex.IGNORECASE)
_DISGUISED_DOT = regex.compile(r"\bdot\b|\s\.\s|[\[(<{]", regex.IGNORECASE)

# Decimal digits of other scripts (Bengali, Devanagari, Arabic-Indic, Persian, Thai,
# full-width, ...): the identifier recognizers read ASCII digits.
_OTHER_DIGITS = regex.compile(r"[\p{Nd}--[0-9]]+", regex.VERSION1)

_NUMBER_WORDS = {
    "zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4",
    "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
}  # fmt: skip
_NUMBER_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple|\d)"
_SPELLED_NUMBER = regex.compile(
    rf"(?<![\w])(?:plus[\s\-]+)?{_NUMBER_WORD}(?:(?:[\s,\-]|\.\s)+{_NUMBER_WORD}){{5,}}(?![\w])",
    regex.IGNORECASE,
)
# Spaced out one by one: "4 1 1 1 ...", "+44 7 5 3 ...", "N L 5 6 I N G B", "m i r a @ ..."
_SPACED_CHARACTERS = regex.compile(
    r"(?:(?<=^|\s)|(?<=(?:^|\s)[\"'(\[<]))"
    r"(?:\+?\d{1,4}(?:[ \t]+\d){6,}|[\w.@+](?:[ \t][\w.@+]){7,})"
    r"(?![^\s\"')\]>,;.!?:])"
)
# Every spaced-out run has a single character between spaces before another one: its
# second digit or character, with the spaces around it ("4 1 1", "m i r"). Most texts
# have no such place, and this search finds that faster than the run's pattern.
_SPACED_INSIDE = regex.compile(r"[ \t][\w.@+][ \t]+[\w.@+][ \t]")
# The letter O typed for a zero inside a number: "4O33 5586 O821 44O9".
_LETTER_O_NUMBER = regex.compile(r"(?<![\w])(?=[\dOo]*\d[\dOo]*\d)[\dOo]{3,}(?![\w])")
# A line break inside a grouped number: "4111 1111\n1111 1111". The part before the
# break must already be a long number, so a postcode line and a phone line stay apart.
_BROKEN_NUMBER = regex.compile(
    r"(?<=(?<![\w\-])(?=(?:[ \-]?\d){6})\d+(?:[ \-]\d+)*)[ \t]*\n[ \t]*(?=\d{2,}(?:[ \-]\d+)*\d{2})"
)


@dataclass(frozen=True, slots=True)
class Normalized:
    """Normalized text, and for each of its characters the original range it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    edited: tuple[tuple[int, int], ...]  # original ranges that were rewritten
    transliterated: bool = False  # other scripts' digits read as ASCII ones, in place

    @property
    def changed(self) -> bool:
        return bool(self.edited) or self.transliterated

    def to_original(self, span: Span) -> Span:
        return span.shifted(self.starts[span.start], self.ends[span.end - 1])

    def touches_edit(self, original: Span) -> bool:
        return any(start < original.end and original.start < end for start, end in self.edited)


def _spell_out(match: regex.Match[str]) -> str | None:
    tokens = regex.findall(r"[A-Za-z]+|\d|[,.\-]", match.group(0).lower())
    out: list[str] = []
    repeat = 1
    for token in tokens:
        if token in ",.-":
            # "seven seven four, two six, ..." is written in groups: keep them (774-26-...).
            if out and out[-1] != "-":
                out.append("-")
        elif token == "plus":
            out.append("+")
        elif token in ("double", "triple"):
            repeat = 2 if token == "double" else 3
        else:
            out.append((_NUMBER_WORDS.get(token) or token) * repeat)
            repeat = 1
    joined = "".join(out).strip("-")
    # "one or two" is prose; a phone or card number is at least seven digits.
    spelled = sum(t in _NUMBER_WORDS for t in tokens)
    if sum(c.isdigit() for c in joined) < 7 or spelled < 3:
        return None
    return joined


def _email_edits(text: str) -> list[tuple[int, int, str]]:
    edits = []
    disguised = _OBFUSCATED_EMAIL.finditer(text) if _DISGUISED_DOMAIN.search(text) else ()
    for match in disguised:
        written = match.group(0)
        if not _DISGUISE.search(written) or not _DISGUISED_DOT.search(written):
            continue  # a plain address, or "meet me at the station.com"
        local = _DOT_WORD.sub(".", match.group(1))
        domain = _DOT_WORD.sub(".", match.group(2))
        edits.append((match.start(), match.end(), f"{local}@{domain}".replace(" ", "")))
    for match in _SHOUTED_EMAIL.finditer(text):
        local = regex.sub(r"\s+DOT\s+", ".", match.group(1))
        domain = regex.sub(r"\s+DOT\s+", ".", match.group(2))
        edits.append((match.start(), match.end(), f"{local}@{domain}"))
    return edits


def normalize(text: str) -> Normalized:
    """Rewrite obfuscated identifiers; every other character maps to itself."""
    edits = _email_edits(text)
    for match in _SPELLED_NUMBER.finditer(text):
        digits = _spell_out(match)
        if digits:
            edits.append((match.start(), match.end(), digits))
    spaced = _SPACED_CHARACTERS.finditer(text) if _SPACED_INSIDE.search(text) else ()
    for match in spaced:
        joined = regex.sub(r"[ \t]+", "", match.group(0))
        if sum(c.isdigit() for c in joined) >= 4 or "@" in joined:
            edits.append((match.start(), match.end(), joined))
    for match in _LETTER_O_NUMBER.finditer(text):
        if regex.search(r"[Oo]", match.group(0)):
            edits.append((match.start(), match.end(), regex.sub(r"[Oo]", "0", match.group(0))))
    for match in _BROKEN_NUMBER.finditer(text):
        edits.append((match.start(), match.end(), " "))
    normalized = _apply(text, _non_overlapping(edits))
    if not text.isascii() and _OTHER_DIGITS.search(normalized.text):
        # "০১৭১১-৪৮২৯৩৬", "٠٧٩١٢٣٤٥٦٧", "０９０": a number in any script's digits, read
        # digit for digit (one character each: the offsets stay; no disguise, no bonus)
        digits = _OTHER_DIGITS.sub(_ascii_digits, normalized.text)
        normalized = replace(normalized, text=digits, transliterated=True)
    return normalized


def _ascii_digits(match: regex.Match[str]) -> str:
    return "".join(str(unicodedata.decimal(c)) for c in match.group())


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
    edited = tuple((start, end) for start, end, _ in edits)
    return Normalized("".join(pieces), tuple(starts), tuple(ends), edited)
