"""The attacker: what a model can infer about the text's author, and from which phrases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from veil.local_models.backend import LLM
from veil.local_models.slow_stage.calls import Budget, CallRecord, call_model
from veil.local_models.slow_stage.json_reply import parse_object, text_field, text_list
from veil.local_models.slow_stage.limits import STANDARD, Limits
from veil.local_models.slow_stage.prompts import load_prompt

PROMPT = "attacker.v1"

KNOWN_ATTRIBUTES = (
    "age", "sex", "location", "birthplace", "education",
    "occupation", "income_level", "relationship_status", "health",
)  # fmt: skip


@dataclass(frozen=True)
class Inference:
    attribute: str
    reasoning: str
    guesses: tuple[str, ...]  # most likely first, at most three
    evidence: tuple[str, ...]  # phrases quoted from the text

    def as_dict(self) -> dict[str, Any]:
        return {
            "attribute": self.attribute,
            "reasoning": self.reasoning,
            "guesses": list(self.guesses),
            "evidence": list(self.evidence),
        }


def check_attributes(attributes: Sequence[str]) -> list[str]:
    unknown = sorted(set(attributes) - set(KNOWN_ATTRIBUTES))
    if unknown:
        raise ValueError(f"unknown attribute(s) {unknown}; known: {list(KNOWN_ATTRIBUTES)}")
    if not attributes:
        raise ValueError("the slow stage needs at least one attribute to protect")
    return list(dict.fromkeys(attributes))


def attacker_schema(attributes: Sequence[str], limits: Limits = STANDARD) -> dict[str, Any]:
    # Every array and string bounded: small models otherwise generate to the token limit.
    inference = {
        "type": "object",
        "properties": {
            "attribute": {"type": "string", "enum": list(attributes)},
            "reasoning": {"type": "string", "maxLength": limits.reasoning_chars},
            "guesses": {
                "type": "array",
                "items": {"type": "string", "maxLength": limits.guess_chars},
                "minItems": 1,
                "maxItems": limits.guesses,
            },
            "evidence": {
                "type": "array",
                "items": {"type": "string", "maxLength": limits.evidence_chars},
                "minItems": 1,
                "maxItems": limits.evidence_phrases,
            },
        },
        "required": ["attribute", "reasoning", "guesses", "evidence"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "inferences": {"type": "array", "items": inference, "maxItems": len(attributes)}
        },
        "required": ["inferences"],
        "additionalProperties": False,
    }


def parse_inferences(
    reply: str, attributes: Sequence[str], limits: Limits = STANDARD
) -> list[Inference]:
    """One inference per asked attribute (a repeated attribute adds its evidence to the first)."""
    merged: dict[str, Inference] = {}
    for item in parse_object(reply, "inferences", "attacker"):
        attribute = text_field(item, "attribute", 40)
        if attribute not in attributes:
            continue
        inference = Inference(
            attribute,
            text_field(item, "reasoning", limits.reasoning_chars),
            text_list(item, "guesses", limits.guess_chars, limits.guesses),
            text_list(item, "evidence", limits.evidence_chars, limits.evidence_phrases * 2),
        )
        if attribute in merged:
            first = merged[attribute]
            evidence = tuple(dict.fromkeys(first.evidence + inference.evidence))
            inference = Inference(attribute, first.reasoning, first.guesses, evidence)
        merged[attribute] = inference
    return list(merged.values())


def attack(
    llm: LLM, text: str, attributes: Sequence[str], budget: Budget, limits: Limits = STANDARD
) -> tuple[list[Inference], CallRecord]:
    messages = load_prompt(PROMPT).messages(attributes=", ".join(attributes), text=text)
    schema = attacker_schema(attributes, limits)
    reply, record = call_model(llm, "attacker", messages, schema, limits.attacker_tokens, budget)
    return parse_inferences(reply, attributes, limits), record
