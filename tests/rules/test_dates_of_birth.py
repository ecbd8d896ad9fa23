"""Dates of birth (regex.date_of_birth.v1): birth named in many languages, dates in the
formats people type, and the same date restated in another format."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.rules.recognizers.dates import DateOfBirthRecognizer, readings


def births(text: str) -> list[str]:
    return [text[s.start : s.end] for s in DateOfBirthRecognizer().find(text)]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Mere papa (janm tithi 05-08-1956) ki pension ruki hai", "05-08-1956"),
        ("Moja mama, urodzona 12.05.1961, potrzebuje skierowania", "12.05.1961"),
        ("Мой сын родился 14.02.2019, нужна справка", "14.02.2019"),
        ("Oğlumun doğum tarihi: 03.09.2015", "03.09.2015"),
        ("我儿子出生于2016年11月3日", "2016年11月3日"),
        ("생년월일: 1990년 3월 5일", "1990년 3월 5일"),
        ("Ibu saya lahir 17/08/1958 di Medan", "17/08/1958"),
        ("born 1 stycznia 1990", "1 stycznia 1990"),
        # Finnish and Swedish references abbreviate it in brackets
        ("Anni Väisänen (s. 03.09.1994) on työskennellyt meillä", "03.09.1994"),
        ("Erik Lund (f. 12.4.1988) har arbetat hos oss", "12.4.1988"),
    ],
)
def test_birth_in_other_languages(text: str, date: str) -> None:
    assert births(text) == [date]


def test_the_same_date_restated_in_another_format_is_the_birth_date_too() -> None:
    text = (
        "he was born on 3 November 2016. do I type it as 03/11/2016 or 11/03/2016? "
        "the appointment is 04/11/2016"
    )
    assert births(text) == ["3 November 2016", "03/11/2016", "11/03/2016"]


def test_other_dates_are_not_births() -> None:
    assert births("the invoice of 03/11/2016 was paid on 11/12/2016") == []
    assert births("Napoleon was born on 15 August 1769 in Ajaccio") == []
    assert births("See page 12 (s. 14) of the report of 03.09.1994") == []


@given(st.dates(min_value=datetime.date(1901, 1, 1), max_value=datetime.date(2025, 12, 31)))
def test_every_format_reads_back_to_its_day(day: datetime.date) -> None:
    want = (day.year, day.month, day.day)
    for written in (
        day.strftime("%d/%m/%Y"),
        day.strftime("%m/%d/%Y"),
        day.isoformat(),
        day.strftime("%d %B %Y"),
        day.strftime("%B %d, %Y"),
        f"{day.year}年{day.month}月{day.day}日",
    ):
        assert want in readings(written), written
