"""Deterministic grounding: evidence must be a quote from the text, checked without a model.

Small models change case or line breaks when they quote, so a quote matches the text
ignoring case and runs of whitespace; what is kept is the text's own spelling of it, so
later edits target exact occurrences. Small models also wrap a quote in their own words
("The author mentions that living near the bridge is expensive"): then the longest run
of at least ``MIN_RESCUED_WORDS`` of the quote's words that the text contains verbatim is
the evidence. Either way the evidence is a substring of the text, never the model's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from veil.local_models.slow_stage.attacker import Inference

MIN_EVIDENCE_CHARS = 2
MIN_RESCUED_WORDS = 3  # shorter runs ("the author", "my own") say nothing on their own


@dataclass(frozen=True)
class Rejection:
    attribute: str
    evidence: str
    reason: str


def _find_words(words: list[str], text: str, whole_words: bool = False) -> str | None:
    pattern = r"\s+".join(re.escape(word) for word in words)
    if whole_words:  # a run cut from a longer quote must not end inside a word
        pattern = rf"(?<!\w){pattern}(?!\w)"
    found = re.search(pattern, text, re.IGNORECASE)
    return found.group(0) if found else None


def locate(quote: str, text: str) -> str | None:
    """The text's own spelling of ``quote`` (or of its longest quoted run of words) if
    the text contains it, else None."""
    words = quote.split()
    if not words or len(quote.strip()) < MIN_EVIDENCE_CHARS:
        return None
    whole = _find_words(words, text)
    if whole is not None:
        return whole
    for size in range(len(words) - 1, MIN_RESCUED_WORDS - 1, -1):
        for start in range(len(words) - size + 1):
            found = _find_words(words[start : start + size], text, whole_words=True)
            if found is not None:
                return found
    return None


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
