"""A decade of the calendar said of a life ("grew up in the 90s", "a 2000s kid", "uni
in the late eighties"): an era, which dates the writer as an age does.

Its generalization is the pair of decades it falls in ("the 80s or 90s"), aligned to
twenty years so that every decade of a pair says the same; its decoy is another decade
one or two away, said the way the writer said it ("90s" -> "70s", "nineties" ->
"seventies", "1990s" -> "2000s"), with any "early", "mid" or "late" kept.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from veil.rules import lazy_regex as regex

_WORDS = {"fifties": 50, "sixties": 60, "seventies": 70, "eighties": 80, "nineties": 90}
_WORD_OF = {v: k for k, v in _WORDS.items()}
_ERA = regex.compile(
    r"(?P<q>\b(?:early|mid|late)[- ]?)?(?P<d>\b(?:19|20)\d0['’]?s|['’]?\b\d0['’]?s|"
    r"\b(?:fifties|sixties|seventies|eighties|nineties))\b",
    regex.IGNORECASE,
)
EARLIEST = 1930


@dataclass(frozen=True, slots=True)
class Era:
    start: int  # where the quarter word (or the decade) starts in the surface
    decade_start: int  # where the decade word starts
    end: int
    decade: int  # the first year: 1990
    form: str  # "four" (1990s), "two" (90s, '90s), "word" (nineties)
    apostrophe: str  # the apostrophe before a two-digit form ("'90s"), or ""
    quarter: str  # "early ", "mid-", "late " as written, or ""


def find(surface: str, year: int | None = None) -> Era | None:
    """The era in ``surface``; a two-digit decade is the latest that is past."""
    m = _ERA.search(surface)
    if m is None:
        return None
    now = year or datetime.date.today().year
    word = m["d"].casefold()
    apostrophe = word[:1] if word[:1] in "'’" else ""
    digits = regex.sub(r"\D", "", word)
    if word in _WORDS:
        decade, form = 1900 + _WORDS[word], "word"
    elif len(digits) == 4:
        decade, form = int(digits), "four"
    else:
        two = int(digits)
        decade = 2000 + two if 2000 + two <= now else 1900 + two
        form = "two"
    return Era(m.start(), m.start("d"), m.end(), decade, form, apostrophe, m["q"] or "")


def said(era: Era, decade: int, like: str) -> str:
    """``decade`` in the era's form; a word only for the decades English names by word."""
    if era.form == "word" and decade < 2000 and decade % 100 in _WORD_OF:
        word = _WORD_OF[decade % 100]
        return word.capitalize() if like[:1].isupper() else word
    if era.form == "four" or decade >= 2000:
        return f"{decade}s"
    return f"{era.apostrophe}{decade % 100:02d}s"


def generalize(surface: str, year: int | None = None) -> str | None:
    """ "late 90s" -> "80s or 90s": the twenty years the decade falls in."""
    era = find(surface, year)
    if era is None:
        return None
    first = era.decade - era.decade % 20
    decade_text = surface[era.decade_start : era.end]
    pair = f"{said(era, first, decade_text)} or {said(era, first + 10, decade_text)}"
    return surface[: era.start] + pair + surface[era.end :]


def decoy(surface: str, rng: random.Random, year: int | None = None) -> str | None:
    """ "late 90s" -> "late 70s": a decade one or two away, past and said alike."""
    era = find(surface, year)
    if era is None:
        return None
    now = year or datetime.date.today().year
    choices = [
        era.decade + shift
        for shift in (-20, -10, 10, 20)
        if era.decade + shift >= EARLIEST and era.decade + shift + 10 <= now
    ]
    if not choices:
        return None
    decade = rng.choice(choices)
    decade_text = surface[era.decade_start : era.end]
    return surface[: era.decade_start] + said(era, decade, decade_text) + surface[era.end :]
