"""Quasi-identifier operators (generalize, decoy, keep, warn), the geography behind them
and the residual-risk estimate."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.policies.quasi_stage import _rewrite
from veil.rules import geography
from veil.rules.operators import QIOperator, apply_operators, decoys
from veil.rules.restore import Restorer
from veil.rules.risk import estimate, kappa
from veil.rules.spans import Span
from veil.rules.vault import Vault, VaultSnapshot


@dataclass(frozen=True)
class Said:
    """A disclosure as rules.quasi reports one (the operators take any such object)."""

    span: Span
    attribute: str
    subject: str = "writer"
    value: object = None
    detail: str = ""


def said(text: str, words: str, attribute: str, **fields) -> Said:
    start = text.index(words)
    span = Span(start, start + len(words), attribute.upper(), 1.0, "quasi.v1")
    return Said(span, attribute, **fields)


def rewritten(text: str, disclosures, operator: QIOperator, vault: Vault | None = None) -> str:
    vault = Vault(rng=random.Random(7)) if vault is None else vault
    operators = dict.fromkeys({d.attribute for d in disclosures}, operator)
    operations = apply_operators(text, disclosures, operators, vault)
    out, position = [], 0
    for operation in operations:
        rewrite = _rewrite(text, operation)
        start = rewrite.start if rewrite.start is not None else rewrite.span.start
        out += [text[position:start], rewrite.replacement or text[start : rewrite.span.end]]
        position = rewrite.span.end
    return "".join(out) + text[position:]


NURSE = (
    "I'm a 34-year-old nurse in Portland, married with two kids. "
    "My husband works at Mercy Hospital and makes $85k a year."
)


def nurse_disclosures() -> list[Said]:
    return [
        said(NURSE, "34-year-old", "age", value=34, detail="age"),
        said(NURSE, "Portland", "location", value="Portland", detail="city"),
        said(NURSE, "married", "family"),
        said(NURSE, "two kids", "family"),
        said(NURSE, "husband", "family", subject="acquaintance"),
        said(NURSE, "Mercy Hospital", "employer", subject="acquaintance"),
        said(NURSE, "$85k a year", "income"),
    ]


def test_generalize_says_each_fact_less_precisely() -> None:
    out = rewritten(NURSE, nurse_disclosures(), QIOperator.GENERALIZE)
    assert out == (
        "I'm a 30-something nurse in Oregon, in a relationship with kids. "
        "My partner works at a healthcare provider and makes $50-100k a year."
    )


def test_decoys_are_other_values_of_the_same_kind_and_restore() -> None:
    vault = Vault(rng=random.Random(3))
    out = rewritten(NURSE, nurse_disclosures(), QIOperator.DECOY, vault)
    for original in ("34-year-old", "Portland", "husband", "Mercy Hospital", "$85k"):
        assert original not in out
    partner = next(e.pseudonym for e in vault.entries() if e.value == "husband")
    assert "-year-old nurse in " in out and f"My {partner} works" in out
    decoy_city = next(e.pseudonym for e in vault.entries() if e.value == "Portland")
    found = geography.city(decoy_city)
    assert found is not None and found.country.code == "US"
    assert geography.city("Portland").population / 3 <= found.population
    # The model's answer speaks of the decoys; the user reads their own values.
    answer = f"As a {out.split()[2]} in {decoy_city}, your {partner.title()} could ask about it."
    restored = Restorer.for_vault(vault).restore(answer)
    assert restored == "As a 34-year-old in Portland, your Husband could ask about it."


def test_a_decoy_is_the_same_in_every_turn_and_survives_a_snapshot() -> None:
    vault = Vault(rng=random.Random(11))
    first = rewritten(NURSE, nurse_disclosures(), QIOperator.DECOY, vault)
    again = Vault.from_snapshot(VaultSnapshot(vault.style, vault.entries()))
    assert rewritten(NURSE, nurse_disclosures(), QIOperator.DECOY, again) == first


def test_a_decoy_never_uses_a_word_of_the_text_itself() -> None:
    # every partner word of the other gender and another status is taken: no decoy
    text = "My husband and my girlfriend's fiancee"
    out = rewritten(text, [said(text, "husband", "family")], QIOperator.DECOY)
    assert out == "My partner and my girlfriend's fiancee"  # fell back to generalizing


@pytest.mark.parametrize(
    ("text", "word"),
    [("As a Kenyan I love chai", "Kenyan"), ("we french folks eat late", "french")],
)
def test_a_nationality_decoy_is_another_nationality_and_restores(text, word) -> None:
    vault = Vault(rng=random.Random(5))
    out = rewritten(
        text, [said(text, word, "nationality", detail="demonym")], QIOperator.DECOY, vault
    )
    decoy = next(e.pseudonym for e in vault.entries() if e.value == word)
    assert word not in out and decoy in out
    assert decoy.islower() == word.islower()
    assert Restorer.for_vault(vault).restore(out) == text


def test_allow_and_warn_send_the_words_unchanged() -> None:
    for operator in (QIOperator.ALLOW, QIOperator.WARN):
        assert rewritten(NURSE, nurse_disclosures(), operator) == NURSE


def test_no_decoy_for_health_falls_back_to_generalize() -> None:
    text = "I was diagnosed with type 2 diabetes last year."
    disclosure = said(text, "type 2 diabetes", "health")
    operations = apply_operators(text, [disclosure], {"health": QIOperator.DECOY}, Vault())
    assert operations[0].operator is QIOperator.GENERALIZE
    assert operations[0].asked is QIOperator.DECOY
    assert operations[0].replacement == "a health condition"


@pytest.mark.parametrize(
    ("text", "words", "value", "detail", "expected"),
    [
        ("I'm 34 and tired", "34", 34, "age", "I'm 30-something and tired"),
        ("I am 34 years old.", "34 years old", 34, "age", "I am in my 30s."),
        ("my 16-year-old daughter", "16-year-old", 16, "age", "my teenage daughter"),
        ("She is 16 years old", "16 years old", 16, "age", "She is a teenager"),
        ("I was born in 1988.", "1988", 1988, "birth_year", "I was born in the 1980s."),
        ("an 81-year-old retiree", "81-year-old", 81, "age", "an 80-something retiree"),
        ("throwaway (34F) here", "34F", 34, "age", "throwaway (30sF) here"),
        ("an 8 year old boy", "8 year old", 8, "age", "a young boy"),
        ("As a 26yo now, I", "26yo", 26, "age", "As a 20-something now, I"),
        # a decade is a band already; "early" or "late" in it says a little more
        ("I'm a guy in my 30s", "30s", 30, "age", "I'm a guy in my 30s"),
        ("now in my early 40s,", "early 40s", 40, "age", "now in my 40s,"),
    ],
)
def test_age_bands(text: str, words: str, value: int, detail: str, expected: str) -> None:
    disclosure = said(text, words, "age", value=value, detail=detail)
    assert rewritten(text, [disclosure], QIOperator.GENERALIZE) == expected


@pytest.mark.parametrize(
    ("text", "words", "attribute", "expected"),
    [
        ("I have a PhD in chemistry", "a PhD in chemistry", "education",
         "I have a postgraduate degree"),
        ("I did a Bachelors in History", "Bachelors in History", "education", "I did a degree"),
        ("for my Bachelors. Reading", "Bachelors", "education", "for my degree. Reading"),
        ("I work at First National Bank", "First National Bank", "employer",
         "I work at a financial firm"),
        ("As a mom of three I", "mom of three", "family", "As a parent I"),
        ("As a woman I", "woman", "gender", "As a person I"),
        ("I make 4,500 a month", "4,500 a month", "income", "I make 50-100k a year"),
        ("I'm a Kiwi", "Kiwi", "nationality", "I'm an Oceanian"),
        ("my zip is 97201", "97201", "location", "my zip is 972xx"),
    ],
)  # fmt: skip
def test_hierarchies(text: str, words: str, attribute: str, expected: str) -> None:
    detail = "postcode" if attribute == "location" else ""
    disclosure = said(text, words, attribute, detail=detail)
    assert rewritten(text, [disclosure], QIOperator.GENERALIZE) == expected


def test_places_generalize_until_enough_people_live_there() -> None:
    assert geography.generalize("Portland", 2_000_000).name == "Oregon"
    assert geography.generalize("Zurich", 2_000_000).name == "Switzerland"
    assert geography.generalize("London", 2_000_000).name == "London"  # big enough itself
    assert geography.generalize("Reykjavik", 2_000_000).name == "Europe"  # a small country
    assert geography.generalize("Reykjavik", 150_000).name == "Iceland"
    assert geography.generalize("Atlantis Prime", 1000) is None
    assert geography.generalize("Tokyo, Japan", 50_000_000).name == "Japan"
    assert geography.city("Portland, Oregon").region == "Oregon"
    assert geography.city("Portland, France") is None
    # A name that is a town and a state is the state once veil wrote it as an area.
    assert geography.population_of("Oregon", area_first=True) > 1_000_000


def test_kappa_is_the_expected_inverse_crowd_size() -> None:
    assert kappa(0) == 1.0
    assert kappa(1e9) == pytest.approx(1e-9)
    assert kappa(1.0) == pytest.approx(1 - 2.718281828**-1)


def test_risk_falls_when_disclosures_are_generalized_and_vanishes_with_decoys() -> None:
    operators = dict.fromkeys({d.attribute for d in nurse_disclosures()}, QIOperator.GENERALIZE)
    generalized = estimate(apply_operators(NURSE, nurse_disclosures(), operators, Vault()))
    assert generalized.kappa_before > 0.5  # a 34-year-old in Portland, ..., $85k: a few people
    assert generalized.kappa < generalized.kappa_before / 10
    assert "location" in generalized.attributes
    decoy_ops = dict.fromkeys(operators, QIOperator.DECOY)
    decoyed = estimate(apply_operators(NURSE, nurse_disclosures(), decoy_ops, Vault()))
    assert decoyed.attributes == () and decoyed.kappa < 1e-6


@settings(max_examples=60, deadline=None)
@given(age=st.integers(1, 99), seed=st.integers(0, 10**6))
def test_an_age_decoy_keeps_its_shape_and_adulthood(age: int, seed: int) -> None:
    text = f"I am a {age}-year-old here"
    disclosure = said(text, f"{age}-year-old", "age", value=age, detail="age")
    vault = Vault(rng=random.Random(seed))
    [operation] = apply_operators(text, [disclosure], {"age": QIOperator.DECOY}, vault)
    if operation.operator is QIOperator.DECOY:
        decoy = int(operation.replacement.split("-")[0])
        assert operation.replacement.endswith("-year-old")
        assert 6 <= abs(decoy - age) <= 12
        assert (decoy >= 18) == (age >= 18)


@settings(max_examples=60, deadline=None)
@given(
    word=st.sampled_from(["wife", "husband", "boyfriend", "girlfriend", "fiancé", "fiancée",
                          "hubby", "gf", "Wife"]),
    seed=st.integers(0, 10_000),
)  # fmt: skip
def test_a_partner_decoy_changes_both_the_status_and_the_gender(word: str, seed: int) -> None:
    from veil.rules.quasi.lexicon import family_terms, key

    text = f"my {word} and I went out"
    disclosure = said(text, word, "family", detail="spouse")
    made = decoys.decoy(disclosure, word, random.Random(seed))
    assert made is not None
    own, other = family_terms()[key(word)], family_terms()[key(made)]
    assert other.kind == "spouse"
    assert other.status != own.status and other.gender != own.gender
    assert made[:1].isupper() == word[:1].isupper()


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(
        ["Rio", "Portland", "Cork", "Tampere", "Lyon", "Kolkata", "Osaka", "Cali"]
    ),
    seed=st.integers(0, 10_000),
)
def test_a_decoy_city_is_never_the_city_itself(name: str, seed: int) -> None:
    decoy = geography.decoy_city(name, random.Random(seed))
    assert decoy is not None
    assert geography.city(decoy).row != geography.city(name).row
