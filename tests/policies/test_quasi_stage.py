"""The fast stage's quasi-identifier half (policies/quasi_stage.py) and its policy
settings, and the slow stage's evidence edits by the same operators."""

from __future__ import annotations

import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.scripted_llm import FakeClock, ScriptedLLM, attack, edits, grades, inference
from veil.local_models.slow_stage import SlowStage
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.policies.quasi_stage import EvidenceGeneralizer
from veil.policies.schema import QI_DEFAULTS, QuasiIdentifierSettings, SitePolicy, SlowStageSettings
from veil.rules.operators import QIOperator
from veil.rules.restore import Restorer
from veil.rules.vault import Vault


@pytest.fixture(scope="module")
def stage() -> FastStage:
    return FastStage(load_site_policy("default"))


def _run(stage: FastStage, text: str):
    return stage.run(text, Vault())


def test_the_issue_example_is_generalized_by_default(stage) -> None:
    text = (
        "I'm a 34-year-old ICU nurse at Mercy Hospital in Portland, married with two kids. "
        "My husband Tom works at Intel."
    )
    result = _run(stage, text)
    sent = result.redacted.text
    for disclosed in ("34-year-old", "nurse", "Mercy Hospital", "Portland", "husband", "Intel"):
        assert disclosed not in sent
    assert sent.startswith("I'm a 30-something professional at a healthcare provider in Oregon")
    assert "My partner [[PERSON_1]] works at a company." in sent
    assert result.quasi is not None
    assert result.quasi.risk.kappa < result.quasi.risk.kappa_before
    assert result.timings_ms["quasi"] >= 0


@pytest.mark.parametrize(
    "text",
    [
        "I have 34 files open and version 34 of the app crashes at 34 degrees.",
        "We took out a 30-year mortgage on a 30-year-old building.",
        "The hotel has a 5-star rating and 2-bed rooms.",
        "```python\nage = 34  # I'm 34 years old\n```",
        "Run `echo I am 34 and live in Portland` in the shell.",
        'She said "I\'m a 34-year-old nurse" and left.',
        "> I'm a 34-year-old nurse\nWhat does this quote tell you?",
        "What do nurses in Portland earn, and how old must you be to rent a car?",
    ],
)
def test_numbers_code_quotes_and_topics_are_sent_as_written(stage, text: str) -> None:
    result = _run(stage, text)
    assert result.redacted.text == text
    assert result.quasi is not None and result.quasi.operations == ()


def test_warned_attributes_are_sent_unchanged_and_reported(stage) -> None:
    text = "I'm a Buddhist and I have type 2 diabetes; what should I eat during the retreat?"
    result = _run(stage, text)
    assert result.redacted.text == text
    warned = {o.disclosure.attribute for o in result.quasi.operations if o.operator == "warn"}
    assert {"religion", "health"} <= warned
    assert {f.action for f in result.redacted.findings} == {"warn"}


def test_a_quoted_place_stays_with_the_pii_side(stage) -> None:
    # Inside a quotation the place is not the writer's disclosure: no generalization,
    # but the PII side still decides about the name (here: someone's origin, protected).
    result = _run(stage, 'She said "I\'m from Portland" and left.')
    assert result.quasi.operations == ()
    assert "Oregon" not in result.redacted.text


@pytest.mark.parametrize("place", ["Finland", "Germany"])
def test_a_private_place_big_enough_to_be_its_own_generalization_stays_pseudonymized(
    stage, place
) -> None:
    # The generalization of a country of millions is the country: sent as typed, it would
    # tell more than the pseudonym the public/private decision chose.
    result = _run(stage, f"We moved to {place} three years ago and I still miss the sea.")
    assert place not in result.redacted.text
    assert any(f.label == "LOCATION" for f in result.redacted.findings)


def test_a_private_city_is_still_generalized_to_the_area_around_it(stage) -> None:
    result = _run(stage, "We moved to Tampere three years ago and I still miss the sea.")
    assert "Tampere" not in result.redacted.text and "Finland" in result.redacted.text


def test_switched_off_the_text_keeps_its_disclosures() -> None:
    policy = load_site_policy("default").model_copy(
        update={"quasi_identifiers": QuasiIdentifierSettings(enabled=False)}
    )
    result = FastStage(policy).run("I'm a 34-year-old nurse.", Vault())
    assert result.redacted.text == "I'm a 34-year-old nurse." and result.quasi is None


def test_settings_shorthands_defaults_and_errors() -> None:
    assert QuasiIdentifierSettings.model_validate("decoy").operators == dict.fromkeys(
        QI_DEFAULTS, QIOperator.DECOY
    )
    assert not QuasiIdentifierSettings.model_validate(False).enabled
    partial = QuasiIdentifierSettings.model_validate({"operators": {"age": "keep"}})
    assert partial.operators["age"] is QIOperator.ALLOW
    assert partial.operators["health"] is QIOperator.WARN  # the rest keep their defaults
    with pytest.raises(pydantic.ValidationError, match="unknown attribute"):
        QuasiIdentifierSettings.model_validate({"operators": {"shoe_size": "keep"}})
    with pytest.raises(pydantic.ValidationError):
        QuasiIdentifierSettings.model_validate({"operators": {"age": "blur"}})
    # generalize and decoy are for quasi-identifiers, not for a PII label's action
    with pytest.raises(pydantic.ValidationError):
        SitePolicy(name="x", actions={"PERSON": "generalize"})


def test_the_slow_stage_generalizes_evidence_it_can_read_and_asks_the_model_the_rest() -> None:
    text = "Back in 1994 I finished my Masters, and my patients keep me busy."
    llm = ScriptedLLM({
        "attacker": [
            attack(
                inference("age", "50", "Back in 1994 I finished my Masters"),
                inference("occupation", "nurse", "my patients keep me busy"),
            ),
            attack(),
        ],
        "arbitrator": [grades(age="high", occupation="high")],
        "anonymizer": [edits(("my patients keep me busy", "my work keeps me busy"))],
    })  # fmt: skip
    editor = EvidenceGeneralizer(QuasiIdentifierSettings())
    stage = SlowStage(
        SlowStageSettings(enabled=True), llm, llm, clock=FakeClock(), evidence_editor=editor
    )
    result = stage.run(text)
    # Only the age evidence's value is rewritten: "Masters" says no age.
    assert result.text == "Back in the 1990s I finished my Masters, and my work keeps me busy."
    first = result.rounds[0]
    by_operator = [e for e in first.edits if e.by_operator]
    assert [e.phrase for e in by_operator] == ["Back in 1994 I finished my Masters"]
    # The model was asked about the occupation only.
    anonymizer_prompt = next(c for c in llm.calls if c["step"] == "anonymizer")
    assert "Back in 1994" not in str(anonymizer_prompt["schema"])


def test_evidence_edits_need_no_model_when_every_leak_is_readable() -> None:
    text = "I turned 41 last week here in Portland."
    llm = ScriptedLLM({
        "attacker": [attack(inference("age", "41", "I turned 41 last week"),
                            inference("location", "Portland", "here in Portland")), attack()],
        "arbitrator": [grades(age="high", location="high")],
    })  # fmt: skip
    editor = EvidenceGeneralizer(QuasiIdentifierSettings())
    stage = SlowStage(
        SlowStageSettings(enabled=True), llm, llm, clock=FakeClock(), evidence_editor=editor
    )
    result = stage.run(text)
    assert result.text == "I turned 40-something last week here in Oregon."
    assert "anonymizer" not in llm.steps()


def test_a_word_ending_in_a_before_a_generalized_place_is_no_article(stage) -> None:
    # "Riisa\n\n Estonia": the "a" that ends the line above is no article to fit the
    # replacement to (it made the rewrite overlap the address, and the stage raise)
    text = "William Hughes\n\n20789 Allika 46\n Suite 501\n Riisa\n\n Estonia 62488"
    sent = _run(stage, text).redacted.text
    assert "Riisa" not in sent and "Estonia" not in sent
    assert "20789" not in sent


_BIG_PLACES = ["Madrid", "Berlin", "Istanbul", "Germany", "Japan", "Lagos", "Toronto"]
_FILLERS = ["The food is great", "Winter in {p} is long", "We love {p} football", "Rain again"]


@settings(max_examples=25, deadline=None)
@given(
    place=st.sampled_from(_BIG_PLACES),
    frame=st.sampled_from(["I live in {p}.", "I grew up in {p}.", "Here in {p}, we chill."]),
    after=st.lists(st.sampled_from(_FILLERS), min_size=1, max_size=3),
)
def test_a_disclosed_place_is_never_sent_and_always_restored(stage, place, frame, after) -> None:
    text = " ".join([frame.format(p=place), *(f"{s.format(p=place)}." for s in after)])
    vault = Vault()
    sent = stage.run(text, vault).redacted.text
    assert place not in sent
    assert Restorer(vault.entries()).restore(sent) == text
