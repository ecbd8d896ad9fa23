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
    reasoning_chars: int = 160  # the attacker's reasoning per attribute; 0 leaves it out
    guess_chars: int = 40
    guesses: int = 3  # the arbitrator sees them all; evaluation scores top-3
    evidence_chars: int = 80
    evidence_phrases: int = 3
    # Evidence chosen among the text's own phrases (grammar-enforced) rather than quoted
    # freely: small models cannot quote (see phrases.py). Pieces of up to this many words.
    evidence_choice: bool = False
    choice_words: int = 8
    grade_reason_chars: int = 120  # the arbitrator's reason per grade; 0 leaves it out
    replacement_chars: int = 80
    edits: int = 16
    attacker_tokens: int = 1024
    arbitrator_tokens: int = 512
    anonymizer_tokens: int = 768

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


STANDARD = Limits()
# For CPU-only machines: no reasoning and no grade reasons (a small model's are noise that
# cost ~15 tokens each), one guess, evidence chosen among the text's phrases, fewer edits.
COMPACT = Limits(
    reasoning_chars=0,
    guess_chars=24,
    guesses=1,
    evidence_chars=48,
    evidence_phrases=2,
    evidence_choice=True,
    grade_reason_chars=0,
    replacement_chars=40,
    edits=8,
    attacker_tokens=512,
    arbitrator_tokens=256,
    anonymizer_tokens=384,
)

BY_NAME = {"standard": STANDARD, "compact": COMPACT}
