"""Addresses written as runs of parts with no street type (India, Vietnam, Turkey,
Russia, Ireland, Brazil's unit before the street), found in full, and lists, scores, CV
lines and dates that look like runs, left alone. Every address here is invented."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.rules.recognizers.address import StreetAddressRecognizer
from veil.rules.recognizers.address_runs import address_runs

RECOGNIZER = StreetAddressRecognizer()


@pytest.mark.parametrize(
    "text, address",
    [
        (
            "Ship it to Flat 7C, Lakshmi Residency, 5th Main, Jayanagar 4th Block, "
            "Bengaluru 560041 please",
            "Flat 7C, Lakshmi Residency, 5th Main, Jayanagar 4th Block, Bengaluru 560041",
        ),
        ("Nhà tôi ở 112 Trần Hưng Đạo, Phường 3, Đà Lạt.", "112 Trần Hưng Đạo, Phường 3, Đà Lạt"),
        (
            "Adresim: Bahçelievler Mah. Gazi Cad. No:27 D:3, Çankaya/Ankara. Kira ne kadar?",
            "Bahçelievler Mah. Gazi Cad. No:27 D:3, Çankaya/Ankara",
        ),
        (
            "Мой адрес: г. Казань, ул. Баумана, д. 12, кв. 7. Помогите с письмом.",
            "г. Казань, ул. Баумана, д. 12, кв. 7",
        ),
        (
            "Бухгалтер ООО «Рассвет» (г. Пушкино, ул. Лесная, д. 4). Директор в отпуске.",
            "г. Пушкино, ул. Лесная, д. 4",
        ),
        (
            "Nyumba yangu iko Mwenge Road, Plot 41, Nyeri. Tafadhali nisaidie.",
            "Mwenge Road, Plot 41, Nyeri",
        ),
        (
            "Deliver to 15 Hazel Grove, Douglas, Co. Cork, T12 X3F4 by Friday.",
            "15 Hazel Grove, Douglas, Co. Cork, T12 X3F4",
        ),
        (
            "Clinic: Unit 9, Ballybrit Business Park, Co. Galway",
            "Unit 9, Ballybrit Business Park, Co. Galway",
        ),
        (
            "Moro no ap. 31 do Condomínio Ipê Amarelo, Rua das Acácias, 45, em Campinas.",
            "ap. 31 do Condomínio Ipê Amarelo, Rua das Acácias, 45",
        ),
    ],
)
def test_an_address_written_as_a_run_of_parts_is_found_whole(text, address):
    start = text.index(address)
    assert any(s.start <= start and start + len(address) <= s.end for s in RECOGNIZER.find(text)), [
        text[s.start : s.end] for s in RECOGNIZER.find(text)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Top 3 Cities, Paris, Rome and Lisbon for a first trip?",
        "We played 2 Tests, 3 ODIs in Sydney, Melbourne and Perth.",
        "- Barista, Bean There Coffee, Ballarat 2021-2023",
        "Read Chapter 3, Section 2, London edition.",
        "Arsenal 2, Chelsea 1, London derby recap please",
        "The meeting is on 12 March, London, at 3pm.",
        "I visited 3 cities: Paris, Rome, Berlin.",
    ],
)
def test_lists_scores_dates_and_cv_lines_are_no_address_runs(text):
    assert address_runs(text) == []


@given(st.text(alphabet=st.sampled_from("Flat 12B,.:/ Cork Co\nд. 3кв№ "), max_size=300))
def test_runs_are_ranges_of_the_text(text):
    for start, end in address_runs(text):
        assert 0 <= start < end <= len(text)
