"""The texts the attackers read, one named condition each.

A condition is a function from a sample's text (and the attribute it leaks, which only the
single-attribute slow stage uses) to a ``Rewrite`` with its timings. A fast stage is built
from a site policy, so another policy is one more entry in ``build_conditions``:

    qi = FastRunner(load_site_policy("default").model_copy(update={...}))
    conditions.append(qi.condition("fast+QI"))
    conditions.append(slow_condition("fast+QI+slow", qi, slow))

A slow condition runs on its fast stage's output, which is computed once per text and
shared by every condition built on the same ``FastRunner``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from veil.local_models.backend import LLM
from veil.local_models.slow_stage import SlowStage
from veil.local_models.slow_stage.limits import Limits
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.policies.schema import SitePolicy, SlowStageSettings
from veil.rules.vault import Vault


@dataclass
class Rewrite:
    text: str
    seconds: float = 0.0  # every stage of the condition
    fast_seconds: float | None = None  # the fast stage alone; None when it did not run
    tokens: int = 0
    rounds: int = 0
    stop_reason: str = ""
    edits: list[dict[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Condition:
    name: str
    rewrite: Callable[[str, str], Rewrite]  # (text, leaked attribute) -> rewrite


@dataclass(frozen=True)
class FastOutput:
    text: str
    pseudonyms: list[str]
    seconds: float


class FastRunner:
    """One policy's fast stage, each text run once with a fresh vault (one conversation
    per text), so timings are those of a first sight, not of the recognition cache."""

    def __init__(self, policy: SitePolicy | str = "default") -> None:
        self.policy = load_site_policy(policy) if isinstance(policy, str) else policy
        self.stage = FastStage(self.policy)
        self.stage.warm_up()
        self._outputs: dict[str, FastOutput] = {}

    def run(self, text: str) -> FastOutput:
        if text not in self._outputs:
            vault = Vault()
            started = time.perf_counter()
            redacted = self.stage.run(text, vault).redacted.text
            seconds = time.perf_counter() - started
            pseudonyms = [entry.pseudonym for entry in vault.entries()]
            self._outputs[text] = FastOutput(redacted, pseudonyms, seconds)
        return self._outputs[text]

    def condition(self, name: str) -> Condition:
        def rewrite(text: str, _attribute: str) -> Rewrite:
            out = self.run(text)
            return Rewrite(out.text, out.seconds, out.seconds)

        return Condition(name, rewrite)


def original() -> Condition:
    return Condition("original", lambda text, _attribute: Rewrite(text))


@dataclass
class SlowSetup:
    """``protect``: "labelled" protects the sample's leaked attribute only (the published
    single-attribute setting), "all" every attribute ``settings`` names (what a site
    policy does)."""

    model: LLM
    settings: SlowStageSettings
    limits: Limits
    protect: str = "labelled"
    _stages: dict[tuple[tuple[str, ...], bool], SlowStage] = field(default_factory=dict)

    def stage(self, attribute: str, arbitrated: bool) -> SlowStage:
        attributes = (attribute,) if self.protect == "labelled" else tuple(self.settings.attributes)
        key = (attributes, arbitrated)
        if key not in self._stages:
            settings = self.settings.model_copy(
                update={"attributes": list(attributes), "use_arbitrator": arbitrated}
            )
            self._stages[key] = SlowStage(settings, self.model, self.model, limits=self.limits)
        return self._stages[key]


def slow_condition(
    name: str, fast: FastRunner, slow: SlowSetup, arbitrated: bool = True
) -> Condition:
    """The slow stage on ``fast``'s output; ``arbitrated=False`` is the greedy ablation
    (every inference edited, no arbitrator)."""

    def rewrite(text: str, attribute: str) -> Rewrite:
        out = fast.run(text)
        result = slow.stage(attribute, arbitrated).run(out.text, out.pseudonyms)
        tokens = result.tokens()
        return Rewrite(
            result.text,
            out.seconds + result.seconds,
            out.seconds,
            tokens["prompt"] + tokens["completion"],
            len(result.rounds),
            str(result.stop_reason),
            [e.as_dict() for e in result.edits],
        )

    return Condition(name, rewrite)


def build_conditions(
    slow: SlowSetup | None, policy: SitePolicy | str = "default"
) -> list[Condition]:
    """original, fast (``policy``'s fast stage) and, with a slow setup, fast+slow and its
    greedy ablation. Add a policy's conditions here (see the module's docstring)."""
    fast = FastRunner(policy)
    conditions = [original(), fast.condition("fast")]
    if slow is not None:
        conditions += [
            slow_condition("fast+slow", fast, slow),
            slow_condition("fast+slow greedy", fast, slow, arbitrated=False),
        ]
    return conditions
