"""Decoys that change a person's gender keep the sentence agreeing: the pronouns that
refer back to the person change with the word (rules/operators/agreement.py, applied by
the fast stage's quasi-identifier half), and partner words said with "the" beside the
writer are the writer's partner."""

from __future__ import annotations

import pytest

from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.policies.schema import QI_ATTRIBUTES
from veil.rules.operators import QIOperator
from veil.rules.operators.agreement import agreements, gender_of_words
from veil.rules.quasi import find_disclosures
from veil.rules.vault import Vault

_MALE = {"he", "him", "his", "himself"}
_FEMALE = {"she", "her", "hers", "herself"}


@pytest.fixture(scope="module")
def decoy_stage() -> FastStage:
    base = load_site_policy("default")
    quasi = base.quasi_identifiers.model_copy(
        update={"enabled": True, "operators": dict.fromkeys(QI_ATTRIBUTES, QIOperator.DECOY)}
    )
    return FastStage(base.model_copy(update={"quasi_identifiers": quasi}))


def _words(text: str) -> list[str]:
    import re

    return re.findall(r"[a-z]+", text.casefold())


def _never(_start: int, _end: int) -> bool:
    return False


def _apply(text: str, found) -> str:
    out, position = [], 0
    for a in found:
        out += [text[position : a.start], a.replacement]
        position = a.end
    return "".join(out) + text[position:]


def test_the_pronouns_of_a_decoyed_partner_follow_the_decoy() -> None:
    text = (
        "My husband loves hiking. He says he can't live without it, bless him. His boots are old."
    )
    start = text.index("husband")
    out = _apply(text, agreements(text, start, start + 7, "husband", "girlfriend", True, _never))
    assert out == (
        "My husband loves hiking. She says she can't live without it, bless her. Her boots are old."
    )


def test_her_becomes_his_before_what_it_owns_and_him_as_an_object() -> None:
    text = "My wife called. I gave her her keys and thanked her."
    start = text.index("wife")
    out = _apply(text, agreements(text, start, start + 4, "wife", "boyfriend", True, _never))
    assert out == "My wife called. I gave him his keys and thanked him."


def test_another_person_of_the_same_gender_takes_the_later_pronouns() -> None:
    text = "My husband met my brother, and he said hi. Then she left."
    start = text.index("husband")
    out = _apply(text, agreements(text, start, start + 7, "husband", "fiancee", True, _never))
    # "he" may be the brother's from there on; "she" is someone else altogether
    assert out == text
    text = "My wife and my brother went fishing, and he caught a trout while she watched."
    start = text.index("wife")
    out = _apply(text, agreements(text, start, start + 4, "wife", "boyfriend", True, _never))
    assert out.endswith("he caught a trout while he watched.")


def test_a_name_between_stops_the_agreement() -> None:
    text = "My husband phoned Tom, and he laughed."
    start = text.index("husband")
    tom = text.index("Tom")
    found = agreements(
        text, start, start + 7, "husband", "wife", True, _never, names=[(tom, tom + 3)]
    )
    assert found == []


def test_a_partner_word_without_gender_changes_its_pronouns_gender() -> None:
    text = "I was snuggled up with my spouse, I guessed he was asleep. He says he isn't."
    start = text.index("spouse")
    out = _apply(text, agreements(text, start, start + 6, "spouse", "ex", True, _never))
    assert out == "I was snuggled up with my spouse, I guessed she was asleep. She says she isn't."


def test_the_writer_described_changes_only_a_possessive_in_the_same_phrase() -> None:
    text = "As an old bloke well into his seventies, I asked him about it."
    start = text.index("bloke")
    out = _apply(text, agreements(text, start, start + 5, "bloke", "gal", False, _never))
    assert out == "As an old bloke well into her seventies, I asked him about it."


def test_blocked_ranges_and_same_gender_decoys_are_left_alone() -> None:
    text = 'My husband laughed. "He is funny," she wrote.'
    start = text.index("husband")
    quoted = text.index('"')

    def blocked(s: int, e: int) -> bool:
        return s >= quoted

    assert agreements(text, start, start + 7, "husband", "wife", True, blocked) == []
    assert agreements(text, start, start + 7, "husband", "boyfriend", True, _never) == []
    assert gender_of_words("my late wife") == "f" and gender_of_words("partner") is None


@pytest.mark.parametrize(
    "text",
    [
        "My husband and I love hiking. He says he can't live without it, bless him.",
        "Last month it was my fiancé's birthday and he's into gaming, so I got him a keyboard.",
        "My wife is a teacher and she loves her job.",
    ],
)
def test_a_decoyed_partner_and_its_pronouns_agree_in_what_is_sent(decoy_stage, text) -> None:
    vault = Vault()
    sent = decoy_stage.run(text, vault).redacted.text
    words = _words(sent)
    partners = [w for w in words if gender_of_words(w) is not None and w not in ("i",)]
    assert partners, sent
    gender = gender_of_words(partners[0])
    pronouns = {w for w in words if w in _MALE | _FEMALE}
    assert pronouns <= (_MALE if gender == "m" else _FEMALE), sent


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("this could keep me and the fiance up well past our bed time", "fiance"),
        ("The boyfriend and I went to Lisbon last spring.", "boyfriend"),
        ("i get lost when shopping for my soon-to-be wife", "wife"),
        ("picnics lately with the hubs in the gardens", "hubs"),
        ("The mister and me, we're a duo", "mister"),
    ],
)
def test_a_partner_beside_the_writer_or_soon_to_be_is_the_writers(text: str, term: str) -> None:
    found = [d for d in find_disclosures(text) if d.attribute == "family"]
    assert [text[d.span.start : d.span.end].casefold() for d in found] == [term]
    assert found[0].subject == "writer"


def test_the_partner_of_someone_else_with_the_is_not_the_writers() -> None:
    for text in ("The husband of the victim spoke to reporters.", "the boyfriend was arrested"):
        assert [d for d in find_disclosures(text) if d.attribute == "family"] == []


@pytest.fixture(scope="module")
def default_stage() -> FastStage:
    return FastStage(load_site_policy("default"))


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        (
            "My husband and I love hiking. He says he can't live without it, bless him.",
            "My partner and I love hiking. They say they can't live without it, bless them.",
        ),
        (
            "My wife is great. Does she know it? Is she happy? She has two jobs.",
            "My partner is great. Do they know it? Are they happy? They have two jobs.",
        ),
        (
            "my girlfriend's birthday is soon and she's into gaming, so I got her a keyboard.",
            "my partner's birthday is soon and they're into gaming, so I got them a keyboard.",
        ),
        (
            "My husband told me he was tired and he's got no time for his hobbies.",
            "My partner told me they were tired and they've got no time for their hobbies.",
        ),
    ],
)
def test_a_partner_generalized_without_gender_is_they_and_the_verb_agrees(
    default_stage, text: str, sent: str
) -> None:
    assert default_stage.run(text, Vault()).redacted.text == sent


def test_without_a_parse_a_subject_pronoun_is_not_made_they() -> None:
    text = "My husband says he is tired, and I love him."
    start = text.index("husband")
    out = _apply(text, agreements(text, start, start + 7, "husband", "partner", True, _never))
    assert out == "My husband says he is tired, and I love them."


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("back in my day, us lasses had a tradition after exams.", "female"),
        ("us boys used to play cricket till sunset.", "male"),
        ("we chaps at the club love a pint.", "male"),
    ],
)
def test_the_writer_among_a_gendered_plural_is_a_gender(text: str, value: str) -> None:
    found = [d for d in find_disclosures(text) if d.attribute == "gender"]
    assert [(d.subject, d.value) for d in found] == [("writer", value)]


def test_a_gendered_plural_that_is_not_the_writers_is_no_gender() -> None:
    assert [d for d in find_disclosures("the boys next door are loud.")] == []
