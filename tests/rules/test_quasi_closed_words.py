"""A closed-class English word is never a place the writer discloses, whatever town
shares its spelling (rules/quasi/place.py)."""

from __future__ import annotations

import pytest

from veil.rules.quasi import find_disclosures


@pytest.mark.parametrize(
    "text",
    [
        "mom's dishes are always a hit back home, but replicating them is hard.",
        "it was great back home, and then we moved.",
    ],
)
def test_a_closed_class_word_after_a_place_cue_is_no_place(text: str) -> None:
    places = [d for d in find_disclosures(text) if d.attribute in ("location", "birthplace")]
    assert places == []


def test_a_lower_case_town_after_the_cue_still_is() -> None:
    text = "back home in cork we ate well"
    places = [text[d.span.start : d.span.end] for d in find_disclosures(text)]
    assert places == ["cork"]
