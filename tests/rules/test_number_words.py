"""A value that a language's word for "number" (or an account, or an acronym before a long
number) names is someone's identifier; catalogue, place, phone and standard numbers,
dates, amounts and timestamps are not."""

from __future__ import annotations

import pytest

from veil.rules import labels
from veil.rules.recognizers.government import IdNumberRecognizer

RECOGNIZER = IdNumberRecognizer()


def ids(text: str) -> list[str]:
    return [text[s.start : s.end] for s in RECOGNIZER.find(text) if s.label == labels.ID_NUMBER]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Bitte die Mitgliedsnummer 20931-K eintragen", "20931-K"),  # German compound
        ("mijn klantnummer is 5501-7723", "5501-7723"),  # Dutch compound, a copula
        ("asiakasnumero 88012345", "88012345"),  # Finnish compound
        ("numer umowy: KR/2022/0917", "KR/2022/0917"),  # Polish: the word and its noun
        ("номер договора 17-3302/21", "17-3302/21"),  # Russian
        ("Мой лицевой счёт 4409172236.", "4409172236"),  # an account, no number word
        ("numéro de client : BX-40117", "BX-40117"),  # French: "de" and the noun
        ("nomor pelanggan 5520193344", "5520193344"),  # Indonesian
        ("müşteri numarası 66210934", "66210934"),  # Turkish: the noun first
        ("고객번호 B90817723", "B90817723"),  # Korean compound
        ("会員番号は K-448812", "K-448812"),  # Japanese compound and topic particle
        ("the order number 204-8812093-5571 never arrived", "204-8812093-5571"),
        ("invoice no. RT-77120 is overdue", "RT-77120"),
        # an acronym in any script before a long number: a tax or identity number
        ("ΑΦΜ μου 049217765", "049217765"),
        ("Mój NIP: 731-220-19-04.", "731-220-19-04"),
        ("ИНН 5031244870", "5031244870"),
    ],
)
def test_a_value_a_number_word_names_is_an_id(text, value):
    assert set(ids(text)) == {value}  # (an id word the older rule knows finds it twice)


@pytest.mark.parametrize(
    "text",
    [
        "the model number SM-A5560 is the cheaper one",  # a product's
        "Artikelnummer 4711-2233 ist ausverkauft",  # a catalogue's
        "room number 1204, then page number 88",  # a place's, a page's
        "ISBN 9780262046305",  # a book's
        "it costs PLN 12 500 000",  # an amount in a currency
        "UTC: 1717407711",  # a timestamp
        "ZIP: 75534-030",  # a postcode (an address's part)
        "DOB 04/17/1968",  # a date
        "pick a colour like #f5f5f7",  # "#" alone names no number
        "IBAN DE89 3704 0044 0532 0130 01",  # an invalid IBAN's country code is no acronym
        "電話番号は090-1234-5678です",  # a phone number: the phone recognizer's
        "the number 42 and Seitennummer 7",  # too short to be anyone's
    ],
)
def test_numbers_of_things_are_not_ids(text):
    assert ids(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # a number word before an identifier the text names, its check digit wrong: it is
        # not that identifier, as the national identifiers' recognizer says
        "My Australian Business Number is 40 139 154 058.",
        "My 외국인등록번호 is 860917-6028796.",
    ],
)
def test_a_named_identifier_that_fails_its_check_is_no_id(text):
    assert ids(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("to paybill 880412 acc no BR-0614 but", "BR-0614"),  # "no" without its full stop
        ("mpesa code SGH7K2LQ9P, 14th May", "SGH7K2LQ9P"),  # a transaction's code
        ("clinic also asked for my citizenship no 45-01-72-03390.", "45-01-72-03390"),
        ("Adószám: 28456173-2-03. Mit írjak?", "28456173-2-03"),  # Hungarian "-szám"
        ("Số hợp đồng vay của anh Hưng là 3100045872.", "3100045872"),  # Vietnamese "số"
        ("Our records show invoice INV-2024-0381 is overdue.", "INV-2024-0381"),
        ("Payment to Whitlock Ltd, sort code 40-11-62, account 71829304.", "40-11-62"),
    ],
)
def test_a_value_named_by_a_number_or_code_word_abroad(text, value):
    assert value in ids(text)


@pytest.mark.parametrize(
    "text",
    [
        "I got error code 0x80070005 after the update",
        "promo code SAVE2024 didn't work",
        "Moda Caddesi No: 37 Daire 5",  # a house's number
        "no 3 is fine",
    ],
)
def test_codes_of_errors_offers_and_houses_are_no_ones(text):
    assert ids(text) == []


def test_a_documents_word_names_only_the_value_right_after_it():
    assert ids("order #A-448120 never arrived") == ["A-448120"]
    assert ids("The order total came to 1706943701 yen last week.") == []
