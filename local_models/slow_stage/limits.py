"""How much each step may write: the bounds in its JSON schema and its token limit.

Small models fill every string to its maximum and every list to its length, so these
bounds set each call's length and time. The standard limits suit real instruct models;
smaller ones suit slow machines and the tiny test model (a byte-level vocabulary spends up
to four tokens on one character).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Limits:
    reasoning_chars: int = 160  # the attacker's reasoning per attribute
    guess_chars: int = 40
    guesses: int = 3  # top-3, for evaluation
    evidence_chars: int = 80
    evidence_phrases: int = 3
    grade_reason_chars: int = 120  # the arbitrator's reason per grade
    replacement_chars: int = 80
    edits: int = 16
    attacker_tokens: int = 1024
    arbitrator_tokens: int = 512
    anonymizer_tokens: int = 768

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


STANDARD = Limits()
# For CPU-only machines: shorter reasoning and quotes, fewer edits per call.
COMPACT = Limits(
    reasoning_chars=60,
    guess_chars=24,
    guesses=3,
    evidence_chars=48,
    evidence_phrases=2,
    grade_reason_chars=40,
    replacement_chars=40,
    edits=8,
    attacker_tokens=512,
    arbitrator_tokens=256,
    anonymizer_tokens=384,
)
