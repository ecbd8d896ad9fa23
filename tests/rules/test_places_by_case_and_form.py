"""Places found by another language's case or postposition (Urdu, Persian, Bengali,
Finnish, Swahili), by an address's form (a numbered sector, a letter's dateline), and a
town the small English model reads as a firm; phones named in other scripts."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels as protected
from veil.rules import locatives
from veil.rules.labels import LOCATION, PHONE
from veil.rules.recognizers.places import PlaceRecognizer


def towns(text: str) -> list[str]:
    return [text[s.start : s.end] for s in PlaceRecognizer().find(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("میرا بھائی دبئی میں کام کرتا ہے", ["دبئی"]),  # Urdu: after it, "in"
        ("من در شیراز زندگی می‌کنم", ["شیراز"]),  # Persian: before it, "in"
        ("আমি সিলেটে থাকি", ["সিলেটে"]),  # Bengali: the locative joined to it
        ("আমি চট্টগ্রাম থেকে এসেছি", ["চট্টগ্রাম"]),  # Bengali: "from" after it
        ("Asun Jyväskylässä ja teen töitä Oulussa.", ["Jyväskylässä", "Oulussa"]),
        ("flat B-702, Kharghar Sector 12 ka", ["Kharghar Sector 12"]),
        ("office at Noida sector 62.", ["Noida sector 62"]),
        ("(Hinjewadi Phase 1)", ["Hinjewadi Phase 1"]),
        ("« Noémie, 17 rue des Tanneurs, Villeurbanne »", ["Villeurbanne"]),
    ],
)
def test_a_town_by_its_case_postposition_or_form(text, expected):
    assert [t for t in towns(text) if t in expected] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Phase 3 trials of the drug went well",  # a phase with no place before it
        "the private sector 2023 report",  # a sector in lower case after a common word
        "Isabella and Stella went to Augusta",  # English words ending like Finnish cases
        "کیا JazzCash سے سستا ہے یا Western Union سے؟",  # a firm's last word is a town
    ],
)
def test_no_place_where_only_the_ending_or_the_number_looks_like_one(text):
    assert towns(text) == [] or "Union" not in towns(text)
    assert not [t for t in towns(text) if t in ("Phase 3", "Union", "Stella", "Augusta")]


def test_a_joined_case_is_undone_for_the_dictionary_form():
    assert "Jyväskylä" in locatives.dictionary_forms("Jyväskylässä")
    assert "ঢাকা" in locatives.dictionary_forms("ঢাকায়")
    assert locatives.role("", " ja", "Jyväskylässä").role is locatives.Role.WHERE
    assert locatives.role("", " ja", "Espoolle").role is locatives.Role.TO


def test_an_urdu_clause_says_who_at_its_end(analyzer):
    # "I live in Gujranwala and my brother works in Dubai": whose, by "I am" at the end
    text = "میں گوجرانوالہ میں رہتا ہوں اور میرا بھائی عمران بٹ دبئی میں کام کرتا ہے۔"
    found = protected(analyzer, text)
    assert found.get("گوجرانوالہ") == LOCATION
    assert found.get("دبئی") == LOCATION


@pytest.mark.parametrize(
    "text",
    [
        "دبئی میں سب سے اونچی عمارت کون سی ہے؟",  # which is the tallest building in Dubai?
        "ঢাকায় কী কী দেখার আছে?",  # what is there to see in Dhaka?
        "Mitä tehdä Jyväskylässä viikonloppuna?",  # what to do in Jyväskylä at the weekend?
    ],
)
def test_a_town_asked_about_stays(analyzer, text):
    assert not any(label == LOCATION for label in protected(analyzer, text).values())


def test_a_bengali_wedding_invitation_gives_its_town(analyzer):
    text = "আমার ছোট বোনের বিয়ে হবে ২১ ডিসেম্বর, উত্তরা, ঢাকায়।"
    assert protected(analyzer, text).get("ঢাকায়") == LOCATION


def test_a_sentence_opening_word_does_not_take_the_town_into_a_name(analyzer):
    # NER reads "Asun Jyväskylässä" (I live in Jyväskylä) as one person's name
    assert protected(analyzer, "Asun Jyväskylässä ja teen töitä Oulussa.").get("Jyväskylässä") == (
        LOCATION
    )


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Dear Sir,\nthank you for your letter.\nLyon, le 3 mars 2024\nMarie", "Lyon"),
        ("Kraków, 12.03.2024 r.\nSzanowni Państwo,\nproszę o zwrot kaucji.", "Kraków"),
        ("Todistus.\nJyväskylässä 5.9.2023\nPekka Huttunen", "Jyväskylässä"),
    ],
)
def test_a_letters_dateline_gives_where_the_writer_is(analyzer, text, town):
    assert protected(analyzer, text).get(town) == LOCATION


def test_a_town_in_a_sentence_with_a_year_is_no_dateline(analyzer):
    assert "Paris" not in protected(analyzer, "Paris in 2024\nis lovely, they say")


def test_a_town_the_ner_reads_as_a_firm_is_decided_as_a_place(analyzer):
    text = "Nama saya Dimas, bagian gudang di PT Sinar Abadi Kemasan, Cikarang."
    assert protected(analyzer, text).get("Cikarang") == LOCATION
    # an acronym that is also an airport's code stays a firm
    assert "RCB" not in protected(analyzer, "ppl keep tagging me in RCB memes")


def test_a_slavic_address_abbreviation_does_not_end_the_clause(analyzer):
    text = "У нас в квартире 54, дом 12 по ул. Гагарина в Подольске третий месяц течёт крыша."
    assert protected(analyzer, text).get("Подольске") == LOCATION


@pytest.mark.parametrize(
    "text",
    [
        "मेरा नाम सुनील वर्मा, मोबाइल 9425087613",  # Hindi "mobile"
        "আমার মোবাইল 01711482936",  # Bengali "mobile"
        "Мой телефон 89161234567, звоните вечером",  # Russian "phone"
    ],
)
def test_a_phone_named_in_another_script(analyzer, text):
    assert PHONE in protected(analyzer, text).values()


@pytest.mark.parametrize(
    ("text", "town"),
    [
        (
            "Nafanya kazi Mwanga Agro Supplies Ltd hapa Arusha, namba yangu ni 0722 418 903.",
            "Arusha",
        ),
        ("Trabajo aquí en Zapopan desde hace dos años.", "Zapopan"),
        ("Moro aqui em Campinas com a minha família.", "Campinas"),
    ],
)
def test_another_languages_here_in_is_where_the_writer_is(analyzer, text, town):
    assert protected(analyzer, text).get(town) == LOCATION


def test_a_town_in_brackets_after_a_private_firm_is_the_firms(analyzer):
    text = (
        "# stock script for Karoo Crafts (Graaff-Reinet shop)\n# author: thandi.m@karoocrafts.co.za"
    )
    assert protected(analyzer, text).get("Graaff-Reinet") == LOCATION


def test_a_slavic_visit_to_ones_mother_gives_her_town(analyzer):
    text = "Хочу взять отпуск с 10 по 24 июля, поеду к маме в Торжок."
    assert protected(analyzer, text).get("Торжок") == LOCATION


@pytest.mark.parametrize(
    ("text", "town", "private"),
    [
        ("来週、長野県松本市の実家に帰るので、メールを書いてください。", "長野県松本市", True),
        ("我妈妈在浙江省绍兴市开了一家店", "浙江省绍兴市", True),
        ("我想去浙江省绍兴市旅游，有什么推荐？", "浙江省绍兴市", False),
    ],
)
def test_a_han_town_with_its_prefecture_or_province(analyzer, text, town, private):
    assert town in towns(text)
    assert (protected(analyzer, text).get(town) == LOCATION) is private


def test_a_hindi_town_in_the_genitive_before_the_part_one_lives_in(analyzer):
    # "we now live in Bhopal's Arera Colony"; a question about Bhopal's lake stays
    text = "मेरी बेटी का एडमिशन करवाना है, हम अभी भोपाल के अरेरा कॉलोनी में रहते हैं।"
    found = protected(analyzer, text)
    assert found.get("भोपाल") == LOCATION
    assert "का" not in found  # a particle after "my daughter", no name
    assert "भोपाल" not in protected(analyzer, "भोपाल के ताल में नाव चलती है?")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Asun Lahdessa ja työskentelen Helsingissä.", ["Lahdessa", "Helsingissä"]),
        ("Mummo asuu yksin Tampereella, lähellä keskustaa.", ["Tampereella"]),
        ("we stay in Vijay Nagar, Indore since 2019", ["Vijay Nagar, Indore"]),
        ("flat 204, Sector 45 Gurgaon khaali kiye", ["Sector 45 Gurgaon"]),
    ],
)
def test_finnish_gradation_and_south_asian_neighbourhoods(text, expected):
    assert [t for t in towns(text) if t in expected] == expected


def test_a_neighbourhood_word_inside_a_longer_name_is_no_place():
    assert towns("We had dinner at the Rose Colony Hotel.") == []


def test_an_english_name_ending_like_a_finnish_case_is_no_town():
    assert towns("Estella went to the market with Isabella.") == []
