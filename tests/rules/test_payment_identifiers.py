"""Card numbers and cryptocurrency addresses, built here from their specifications (the
issuer ranges and Luhn of ISO/IEC 7812; Bitcoin's base58check, BIP 173 and BIP 350), are
found with no context word; a broken check is not; and `veil check` can say which check
accepted a value."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.identifiers.cases.generic import base58check, card_number, luhn_digit, segwit_address
from tests.conftest import found
from veil.rules.recognizers.crypto import CryptoWalletRecognizer
from veil.rules.recognizers.financial import PUBLISHED_TEST_CARDS, credit_card_recognizer

CARDS = credit_card_recognizer()
WALLETS = CryptoWalletRecognizer()
# (prefix, length) of networks' issuer ranges, and prefixes no network issues.
ISSUED = [("4", 16), ("51", 16), ("2720", 16), ("34", 15), ("6011", 16), ("3528", 16), ("36", 14)]


def _values(recognizer, text: str) -> list[str]:
    return [text[s.start : s.end] for s in recognizer.find(text)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ISSUED), st.randoms(use_true_random=False), st.sampled_from(["", " ", "-"]))
def test_a_bare_card_number_in_an_issuer_range_is_found(issued, rng, separator):
    prefix, length = issued
    number = card_number(rng, prefix, length)
    assume(number not in PUBLISHED_TEST_CARDS and len(set(number)) > 1)
    written = separator.join(number[i : i + 4] for i in range(0, len(number), 4))
    text = f"ok so {written} - what now?"
    assert _values(CARDS, text) == [written]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ISSUED), st.randoms(use_true_random=False))
def test_a_card_number_that_fails_luhn_is_not(issued, rng):
    prefix, length = issued
    number = card_number(rng, prefix, length)
    broken = number[:-1] + str((int(number[-1]) + 5) % 10)
    assert _values(CARDS, f"the number {broken} again") == []


def test_a_luhn_valid_number_outside_every_issuer_range_is_not_a_card():
    payload = "9" + "".join(random.Random(7).choice("0123456789") for _ in range(14))
    assert _values(CARDS, f"ref {payload + luhn_digit(payload)}") == []


@pytest.mark.parametrize(
    "text",
    [
        "Visa: 4111111111111111",
        "charge it to 4111 1111 1111 1111 please",
        "4012888888881881 exp 08/29",
        "number 5555555555554444, CVV 737",
    ],
)
def test_a_published_test_number_written_as_a_card_in_use_is_protected(text):
    assert _values(CARDS, text)


@pytest.mark.parametrize(
    "text",
    [
        "4111111111111111",
        "Use 4111 1111 1111 1111 with any future date in the sandbox.",
        "test card: 4242424242424242 exp 12/34",
    ],
)
def test_a_published_test_number_with_nothing_marking_it_real_is_not(text):
    assert _values(CARDS, text) == []


@settings(max_examples=30, deadline=None)
# Bitcoin P2PKH and P2SH, Litecoin, Dogecoin, TRON: one format, other version bytes.
@given(
    st.binary(min_size=20, max_size=20),
    st.sampled_from([b"\x00", b"\x05", b"\x30", b"\x1e", b"\x41"]),
)
def test_base58check_bitcoin_addresses_are_found_without_context(payload, version):
    address = base58check(version, payload)
    assert _values(WALLETS, f"{address} is where it goes") == [address]


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=20, max_size=20), st.integers(0, 33))
def test_a_base58_address_with_a_changed_character_is_not(payload, where):
    address = base58check(b"\x00", payload)
    where = 1 + where % (len(address) - 1)
    swapped = "2" if address[where] != "2" else "3"
    broken = address[:where] + swapped + address[where + 1 :]
    assert _values(WALLETS, f"send to {broken}") == []


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=20, max_size=20), st.binary(min_size=32, max_size=32))
def test_segwit_addresses_bech32_and_bech32m_are_found(program20, program32):
    v0 = segwit_address(program20)
    taproot = segwit_address(program32, version=1)
    assert _values(WALLETS, f"{v0} or {taproot}") == [v0, taproot]
    assert _values(WALLETS, f"{v0.upper()} please") == [v0.upper()]


def test_a_segwit_address_checked_with_the_wrong_constant_is_not():
    # A version-1 program under bech32 (not bech32m) is what BIP 350 made invalid.
    v1 = segwit_address(bytes(range(32)), version=1)
    assert _values(WALLETS, v1[:-1] + ("q" if v1[-1] != "q" else "p")) == []


def test_an_ethereum_address_needs_a_wallet_word():
    address = "0x" + bytes(range(20)).hex()
    assert _values(WALLETS, f"my ETH wallet: {address}") == [address]
    assert _values(WALLETS, f"commit {address} fixed it") == []


def test_findings_name_the_check_that_accepted_them(analyzer):
    card = "492912345678901" + luhn_digit("492912345678901")
    wallet = base58check(b"\x00", bytes(20))
    text = f"card {card} and {wallet}"
    validators = {s.label: s.validator for s in analyzer.analyze(text)}
    assert validators["CREDIT_CARD"] == "ISO/IEC 7812 issuer range + Luhn"
    assert validators["CRYPTO_WALLET"] == "base58check"
    assert ("CRYPTO_WALLET", wallet) in found(analyzer, text)


def test_a_card_written_with_dots_is_found():
    number = card_number(random.Random(3), "5", 16)
    written = ".".join(number[i : i + 4] for i in range(0, 16, 4))
    assert _values(CARDS, f"Mastercard {written}") == [written]


def test_long_digit_runs_yield_nothing_and_a_csv_of_cards_yields_each():
    rng = random.Random(11)
    assert _values(CARDS, "".join(rng.choice("0123456789") for _ in range(10_000))) == []
    assert _values(WALLETS, "1" + "".join(rng.choice("abcdefghijk") for _ in range(10_000))) == []
    numbers = [card_number(rng, "4", 16) for _ in range(5_000)]
    numbers = [n for n in numbers if n not in PUBLISHED_TEST_CARDS]
    csv = "\n".join(f"{i},{n},ok" for i, n in enumerate(numbers))
    assert _values(CARDS, csv) == numbers


def test_test_numbers_in_a_paragraph_about_testing_stay_samples():
    text = (
        "For our payment integration tests, which card numbers trigger a decline vs 3DS? "
        "I know 4242 4242 4242 4242 is the generic success one."
    )
    assert _values(CARDS, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I was charged twice on my Visa ending in 4821.", "4821"),
        ("I only know his SSN ends in 4471.", "4471"),
        ("last four of my SSN are 0912", "0912"),
    ],
)
def test_the_last_digits_a_number_is_known_by(analyzer, text, value):
    """The last digits of a card or an identity number identify it to whoever holds the
    rest; the card's scheme stays a brand, and a year after "ends in" is no number's."""
    protected = {text[s.start : s.end] for s in analyzer.analyze(text)}
    assert value in protected
    assert "Visa" not in protected
    assert analyzer.analyze("The film ends in 1945.") == []
