"""A request's "me" is the one asking, not a life told; a clause reported without "that"
has its own subject, not the writer; two-letter degrees count only as degrees are
written, so "ba" and "ma" of other languages tie no one to an organisation. A firm's site
named for its town, in notes of work with contacts, is where someone works; so is an
employer after a verb of working, by the nearest cue."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


def test_a_name_in_a_request_asked_for_me_among_public_ones_is_public(analyzer):
    text = (
        "Write me a short summary of Jo Cox's murder and how the Jo Cox Foundation started "
        "the Great Get Together. How did Cox's sister Kim Leadbeater end up winning Batley "
        "and Spen?"
    )
    assert protected_labels(analyzer, text) == {}


def test_a_request_about_my_own_people_is_still_mine(analyzer):
    text = "Write me a toast for my cousin Jo Cox's wedding in Leeds."
    assert "Jo Cox" in protected_labels(analyzer, text)


def test_a_place_a_reported_clause_puts_something_else_in_is_not_mine(analyzer):
    text = (
        "I read the Cunard archive is at the University of Liverpool, and that the "
        "Merseyside Maritime Museum has material too."
    )
    assert "University of Liverpool" not in protected_labels(analyzer, text)


def test_a_reported_clause_about_someone_of_mine_still_ties_them(analyzer):
    text = "I think my sister is at the University of Liverpool now."
    assert "University of Liverpool" in protected_labels(analyzer, text)


def test_tagalog_ba_and_at_tie_no_one_to_a_service(analyzer):
    text = "ano ba pinagkaiba ng GCash at Maya pag magpapadala ng pera sa probinsya?"
    assert protected_labels(analyzer, text) == {}


def test_a_degree_in_capitals_still_places_the_writer(analyzer):
    text = "I did my BA at Leeds Trinity and loved it."
    assert "Leeds Trinity" in protected_labels(analyzer, text)


def test_a_firms_site_named_for_its_town_in_notes_with_contacts_is_someones(analyzer):
    text = (
        "ops sync thurs - KB says forklift cert for the Wakefield site runs out end of month"
        " - supplier contact is tom@pennineracking.co.uk - fire drill at the Castleford unit"
        " moved to the 14th"
    )
    found = protected_labels(analyzer, text)
    assert "Wakefield" in found
    assert "Castleford" in found


def test_a_line_of_a_firms_site_with_an_ordinal_between_is_where_someone_works(analyzer):
    text = "Tariq, the second packing line at Brighouse is on hold. I'll call you. – Emma"
    assert "Brighouse" in protected_labels(analyzer, text)


def test_a_named_firms_plant_is_still_a_topic(analyzer):
    text = "I drove past the Ford plant in Dagenham yesterday, is it still open?"
    assert "Dagenham" not in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        (
            "turn this into a LinkedIn headline: 'Data engineer at Veltra Energy, previously "
            "at Accenture, working with Snowflake and dbt'",
            "Accenture",
        ),
        (
            "Nous travaillons tous les deux à temps plein (moi chez Belfius, mon mari à "
            "l'hôpital).",
            "Belfius",
        ),
        # the nearest cue decides: "since ... from" spans a new clause, "retired from" not
        (
            "my father's pension is not credited since he retired from Indian Railways.",
            "Indian Railways",
        ),
    ],
)
def test_an_employer_after_a_verb_of_working_is_someones(analyzer, text, employer):
    assert employer in protected_labels(analyzer, text)


def test_a_thing_that_works_somewhere_has_no_employer(analyzer):
    text = (
        "If Hermione Granger and Gandalf had a duel, who would win? Explain how magic works "
        "at Hogwarts versus in Middle-earth."
    )
    assert protected_labels(analyzer, text) == {}
