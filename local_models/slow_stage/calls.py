"""One model call under the stage's time budget, and what it cost.

The budget is checked between calls, and each call's ``max_tokens`` is capped to what the
remaining time allows at the speed the model showed so far, so one call cannot run far
past the budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from veil.local_models.backend import LLM, ChatMessage, ModelTimeout, Usage, last_usage

# Fewer tokens than this cannot hold a useful structured answer.
MIN_USEFUL_TOKENS = 48
CHARS_PER_TOKEN = 4  # estimate for backends that cannot count tokens


class BudgetSpent(Exception):
    """Too little time is left for another useful model call."""


@dataclass(frozen=True)
class CallRecord:
    step: str  # attacker | arbitrator | anonymizer
    model: str
    seconds: float
    prompt_tokens: int
    completion_tokens: int
    tokens_estimated: bool  # the backend reported no usage, so these are chars / 4

    def as_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "model": self.model,
            "seconds": round(self.seconds, 3),
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "tokens_estimated": self.tokens_estimated,
        }


class Budget:
    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._started = clock()
        self._generation_seconds = 0.0
        self._generated_tokens = 0

    def elapsed(self) -> float:
        return self._clock() - self._started

    def remaining(self) -> float:
        return self.seconds - self.elapsed()

    def max_tokens(self, wanted: int) -> int:
        """``wanted``, or fewer if the model's observed speed would overrun the budget."""
        remaining = self.remaining()
        if remaining <= 0:
            raise BudgetSpent(f"the {self.seconds:g} s budget is spent")
        if self._generated_tokens:
            per_token = self._generation_seconds / self._generated_tokens
            wanted = min(wanted, int(remaining / per_token)) if per_token > 0 else wanted
        if wanted < MIN_USEFUL_TOKENS:
            raise BudgetSpent(f"{remaining:.1f} s left: too little for another model call")
        return wanted

    def observe(self, seconds: float, tokens: int) -> None:
        self._generation_seconds += seconds
        self._generated_tokens += max(tokens, 1)


def estimate_tokens(text: str) -> int:
    return len(text) // CHARS_PER_TOKEN + 1


def call_model(
    llm: LLM,
    step: str,
    messages: Sequence[ChatMessage],
    schema: dict[str, Any],
    max_tokens: int,
    budget: Budget,
) -> tuple[str, CallRecord]:
    cap = budget.max_tokens(max_tokens)
    started = budget.elapsed()
    try:
        reply = llm.complete(
            messages, schema=schema, max_tokens=cap, temperature=0.0, timeout_s=budget.remaining()
        )
    except ModelTimeout as error:  # the budget ran out inside the call
        raise BudgetSpent(str(error)) from error
    seconds = budget.elapsed() - started
    usage = last_usage(llm)
    estimated = usage is None
    if usage is None:  # a server that reports no usage: estimate from the characters
        usage = Usage(estimate_tokens("\n".join(m["content"] for m in messages)),
                      estimate_tokens(reply))  # fmt: skip
    prompt_tokens, completion_tokens = usage.prompt_tokens, usage.completion_tokens
    budget.observe(seconds, completion_tokens)
    record = CallRecord(
        step, getattr(llm, "name", type(llm).__name__), seconds,
        prompt_tokens, completion_tokens, estimated,
    )  # fmt: skip
    return reply, record
