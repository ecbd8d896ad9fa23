"""What the slow stage's loop is told: the attributes to protect, when to stop, which
models answer. A site policy's ``slow_stage`` section (veil.policies.schema) is read
into one of these; the loop knows nothing of policies."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields

PIPELINE = "pipeline"  # attacker, arbitrator and anonymizer: one model or several
# One model attacks, grades, rewrites and judges its own rewrite's utility, and iterates
# on that critique (SEAL's self-refinement; the mode a distilled model is trained for).
SELF_REFINE = "self_refine"
MODES = (PIPELINE, SELF_REFINE)


@dataclass(frozen=True)
class LoopSettings:
    attributes: tuple[str, ...]  # rules/attributes.py names
    tiers: tuple[str, ...]  # the arbitrator's grades that are edited: high, medium, low
    max_rounds: int  # rewrites at most
    time_budget_s: float
    use_arbitrator: bool  # False: every grounded inference is edited
    # Attack the last allowed rewrite again to count what it left (else estimated).
    verify_last_rewrite: bool
    # By spec (catalog name, path or URL): results are cached by them, and two servers
    # may serve models of one name.
    attacker_model: str
    anonymizer_model: str
    mode: str = PIPELINE
    # self_refine: a rewrite its model scores below this meaning (1-10), or as
    # hallucinating, is discarded and the loop stops with the best text before it.
    min_meaning: int = 6

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", tuple(self.attributes))
        object.__setattr__(self, "tiers", tuple(str(t) for t in self.tiers))
        if self.mode not in MODES:
            raise ValueError(f"slow stage mode must be one of {MODES}, not {self.mode!r}")
        if self.mode == SELF_REFINE and self.attacker_model != self.anonymizer_model:
            raise ValueError(
                "self_refine runs one model in every role: attacker_model and "
                f"anonymizer_model differ ({self.attacker_model!r}, {self.anonymizer_model!r})"
            )

    @classmethod
    def read(cls, source: object) -> LoopSettings:
        """These fields of ``source``, any object that has them (a policy's slow_stage)."""
        if isinstance(source, cls):
            return source
        return cls(**{
            f.name: getattr(source, f.name) if f.default is MISSING
            else getattr(source, f.name, f.default)
            for f in fields(cls)
        })  # fmt: skip
