"""DATE_OF_BIRTH: a date in a sentence about birth."""

from __future__ import annotations

import datetime

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import WORD
from veil.rules.registry import register
from veil.rules.spans import Span

_MONTHS = (
    r"jan(?:uary|\.)?|feb(?:ruary|\.)?|mar(?:ch|\.)?|apr(?:il|\.)?|may|june?|july?|"
    r"aug(?:ust|\.)?|sep(?:t(?:ember)?|\.)?|oct(?:ober|\.)?|nov(?:ember|\.)?|dec(?:ember|\.)?|"
    r"januar|februar|märz|mai|juni|juli|oktober|dezember|"
    r"janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|"
    r"gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|"
    r"januari|februari|maart|augustus"
)
_DATE = (
    r"(?:\d{4}[\-/.]\d{1,2}[\-/.]\d{1,2}"
    r"|\d{1,2}[\-/.]\d{1,2}[\-/.](?:\d{4}|\d{2})"
    rf"|(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    rf"|\d{{1,2}}(?:st|nd|rd|th|er|\.)?\s+(?:of\s+|de\s+)?(?:{_MONTHS})(?:\s+de)?,?\s+\d{{4}})"
)
_BIRTH_WORDS = (
    r"born|birth|birthday|b\.|DOB|D\.O\.B\.?|date of birth|birthdate|"
    r"geboren|geburtsdatum|geb\.|né|née|naissance|nacid[oa]|fecha de nacimiento|"
    r"nat[oa]|data di nascita|geboortedatum|nascid[oa]|data de nascimento"
)
# Birth words, then up to a few words (no sentence end), then the date.
_DOB = regex.compile(
    rf"(?<!{WORD})(?:{_BIRTH_WORDS})(?:[^.\n!?]{{0,30}}?)[\s:,(]\s*({_DATE})(?!{WORD})",
    regex.IGNORECASE,
)


_YEAR = regex.compile(r"(?<!\d)(\d{4})(?!\d)")
# Older than anyone alive: a historical figure's birth date, not a person's DOB.
OLDEST_LIVING_AGE = 125


def _could_be_alive(date: str) -> bool:
    year = _YEAR.search(date)
    if not year:
        return True  # two-digit years: assume a living person
    this_year = datetime.date.today().year
    return this_year - OLDEST_LIVING_AGE <= int(year.group(1)) <= this_year


class DateOfBirthRecognizer:
    name = "regex.date_of_birth.v1"
    labels = (labels.DATE_OF_BIRTH,)

    def find(self, text: str) -> list[Span]:
        return [
            Span(*match.span(1), labels.DATE_OF_BIRTH, 0.85, self.name)
            for match in _DOB.finditer(text)
            if _could_be_alive(match.group(1))
        ]


register("regex.date_of_birth.v1")(DateOfBirthRecognizer)
