"""Small numbers as people write them: "34", "thirty-four", "two", "a couple of"."""

from __future__ import annotations

_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_DECADE_WORDS = {
    "teens": 10, "twenties": 20, "thirties": 30, "forties": 40, "fifties": 50,
    "sixties": 60, "seventies": 70, "eighties": 80, "nineties": 90,
}  # fmt: skip
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "final": 4, "last": 4,
}  # fmt: skip
_FEW = {"a couple of": 2, "a couple": 2, "a pair of": 2, "both": 2}

# Alternations for the patterns (longest first).
WORD_NUMBER = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ]?(?:one|two|three|"
    r"four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
)
NUMBER = rf"(?:\d{{1,3}}|{WORD_NUMBER})"
DECADE = (
    r"(?:[1-9]0['’]?s|teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|"
    r"nineties)"
)
ORDINAL = r"(?:first|second|third|fourth|fifth|final|last)"


def parse_number(value: str) -> int | None:
    """34, "thirty-four", "a couple of" -> int; None if it is none of those."""
    word = " ".join(value.casefold().replace("-", " ").split())
    if word.isdigit():
        return int(word)
    if word in _FEW:
        return _FEW[word]
    if word in _UNITS:
        return _UNITS[word]
    tens, _, unit = word.partition(" ")
    if tens in _TENS and (not unit or (unit in _UNITS and _UNITS[unit] < 10)):
        return _TENS[tens] + (_UNITS[unit] if unit else 0)
    return None


def parse_decade(value: str) -> int | None:
    """ "30s", "'90s", "thirties" -> 30, 90, 30 (the decade's first year within a century)."""
    word = value.casefold().strip("'’").replace("’", "").replace("'", "")
    if word in _DECADE_WORDS:
        return _DECADE_WORDS[word]
    if word.endswith("s") and word[:-1].isdigit():
        return int(word[:-1]) % 100
    return None


def parse_ordinal(value: str) -> int | None:
    return _ORDINALS.get(value.casefold())
