"""The texts the attackers read, one named condition each.

A condition is a function from a sample's text (and the attribute it leaks, which only the
single-attribute slow stage uses) to a ``Rewrite`` with its timings. A fast stage is built
from a site policy, so another policy is one more entry in ``build_conditions``:

    decoys = FastRunner(load_site_policy("default").model_copy(update={...}))
    conditions.append(decoys.condition("fast+QI decoy"))
    conditions.append(slow_condition("fast+QI decoy+slow", decoys, slow, quasi=...))

A slow condition runs on its fast stage's output, which is computed once per text and
shared by every condition built on the same ``FastRunner``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from veil.local_models.backend import LLM
from veil.local_models.slow_stage import SlowStage
from veil.local_models.slow_stage.limits import Limits
from veil.policies.engine import FastStage, SlowStageRunner
from veil.policies.loader import load_site_policy
from veil.policies.schema import (
    QI_ATTRIBUTES,
    QuasiIdentifierSettings,
    SitePolicy,
    SlowStageSettings,
)
from veil.rules.operators import QIOperator
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
            # decoys and surrogates drawn from a generator seeded by the text: the same
            # figures on every run (a user's vault draws from the system's randomness)
            vault = Vault(rng=random.Random(text))
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
    _stages: dict[tuple, SlowStage] = field(default_factory=dict)

    def stage(
        self, attribute: str, arbitrated: bool, quasi: QuasiIdentifierSettings | None = None
    ) -> SlowStage:
        """The product's own slow stage (``SlowStageRunner``) for these settings; ``quasi``:
        the policy's quasi-identifier operators rewrite the evidence they can read."""
        attributes = (attribute,) if self.protect == "labelled" else tuple(self.settings.attributes)
        key = (attributes, arbitrated, quasi.model_dump_json() if quasi else None)
        if key not in self._stages:
            settings = self.settings.model_copy(
                update={"attributes": list(attributes), "use_arbitrator": arbitrated}
            )
            runner = SlowStageRunner(
                settings, lambda _spec: self.model, limits=self.limits, quasi=quasi
            )
            self._stages[key] = runner.stage()
        return self._stages[key]


def slow_condition(
    name: str,
    fast: FastRunner,
    slow: SlowSetup,
    arbitrated: bool = True,
    quasi: QuasiIdentifierSettings | None = None,
) -> Condition:
    """The slow stage on ``fast``'s output; ``arbitrated=False`` is the greedy ablation
    (every inference edited, no arbitrator); ``quasi``: the policy's quasi-identifier
    operators rewrite the evidence they can read (fast+QI+slow)."""

    def rewrite(text: str, attribute: str) -> Rewrite:
        out = fast.run(text)
        result = slow.stage(attribute, arbitrated, quasi).run(out.text, out.pseudonyms)
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
    """original; fast (``policy``'s fast stage with quasi-identifiers off: names and
    identifiers only); fast+QI (the policy's quasi-identifier operators too, generalize
    by default) and fast+QI decoy; with a slow setup, fast+slow, its greedy ablation,
    fast+QI+slow and fast+QI decoy+slow (the slow stage after those, its evidence
    rewritten by the operators)."""
    base = load_site_policy(policy) if isinstance(policy, str) else policy
    quasi = base.quasi_identifiers
    fast = FastRunner(
        base.model_copy(update={"quasi_identifiers": quasi.model_copy(update={"enabled": False})})
    )
    with_qi = FastRunner(
        base.model_copy(update={"quasi_identifiers": quasi.model_copy(update={"enabled": True})})
    )
    decoys = quasi.model_copy(
        update={"enabled": True, "operators": dict.fromkeys(QI_ATTRIBUTES, QIOperator.DECOY)}
    )
    with_decoys = FastRunner(base.model_copy(update={"quasi_identifiers": decoys}))
    conditions = [
        original(),
        fast.condition("fast"),
        with_qi.condition("fast+QI"),
        with_decoys.condition("fast+QI decoy"),
    ]
    if slow is not None:
        operators = with_qi.policy.quasi_identifiers
        conditions += [
            slow_condition("fast+slow", fast, slow),
            slow_condition("fast+slow greedy", fast, slow, arbitrated=False),
            slow_condition("fast+QI+slow", with_qi, slow, quasi=operators),
            slow_condition("fast+QI decoy+slow", with_decoys, slow, quasi=operators),
        ]
    return conditions
