"""ROUGE-L between an original and its rewrite: the utility figure that needs no model
(the same scorer bench/adversarial reports)."""

from __future__ import annotations

from functools import cache


@cache
def _scorer():
    from rouge_score import rouge_scorer  # the distill extra

    return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)


def rouge_l(original: str, rewrite: str) -> float:
    return round(_scorer().score(original, rewrite)["rougeL"].fmeasure, 4)
