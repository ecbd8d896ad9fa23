"""stdnum.national_id.v1, tested from each identifier's published specification: numbers
built here by the issuing country's algorithm are found with no context word; the same
number with a wrong check digit is not; long digit runs yield nothing.

The check digits are computed in this file from the specifications (not with python-stdnum,
which the recognizer uses), so the test would catch a wrong rule or a wrong module."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.rules.recognizers.national_ids import NATIONAL_IDS, NationalIdRecognizer

RECOGNIZER = NationalIdRecognizer()
BIRTHS = st.dates(dt.date(1930, 1, 1), dt.date(2019, 12, 31))
HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def luhn_check(payload: str) -> int:
    total = 0
    for position, char in enumerate(reversed(payload)):
        digit = int(char) * (2 if position % 2 == 0 else 1)
        total += digit - 9 if digit > 9 else digit
    return (10 - total % 10) % 10


def personnummer(birth: dt.date, serial: int) -> str:
    payload = f"{birth:%y%m%d}{serial:03d}"
    return f"{payload[:6]}-{payload[6:]}{luhn_check(payload)}"


def hetu(birth: dt.date, serial: int) -> str:
    sign = "-" if birth.year < 2000 else "A"
    check = HETU_CHECK[int(f"{birth:%d%m%y}{serial:03d}") % 31]
    return f"{birth:%d%m%y}{sign}{serial:03d}{check}"


def tckimlik(digits: list[int]) -> str:
    d = digits[:9]
    tenth = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    eleventh = (sum(d) + tenth) % 10
    return "".join(map(str, [*d, tenth, eleventh]))


def pesel(birth: dt.date, serial: int) -> str:
    month = birth.month + (20 if birth.year >= 2000 else 0)
    payload = f"{birth:%y}{month:02d}{birth:%d}{serial:04d}"
    weights = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
    check = (10 - sum(int(c) * w for c, w in zip(payload, weights, strict=True)) % 10) % 10
    return f"{payload}{check}"


def rrn(birth: dt.date, female: bool, place: int) -> str:
    century_sex = (1 if birth.year < 2000 else 3) + female
    payload = f"{birth:%y%m%d}{century_sex}{place:05d}"
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    check = (11 - sum(int(c) * w for c, w in zip(payload, weights, strict=True)) % 11) % 10
    return f"{payload[:6]}-{payload[6:]}{check}"


def za_id(birth: dt.date, sequence: int, citizen: bool) -> str:
    payload = f"{birth:%y%m%d}{sequence:04d}{0 if citizen else 1}8"
    return f"{payload}{luhn_check(payload)}"


def thai_pin(digits: list[int]) -> str:
    payload = digits[:12]
    check = (11 - sum(d * (13 - i) for i, d in enumerate(payload)) % 11) % 10
    value = "".join(map(str, [*payload, check]))
    return f"{value[0]}-{value[1:5]}-{value[5:10]}-{value[10:12]}-{value[12]}"


def found(text: str) -> list[str]:
    return [text[s.start : s.end] for s in RECOGNIZER.find(text)]


def wrong_check(value: str) -> str:
    last = value[-1]
    replacement = str((int(last) + 1) % 10) if last.isdigit() else ("A" if last != "A" else "B")
    return value[:-1] + replacement


BY_RULE = {
    "se.personnummer": st.builds(personnummer, BIRTHS, st.integers(0, 999)),
    "fi.hetu": st.builds(hetu, BIRTHS, st.integers(2, 899)),
    "tr.tckimlik": st.builds(tckimlik, st.lists(st.integers(0, 9), min_size=9, max_size=9).map(
        lambda d: [d[0] or 1, *d[1:]])),
    "pl.pesel": st.builds(pesel, BIRTHS, st.integers(0, 9999)),
    "kr.rrn": st.builds(rrn, BIRTHS, st.booleans(), st.integers(0, 96_999)),  # region <= 96
    "za.idnr": st.builds(za_id, BIRTHS, st.integers(0, 9999), st.booleans()),
    "th.pin": st.builds(thai_pin, st.lists(st.integers(0, 9), min_size=12, max_size=12).map(
        lambda d: [d[0] % 8 + 1, *d[1:]])),
}  # fmt: skip
NUMBERS = st.one_of(*BY_RULE.values())
RULES = st.sampled_from(sorted(BY_RULE)).flatmap(
    lambda name: st.tuples(st.just(name), BY_RULE[name])
)


def accepted_by(value: str) -> set[str]:
    return {
        rule.name for rule in NATIONAL_IDS if rule.pattern.fullmatch(value) and rule.is_valid(value)
    }


@settings(max_examples=400, deadline=None)
@given(value=NUMBERS)
def test_a_number_built_by_its_specification_is_found_without_a_context_word(value):
    text = f"Here it is: {value}, thanks."
    assert found(text) == [value]


@settings(max_examples=400, deadline=None)
@given(named=RULES)
def test_each_rule_accepts_its_own_numbers_and_not_a_wrong_check_digit(named):
    """(A number with a wrong check digit can still be valid under another country's rule,
    which is why this asks the rule, not the recognizer.)"""
    name, value = named
    assert name in accepted_by(value)
    assert name not in accepted_by(wrong_check(value))


@pytest.mark.parametrize(
    "text",
    [
        "1" * 10_000,
        ",".join(["44051401359"] * 3).replace(",", ""),  # ids run together: one long number
        "version 1.811228-9874.2",
        "ab811228-9874",
    ],
)
def test_digits_inside_a_longer_run_are_not_an_identifier(text):
    assert found(text) == []


def test_a_csv_of_thousands_of_ids_finds_each_one():
    ids = [pesel(dt.date(1980, 1, 1) + dt.timedelta(days=n), n % 10_000) for n in range(5_000)]
    assert found("\n".join(ids)) == ids


# The Spanish check letter (Real Decreto 1553/2005): the number mod 23 indexes this table;
# an NIE's X, Y or Z stands for a leading 0, 1 or 2.
DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


@settings(max_examples=200, deadline=None)
@given(prefix=st.sampled_from(["", "X", "Y", "Z"]), number=st.integers(0, 9_999_999))
def test_spanish_dni_and_nie_are_found_by_their_check_letter(prefix, number):
    from veil.rules.recognizers.government import IdNumberRecognizer

    digits = f"{number:08d}" if not prefix else f"{number:07d}"
    letter = DNI_LETTERS[int(str("XYZ".index(prefix)) + digits if prefix else digits) % 23]
    wrong = DNI_LETTERS[(DNI_LETTERS.index(letter) + 1) % 23]
    recognizer = IdNumberRecognizer()
    for value, expected in (
        (f"{prefix}{digits}{letter}", True),
        (f"{prefix}{digits}{wrong}", False),
    ):
        text = f"Mi documento: {value}."
        spans = [text[s.start : s.end] for s in recognizer.find(text)]
        assert (value in spans) is expected, (value, spans)
