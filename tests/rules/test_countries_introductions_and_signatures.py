"""A country is no one's home in particular; someone introduced as one of a kind ("a
recruiter called X") is someone the writer met; a contact line's fields name the holder's
firm; "one day a week" counts days, it wishes for nothing."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "country"),
    [
        ("We moved to Portugal last year with my husband Tomasz Wrona.", "Portugal"),
        ("Mi hermana Lucía vive en Quito, Ecuador, con sus hijos.", "Ecuador"),
        ("I'm a pharmacist, licensed in Egypt since 2014, now in Mississauga.", "Egypt"),
        ("Place of birth: Hai Phong, Viet Nam\nPassport number: C8412057", "Viet Nam"),
    ],
)
def test_a_country_the_writer_lives_in_or_comes_from_is_kept(analyzer, text, country):
    assert country not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # a town named like a country, its state after it
        ("My mother is in memory care in Lebanon, PA since March.", "Lebanon"),
        # a state the size of a town
        ("My sister lives in Monaco now, above her bakery.", "Monaco"),
        # the country's name is also the writer's
        ("My name is Jordan Ellis. Jordan is moving to Amman in May.", "Jordan"),
    ],
)
def test_a_town_or_a_person_named_like_a_country_is_still_protected(analyzer, text, place):
    assert place in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "introduced"),
    [
        # an encyclopedia has an entry for the name: the introduction outweighs it
        ("A recruiter called Priya Raman messaged me on LinkedIn about a role.", "Priya Raman"),
        ("I found a plumber named Tom Jones online and he never showed up.", "Tom Jones"),
        ("There's this guy named Daniel Craig at my gym who keeps texting me.", "Daniel Craig"),
    ],
)
def test_someone_introduced_as_one_of_a_kind_is_protected(analyzer, text, introduced):
    assert introduced in protected(analyzer, text)


def test_a_famous_name_without_an_introduction_is_kept(analyzer):
    assert protected(analyzer, "Is Tom Jones still touring this year?") == set()


def test_a_day_counted_is_no_wish_for_someday(analyzer):
    text = (
        "I'm happy at Quarry Systems but would listen for the right money, and since "
        "moving to Harrogate I can't commute more than one day a week."
    )
    assert "Harrogate" in protected(analyzer, text)
    # a wish still is: where one hopes to live one day is no home yet
    assert "Lisbon" not in protected(analyzer, "We hope to move to Lisbon one day.")


def test_a_contact_lines_fields_name_the_holders_firm(analyzer):
    text = (
        "Is this a scam?\n\nHi Joel, you have been shortlisted.\n\n"
        "Melissa Tran | Talent Acquisition | Nexolink Staffing | (555) 014-3390"
    )
    assert {"Melissa Tran", "Nexolink Staffing"} <= protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        # a job title and a town are fields too, not firms
        "Priya Raghunathan | priya.r@example.com | Senior Designer | Leeds",
        # an "@" that is no e-mail address
        "rewrite my headline: 'Ops Lead @ Acme | Six Sigma Green Belt | Coffee snob'",
    ],
)
def test_other_fields_and_other_bars_are_no_firm(analyzer, text):
    found = protected(analyzer, text)
    assert not found & {"Senior Designer", "Leeds", "Six Sigma Green Belt"}


@pytest.mark.parametrize("stressed", ["'the'", "*the*", "“the”"])
def test_a_stressed_the_points_at_the_famous_namesake(analyzer, stressed):
    text = (
        "My mum's name is Mary Robinson, same as the former President of Ireland. At the "
        f"airport someone asked if she was {stressed} Mary Robinson."
    )
    found = protected(analyzer, text)
    assert "Mary Robinson" in found  # the mother, named first
    assert text.count("Mary Robinson") == 2
    famous_at = text.rindex("Mary Robinson")
    assert not any(span.start == famous_at for span in analyzer.analyze_subjects(text).protected)


def test_a_moves_origin_stays_the_writers_when_the_parse_takes_a_state_for_a_subject(analyzer):
    # spaCy reads "Oregon" as the subject of "is confusing" and "from Leeds" as its own
    text = "We just moved to Bend, Oregon from Leeds and the US school system is confusing me."
    assert "Leeds" in protected(analyzer, text)
    # a famous subject of the move itself still makes the place public
    assert protected(analyzer, "Barcelona are moving back to Camp Nou next season.") == set()


def test_a_first_name_in_brackets_after_a_firm_is_whom_to_deal_with(analyzer):
    text = (
        "quote 1 – HeatWise Plumbing (Sunil): £2,850 incl. filter\n"
        "quote 2 – another firm: £2,300\n\nsunil can't start till the 20th."
    )
    found = protected(analyzer, text)
    assert {"Sunil", "sunil"} <= found
    # a model's or a place's word in brackets is no one's name
    assert protected(analyzer, "I bought the new iPhone (Pro) and a Galaxy (Ultra).") == set()
