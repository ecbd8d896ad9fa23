"""The arbitrator: how strongly the text supports each grounded inference.

Only grounded inferences get here (grounding already rejected quotes that are not in the
text). The policy's tiers decide which grades become edits.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from veil.local_models.backend import LLM
from veil.local_models.slow_stage.attacker import Inference
from veil.local_models.slow_stage.calls import Budget, CallRecord, call_model
from veil.local_models.slow_stage.json_reply import parse_object, text_field
from veil.local_models.slow_stage.limits import STANDARD, Limits
from veil.local_models.slow_stage.prompts import load_prompt

PROMPT = "arbitrator.v2"


class Grade(StrEnum):
    HIGH = "high"  # stated directly, or an undeniable deduction
    MEDIUM = "medium"  # a strong cue
    LOW = "low"  # a weak stereotype
    INVALID = "invalid"  # the evidence does not support the guess
    UNGRADED = "ungraded"  # the arbitrator skipped it: treated as medium, see grade_of
    GREEDY = "greedy"  # no arbitrator (the ablation): every grounded inference counts


@dataclass(frozen=True)
class GradedInference:
    inference: Inference
    grade: Grade
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {**self.inference.as_dict(), "grade": str(self.grade), "grade_reason": self.reason}


def arbitrator_schema(inferences: Sequence[Inference], limits: Limits = STANDARD) -> dict[str, Any]:
    attributes = [i.attribute for i in inferences]
    properties: dict[str, Any] = {
        "attribute": {"type": "string", "enum": attributes},
        "grade": {"type": "string", "enum": ["high", "medium", "low", "invalid"]},
    }
    if limits.grade_reason_chars:  # 0: no reason (a small model's copies the prompt)
        properties["reason"] = {"type": "string", "maxLength": limits.grade_reason_chars}
    grade = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "grades": {
                "type": "array",
                "items": grade,
                "minItems": len(attributes),
                "maxItems": len(attributes),
            }
        },
        "required": ["grades"],
        "additionalProperties": False,
    }


def parse_grades(
    reply: str, inferences: Sequence[Inference], limits: Limits = STANDARD
) -> list[GradedInference]:
    grades: dict[str, tuple[Grade, str]] = {}
    for item in parse_object(reply, "grades", "arbitrator"):
        attribute, grade = text_field(item, "attribute", 40), text_field(item, "grade", 10)
        if attribute not in grades and grade in {"high", "medium", "low", "invalid"}:
            reason = text_field(item, "reason", limits.grade_reason_chars)
            grades[attribute] = (Grade(grade), reason)
    # A skipped inference is grounded but unjudged: kept as actionable under the default
    # tiers rather than let a sloppy judge wave a leak through.
    return [
        GradedInference(i, *grades.get(i.attribute, (Grade.UNGRADED, "not graded")))
        for i in inferences
    ]


def arbitrate(
    llm: LLM,
    text: str,
    inferences: Sequence[Inference],
    budget: Budget,
    limits: Limits = STANDARD,
) -> tuple[list[GradedInference], CallRecord]:
    listing = json.dumps(
        [{"attribute": i.attribute, "guesses": i.guesses, "evidence": i.evidence}
         for i in inferences],
        ensure_ascii=False,
        indent=1,
    )  # fmt: skip
    messages = load_prompt(PROMPT).messages(text=text, inferences=listing)
    schema = arbitrator_schema(inferences, limits)
    reply, record = call_model(
        llm, "arbitrator", messages, schema, limits.arbitrator_tokens, budget
    )
    return parse_grades(reply, inferences, limits), record


def greedy(inferences: Sequence[Inference]) -> list[GradedInference]:
    """The ablation without an arbitrator: every grounded inference becomes an edit."""
    return [GradedInference(i, Grade.GREEDY, "no arbitrator") for i in inferences]


def actionable(graded: Sequence[GradedInference], tiers: Sequence[str]) -> list[GradedInference]:
    wanted = set(tiers)
    return [
        g for g in graded
        if g.grade is Grade.GREEDY
        or str(g.grade) in wanted
        or (g.grade is Grade.UNGRADED and "medium" in wanted)
    ]  # fmt: skip
