"""The attacker: what a model can infer about the text's author, and from which phrases."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from veil.local_models.backend import LLM
from veil.local_models.slow_stage.calls import Budget, CallRecord, call_model
from veil.local_models.slow_stage.json_reply import parse_object, text_field, text_list
from veil.local_models.slow_stage.limits import STANDARD, Limits
from veil.local_models.slow_stage.phrases import quotable_phrases
from veil.local_models.slow_stage.prompts import load_prompt
from veil.rules.attributes import ASKED, BY_NAME, canonical

PROMPT = "attacker.v2"

# What each attribute means, told to the model, and the closed answer sets
# (rules/attributes.py): a small model guesses far better choosing among labels than
# writing one.
MEANINGS = {name: BY_NAME[name].question for name in ASKED}
OPTIONS = {name: BY_NAME[name].answers for name in ASKED if BY_NAME[name].answers}
KNOWN_ATTRIBUTES = ASKED
MAX_CHOSEN_CHARS = 400  # a phrase of choice_words words


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
    """The attributes by their names (an older spelling is read as its attribute)."""
    attributes = [canonical(a) for a in attributes]
    unknown = sorted(set(attributes) - set(KNOWN_ATTRIBUTES))
    if unknown:
        raise ValueError(f"unknown attribute(s) {unknown}; known: {list(KNOWN_ATTRIBUTES)}")
    if not attributes:
        raise ValueError("the slow stage needs at least one attribute to protect")
    return list(dict.fromkeys(attributes))


def _inference_schema(
    attribute: str, limits: Limits, phrases: Sequence[str] | None
) -> dict[str, Any]:
    options = OPTIONS.get(attribute)
    guess: dict[str, Any] = (
        {"type": "string", "enum": list(options)}
        if options
        else {"type": "string", "maxLength": limits.guess_chars}
    )
    properties: dict[str, Any] = {
        "attribute": {"type": "string", "enum": [attribute]},
        # Evidence before the guess: the guess then follows from what was quoted.
        "evidence": {
            "type": "array",
            "items": (
                {"type": "string", "enum": list(phrases)}
                if phrases
                else {"type": "string", "maxLength": limits.evidence_chars}
            ),
            "minItems": 1,
            "maxItems": limits.evidence_phrases,
        },
    }
    if limits.reasoning_chars:
        properties["reasoning"] = {"type": "string", "maxLength": limits.reasoning_chars}
    # Naming every option of a closed set says nothing: at most all but one.
    guesses = min(limits.guesses, len(options) - 1) if options else limits.guesses
    properties["guesses"] = {
        "type": "array", "items": guess, "minItems": 1, "maxItems": guesses,
    }  # fmt: skip
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def attacker_schema(
    attributes: Sequence[str], limits: Limits = STANDARD, phrases: Sequence[str] | None = None
) -> dict[str, Any]:
    """``phrases``: the only evidence strings allowed (``limits.evidence_choice``)."""
    # Every array and string bounded: small models otherwise generate to the token limit.
    items = [_inference_schema(a, limits, phrases) for a in attributes]
    return {
        "type": "object",
        "properties": {
            "inferences": {
                "type": "array",
                "items": items[0] if len(items) == 1 else {"anyOf": items},
                "maxItems": len(attributes),
            }
        },
        "required": ["inferences"],
        "additionalProperties": False,
    }


def describe(attributes: Sequence[str]) -> str:
    return "\n".join(f"- {a}: {MEANINGS[a]}" for a in attributes)


def _evidence_chars(limits: Limits) -> int:
    # A chosen phrase is whole by construction; cutting it would unground it.
    return MAX_CHOSEN_CHARS if limits.evidence_choice else limits.evidence_chars


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
            tuple(dict.fromkeys(text_list(item, "guesses", limits.guess_chars, limits.guesses))),
            text_list(item, "evidence", _evidence_chars(limits), limits.evidence_phrases * 2),
        )
        if attribute in merged:
            first = merged[attribute]
            evidence = tuple(dict.fromkeys(first.evidence + inference.evidence))
            inference = Inference(attribute, first.reasoning, first.guesses, evidence)
        merged[attribute] = inference
    return list(merged.values())


def attacker_messages(text: str, attributes: Sequence[str]) -> list:
    return load_prompt(PROMPT).messages(attributes=describe(attributes), text=text)


def attack(
    llm: LLM,
    text: str,
    attributes: Sequence[str],
    budget: Budget,
    limits: Limits = STANDARD,
    pseudonyms: Iterable[str] = (),
) -> tuple[list[Inference], CallRecord]:
    messages = attacker_messages(text, attributes)
    phrases = (
        quotable_phrases(text, limits.choice_words, pseudonyms) if limits.evidence_choice else []
    )
    # A text with nothing quotable (only pseudonyms) falls back to free quotes: grounding
    # then rejects whatever the model writes.
    schema = attacker_schema(attributes, limits, phrases or None)
    reply, record = call_model(llm, "attacker", messages, schema, limits.attacker_tokens, budget)
    return parse_inferences(reply, attributes, limits), record
