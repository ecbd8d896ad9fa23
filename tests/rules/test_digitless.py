"""The recognizers of numbers skip a text without a digit: every pattern they run needs
one, so they find there what their patterns would have found, nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.rules.pattern import DIGIT
from veil.rules.recognizers import address, financial, government

# Each pattern the skipped code runs over the whole text (the rest run on their matches).
PATTERNS = [
    government._ID_WITH_CONTEXT,
    government._ACRONYM_NUMBER,
    government._NUMERO,
    government._NUMBER_NAMED,
    government._DOCUMENT_NUMBER,
    government._BARE_NUMBER_WORD,
    government._ACRONYM_VALUE,
    government._ACCOUNT_IN_THE_NAME_OF,
    government._LAST_DIGITS,
    government._UK_NINO,
    government._ES_DNI,
    address._ADDRESS,
    address._ADDRESS_NOT_GERMANIC,
    address._KOREAN_ROAD_ADDRESS,
    financial._IBAN_CANDIDATE,
]

# Texts of every kind those patterns find, digits and all (below: with letters instead)
WITH_DIGITS = [
    "My passport number is X1234567 and my NHS no. 485 777 3456.",
    "DNI 12345678Z, NIE X1234567L, NINO QQ 12 34 56 C, SSN card ending in 4421.",
    "Ship it to 1842 Larkspur Lane, Apt 3, Sacramento, CA 95814 please.",
    "Hauptstraße 5, 10115 Berlin; Calle Mayor 5, Madrid; 12 rue de la Paix, Paris.",
    "ул. Лермонтова, д. 14, кв. 5; PO Box 4410; 서울 마포구 망원로12길 34, 201호.",
    "IBAN GB33 BUKB 2020 1555 5555 55, konto DE89370400440532013000.",
    "invoice no. INV-2024-0042, tracking 1Z999AA10123456784, PPO number PPO/UP/2011/448372",
    "employee ID E-48213, n.º LX-2021-08832, 工号是 48213, رقم الهوية 784199012345671",
]


def test_every_pattern_finds_something_in_the_texts_with_digits() -> None:
    # (so that the texts below, without them, test each pattern)
    for pattern in [government._ID_WITH_CONTEXT, address._ADDRESS, financial._IBAN_CANDIDATE]:
        assert any(pattern.search(text) for text in WITH_DIGITS)


@pytest.mark.parametrize("text", WITH_DIGITS)
def test_without_its_digits_a_text_holds_no_match_and_the_recognizers_skip_it(text) -> None:
    lettered = "".join("O" if c.isdigit() else c for c in text)
    assert DIGIT.search(lettered) is None
    for pattern in PATTERNS:
        assert pattern.search(lettered) is None, pattern.pattern[:60]
    for recognizer in (
        government.IdNumberRecognizer(),
        address.StreetAddressRecognizer(),
        financial.IbanRecognizer(),
    ):
        assert recognizer.find(lettered) == []


@given(st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=120))
def test_no_pattern_of_the_skipped_code_matches_without_a_digit(text: str) -> None:
    assert DIGIT.search(text) is None
    assert all(pattern.search(text) is None for pattern in PATTERNS)


def test_a_digit_of_any_script_is_a_digit() -> None:
    for digit in "7٣３߃०":  # ASCII, Arabic-Indic, full-width, N'Ko, Devanagari
        assert DIGIT.search(f"passport number AB{digit}") is not None
