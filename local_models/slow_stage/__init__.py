"""The slow stage: local models find what still lets a reader infer who wrote a text
(age, place, job, ...) and rewrite only those phrases (DESIGN.md §8)."""

from veil.local_models.slow_stage.loop import SlowStage, SlowStageResult, StopReason

__all__ = ["SlowStage", "SlowStageResult", "StopReason"]
