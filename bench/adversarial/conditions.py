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
    """``protect``: the sample's labelled attribute only (the published single-attribute
    setting), or every attribute ``settings`` names (what a site policy does)."""

    def __init__(
        self, slow_model: LLM, settings: SlowStageSettings, limits: Limits, protect: str
    ) -> None:
        self.fast = FastStage(load_site_policy())
        self.fast.warm_up()
        self.slow_model, self.settings, self.limits = slow_model, settings, limits
        self.protect = protect
        self._stages: dict[tuple[str, ...], dict[str, SlowStage]] = {}

    def _slow_stages(self, attribute: str) -> dict[str, SlowStage]:
        attributes = (attribute,) if self.protect == "labelled" else tuple(self.settings.attributes)
        if attributes not in self._stages:
            settings = self.settings.model_copy(update={"attributes": list(attributes)})
            self._stages[attributes] = {
                name: SlowStage(settings.model_copy(update={"use_arbitrator": arbitrated}),
                                self.slow_model, self.slow_model, limits=self.limits)
                for name, arbitrated in (("fast+slow", True), ("fast+slow greedy", False))
            }  # fmt: skip
        return self._stages[attributes]

    def rewrites(self, text: str, attribute: str) -> dict[str, Rewrite]:
        started = time.perf_counter()
        vault = Vault()
        fast_text = self.fast.run(text, vault).redacted.text
        fast = Rewrite(fast_text, time.perf_counter() - started)
        out = {"original": Rewrite(text), "fast": fast}
        pseudonyms = [entry.pseudonym for entry in vault.entries()]
        for name, stage in self._slow_stages(attribute).items():
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
