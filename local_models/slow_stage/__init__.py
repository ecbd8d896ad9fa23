"""The slow stage: local models find what still lets a reader infer who wrote a text
(age, place, job, ...) and rewrite only those phrases: an attacker infers the author's
attributes and quotes its evidence, an arbitrator grades each inference, an anonymizer
generalizes the phrases of the grades a policy asks for."""

from veil.local_models.slow_stage.loop import SlowStage, SlowStageResult, StopReason
from veil.local_models.slow_stage.settings import LoopSettings

__all__ = ["LoopSettings", "SlowStage", "SlowStageResult", "StopReason"]
