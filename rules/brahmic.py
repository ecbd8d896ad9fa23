"""Names written in the scripts of India read as Latin text writes them, by the rules of
the scripts, so that the name lists (Latin-script for most Indian names) can say whether
a word of Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada or
Malayalam is a given name or a surname.

Unicode lays these nine scripts out alike: each block puts the same consonant, vowel sign
and virama at the same offset (the ISCII order), so one table reads all of them. A
consonant carries the vowel "a" unless a vowel sign or a virama follows it; Hindi and
Punjabi do not say that "a" at a word's end, nor between a vowel-consonant and a
consonant-vowel ("रमेश" is "ramesh", "अनुराग" is "anurag"). The result is compared by a
key that forgets what spellings disagree on: vowel length, "e"/"a" in unstressed syllables,
"w"/"v", "sh"/"s", doubled letters ("Meenakshi" and "मीनाक्षी" share one).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from veil.rules import lazy_regex as regex

# The first code point of each script's block.
_BLOCKS = (0x0900, 0x0980, 0x0A00, 0x0A80, 0x0B00, 0x0B80, 0x0C00, 0x0C80, 0x0D00)
_BLOCK_SIZE = 0x80

# Offsets in a block: consonants (with their inherent "a"), independent vowels, vowel signs.
_CONSONANTS = {
    0x15: "k", 0x16: "kh", 0x17: "g", 0x18: "gh", 0x19: "ng", 0x1A: "ch", 0x1B: "chh",
    0x1C: "j", 0x1D: "jh", 0x1E: "ny", 0x1F: "t", 0x20: "th", 0x21: "d", 0x22: "dh",
    0x23: "n", 0x24: "t", 0x25: "th", 0x26: "d", 0x27: "dh", 0x28: "n", 0x29: "n",
    0x2A: "p", 0x2B: "ph", 0x2C: "b", 0x2D: "bh", 0x2E: "m", 0x2F: "y", 0x30: "r",
    0x31: "r", 0x32: "l", 0x33: "l", 0x34: "l", 0x35: "v", 0x36: "sh", 0x37: "sh",
    0x38: "s", 0x39: "h",
    # Devanagari's consonants with a nukta, precomposed: "क़", "ज़", "ड़", "फ़", "य़"
    0x58: "q", 0x59: "kh", 0x5A: "gh", 0x5B: "z", 0x5C: "r", 0x5D: "rh", 0x5E: "f", 0x5F: "y",
}  # fmt: skip
_INDEPENDENT_VOWELS = {
    0x05: "a", 0x06: "aa", 0x07: "i", 0x08: "ii", 0x09: "u", 0x0A: "uu", 0x0B: "ri",
    0x0C: "li", 0x0D: "e", 0x0E: "e", 0x0F: "e", 0x10: "ai", 0x11: "o", 0x12: "o",
    0x13: "o", 0x14: "au",
}  # fmt: skip
_VOWEL_SIGNS = {
    0x3E: "aa", 0x3F: "i", 0x40: "ii", 0x41: "u", 0x42: "uu", 0x43: "ri", 0x44: "ri",
    0x45: "e", 0x46: "e", 0x47: "e", 0x48: "ai", 0x49: "o", 0x4A: "o", 0x4B: "o", 0x4C: "au",
}  # fmt: skip
_VIRAMA = 0x4D
_NASALS = {0x01: "n", 0x02: "n", 0x70: "n"}  # candrabindu, anusvara, Gurmukhi's tippi
_VISARGA = 0x03
_NUKTA = 0x3C
_GURMUKHI_ADDAK = 0x0A71  # doubles the consonant after it
_AU_LENGTH_MARK = 0x57  # Tamil, Telugu, Kannada, Malayalam write a vowel's length after it


# The languages that leave the last consonant's "a" unsaid (Hindi, Bengali, Punjabi,
# Gujarati, Odia), and those that drop it inside a word too (Hindi, Punjabi, Gujarati);
# the southern scripts say every "a" ("கமலா" is "kamalaa").
_FINAL_A_UNSAID = frozenset({0x0900, 0x0980, 0x0A00, 0x0A80, 0x0B00})
_MEDIAL_A_UNSAID = frozenset({0x0900, 0x0A00, 0x0A80})


def _block(char: str) -> int | None:
    code = ord(char)
    for block in _BLOCKS:
        if block <= code < block + _BLOCK_SIZE:
            return block
    return None


def _offset(char: str) -> int | None:
    block = _block(char)
    return None if block is None else ord(char) - block


def is_brahmic(word: str) -> bool:
    """Every letter of ``word`` is of one of the nine scripts."""
    return bool(word) and all(_offset(char) is not None for char in word)


def romanize(word: str) -> str:
    """``word`` as Latin text spells it, with Hindi's and Punjabi's unspoken "a" left out."""
    # Units: ("C", consonant) with its vowel to come, or ("V", vowel) standing alone.
    units: list[list[str]] = []
    double_next = False
    for char in word:
        if ord(char) == _GURMUKHI_ADDAK:
            double_next = True
            continue
        offset = _offset(char)
        if offset is None:
            continue
        if offset in _CONSONANTS:
            letters = _CONSONANTS[offset]
            if double_next:
                letters = letters[0] + letters
                double_next = False
            units.append(["C", letters, "a"])  # the inherent vowel, until told otherwise
        elif offset in _INDEPENDENT_VOWELS:
            units.append(["V", _INDEPENDENT_VOWELS[offset], ""])
        elif offset in _VOWEL_SIGNS and units and units[-1][0] == "C":
            units[-1][2] = _VOWEL_SIGNS[offset]
        elif offset == _VIRAMA and units and units[-1][0] == "C":
            units[-1][2] = ""
        elif offset in _NASALS and units:
            units[-1][2] += "n"
        elif offset == _VISARGA and units:
            units[-1][2] += "h"
        elif offset == _NUKTA and units and units[-1][0] == "C":
            units[-1][1] = {"k": "q", "j": "z", "ph": "f", "d": "r", "dh": "rh"}.get(
                units[-1][1], units[-1][1]
            )
    blocks = {_block(char) for char in word} - {None}
    _drop_unspoken_a(
        units, final=bool(blocks & _FINAL_A_UNSAID), medial=bool(blocks & _MEDIAL_A_UNSAID)
    )
    return "".join(letters + vowel for _, letters, vowel in units)


def _drop_unspoken_a(units: list[list[str]], final: bool, medial: bool) -> None:
    """The inherent "a" of a word's last consonant (``final``), and of a consonant between
    a vowel and a syllable with a vowel of its own, a cluster's first consonants skipped
    (Hindi's schwa deletion: "gur-preet", ``medial``)."""
    if final and len(units) > 1 and units[-1][0] == "C" and units[-1][2] == "a":
        units[-1][2] = ""
    if not medial:
        return
    for i in range(len(units) - 2, 0, -1):
        current, previous = units[i], units[i - 1]
        if current[0] != "C" or current[2] != "a" or not (previous[0] == "V" or previous[2]):
            continue
        j = i + 1
        while j < len(units) - 1 and units[j][0] == "C" and not units[j][2]:
            j += 1  # the cluster a virama joins
        if units[j][0] == "C" and units[j][2]:
            current[2] = ""


_DOUBLED = regex.compile(r"(\p{L})\1+")
# (long vowels first, then doubled letters, then the vowels spellings disagree on)
_LONG_VOWELS = (("ee", "i"), ("ii", "i"), ("oo", "u"), ("uu", "u"), ("aa", "a"))
_CONSONANT_SPELLINGS = (("ksh", "ks"), ("sh", "s"), ("ph", "f"), ("w", "v"), ("z", "j"))
_VOWEL_SPELLINGS = (("e", "a"), ("y", "i"), ("o", "u"))


def key(latin: str) -> str:
    """What two spellings of one Indian name share: "Meenakshi" and "minaakshii" alike."""
    folded = latin.casefold()
    for spellings in (_CONSONANT_SPELLINGS, _LONG_VOWELS):
        for spelling, common in spellings:
            folded = folded.replace(spelling, common)
    folded = _DOUBLED.sub(r"\1", folded)
    for spelling, common in _VOWEL_SPELLINGS:
        folded = folded.replace(spelling, common)
    return _DOUBLED.sub(r"\1", folded)


@cache
def _keys(names: frozenset[str]) -> frozenset[str]:
    # (keyed as one text, a name a line: the replacements run once, in C, not per name)
    lines = "\n".join(name for name in names if name.isascii() and len(name) >= 3)
    return frozenset(key(lines).split("\n"))


def listed(word: str, names: Iterable[str]) -> bool:
    """``word``, of one of the nine scripts, is one of ``names`` (a frozenset of Latin
    spellings) as read aloud; a word of two letters or fewer read so is no evidence."""
    romanized = romanize(word)
    if len(romanized) < 3:
        return False
    names = names if isinstance(names, frozenset) else frozenset(names)
    return key(romanized) in _keys(names)
