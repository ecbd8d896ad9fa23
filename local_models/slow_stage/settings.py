"""What the slow stage's loop is told: the attributes to protect, when to stop, which
models answer. A site policy's ``slow_stage`` section (veil.policies.schema) is read
into one of these; the loop knows nothing of policies."""

from __future__ import annotations

from dataclasses import dataclass, fields


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", tuple(self.attributes))
        object.__setattr__(self, "tiers", tuple(str(t) for t in self.tiers))

    @classmethod
    def read(cls, source: object) -> LoopSettings:
        """These fields of ``source``, any object that has them (a policy's slow_stage)."""
        if isinstance(source, cls):
            return source
        return cls(**{f.name: getattr(source, f.name) for f in fields(cls)})
