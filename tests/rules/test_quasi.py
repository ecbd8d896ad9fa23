"""Quasi-identifier recognizers: what the writer discloses about themselves or people
they know, and what must be left alone (numbers that are not ages, code, quotations,
public figures, questions about a category)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from veil.rules import labels
from veil.rules.quasi import (
    degree_level,
    find_disclosures,
    health_category,
    implied_gender,
    occupation_group,
)
from veil.rules.spans import Span

YEAR = 2025


def found(text: str, **kwargs: object) -> list[tuple[str, str, str, object]]:
    """(words, attribute, subject, value) for each disclosure."""
    return [
        (text[d.span.start : d.span.end], d.attribute, d.subject, d.value)
        for d in find_disclosures(text, year=YEAR, **kwargs)  # type: ignore[arg-type]
    ]


def words_of(text: str, attribute: str) -> list[str]:
    return [w for w, a, _, _ in found(text) if a == attribute]


def test_the_issue_example() -> None:
    text = (
        "I'm a 34-year-old ICU nurse at Mercy Hospital in Portland, married with two kids... "
        "My husband Tom works at Intel"
    )
    result = found(text)
    assert ("34-year-old", "age", "writer", 34) in result
    assert ("ICU nurse", "occupation", "writer", "icu nurse") in result
    assert ("married", "family", "writer", "married") in result
    assert ("two kids", "family", "writer", 2) in result
    assert ("husband", "family", "writer", "husband") in result
    assert ("Intel", "employer", "acquaintance", "Intel") in result
    assert ("Portland", "location", "writer", "Portland") in result


def test_spans_carry_qi_labels_and_source() -> None:
    disclosures = find_disclosures("I'm 34 and I have type 2 diabetes.", year=YEAR)
    assert [(d.span.label, d.span.source) for d in disclosures] == [
        (labels.AGE, "quasi.v1"),
        (labels.HEALTH, "quasi.v1"),
    ]


# --- age -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "value", "subject"),
    [
        ("I'm 34 and tired of it.", "34", 34, "writer"),
        ("i am 52, so take this with a grain of salt", "52", 52, "writer"),
        ("I'm 34 years old.", "34 years old", 34, "writer"),
        ("As a 24yr old fashion designer, I can't recall dial-up.", "24yr old", 24, "writer"),
        ("As a 26yo now, I mostly just browse.", "26yo", 26, "writer"),
        ("I (29F) need advice about my landlord", "29", 29, "writer"),
        ("My daughter just turned 16 and wants a car.", "16", 16, "acquaintance"),
        ("my son is 12, is that too young for a phone?", "12", 12, "acquaintance"),
        ("I have a 5-year-old who won't sleep.", "5-year-old", 5, "acquaintance"),
        ("I just turned forty and feel great", "forty", 40, "writer"),
        ("I was born in 1988 in a small town.", "1988", 37, "writer"),
        ("I was born in '91.", "'91", 34, "writer"),
        ("I'm in my early thirties and single.", "early thirties", 32, "writer"),
        ("my dad is in his late 60s", "late 60s", 68, "acquaintance"),
        ("I'm a junior in high school", "junior in high school", 16, "writer"),
        ("Class of 2010 here, I graduated with honors.", "2010", 33, "writer"),
        ("Back when I was in uni in the 90s we had dial-up.", "90s", 50, "writer"),
        ("being born in the late 50s, my teens fell in the 70s", "late 50s", 67, "writer"),
        ("I'm retired now and garden a lot.", "retired", None, "writer"),
        ("Today is my 40th birthday!", "40th", 40, "writer"),
    ],
)
def test_ages(text: str, words: str, value: object, subject: str) -> None:
    ages = [(w, v, s) for w, a, s, v in found(text) if a == "age"]
    assert (words, value, subject) in ages


@pytest.mark.parametrize(
    "text",
    [
        "I have 34 files in the folder.",
        "We're on version 34 of the app.",
        "It's 34 degrees outside today.",
        "I'm in room 34 on the third floor.",
        "I paid $34 for it.",
        "I'm taking a 34-year mortgage.",
        "I live in a 30-year-old building.",
        "I drank a 30-year-old whisky.",
        "I'm 5 minutes away.",
        "I'm 100% sure about it.",
        "I'm 5'10 and 180 lbs.",
        "The meeting is at 10:34 and I'm 2 hours late.",
        "The 34-year-old suspect fled the scene.",
        "Taylor Swift is 34.",
        "How old do you have to be to rent a car? Is 21 enough?",
        "Mozart was born in 1756.",
        "I was 14 when that came out.",
        "My cat just turned 12.",
    ],
)
def test_numbers_that_are_not_ages_are_left_alone(text: str) -> None:
    assert words_of(text, "age") == []


# --- location, birthplace, nationality ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "attribute", "subject"),
    [
        ("here in toronto we have long winters", "toronto", "location", "writer"),
        ("I live in Leeds with my partner.", "Leeds", "location", "writer"),
        ("We moved to Lisbon last year.", "Lisbon", "location", "writer"),
        ("I'm from Cleveland, Ohio originally.", "Cleveland, Ohio", "birthplace", "writer"),
        ("I grew up in bologna and loved it", "bologna", "birthplace", "writer"),
        ("my mum is from Lagos", "Lagos", "birthplace", "acquaintance"),
        ("Istanbul, the city i live in, is like a museum.", "Istanbul", "location", "writer"),
        ("We live in Ballard, near the locks.", "Ballard", "location", "writer"),
        ("my postcode is SW1A 1AA", "SW1A 1AA", "location", "writer"),
        ("As a kiwi I find this odd.", "kiwi", "nationality", "writer"),
        ("I'm Canadian, so poutine is a staple.", "Canadian", "nationality", "writer"),
        ("fellow Aussies will get it", "Aussies", "nationality", "writer"),
        ("I'm a Londoner through and through", "Londoner", "location", "writer"),
    ],
)
def test_places(text: str, words: str, attribute: str, subject: str) -> None:
    assert (words, attribute, subject) in [(w, a, s) for w, a, s, _ in found(text)]


@pytest.mark.parametrize(
    "text",
    [
        "3 days in Rome in August: is the Colosseum too hot in the afternoon?",
        "What is the capital of Australia?",
        "I'm going to Paris next week for a conference.",
        "I live in fear of spiders.",
        "I grew up in a small town.",
        "As an English teacher I correct essays.",
        "I'd like a Spanish omelette recipe.",
    ],
)
def test_places_that_are_topics_or_not_places_are_left_alone(text: str) -> None:
    assert [a for _, a, _, _ in found(text) if a in ("location", "birthplace", "nationality")] == []


# --- occupation, employer, income ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "subject"),
    [
        ("I'm a software engineer at a startup.", "software engineer", "writer"),
        ("As a nurse, I see this every day.", "nurse", "writer"),
        ("couldnt agree more! as a waiter much of my work depends on tips", "waiter", "writer"),
        ("my job as a chef keeps me busy", "chef", "writer"),
        ("My wife is a dentist.", "dentist", "acquaintance"),
        ("we nurses never get a break", "nurses", "writer"),
        ("I'm a psychologist by profession.", "psychologist", "writer"),
        ("being an astronomer and all, I look up a lot", "astronomer", "writer"),
        ("I'm a retired teacher.", "teacher", "writer"),
    ],
)
def test_occupations(text: str, words: str, subject: str) -> None:
    assert (words, subject) in [(w, s) for w, a, s, _ in found(text) if a == "occupation"]


@pytest.mark.parametrize(
    "text",
    [
        "What do nurses earn in the UK?",
        "Nurses in the UK earn about £30k a year.",
        "Is it hard to work as a nurse?",
        "Skills such as a teacher would need.",
        "I'm a big fan of chefs on TV.",
    ],
)
def test_occupations_as_a_category_are_left_alone(text: str) -> None:
    assert [a for _, a, _, _ in found(text) if a in ("occupation", "income")] == []


def test_employers_and_workplaces() -> None:
    assert ("Google", "writer") in [
        (w, s) for w, a, s, _ in found("I work at Google in Zurich.") if a == "employer"
    ]
    assert ("hospital", "writer") in [
        (w, s) for w, a, s, _ in found("I work in a hospital.") if a == "employer"
    ]
    assert words_of("I work in IT.", "employer") == []


@pytest.mark.parametrize(
    ("text", "words", "value"),
    [
        ("I make $85k a year before tax.", "$85k", 85_000),
        ("my salary is £40,000", "£40,000", 40_000),
        ("I earn 25 dollars an hour", "25 dollars", 52_000),
        ("we bring in about six figures", "six figures", "six figures"),
    ],
)
def test_incomes(text: str, words: str, value: object) -> None:
    assert (words, "income", "writer", value) in found(text)


# --- education ----------------------------------------------------------------------


def test_education() -> None:
    assert ("Masters in finance", "education", "writer", "master") in found(
        "I did my Masters in finance at UWA."
    )
    assert ("PhD", "education", "writer", "doctorate") in found("I have a PhD, but still.")
    assert ("economics", "education", "writer", "economics") in found(
        "I majored in economics at college."
    )
    assert ("University of Leeds", "education", "writer", "University of Leeds") in found(
        "I graduated from the University of Leeds."
    )
    assert words_of("Do you need a master's to teach?", "education") == []
    assert words_of("ma said no. My MS Word crashed", "education") == []


# --- family and gender --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "value", "subject"),
    [
        ("I'm divorced and happy.", "divorced", "divorced", "writer"),
        ("We got married in June.", "married", "married", "writer"),
        ("my late husband loved vinyl", "late husband", "late husband", "writer"),
        ("me and my girlfriend went hiking", "girlfriend", "girlfriend", "writer"),
        ("my son's wife is lovely", "wife", "wife", "acquaintance"),
        ("As a dad of two, I'm always tired.", "dad of two", "dad", "writer"),
        ("I have three kids under five", "three kids", 3, "writer"),
        ("got me into trouble with the mrs", "mrs", "mrs", "writer"),
    ],
)
def test_family(text: str, words: str, value: object, subject: str) -> None:
    assert (words, "family", subject, value) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm engaged in a long project.",
        "I'm single-handedly running this.",
        "Married couples file jointly in the US.",
        "the wife of the president spoke",
    ],
)
def test_family_words_that_are_not_disclosures(text: str) -> None:
    assert words_of(text, "family") == []


def test_gender() -> None:
    assert ("woman", "gender", "writer", "female") in found("As a woman in tech, I see it.")
    assert ("F", "gender", "writer", "female") in found("I (34F) asked my boss for a raise.")
    dad = next(
        d for d in find_disclosures("As a dad of two, I'm tired.") if d.attribute == "family"
    )
    assert implied_gender(dad) == "male"
    husband = find_disclosures("my husband cooks")[0]
    assert implied_gender(husband) is None
    assert words_of("I'm a Manchester United fan.", "gender") == []


# --- health, religion, ethnicity, orientation ---------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "attribute", "subject"),
    [
        ("I have type 2 diabetes.", "type 2 diabetes", "health", "writer"),
        ("I was diagnosed with ADHD last year", "ADHD", "health", "writer"),
        ("my son has autism", "autism", "health", "acquaintance"),
        ("I'm diabetic, so no sugar", "diabetic", "health", "writer"),
        ("my anxiety gets worse at night", "anxiety", "health", "writer"),
        ("I'm Catholic and gay.", "Catholic", "religion", "writer"),
        ("I'm Catholic and gay.", "gay", "orientation", "writer"),
        ("As a Black woman, I notice it.", "Black", "ethnicity", "writer"),
        ("Every Sunday after church we eat eggs.", "church", "religion", "writer"),
    ],
)
def test_identity(text: str, words: str, attribute: str, subject: str) -> None:
    assert (words, attribute, subject) in [(w, a, s) for w, a, s, _ in found(text)]


@pytest.mark.parametrize(
    "text",
    [
        "What are the symptoms of type 2 diabetes?",
        "Diabetes rates are rising worldwide.",
        "Is gay marriage legal in Italy?",
        "What is Catholicism about?",
        "I'm straight up exhausted.",
    ],
)
def test_identity_as_a_topic_is_left_alone(text: str) -> None:
    assert found(text) == []


# --- code, quotations, protected spans ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'She said "I am 34 and a nurse" and left.',
        "he told me 'I'm 34 and divorced' at the bar",
        "> I'm 34 and I live in Leeds\nWhat do you make of that?",
        "Run `I'm 34` in the shell.",
        "```\nage = 34  # I'm 34\nprint('I live in Leeds')\n```",
        'if (age == 34) { console.log("I\'m a nurse"); }',
    ],
)
def test_code_and_quotations_are_left_alone(text: str) -> None:
    assert found(text) == []


def test_protected_spans_are_skipped() -> None:
    text = "I live in Leeds and I'm 34."
    start = text.index("Leeds")
    protected = [Span(start, start + 5, labels.LOCATION, 0.9, "spacy.ner.v1")]
    result = found(text, protected=protected)
    assert [w for w, *_ in result] == ["34"]


# --- helpers for the operators ------------------------------------------------------


def test_helpers() -> None:
    assert occupation_group("ICU nurse") == "Professionals"
    assert occupation_group("truck driver") == "Plant and machine operators, and assemblers"
    assert occupation_group("astronaut of dreams") is None
    assert degree_level("Masters in finance") == "master"
    assert degree_level("B.Sc. in biology") == "bachelor"
    assert degree_level("PhD") == "doctorate"
    assert health_category("type 2 diabetes") == "endocrine"


def test_derived_age_uses_the_year_given() -> None:
    text = "I was born in 1990."
    assert find_disclosures(text, year=2020)[0].value == 30
    assert find_disclosures(text, year=2030)[0].value == 40


# --- properties ---------------------------------------------------------------------

_DISCLOSURES = [
    "I'm 34",
    "I'm a 34-year-old nurse",
    "here in toronto",
    "my husband works at Intel",
    "I was born in 1988",
    "I make $85k a year",
    "I have type 2 diabetes",
    "as a dad of two",
    "I'm Catholic",
    "married with two kids",
]
_FILLER = st.text(
    alphabet=st.sampled_from(list("abcdefghij klmnop,.!?'\"`>\n()0123456789$-")), max_size=40
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(before=_FILLER, disclosure=st.sampled_from(_DISCLOSURES), after=_FILLER)
def test_spans_are_inside_the_text_sorted_disjoint_and_deterministic(
    before: str, disclosure: str, after: str
) -> None:
    text = before + disclosure + after
    first = find_disclosures(text, year=YEAR)
    assert first == find_disclosures(text, year=YEAR)
    for d in first:
        assert 0 <= d.span.start < d.span.end <= len(text)
        assert d.subject in ("writer", "acquaintance")
    for left, right in itertools.pairwise(first):
        assert left.span.end <= right.span.start


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_is_handled(text: str) -> None:
    for d in find_disclosures(text, year=YEAR):
        assert text[d.span.start : d.span.end].strip()


@pytest.mark.parametrize(
    ("module", "frame", "text"),
    [
        ("place", "_RESIDENCE", "I currently live in Leeds"),
        ("place", "_WHERE_AFTER", "Leeds, the town where I grew up"),
        ("place", "_WHERE_AFTER", "Leeds is my hometown"),
        ("age", "_PAREN_AGE", "me (34F) and my husband (36M)"),
        ("age", "_TURNED", "my mum just turned 60"),
        ("family", "_HAVE_ONE", "we have a little daughter"),
        ("work", "_MY_PAY", "my annual salary is about $85k"),
    ],
)
def test_a_frames_needed_part_is_found_wherever_the_frame_matches(module, frame, text):
    # the gate skips a frame where its needed part is missing: never where it matches
    import importlib

    gated = getattr(importlib.import_module(f"veil.rules.quasi.{module}"), frame)
    assert gated.pattern.search(text) is not None
    assert gated.need.search(text) is not None and gated.possible(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab_.(){}[]<>=! 1x", max_size=40))
def test_the_count_of_code_marks_is_never_below_what_the_pattern_finds(line):
    # a line is searched for marks only where this bound reaches three
    from veil.rules.quasi import regions

    assert regions._at_most_marks(line) >= len(regions._CODE_MARKS.findall(line))
