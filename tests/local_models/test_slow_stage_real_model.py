"""One smoke test of the slow stage on the embedded default model (Qwen2.5-Coder-0.5B)."""

from __future__ import annotations

import pytest

from veil.local_models.catalog import load_catalog
from veil.local_models.load import load_llm
from veil.local_models.slow_stage import SlowStage, StopReason
from veil.local_models.slow_stage.limits import COMPACT
from veil.policies import paths
from veil.policies.schema import SlowStageSettings


@pytest.mark.real_model
def test_the_slow_stage_runs_on_the_default_model() -> None:
    if not load_catalog().get("default").is_installed(paths.models_dir()):
        pytest.fail("the default model is not installed: run `veil models pull default`")
    llm = load_llm("default")
    llm.load()  # loading is not what the budget is for
    text = "As a nurse I work night shifts at the hospital in Leeds; [[PERSON_1]] hates it."
    # compact limits and a budget: a smoke test, not a benchmark (bench/adversarial is)
    settings = SlowStageSettings(
        enabled=True, attributes=["location"], max_rounds=1, time_budget_s=30
    )
    result = SlowStage(settings, llm, llm, limits=COMPACT).run(text, ["[[PERSON_1]]"])
    assert result.stop_reason not in {StopReason.BAD_REPLY, StopReason.MODEL_ERROR}, result.error
    assert result.rounds[0].inferences or result.rounds[0].ungrounded  # it answered something
    assert result.text.count("[[PERSON_1]]") == 1
