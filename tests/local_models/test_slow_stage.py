"""The slow stage's loop with scripted models: each test needs one specific model answer
(a quote that is not in the text, a grade, an edit), which the tiny GGUF cannot give."""

from __future__ import annotations

import pytest

from tests.scripted_llm import FakeClock, ScriptedLLM, attack, edits, grades, inference
from veil.local_models.backend import LLMError
from veil.local_models.slow_stage import SlowStage, StopReason
from veil.local_models.slow_stage.calls import MIN_USEFUL_TOKENS, Budget, BudgetSpent
from veil.policies.schema import SlowStageSettings

TEXT = "As a nurse in Zurich I barely sleep, and [[PERSON_1]] says I look 40."
NURSE = inference("occupation", "nurse", "As a nurse")
ZURICH = inference("location", "Zurich", "in Zurich")
AGE = inference("age", "40", "look 40")


def _settings(**changes) -> SlowStageSettings:
    return SlowStageSettings(enabled=True, **changes)


def _stage(llm: ScriptedLLM, clock: FakeClock | None = None, **settings) -> SlowStage:
    return SlowStage(_settings(**settings), llm, llm, clock=clock or FakeClock())


def test_leaks_are_edited_until_none_is_left():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE, ZURICH), attack()],
        "arbitrator": [grades(occupation="high", location="high")],
        "anonymizer": [edits(("As a nurse", "As a worker"), ("in Zurich", "in a city"))],
    })  # fmt: skip
    result = _stage(llm).run(TEXT, ["[[PERSON_1]]"])
    assert result.text == "As a worker in a city I barely sleep, and [[PERSON_1]] says I look 40."
    assert result.stop_reason is StopReason.NO_LEAKS
    assert (result.leaks_before, result.leaks_after, result.verified) == (2, 0, True)
    assert llm.steps() == ["attacker", "arbitrator", "anonymizer", "attacker"]
    first = result.rounds[0]
    assert (first.leaks_found, first.leaks_fixed, len(first.edits)) == (2, 2, 2)
    assert result.as_dict()["rounds"][0]["calls"][0]["step"] == "attacker"
    assert result.tokens()["prompt"] > 0 and result.tokens()["completion"] > 0


def test_evidence_not_in_the_text_is_dropped_without_asking_the_arbitrator():
    llm = ScriptedLLM({"attacker": [attack(inference("location", "Bern", "I live in Bern"))]})
    result = _stage(llm).run(TEXT)
    assert llm.steps() == ["attacker"]
    assert result.stop_reason is StopReason.NO_LEAKS and result.text == TEXT
    assert [(r.evidence, r.reason) for r in result.rounds[0].ungrounded] == [
        ("I live in Bern", "not in the text")
    ]


def test_only_the_policys_tiers_become_edits():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE, AGE)],
        "arbitrator": [grades(occupation="high", age="low")],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    _stage(llm, max_rounds=1).run(TEXT)
    anonymizer_prompt = next(c for c in llm.calls if c["step"] == "anonymizer")
    assert anonymizer_prompt["schema"]["properties"]["edits"]["items"]["properties"]["phrase"][
        "enum"
    ] == ["As a nurse"]


def test_without_the_arbitrator_every_grounded_inference_is_edited():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE, AGE), attack()],
        "anonymizer": [edits(("As a nurse", "As a worker"), ("look 40", "look tired"))],
    })  # fmt: skip
    result = _stage(llm, use_arbitrator=False).run(TEXT)
    assert "arbitrator" not in llm.steps()
    assert "look tired" in result.text and result.leaks_before == 2


def test_a_skipped_grade_counts_as_medium_and_invalid_is_not_edited():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE, ZURICH, AGE)],
        "arbitrator": [{"grades": [{"attribute": "age", "grade": "invalid", "reason": "no"}]}],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    result = _stage(llm, max_rounds=1).run(TEXT)
    graded = {g.inference.attribute: str(g.grade) for g in result.rounds[0].inferences}
    assert graded == {"occupation": "ungraded", "location": "ungraded", "age": "invalid"}
    assert result.leaks_before == 2


def test_it_stops_after_max_rounds_and_keeps_the_best_candidate():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE, ZURICH), attack(ZURICH)],
        "arbitrator": [grades(occupation="high", location="medium"), grades(location="medium")],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    result = _stage(llm, max_rounds=1).run(TEXT)
    assert result.stop_reason is StopReason.MAX_ROUNDS
    assert result.text.startswith("As a worker in Zurich")
    assert (result.leaks_before, result.leaks_after) == (2, 1)


@pytest.mark.parametrize(
    ("job", "fixed"),
    [(NURSE, 1),  # all of the job's evidence removed
     (inference("occupation", "nurse", "As a nurse", "in Zurich"), 0)],  # "in Zurich" stays
)  # fmt: skip
def test_a_tie_goes_to_the_rewrite_that_removed_evidence(job, fixed):
    # The attacker finds the job, the edit removes its evidence; the next attack finds the
    # city: one leak each, but what the first attack relied on is (partly) gone.
    llm = ScriptedLLM({
        "attacker": [attack(job), attack(ZURICH)],
        "arbitrator": [grades(occupation="high"), grades(location="medium")],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    result = _stage(llm, max_rounds=1).run(TEXT)
    assert result.text.startswith("As a worker in Zurich")
    assert (result.leaks_before, result.leaks_after, result.verified) == (1, 1, True)
    assert result.rounds[0].leaks_fixed == fixed


def test_a_tie_with_the_same_evidence_keeps_the_input():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE), attack(NURSE)],
        "arbitrator": [grades(occupation="high")],
        "anonymizer": [edits(("in Zurich", "in a city"))],  # not the evidence
    })  # fmt: skip
    result = _stage(llm, max_rounds=1).run(TEXT)
    assert result.text == TEXT


def test_a_rewrite_that_leaks_more_is_never_returned():
    # The attacker finds more in the rewrite (it reads "night shifts" as a nurse's job).
    llm = ScriptedLLM({
        "attacker": [
            attack(AGE),
            attack(inference("occupation", "nurse", "night shifts"),
                   inference("health", "insomnia", "barely sleep")),
        ],
        "arbitrator": [grades(age="high"), grades(occupation="high", health="high")],
        "anonymizer": [edits(("look 40", "look like I work night shifts"))],
    })  # fmt: skip
    result = _stage(llm, max_rounds=1).run(TEXT)
    assert result.text == TEXT and not result.changed and result.edits == ()
    assert result.leaks_before == 1


def test_no_valid_edit_stops_the_loop_with_the_input():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE)],
        "arbitrator": [grades(occupation="high")],
        # breaks the pseudonym, then cites a phrase that is not there
        "anonymizer": [edits(("[[PERSON_1]] says", "someone says"), ("a doctor", "someone"))],
    })  # fmt: skip
    result = _stage(llm).run(TEXT, ["[[PERSON_1]]"])
    assert result.stop_reason is StopReason.NO_VALID_EDITS and result.text == TEXT
    assert [r.reason for r in result.rounds[0].rejected_edits] == [
        "phrase touches a pseudonym",
        "phrase not in the text",
    ]


def test_a_reply_that_is_not_the_json_asked_for_stops_with_the_best_so_far():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE), '{"inferences": [{"attribute": "age"'],
        "arbitrator": [grades(occupation="high")],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    result = _stage(llm).run(TEXT)
    assert result.stop_reason is StopReason.BAD_REPLY and "not JSON" in result.error
    # the rewrite was never scored: it counts the leaks whose evidence it still holds
    assert result.text.startswith("As a worker") and not result.verified
    assert result.leaks_after == 0


def test_the_time_budget_stops_the_loop_between_calls():
    clock = FakeClock()
    llm = ScriptedLLM(
        {
            "attacker": [attack(NURSE)],
            "arbitrator": [grades(occupation="high")],
            "anonymizer": [edits(("As a nurse", "As a worker"))],
        },
        clock=clock,
        seconds_per_call=4.0,
    )
    result = _stage(llm, clock, time_budget_s=10.0).run(TEXT)
    # attacker (4 s) + arbitrator (8 s): no time is left for a useful anonymizer call
    assert llm.steps() == ["attacker", "arbitrator"]
    assert result.stop_reason is StopReason.TIME_BUDGET and result.budget_exhausted
    assert result.text == TEXT and len(result.rounds) == 1


def test_the_budget_caps_max_tokens_at_the_speed_the_model_showed():
    clock = FakeClock()
    budget = Budget(10.0, clock)
    assert budget.max_tokens(512) == 512
    clock.now = 4.0
    budget.observe(4.0, 200)  # 20 ms per token, 6 s left: 300 tokens fit
    assert budget.max_tokens(512) == 300
    clock.now = 9.5
    with pytest.raises(BudgetSpent):
        budget.max_tokens(512)  # 0.5 s left: 25 tokens, below a useful answer
    assert MIN_USEFUL_TOKENS > 25


def test_a_resent_text_costs_nothing():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE), attack()],
        "arbitrator": [grades(occupation="high")],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    stage = _stage(llm)
    first = stage.run(TEXT, ["[[PERSON_1]]"])
    calls = len(llm.calls)
    again = stage.run(TEXT, ["[[PERSON_1]]", "[[PERSON_2]]"])  # pseudonyms not in it: same key
    assert len(llm.calls) == calls and again.cached and again.text == first.text
    assert stage.cached(TEXT, ["[[PERSON_1]]"]) is not None
    # the pseudonyms an edit must respect are part of the key
    assert stage.cached(TEXT, []) is None
    stage.forget(TEXT, ["[[PERSON_1]]"])
    assert stage.cached(TEXT, ["[[PERSON_1]]"]) is None


def test_the_cache_key_covers_settings_models_and_text():
    llm = ScriptedLLM({}, name="a")
    base = _stage(llm).cache_key(TEXT, [])
    assert _stage(llm, max_rounds=2).cache_key(TEXT, []) != base
    assert _stage(llm, tiers=["high"]).cache_key(TEXT, []) != base
    assert _stage(ScriptedLLM({}, name="b")).cache_key(TEXT, []) != base
    assert _stage(llm).cache_key(TEXT + " ", []) != base
    # what is sent on a spent budget is the engine's choice, not the loop's result
    assert _stage(llm, on_budget_exhausted="block").cache_key(TEXT, []) == base


def test_empty_text_needs_no_model():
    llm = ScriptedLLM({})
    result = _stage(llm).run("  \n")
    assert result.stop_reason is StopReason.EMPTY_TEXT and llm.calls == []


def test_a_model_failure_keeps_the_best_so_far_and_is_not_cached():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE), LLMError("server went away")],
        "arbitrator": [grades(occupation="high")],
        "anonymizer": [edits(("As a nurse", "As a worker"))],
    })  # fmt: skip
    stage = _stage(llm)
    result = stage.run(TEXT)
    assert result.stop_reason is StopReason.MODEL_ERROR and "went away" in result.error
    assert result.text.startswith("As a worker") and result.checked
    assert stage.cached(TEXT) is None
