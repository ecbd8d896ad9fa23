"""CREDIT_CARD (Luhn) and IBAN (ISO 13616 mod-97)."""

from __future__ import annotations

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import (
    DIGIT,
    TEST_WORDS,
    WORD,
    PatternRecognizer,
    compile_words,
    context_before,
    labelled_as,
)
from veil.rules.registry import register
from veil.rules.spans import Span


def luhn_valid(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def luhn_check_digit(payload: str) -> str:
    """The digit that makes ``payload + digit`` pass Luhn."""
    for digit in "0123456789":
        if luhn_valid(payload + digit):
            return digit
    raise AssertionError("unreachable: one of ten digits always completes Luhn")


# --- CREDIT_CARD -------------------------------------------------------------------

# 13-19 digits in groups joined by one consistent kind of separator (space, dash or dot;
# or none).
# (The second lookbehind skips the digits of a grouped IBAN: "DE89 3704 0044 ...".)
_CARD = regex.compile(
    rf"(?<!{WORD}|[\-.])(?<![A-Z]{{2}}\d{{2}}[ \-])"
    r"(\d{4,6})([ \-.]?)(?:\d{3,6}\2){1,4}\d{1,7}"
    rf"(?!{WORD}|-|\.\d)"
)
# Issuer prefixes (IIN ranges) of the networks people actually hold.
_CARD_PREFIX = regex.compile(
    # (2200-2204: Mir, Russia's national network)
    r"^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720|20[0-4])|3[47]|3(?:0[0-5]|[68])|6(?:011|5|4[4-9]|2)|35"
    r"|2131|1800"  # JCB 15-digit
    r"|5[06-9]|6\d)"  # Maestro, 12-19 digits
)
# Numbers the card networks and payment processors publish for testing: no one's card.
PUBLISHED_TEST_CARDS = frozenset(
    [
        "4242424242424242",
        "4000056655665556",
        "4000000000000002",
        "4000000000009995",
        "4000000000000069",
        "4000000000000127",
        "4000000000000119",
        "4000002500003155",
        "4000002760003184",
        "4000000000003220",
        "4000000000000341",
        "4111111111111111",
        "4012888888881881",
        "4222222222222",
        "5555555555554444",
        "2223003122003222",
        "5200828282828210",
        "5105105105105100",
        "378282246310005",
        "371449635398431",
        "378734493671000",
        "6011111111111117",
        "6011000990139424",
        "3056930009020004",
        "30569309025904",
        "38520000023237",
        "36227206271667",
        "3566002020360505",
        "3530111333300000",
        "6200000000000005",
        "6250941006528599",
    ]
)
_CARD_CONTEXT = compile_words(
    [
        "card",
        "credit",
        "debit",
        "visa",
        "mastercard",
        "amex",
        "cc",
        "karte",
        "carte",
        "tarjeta",
        "carta",
        "kaart",
        "payment",
        "billing",
        "charge",
        "charged",
        # the word for a card in Portuguese, Polish, Russian, Ukrainian, Turkish,
        # Indonesian and Vietnamese
        "cartão",
        "karta",
        "kartę",
        "kartą",
        "карта",
        "карту",
        "картка",
        "картку",
        "kart",
        "kartı",
        "kartu",
        "thẻ",
    ]
)


# A label that says the next value is someone's card ("Credit Card:", "card number 4242…").
# It outweighs the test-number list: a real person may hold any valid number, and a prompt
# that labels one as a card is sharing it as one.
_CARD_LABEL = regex.compile(
    r"(?:(?:credit|debit|bank|visa|mastercard|amex)\s*card|card\s*(?:number|num|no\.?|#)"
    r"|\bcc\s*(?:number|num|no\.?|#))"
    r"(?:\s+(?:is|was))?\s*[:=#\-]?\s*$",
    regex.IGNORECASE,
)


# What follows a card in use: an expiry date or a security code ("exp 04/27", "CVV 123").
_CARD_IN_USE_AFTER = regex.compile(
    r"^.{0,24}?(?:\b(?:exp(?:iry|ires|iration)?|valid\s+thru|cvv2?|cvc2?|csc)\b"
    r"|\b(?:0[1-9]|1[0-2])\s*/\s*(?:\d{2}|20\d{2})\b)",
    regex.IGNORECASE | regex.DOTALL,
)


_TEST_TALK_WINDOW = 160


def _marked_real(text: str, match: regex.Match[str]) -> bool:
    """Whether a published test number is written as someone's card: labelled as one,
    named next to a card or payment word with no test word near it, or followed by an
    expiry date or a security code. (No person holds these numbers; what counts is
    that the writer shares one as theirs.)"""
    if labelled_as(_CARD_LABEL, text, match.start()):
        return True
    # Test words are looked for further out than card words: a paragraph about testing
    # ("which test card numbers trigger a decline? I know 4242 ...") lists samples.
    if TEST_WORDS.search(context_before(text, match.start(), _TEST_TALK_WINDOW)):
        return False
    after = text[match.end() : match.end() + _TEST_TALK_WINDOW]
    if TEST_WORDS.search(after):
        return False
    before = context_before(text, match.start())
    return bool(_CARD_CONTEXT.search(before) or _CARD_IN_USE_AFTER.match(after))


def _validate_card(match: regex.Match[str], text: str) -> float | None:
    digits = regex.sub(r"[ \-.]", "", match.group(0))
    if not 12 <= len(digits) <= 19 or not _CARD_PREFIX.match(digits):
        return None
    if not luhn_valid(digits):
        # a card's number the text calls a card, sixteen digits in four groups, whose last
        # digit is off: mistyped, or typed from memory, it is still someone's
        named = _CARD_CONTEXT.search(context_before(text, match.start()))
        grouped = regex.fullmatch(r"\d{4}([ \-])\d{4}\1\d{4}\1\d{4}", match.group(0))
        return 0.85 if named and grouped and len(set(digits)) > 1 else None
    if len(set(digits)) == 1:
        return None
    if digits in PUBLISHED_TEST_CARDS and not _marked_real(text, match):
        return None
    context = bool(_CARD_CONTEXT.search(context_before(text, match.start())))
    if len(digits) < 13 and not context:
        return None  # short Maestro numbers look like any other 12-digit number
    return 0.95 if context or match.group(2) else 0.85


@register("regex.credit_card.v1")
def credit_card_recognizer() -> PatternRecognizer:
    return PatternRecognizer(
        "regex.credit_card.v1",
        labels.CREDIT_CARD,
        _CARD,
        _validate_card,
        validator="ISO/IEC 7812 issuer range + Luhn",
    )


# --- IBAN ----------------------------------------------------------------------------

# IBAN lengths by country (the SWIFT IBAN registry).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24,
    "AE": 23,
    "AL": 28,
    "AT": 20,
    "AZ": 28,
    "BA": 20,
    "BE": 16,
    "BG": 22,
    "BH": 22,
    "BR": 29,
    "BY": 28,
    "CH": 21,
    "CR": 22,
    "CY": 28,
    "CZ": 24,
    "DE": 22,
    "DK": 18,
    "DO": 28,
    "EE": 20,
    "EG": 29,
    "ES": 24,
    "FI": 18,
    "FO": 18,
    "FR": 27,
    "GB": 22,
    "GE": 22,
    "GI": 23,
    "GL": 18,
    "GR": 27,
    "GT": 28,
    "HR": 21,
    "HU": 28,
    "IE": 22,
    "IL": 23,
    "IQ": 23,
    "IS": 26,
    "IT": 27,
    "JO": 30,
    "KW": 30,
    "KZ": 20,
    "LB": 28,
    "LC": 32,
    "LI": 21,
    "LT": 20,
    "LU": 20,
    "LV": 21,
    "MC": 27,
    "MD": 24,
    "ME": 22,
    "MK": 19,
    "MR": 27,
    "MT": 31,
    "MU": 30,
    "NL": 18,
    "NO": 15,
    "PK": 24,
    "PL": 28,
    "PS": 29,
    "PT": 25,
    "QA": 29,
    "RO": 24,
    "RS": 22,
    "SA": 24,
    "SC": 31,
    "SE": 24,
    "SI": 19,
    "SK": 24,
    "SM": 27,
    "ST": 25,
    "SV": 28,
    "TL": 23,
    "TN": 24,
    "TR": 26,
    "UA": 29,
    "VA": 22,
    "VG": 24,
    "XK": 20,
}

# A country code, check digits, then alphanumerics possibly grouped by single spaces.
_IBAN_CANDIDATE = regex.compile(
    rf"(?<!{WORD}|-)([A-Z]{{2}}\d{{2}}(?:[ \-]?[A-Z0-9]){{11,30}})", regex.IGNORECASE
)
_WORD_CHAR = regex.compile(WORD)


# The words for an account or an IBAN before it, in the languages of IBAN countries
# ("la cuenta ES76 ...", "Konto: DE12 ...", "rekeningnummer NL..."), within a few words.
ACCOUNT_WORD_REACH = 40
_ACCOUNT_NAMED_BEFORE = regex.compile(
    r"(?<![\p{L}])(?i:iban|account|acct|konto|kontonummer|cuenta|compte|conto|conta|rekening|"
    r"rekeningnummer|rachunek|rachunku|счёт|счет|рахунок|tili|tilinumero|számla|számlaszám|"
    r"hesap|hesabı|λογαριασμός|λογαριασμό|účet|účtu|račun|cont)(?![\p{L}])[^\n]{0,30}$"
)


def iban_checksum_valid(iban: str) -> bool:
    rearranged = iban[4:] + iban[:4]
    numeric = "".join(str(int(char, 36)) for char in rearranged)
    return int(numeric) % 97 == 1


def iban_check_digits(country: str, bban: str) -> str:
    """The two check digits that make ``country + digits + bban`` a valid IBAN."""
    numeric = "".join(str(int(char, 36)) for char in bban + country + "00")
    return f"{98 - int(numeric) % 97:02d}"


class IbanRecognizer:
    """IBANs printed compact or in groups; the country's length bounds the match."""

    name = "regex.iban.v1"
    labels = (labels.IBAN,)

    def find(self, text: str) -> list[Span]:
        spans = []
        position = 0 if DIGIT.search(text) else len(text)  # (check digits: none, no IBAN)
        while match := _IBAN_CANDIDATE.search(text, position):
            # The candidate is greedy; resume right after the country code so an IBAN
            # that the previous candidate swallowed is still found.
            position = match.start(1) + 2
            candidate = match.group(1)
            country = candidate[:2].upper()
            expected = IBAN_LENGTHS.get(country)
            if expected is None:
                continue
            # Walk the candidate taking exactly the country's number of characters.
            taken, end = 0, match.start(1)
            for offset, char in enumerate(candidate):
                if char not in " -":
                    taken += 1
                if taken == expected:
                    end = match.start(1) + offset + 1
                    break
            else:
                continue
            if _WORD_CHAR.match(text, end):
                continue
            compact = text[match.start(1) : end].replace(" ", "").replace("-", "").upper()
            if iban_checksum_valid(compact):
                spans.append(
                    Span(match.start(1), end, labels.IBAN, 0.95, self.name, "ISO 13616 mod 97")
                )
                position = end
            elif compact[:2].isupper() and _ACCOUNT_NAMED_BEFORE.search(
                text, max(0, match.start(1) - ACCOUNT_WORD_REACH), match.start(1)
            ):
                # an account the text names as one, in its country's length, whose check
                # digits are off: mistyped, or typed from memory, it is still someone's
                spans.append(
                    Span(match.start(1), end, labels.IBAN, 0.85, self.name, "IBAN named, length")
                )
                position = end
        return spans


register("regex.iban.v1")(IbanRecognizer)
