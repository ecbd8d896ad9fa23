"""The slow stage's self_refine mode: one model attacks, grades, rewrites and judges its
own rewrite's utility; a rewrite it scores too low is dropped."""

from __future__ import annotations

import pytest

from tests.scripted_llm import FakeClock, ScriptedLLM, attack, edits, grades, inference
from veil.local_models.slow_stage import SlowStage, StopReason
from veil.local_models.slow_stage.json_reply import BadReply
from veil.local_models.slow_stage.utility import parse_utility
from veil.policies.schema import SlowStageSettings

TEXT = "As a nurse in Zurich I barely sleep."
NURSE = inference("occupation", "nurse", "As a nurse")
ZURICH = inference("location", "Zurich", "in Zurich")
GOOD = {"readability": 9, "meaning": 8, "hallucination": 0}


def _stage(llm: ScriptedLLM, **settings) -> SlowStage:
    policy = SlowStageSettings(enabled=True, mode="self_refine", attacker_model="m", **settings)
    return SlowStage(policy, llm, llm, clock=FakeClock())


def test_one_model_attacks_grades_rewrites_and_judges_its_rewrite():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE, ZURICH), attack()],
        "arbitrator": [grades(occupation="high", location="high")],
        "anonymizer": [edits(("As a nurse", "As a worker"), ("in Zurich", "in a city"))],
        "utility": [GOOD],
    })  # fmt: skip
    result = _stage(llm).run(TEXT)
    assert llm.steps() == ["attacker", "arbitrator", "anonymizer", "utility", "attacker"]
    assert result.text == "As a worker in a city I barely sleep."
    assert result.stop_reason is StopReason.NO_LEAKS
    first = result.rounds[0]
    assert first.utility is not None and first.utility.meaning == 8
    assert result.as_dict()["rounds"][0]["utility"] == GOOD
    assert (first.text, first.rewrite) == (TEXT, result.text)
    # the utility judge reads the original and the rewrite
    judged = llm.calls[3]["messages"][-1]["content"]
    assert TEXT in judged and result.text in judged


@pytest.mark.parametrize("scores", [
    {"readability": 9, "meaning": 3, "hallucination": 0},
    {"readability": 9, "meaning": 9, "hallucination": 1},
])  # fmt: skip
def test_a_rewrite_the_model_judges_too_lossy_is_dropped(scores):
    llm = ScriptedLLM({
        "attacker": [attack(NURSE)],
        "arbitrator": [grades(occupation="high")],
        "anonymizer": [edits(("As a nurse", "As someone"))],
        "utility": [scores],
    })  # fmt: skip
    result = _stage(llm, min_meaning=6).run(TEXT)
    assert result.stop_reason is StopReason.LOW_UTILITY
    assert result.text == TEXT and not result.changed
    assert llm.steps() == ["attacker", "arbitrator", "anonymizer", "utility"]


def test_the_pipeline_mode_does_not_judge_utility():
    llm = ScriptedLLM({
        "attacker": [attack(NURSE), attack()],
        "arbitrator": [grades(occupation="high")],
        "anonymizer": [edits(("As a nurse", "As someone"))],
    })  # fmt: skip
    policy = SlowStageSettings(enabled=True)
    result = SlowStage(policy, llm, llm, clock=FakeClock()).run(TEXT)
    assert "utility" not in llm.steps() and result.rounds[0].utility is None


def test_self_refine_is_one_model_in_config_and_in_code():
    settings = SlowStageSettings(mode="self_refine", attacker_model="student")
    assert settings.anonymizer_model == "student"
    # a shipped policy's anonymizer_model under a user's self_refine is not used
    laid_over = SlowStageSettings(mode="self_refine", attacker_model="a", anonymizer_model="b")
    assert laid_over.loop_settings().anonymizer_model == "a"
    a, b = ScriptedLLM({}), ScriptedLLM({})
    with pytest.raises(ValueError, match="same LLM"):
        SlowStage(settings, a, b)


def test_utility_replies_out_of_range_are_bad_replies():
    assert parse_utility('{"readability": 3, "meaning": 10, "hallucination": 0}').meaning == 10
    for reply in ('{"readability": 0, "meaning": 5, "hallucination": 0}',
                  '{"readability": 5, "meaning": 5}', "not json"):  # fmt: skip
        with pytest.raises(BadReply):
            parse_utility(reply)
