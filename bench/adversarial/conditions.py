"""The four texts the attacker reads: the original, the fast stage's output, the fast and
slow stages' output, and the same without the arbitrator (the greedy ablation)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from veil.local_models.backend import LLM
from veil.local_models.slow_stage import SlowStage
from veil.local_models.slow_stage.limits import Limits
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.policies.schema import SlowStageSettings
from veil.rules.vault import Vault

CONDITIONS = ("original", "fast", "fast+slow", "fast+slow greedy")


@dataclass
class Rewrite:
    text: str
    seconds: float = 0.0
    tokens: int = 0
    rounds: int = 0
    stop_reason: str = ""
    edits: list[dict[str, str]] = field(default_factory=list)


class Conditions:
    def __init__(self, slow_model: LLM, settings: SlowStageSettings, limits: Limits) -> None:
        self.fast = FastStage(load_site_policy())
        self.fast.warm_up()
        self.slow = {
            "fast+slow": SlowStage(settings.model_copy(update={"use_arbitrator": True}),
                                   slow_model, slow_model, limits=limits),
            "fast+slow greedy": SlowStage(settings.model_copy(update={"use_arbitrator": False}),
                                          slow_model, slow_model, limits=limits),
        }  # fmt: skip

    def rewrites(self, text: str) -> dict[str, Rewrite]:
        started = time.perf_counter()
        vault = Vault()
        fast_text = self.fast.run(text, vault).redacted.text
        fast = Rewrite(fast_text, time.perf_counter() - started)
        out = {"original": Rewrite(text), "fast": fast}
        pseudonyms = [entry.pseudonym for entry in vault.entries()]
        for name, stage in self.slow.items():
            result = stage.run(fast_text, pseudonyms)
            tokens = result.tokens()
            out[name] = Rewrite(
                result.text,
                fast.seconds + result.seconds,
                tokens["prompt"] + tokens["completion"],
                len(result.rounds),
                str(result.stop_reason),
                [e.as_dict() for e in result.edits],
            )
        return out
