"""The utility judge: how much of the text a rewrite keeps, scored by a model.

SEAL's third task (beside inferring and anonymizing): the self-refining loop asks its one
model whether its own rewrite still reads well and means the same, and distillation
teaches the student to answer as the teacher did. Same prompt prefix as the other steps
(the text under review first), so llama.cpp reuses the evaluated prompt.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from veil.local_models.backend import LLM
from veil.local_models.slow_stage.calls import Budget, CallRecord, call_model
from veil.local_models.slow_stage.json_reply import BadReply
from veil.local_models.slow_stage.prompts import load_prompt

PROMPT = "utility.v1"
UTILITY_TOKENS = 64  # three small integers in JSON

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "readability": {"type": "integer", "enum": list(range(1, 11))},
        "meaning": {"type": "integer", "enum": list(range(1, 11))},
        "hallucination": {"type": "integer", "enum": [0, 1]},
    },
    "required": ["readability", "meaning", "hallucination"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class UtilityScores:
    readability: int  # 1..10
    meaning: int  # 1..10
    hallucination: int  # 0 or 1

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    def score(self) -> float:
        """One figure in 0..1: readability and meaning averaged; a hallucination halves it."""
        value = (self.readability + self.meaning) / 20
        return value / 2 if self.hallucination else value


def parse_utility(reply: str) -> UtilityScores:
    try:
        document = json.loads(reply)
    except json.JSONDecodeError as error:
        raise BadReply(f"utility: reply is not JSON ({error.msg} at char {error.pos})") from None
    if not isinstance(document, dict):
        raise BadReply("utility: reply is not a JSON object")
    values = [document.get(key) for key in ("readability", "meaning", "hallucination")]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise BadReply("utility: readability, meaning and hallucination must be integers")
    readability, meaning, hallucination = values
    if not (1 <= readability <= 10 and 1 <= meaning <= 10 and hallucination in (0, 1)):
        raise BadReply("utility: a score is out of its range")
    return UtilityScores(readability, meaning, hallucination)


def utility_messages(original: str, rewrite: str) -> list:
    return load_prompt(PROMPT).messages(text=original, rewrite=rewrite)


def judge_utility(
    llm: LLM, original: str, rewrite: str, budget: Budget
) -> tuple[UtilityScores, CallRecord]:
    reply, record = call_model(
        llm, "utility", utility_messages(original, rewrite), SCHEMA, UTILITY_TOKENS, budget
    )
    return parse_utility(reply), record
