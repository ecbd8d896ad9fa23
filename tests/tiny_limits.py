"""Slow-stage limits for the tiny test GGUF: it fills every string to its bound with
multi-byte characters spelt byte by byte, so the standard bounds would take it seconds per
call; these keep each call to a few hundred tokens that always complete the JSON."""

from veil.local_models.slow_stage.limits import Limits

TINY_MODEL_LIMITS = Limits(
    reasoning_chars=8,
    guess_chars=8,
    guesses=1,
    evidence_chars=16,
    evidence_phrases=1,
    grade_reason_chars=8,
    replacement_chars=12,
    edits=2,
    attacker_tokens=700,
    arbitrator_tokens=400,
    anonymizer_tokens=400,
)
