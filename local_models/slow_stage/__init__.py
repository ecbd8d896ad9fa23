"""The slow stage: local models find what still lets a reader infer who wrote a text
(age, place, job, ...) and rewrite only those phrases: an attacker infers the author's
attributes and quotes its evidence, an arbitrator grades each inference, an anonymizer
generalizes the phrases of the grades a policy asks for.

The loop is imported on first use of its names: the policy schema reads only
``settings``, and importing a submodule runs this file first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from veil.local_models.slow_stage.settings import LoopSettings

if TYPE_CHECKING:
    from veil.local_models.slow_stage.loop import SlowStage, SlowStageResult, StopReason

__all__ = ["LoopSettings", "SlowStage", "SlowStageResult", "StopReason"]


def __getattr__(name: str) -> Any:
    if name in ("SlowStage", "SlowStageResult", "StopReason"):
        from veil.local_models.slow_stage import loop

        return getattr(loop, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
