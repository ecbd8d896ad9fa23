"""A calendar decade said of the writer's life (an era) and a year of their schooling:
found as age disclosures, generalized to a twenty-year pair and decoyed to another
decade in the writer's own form (rules/operators/eras.py, rules/quasi/age.py)."""

from __future__ import annotations

import random

import pytest

from veil.rules.operators import eras
from veil.rules.quasi import find_disclosures


def _ages(text: str) -> list[tuple[str, str, object]]:
    return [
        (text[d.span.start : d.span.end], d.detail, d.subject)
        for d in find_disclosures(text, year=2025)
        if d.attribute == "age"
    ]


@pytest.mark.parametrize(
    ("surface", "general"),
    [
        ("90s", "80s or 90s"),
        ("late 80s", "80s or 90s"),
        ("early 2000s", "2000s or 2010s"),
        ("nineties", "eighties or nineties"),
        ("1970s", "1960s or 1970s"),
        ("'90s", "'80s or '90s"),
    ],
)
def test_an_era_generalizes_to_the_twenty_years_it_falls_in(surface: str, general: str) -> None:
    assert eras.generalize(surface, 2025) == general


@pytest.mark.parametrize("surface", ["90s", "late 80s", "early 2000s", "nineties", "1970s"])
@pytest.mark.parametrize("seed", range(8))
def test_an_era_decoy_is_another_past_decade_said_alike(surface: str, seed: int) -> None:
    made = eras.decoy(surface, random.Random(seed), 2025)
    assert made is not None and made != surface
    original, other = eras.find(surface, 2025), eras.find(made, 2025)
    assert other is not None and other.quarter == original.quarter
    assert 10 <= abs(other.decade - original.decade) <= 20
    assert other.decade + 10 <= 2025
    assert (other.form == "word") == (original.form == "word" and other.decade < 2000)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Growing up in the late 80s, I loved cassettes.", "late 80s"),
        ("I grew up in the 90s in Porto.", "90s"),
        ("When I was in college back in 2005, we all had iPods.", "2005"),
        ("I remember sitting in my physics class in 1999.", "1999"),
    ],
)
def test_an_era_or_a_school_year_of_the_writer_is_an_age(text: str, words: str) -> None:
    assert any(w == words and s == "writer" for w, _, s in _ages(text)), _ages(text)


@pytest.mark.parametrize(
    "text",
    [
        "The 90s were a great decade for music.",
        "Growing up in the 90s must have been fun for kids.",
        "My driving class in 2024 starts next week.",
        "The school was built in 1999.",
    ],
)
def test_a_decade_or_year_not_of_the_writers_life_is_not(text: str) -> None:
    assert _ages(text) == []


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("I grew up in the 90s and loved Sega.", "I grew up in the 80s or 90s and loved Sega."),
        (
            "I was born in '88 so I remember dial-up.",
            "I was born in the 80s so I remember dial-up.",
        ),
    ],
)
def test_the_default_policy_sends_an_era_as_its_pair_of_decades(text: str, sent: str) -> None:
    from veil.policies.engine import FastStage
    from veil.policies.loader import load_site_policy
    from veil.rules.vault import Vault

    stage = FastStage(load_site_policy("default"))
    assert stage.run(text, Vault()).redacted.text == sent
