"""Where a private life happens, by rules of writing: the venue of the writer's occasion,
the writer's own place named from "us", a care home named before its kind, a numbered
street, and the grammar other languages use for home (a Turkish possessive suffix, a
relative "where" in Italian or French, Russian verbs of living in the third person)."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "venue"),
    [
        (
            "I have to speak for my grandad. The funeral is at Bethesda Chapel on Monday.",
            "Bethesda Chapel",
        ),
        ("Can you help with my toast? Our reception is at Larchfield Barn.", "Larchfield Barn"),
        (
            "Help me plan the seating for my sister. The wedding will be held at Fennick Hall.",
            "Fennick Hall",
        ),
    ],
)
def test_the_venue_of_the_writers_occasion_is_private(analyzer, text, venue):
    assert venue in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "Where was the Queen's funeral held?",
        "How much does a wedding at Dromoland Castle usually cost?",
        "If the wedding were at Dromoland Castle I would be thrilled.",
    ],
)
def test_an_occasion_of_no_ones_or_a_wished_one_ties_nothing(analyzer, text):
    assert protected(analyzer, text) == set()


def test_a_place_named_from_the_writer_is_theirs(analyzer):
    text = "The venue is lovely and only twenty minutes from us in Tullamore."
    assert "Tullamore" in protected(analyzer, text)


def test_a_name_in_apposition_to_our_noun_is_ours_though_ner_calls_it_a_building(analyzer):
    text = "Our choir, the Harbourside Singers, rehearses on Thursdays. Any warm-up ideas?"
    assert "Harbourside Singers" in protected(analyzer, text)


def test_a_preposition_after_a_venue_is_no_part_of_its_name(analyzer):
    found = protected(analyzer, "We got married at Oakwood Barn near Ludlow.")
    assert "Oakwood Barn" in found
    assert "Oakwood Barn near" not in found


@pytest.mark.parametrize(
    ("text", "home"),
    [
        (
            "My mum is in Rosewood Lodge care home in Frome and the staff are lovely.",
            "Rosewood Lodge",
        ),
        ("Dad has been in the Elmhurst nursing home since March.", "Elmhurst"),
    ],
)
def test_a_care_home_named_before_its_kind_is_the_relatives(analyzer, text, home):
    assert home in protected(analyzer, text)


def test_a_brand_before_a_kind_of_place_stays(analyzer):
    assert protected(analyzer, "Is the Tesco pharmacy open on Sundays?") == set()


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Please post the card to 1408 E 4th St, I'm moving out soon.", "1408 E 4th St"),
        ("We stayed on W 41st St near my aunt's place.", "W 41st St"),
    ],
)
def test_a_numbered_street_is_an_address(analyzer, text, street):
    assert street in protected(analyzer, text)


def test_a_numbered_avenue_as_a_sight_stays(analyzer):
    assert protected(analyzer, "Is 5th Avenue worth visiting in December?") == set()


@pytest.mark.parametrize(
    ("text", "home"),
    [
        # Turkish: "the one in" (-deki) before a noun with "our" as its suffix
        ("Annemin doğum günü için Eskişehir'deki evimizde yemek yapıyoruz.", "Eskişehir"),
        # Italian: "where" and a verb whose ending says "we"
        ("Io e Luca ci sposiamo a maggio a Bergamo, dove siamo cresciuti.", "Bergamo"),
        # Russian: she lives there, in a text about the writer's aunt
        ("Поздравление для тёти Вали. Она всю жизнь живёт в Самаре.", "Самаре"),
    ],
)
def test_other_languages_grammar_of_home(analyzer, text, home):
    assert home in protected(analyzer, text)


def test_a_turkish_place_with_no_one_owning_stays(analyzer):
    assert protected(analyzer, "İstanbul'daki müzeler pazartesi açık mı?") == set()


def test_a_sentence_with_more_italian_than_english_closed_words_is_italian(analyzer):
    # "a" twice is English's too; "io", "e", "ci" are Italian's alone
    text = "Io e Marta ci trasferiamo a ottobre a Brescia per lavoro."
    assert "Brescia" in protected(analyzer, text)


def test_a_star_someone_is_besotted_with_stays_public(analyzer):
    text = "Write a eulogy for my gran. She was completely besotted with Tom Jones."
    assert "Tom Jones" not in protected(analyzer, text)


def test_the_writers_i_after_an_address_is_no_town_of_it(analyzer):
    text = "Send the keys to 27 Moorfield Road, I'm away until Friday."
    assert protected(analyzer, text) == {"27 Moorfield Road"}
