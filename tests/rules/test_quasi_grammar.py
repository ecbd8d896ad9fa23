"""The grammar reader of rules/quasi (grammar.py): disclosures the cue frames do not
reach, found from who the subject is, what a possessive attaches to and which verb
governs, in any tense; and what it must leave alone (third parties who are topics,
suppositions, objects that are not people, topics of reading and talking)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from veil.rules.operators import QIOperator, apply_operators
from veil.rules.quasi import events, find_disclosures, grammar
from veil.rules.vault import Vault

YEAR = 2025
_SLOW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(text: str) -> list[tuple[str, str, str, object]]:
    """(words, attribute, subject, value) the grammar reader alone finds."""
    return [
        (text[c.start : c.end], c.attribute, c.subject, c.value) for c in grammar.find(text, YEAR)
    ]


def disclosed(text: str) -> list[tuple[str, str, str, object]]:
    return [
        (text[d.span.start : d.span.end], d.attribute, d.subject, d.value)
        for d in find_disclosures(text, year=YEAR)
    ]


# --- reaching an age -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "value", "subject"),
    [
        ("I turned 34 last week, and nobody noticed.", "34", 34, "writer"),
        ("We both hit 60 this spring.", "60", 60, "writer"),
        ("I'm turning 45 in August and dreading it.", "45", 45, "writer"),
        ("Now that I've turned 52, my knees complain.", "52", 52, "writer"),
        ("Last month my brother reached 70 and threw a party.", "70", 70, "acquaintance"),
        ("My daughter turned thirteen yesterday.", "thirteen", 13, "acquaintance"),
    ],
)
def test_an_age_reached_or_had_is_read_in_any_tense(
    text: str, words: str, value: int, subject: str
) -> None:
    assert (words, "age", subject, value) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Explain it like I'm 15.",  # a supposition
        "If I were 20 again I would travel more.",
        "I was 19 when the wall fell.",  # an age then, not now
        "The 34-year-old suspect turned 35 in custody.",  # a third party, a topic
        "My cat turned 12 on Sunday.",  # not a person
        "Our car hit 200 on the motorway.",
        "I turned 90 degrees and walked on.",  # a unit
        "We're 5 minutes away from the station.",
        "I hit 40 pages of my thesis today.",
    ],
)
def test_no_age_where_the_grammar_gives_none(text: str) -> None:
    assert [w for w, a, _, _ in read(text) if a == "age"] == []


@pytest.mark.parametrize(
    ("text", "value", "subject"),
    [
        ("Now at 58, I sleep less than I used to.", 58, "writer"),
        ("At 45, I still love arcade games.", 45, "writer"),
        ("Now at 41, my kitchen is my playground.", 41, "writer"),
        ("At 12, my son still collects stickers.", 12, "acquaintance"),
    ],
)
def test_an_age_one_is_at_now(text: str, value: int, subject: str) -> None:
    assert (str(value), "age", subject, value) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "At 25 I had my first kid.",  # an age then
        "I wake at 6 am every day.",
        "We meet at 7 every Friday.",
        "I'm at 90 percent on the project.",
        "At 61, the suspect is still at large.",
    ],
)
def test_an_age_at_then_or_a_time_of_day_is_none(text: str) -> None:
    assert [w for w, a, _, _ in read(text) if a == "age"] == []


@_SLOW
@given(
    age=st.integers(min_value=13, max_value=110),
    frame=st.sampled_from(
        [
            "I turned {n} last week.",
            "Yesterday I turned {n}.",
            "We have both turned {n} since then.",
            "I hit {n} in May and celebrated quietly.",
        ]
    ),
)
def test_any_writer_age_in_the_frames_is_read(age: int, frame: str) -> None:
    text = frame.format(n=age)
    assert (str(age), "age", "writer", age) in read(text)


@_SLOW
@given(
    number=st.integers(min_value=0, max_value=999),
    unit=st.sampled_from(["percent", "pages", "degrees", "minutes", "points", "fps", "pm", "GB"]),
    frame=st.sampled_from(["I hit {n} {u} today.", "Now at {n} {u}, I see no lag."]),
)
def test_a_counted_unit_is_never_an_age(number: int, unit: str, frame: str) -> None:
    text = frame.format(n=number, u=unit)
    assert [c for c in read(text) if c[1] == "age"] == []


# --- relationship events ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "value", "subject"),
    [
        ("Since my divorce, the house has been quiet.", "divorce", "divorced", "writer"),
        ("We're going through a separation right now.", "separation", "divorced", "writer"),
        ("Our wedding is booked for June.", "wedding", "married", "writer"),
        ("My wife and I divorced in 2015.", "divorced", "divorced", "writer"),
        ("We separated two years ago.", "separated", "divorced", "writer"),
        ("I married my college sweetheart.", "married", "married", "writer"),
        ("My brother's divorce was messy.", "divorce", "divorced", "acquaintance"),
        ("My parents separated when I was ten.", "separated", "divorced", "acquaintance"),
    ],
)
def test_relationship_events_give_a_status(text: str, words: str, value: str, subject: str) -> None:
    assert (words, "family", subject, value) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I read an article about divorce rates.",  # a topic
        "I went to a wedding last week.",  # someone else's event
        "I separated the eggs first.",  # not a person
        "If we divorced, who would keep the dog?",  # a supposition
        "She hired a divorce lawyer.",  # a modifier
        "Celebrities' weddings are always in the news.",
    ],
)
def test_no_status_without_the_writer_or_a_relation(text: str) -> None:
    assert [w for w, a, _, _ in read(text) if a == "family"] == []


# --- occupation from a career stage or from practising it ------------------------------


@pytest.mark.parametrize(
    ("text", "words", "value"),
    [
        ("Back when I was doing my residency, we barely slept.", "residency", "doctor"),
        ("I'm on my second deployment and miss home.", "deployment", "soldier"),
        ("It was my first year teaching and I was lost.", "teaching", "teacher"),
        ("I spent twenty years nursing before I retired.", "nursing", "nurse"),
        ("I've been teaching since 2010.", "teaching", "teacher"),
        ("I teach third grade in a small town.", "teach", "teacher"),
        ("I tutored for three years in college.", "tutored", "tutor"),
        ("I was teaching history around that time.", "teaching", "teacher"),
        ("I used to lecture on medieval law.", "lecture", "lecturer"),
        ("My students never read the syllabus.", "students", "teacher"),
        ("Our patients wait far too long.", "patients", "doctor"),
    ],
)
def test_an_occupation_read_from_a_stage_or_its_practice(text: str, words: str, value: str) -> None:
    assert (words, "occupation", "writer", value) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I taught my son to ride a bike.",  # a person taught: not a job
        "Can you teach me to code?",
        "I want to teach English someday.",  # a goal
        "Residency programs are competitive.",  # a topic
        "I read about the nursing shortage.",
        "I was nursing a beer at the bar.",  # no job takes an object here
        "My fellow students were kind.",  # the writer is one of them
        "The patients were moved upstairs.",  # no one's
    ],
)
def test_no_occupation_from_teaching_someone_once(text: str) -> None:
    assert [w for w, a, _, _ in read(text) if a == "occupation"] == []


# --- stages of education ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "value", "subject"),
    [
        ("Back in college I played bass in a band.", "college", "bachelor", "writer"),
        ("During my grad school years I lived on noodles.", "grad school", "master", "writer"),
        ("I dropped out of law school after a year.", "law school", "doctorate", "writer"),
        ("When I was in high school I played chess.", "high school", "secondary", "writer"),
        ("My son is in college now.", "college", "bachelor", "acquaintance"),
    ],
)
def test_a_stage_of_education(text: str, words: str, value: str, subject: str) -> None:
    assert (words, "education", subject, value) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I teach at a college.",  # work there
        "I got a job at a university.",
        "I want to go to college.",  # a goal
        "I'm applying to colleges.",  # a choice among many
        "I read a book about college life.",
        "The college announced new fees.",
    ],
)
def test_no_education_from_working_at_or_wanting_a_school(text: str) -> None:
    assert [w for w, a, _, _ in read(text) if a == "education"] == []


@pytest.mark.parametrize(
    ("text", "words", "value", "subject"),
    [
        ("Our twins start kindergarten next month.", "kindergarten", 5, "acquaintance"),
        ("My son is in middle school now.", "middle school", 12, "acquaintance"),
        ("My daughter attends preschool three days a week.", "preschool", 4, "acquaintance"),
        ("I'm in high school and I love chess.", "high school", 16, "writer"),
    ],
)
def test_a_stage_of_school_one_is_in_now_gives_an_age(
    text: str, words: str, value: int, subject: str
) -> None:
    assert (words, "age", subject, value) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "When I was in high school I played chess.",  # then: education, not an age
        "I teach kindergarten in Leeds.",  # work
        "Kindergarten starts at 8 in most towns.",  # no one's
        "If I were in high school now, I'd learn Rust.",  # a supposition
    ],
)
def test_no_age_from_a_school_stage_past_worked_at_or_supposed(text: str) -> None:
    assert [w for w, a, _, _ in read(text) if a == "age"] == []


# --- the parse's cost and the public/private side --------------------------------------


def test_sentences_without_a_first_person_word_are_not_parsed() -> None:
    text = "The suspect turned 34. Divorce rates rose. Nurses teach patients."
    assert grammar._sentences(text) == []
    text = "Weather was fine. I turned 34 last week."
    assert grammar._sentences(text) == [(text.index("I"), len(text))]


def test_a_first_person_sentence_without_an_attribute_word_is_not_parsed() -> None:
    assert grammar._sentences("I think we should refactor this module.") == []


def test_the_cue_frames_keep_their_spans() -> None:
    # "I'm 34" is the copula frame's; the grammar's reading of it never displaces it
    assert disclosed("I'm 34 and I turned 34 in March.")[0][:2] == ("34", "age")
    assert sum(1 for w, a, _, _ in disclosed("I'm 34 now.") if a == "age") == 1


# --- the operators keep the part of speech ---------------------------------------------

_ALL = ("age", "family", "occupation", "education")


def rewritten(text: str, operator: QIOperator) -> str:
    found = find_disclosures(text, year=YEAR)
    operations = apply_operators(text, found, dict.fromkeys(_ALL, operator), Vault())
    for operation in sorted(operations, key=lambda o: -o.disclosure.span.start):
        if operation.replacement is not None:
            span = operation.disclosure.span
            text = text[: span.start] + operation.replacement + text[span.end :]
    return text


@pytest.mark.parametrize(
    ("text", "generalized"),
    [
        ("Since my divorce, the house is quiet.", "Since my breakup, the house is quiet."),
        ("It was my first year teaching.", "It was my first year working."),
        ("I've been nursing for years.", "I've been working for years."),
        ("When I did my residency, I slept little.", "When I did my training, I slept little."),
        ("We separated in 2019.", "We split up in 2019."),
        ("Back in college I played bass.", "Back in school I played bass."),
        ("Our twins start kindergarten soon.", "Our twins start school soon."),
    ],
)  # fmt: skip
def test_generalizing_keeps_the_sentence_well_formed(text: str, generalized: str) -> None:
    assert rewritten(text, QIOperator.GENERALIZE) == generalized


@pytest.mark.parametrize(
    "text",
    [
        "Since my divorce, the house is quiet.",
        "It was my first year teaching.",
        "When I did my residency, I slept little.",
        "We separated in 2019.",
        "Our twins start kindergarten soon.",
    ],
)
def test_a_decoy_changes_the_value(text: str) -> None:
    decoyed = rewritten(text, QIOperator.DECOY)
    assert decoyed != text
    assert decoyed != rewritten(text, QIOperator.GENERALIZE)


@given(form=st.sampled_from(sorted(events.PRACTICE_FORMS)), seed=st.integers(0, 2**16))
def test_a_practice_verb_decoy_is_another_occupation_in_the_same_form(form: str, seed: int) -> None:
    from veil.rules.operators import life_events
    from veil.rules.quasi.disclosure import Candidate

    stem, kind = events.PRACTICE_FORMS[form]
    candidate = Candidate(0, len(form), "occupation", "writer", "x", "practice").disclosure()
    made = life_events.decoy(candidate, form, random.Random(seed))
    assert made is not None
    other, other_kind = events.PRACTICE_FORMS[made]
    assert other_kind == kind or events.inflect(other, kind) == made
    assert events.PRACTICE_VERBS[other] != events.PRACTICE_VERBS[stem]
    assert life_events.generalize(candidate, form) == events.inflect("work", kind)


@pytest.mark.parametrize("term", ["partner", "other half", "better half", "significant other"])
def test_every_ungendered_partner_word_gets_a_status_decoy(term: str) -> None:
    # no gender to swap: the decoy tells another status
    assert rewritten(f"My {term} and I cook together.", QIOperator.DECOY) == (
        "My ex and I cook together."
    )
