"""The slow stage on a real model: the tiny generated GGUF (tests/tiny_gguf.py) through
llama.cpp. Its answers are deterministic nonsense under the schema, which is what proves
loading, schema-constrained calls, parsing, grounding rejections and the budget on the
real backend. Where a test needs a meaningful answer from one step, that step is scripted
and the others run on the tiny model."""

from __future__ import annotations

import json

import pytest

from tests.scripted_llm import ScriptedLLM, attack, grades, inference
from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.load import load_llm
from veil.local_models.slow_stage import SlowStage, StopReason
from veil.local_models.slow_stage.anonymizer import propose_edits
from veil.local_models.slow_stage.arbitrator import Grade, GradedInference, arbitrate
from veil.local_models.slow_stage.attacker import KNOWN_ATTRIBUTES, Inference
from veil.local_models.slow_stage.calls import Budget
from veil.policies.schema import SlowStageSettings

# Each test starts a model process or loads a GGUF: seconds, not milliseconds.
pytestmark = pytest.mark.slow

TEXT = "I moved to Leeds for my nursing job; [[PERSON_1]] and I married in May."


def _settings(**changes) -> SlowStageSettings:
    return SlowStageSettings(enabled=True, attributes=["location"], **changes)


@pytest.fixture(scope="module")
def tiny(tiny_gguf):
    return load_llm(str(tiny_gguf))


@pytest.fixture(scope="module")
def first_run(tiny):
    stage = SlowStage(_settings(max_rounds=1), tiny, tiny, limits=TINY_MODEL_LIMITS)
    return stage.run(TEXT, ["[[PERSON_1]]"])


def test_the_attacker_on_a_real_model_is_parsed_and_grounded(tiny, first_run):
    result = first_run
    assert result.rounds and result.rounds[0].calls[0].step == "attacker"
    assert result.rounds[0].calls[0].model == tiny.name
    # whatever nonsense the model quoted, only quotes found in the text survive grounding
    for graded in result.rounds[0].inferences:
        assert graded.inference.attribute in KNOWN_ATTRIBUTES
        assert all(quote in TEXT for quote in graded.inference.evidence)
    for rejection in result.rounds[0].ungrounded:
        assert rejection.evidence.casefold() not in TEXT.casefold()
    assert result.stop_reason in set(StopReason) - {StopReason.TIME_BUDGET}
    assert "[[PERSON_1]]" in result.text
    json.dumps(result.as_dict())  # the report is plain JSON for the log


def test_the_same_text_gives_the_same_result_and_the_second_costs_nothing(tiny, first_run):
    first = first_run
    stage = SlowStage(_settings(max_rounds=1), tiny, tiny, limits=TINY_MODEL_LIMITS)
    again = stage.run(TEXT, ["[[PERSON_1]]"])
    assert again.as_dict()["rounds"][0]["inferences"] == first.as_dict()["rounds"][0]["inferences"]
    assert stage.run(TEXT, ["[[PERSON_1]]"]).cached and not again.cached


def test_arbitrator_and_anonymizer_answer_within_their_schemas(tiny):
    leak = Inference("occupation", "nurse", ("nurse",), ("my nursing job",))
    graded, call = arbitrate(tiny, TEXT, [leak], Budget(60), TINY_MODEL_LIMITS)
    assert [g.inference for g in graded] == [leak] and call.step == "arbitrator"
    assert graded[0].grade in set(Grade) - {Grade.GREEDY}
    leaks = [GradedInference(leak, Grade.HIGH, "")]
    edits, call = propose_edits(tiny, TEXT, leaks, Budget(60), TINY_MODEL_LIMITS)
    assert call.step == "anonymizer" and len(edits) >= 1
    # the schema's enum leaves the model no phrase but the cited evidence
    assert {e.phrase for e in edits} == {"my nursing job"}
    assert all(len(e.replacement) <= TINY_MODEL_LIMITS.replacement_chars for e in edits)


def test_a_real_anonymizer_in_the_loop_stops_after_max_rounds(tiny):
    """The attacker is scripted (the tiny model never quotes the text, so it would never
    find a leak to edit): it cites the current text's first two words every round."""

    def cite_opening(messages) -> dict:
        current = messages[1]["content"].split('"""')[1].strip()
        return attack(inference("location", "Leeds", " ".join(current.split()[:2])))

    attacker = ScriptedLLM({"attacker": [cite_opening], "arbitrator": [grades(location="high")]})
    stage = SlowStage(_settings(max_rounds=2), attacker, tiny, limits=TINY_MODEL_LIMITS)
    result = stage.run(TEXT, ["[[PERSON_1]]"])
    assert result.stop_reason in {StopReason.MAX_ROUNDS, StopReason.NO_VALID_EDITS}
    anonymizer_calls = [c for c in result.calls if c.step == "anonymizer"]
    assert anonymizer_calls and all(c.model == tiny.name for c in anonymizer_calls)
    assert result.text.count("[[PERSON_1]]") == 1
    assert result.leaks_after is not None and result.leaks_after <= result.leaks_before


def test_a_spent_budget_returns_the_input_without_calling_the_model(tiny):
    result = SlowStage(_settings(time_budget_s=1e-9), tiny, tiny).run(TEXT)
    assert result.stop_reason is StopReason.TIME_BUDGET
    assert result.text == TEXT and result.rounds == ()


def test_veil_slow_runs_both_stages_and_reports_as_json(tiny_gguf, tmp_path):
    from click.testing import CliRunner

    from veil.proxy.cli import main

    model = str(tiny_gguf)
    # a budget no call fits in: the command's plumbing without a model's seconds
    args = ["slow", "Hi, I'm Jane Doe, a nurse in Leeds.", "--model", model, "--budget", "1e-9"]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert "Jane Doe" not in report["fast_stage"] and "[[PERSON_1]]" in report["fast_stage"]
    assert report["stop_reason"] == "time_budget" and report["text"] == report["fast_stage"]
    table = CliRunner().invoke(main, args)
    assert table.exit_code == 0 and "stop: time_budget" in table.output
    absent = str(tmp_path / "absent.gguf")
    missing = CliRunner().invoke(main, ["slow", "hello there", "--model", absent])
    assert missing.exit_code == 1 and "not found" in missing.output


def test_veil_slow_stops_where_the_policy_would_before_loading_a_model(tmp_path, monkeypatch):
    """`veil slow` runs the site's pipeline: a risk above the limit stops the message
    before the slow stage (no model is loaded: this one does not exist)."""
    from click.testing import CliRunner

    from veil.proxy.cli import main

    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "default.yaml").write_text(
        "quasi_identifiers: {risk: {block_above: 0.0000001}}\n"
    )
    monkeypatch.setenv("VEIL_CONFIG_DIR", str(config))
    text = "I'm a 43-year-old nurse at Northwind Health in Sacramento"
    absent = str(tmp_path / "absent.gguf")
    result = CliRunner().invoke(main, ["slow", text, "--model", absent])
    assert result.exit_code == 3, result.output
    assert "re-identification risk" in result.stderr and "not found" not in result.output


def test_veil_check_runs_the_slow_stage_where_the_site_turns_it_on(tiny_gguf, tmp_path):
    from click.testing import CliRunner

    from veil.proxy.cli import main

    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "default.yaml").write_text(
        f"slow_stage: {{enabled: true, attacker_model: '{tiny_gguf}', "
        f"anonymizer_model: '{tiny_gguf}', time_budget_s: 1.0e-9}}\n"
    )
    result = CliRunner().invoke(
        main, ["check", "--json", "Hi, I'm Jane Doe, a nurse in Leeds."],
        env={"VEIL_CONFIG_DIR": str(config)},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    output = json.loads(result.stdout)
    assert output["slow_stage"]["stop_reason"] == "time_budget" and not output["blocked"]
    assert "Jane Doe" not in output["text"]
