"""A scripted model for the slow-stage tests that need one specific answer.

The tiny GGUF answers deterministically but meaninglessly; a test that needs the attacker
to cite a phrase that is not in the text, or the anonymizer to break a pseudonym, cannot
get that from it. This class implements the ``LLM`` protocol, answers each step from a
script, records every call, and can advance a fake clock per call to test the budget.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from veil.local_models.backend import ChatMessage

STEPS = {
    "investigator": "attacker",
    "strict judge": "arbitrator",
    "minimal edits": "anonymizer",
    "careful editor": "utility",
}


def step_of(messages: Sequence[ChatMessage]) -> str:
    # Every step shares the system message; its task follows the quoted text.
    task = messages[-1]["content"].rsplit('"""', 1)[-1]
    for marker, step in STEPS.items():
        if marker in task:
            return step
    raise AssertionError(f"unknown task: {task[:60]!r}")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ScriptedLLM:
    def __init__(
        self,
        script: dict[str, list[Any]],
        name: str = "scripted",
        clock: FakeClock | None = None,
        seconds_per_call: float = 0.0,
    ) -> None:
        self.name = name
        self.script = {step: list(replies) for step, replies in script.items()}
        self.calls: list[dict[str, Any]] = []
        self.clock, self.seconds_per_call = clock, seconds_per_call

    def steps(self) -> list[str]:
        return [call["step"] for call in self.calls]

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        timeout_s: float | None = None,
    ) -> str:
        step = step_of(messages)
        self.calls.append(
            {"step": step, "messages": list(messages), "schema": schema, "max_tokens": max_tokens}
        )
        if self.clock is not None:
            self.clock.now += self.seconds_per_call
        replies = self.script.get(step) or []
        if not replies:
            raise AssertionError(f"the script has no more {step} replies")
        reply = replies.pop(0) if len(replies) > 1 else replies[0]
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, Callable):
            reply = reply(messages)
        return reply if isinstance(reply, str) else json.dumps(reply)


def inference(attribute: str, guess: str, *evidence: str) -> dict[str, Any]:
    return {
        "attribute": attribute,
        "reasoning": f"the text suggests {guess}",
        "guesses": [guess],
        "evidence": list(evidence),
    }


def attack(*inferences: dict[str, Any]) -> dict[str, Any]:
    return {"inferences": list(inferences)}


def grades(**by_attribute: str) -> dict[str, Any]:
    return {
        "grades": [
            {"attribute": a, "grade": g, "reason": "because"} for a, g in by_attribute.items()
        ]
    }


def edits(*pairs: tuple[str, str]) -> dict[str, Any]:
    return {"edits": [{"phrase": p, "replacement": r} for p, r in pairs]}
