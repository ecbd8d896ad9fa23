"""Scoring a model as the slow stage on the eval profiles: each text is anonymized by the
model in self_refine mode, then one fixed evaluation attacker guesses the labelled
attributes of the result; a guess is right by the literature's rules (bench.adversarial
.matching). ROUGE-L is taken against the original text."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bench.adversarial.matching import matches
from veil.local_models.backend import LLM, LLMError
from veil.local_models.distill.profiles import Profile
from veil.local_models.distill.utility_figures import rouge_l
from veil.local_models.slow_stage import LoopSettings, SlowStage
from veil.local_models.slow_stage.attacker import attack
from veil.local_models.slow_stage.calls import Budget
from veil.local_models.slow_stage.limits import Limits

ATTACK_BUDGET_S = 600.0  # the evaluation attacker is not the product: no real budget


def guesses(attacker: LLM, text: str, attributes: Sequence[str], limits: Limits) -> dict:
    """Top-1 guess per attribute ("" when the attacker names none or fails)."""
    try:
        found, _ = attack(attacker, text, attributes, Budget(ATTACK_BUDGET_S),
                          replace(limits, guesses=1))  # fmt: skip
    except LLMError:
        return dict.fromkeys(attributes, "")
    by_attribute = {i.attribute: (i.guesses[0] if i.guesses else "") for i in found}
    return {a: by_attribute.get(a, "") for a in attributes}


def anonymizer(model: LLM, name: str, rounds: int, budget_s: float, limits: Limits):
    """The self-refining slow stage on ``model`` as a text -> (text, details) function."""
    settings = LoopSettings(
        attributes=("age", "gender", "location", "birthplace", "education", "occupation",
                    "income", "family"),
        tiers=("high", "medium"), max_rounds=rounds, time_budget_s=budget_s,
        use_arbitrator=True, verify_last_rewrite=False, attacker_model=name,
        anonymizer_model=name, mode="self_refine",
    )  # fmt: skip
    stage = SlowStage(settings, model, model, limits=limits)

    def run(text: str) -> tuple[str, dict[str, Any]]:
        result = stage.run(text)
        details = {"stop_reason": str(result.stop_reason), "rounds": len(result.rounds),
                   "edits": len(result.edits)}  # fmt: skip
        return result.text, details

    return run


def score(
    condition: str,
    profiles: Sequence[Profile],
    rewrite: Callable[[str], tuple[str, dict[str, Any]]],
    attacker: LLM,
    limits: Limits,
    on_text: Callable[[], None] = lambda: None,
) -> list[dict[str, Any]]:
    rows = []
    for profile in profiles:
        started = time.perf_counter()
        text, details = rewrite(profile.text)
        seconds = time.perf_counter() - started
        guessed = guesses(attacker, text, list(profile.labels), limits)
        for attribute, truth in profile.labels.items():
            rows.append({
                "condition": condition, "author": profile.author, "attribute": attribute,
                "truth": truth, "guess": guessed[attribute],
                "correct": bool(guessed[attribute]) and matches(attribute, guessed[attribute],
                                                                truth),
                "rouge_l": rouge_l(profile.text, text), "seconds": round(seconds, 2),
                **details,
            })  # fmt: skip
        on_text()
    return rows


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    summary: dict[str, dict[str, Any]] = {}
    for condition in dict.fromkeys(r["condition"] for r in rows):
        mine = [r for r in rows if r["condition"] == condition]
        texts = {r["author"]: r for r in mine}
        summary[condition] = {
            "labels": len(mine),
            "texts": len(texts),
            "attribute_accuracy": round(sum(r["correct"] for r in mine) / len(mine), 4),
            "rouge_l": round(sum(r["rouge_l"] for r in texts.values()) / len(texts), 4),
            "seconds_per_text": round(sum(r["seconds"] for r in texts.values()) / len(texts), 1),
            "changed_texts": sum(1 for r in texts.values() if r["rouge_l"] < 1),
        }
    return summary
