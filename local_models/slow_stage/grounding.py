"""Deterministic grounding: evidence must be a quote from the text, checked without a model.

Small models change case or line breaks when they quote, so a quote matches the text
ignoring case and runs of whitespace; what is kept is the text's own spelling of it, so
later edits target exact occurrences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from veil.local_models.slow_stage.attacker import Inference

MIN_EVIDENCE_CHARS = 2


@dataclass(frozen=True)
class Rejection:
    attribute: str
    evidence: str
    reason: str


def locate(quote: str, text: str) -> str | None:
    """The text's own spelling of ``quote`` if the text contains it, else None."""
    words = quote.split()
    if not words or len(quote.strip()) < MIN_EVIDENCE_CHARS:
        return None
    pattern = r"\s+".join(re.escape(word) for word in words)
    found = re.search(pattern, text, re.IGNORECASE)
    return found.group(0) if found else None


def ground(inferences: list[Inference], text: str) -> tuple[list[Inference], list[Rejection]]:
    """Keep only evidence found in ``text``; drop inferences left without any."""
    grounded: list[Inference] = []
    rejected: list[Rejection] = []
    for inference in inferences:
        kept: list[str] = []
        for quote in inference.evidence:
            located = locate(quote, text)
            if located is None:
                rejected.append(Rejection(inference.attribute, quote, "not in the text"))
            elif located not in kept:
                kept.append(located)
        if kept:
            grounded.append(replace(inference, evidence=tuple(kept)))
        elif not inference.evidence:
            rejected.append(Rejection(inference.attribute, "", "no evidence quoted"))
    return grounded, rejected
