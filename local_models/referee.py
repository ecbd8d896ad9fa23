"""A local model as referee for names the text does not decide: public entity or not?

Only spans with no evidence either way reach it (rules.subject leaves them UNKNOWN), so
it is asked rarely. It answers one boolean under a grammar; a call that fails, answers
out of shape or comes back after the deadline leaves the span protected. The model runs
on one worker thread: a late call is abandoned, not waited for, and the next call queues
behind it within its own deadline.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from veil.local_models.backend import LLM, ChatMessage, LLMError

CONTEXT_CHARS = 240  # of the text on each side of the name: enough for its sentence

_SCHEMA = {
    "type": "object",
    "properties": {"public": {"type": "boolean"}},
    "required": ["public"],
    "additionalProperties": False,
}
_INSTRUCTIONS = (
    "You decide whether a name in a message typed to a chatbot refers to a PUBLIC entity "
    "(a famous or historical person, a fictional character, a work, a brand, a company, "
    "a well-known place, an event) or to a PRIVATE person or business the writer knows. "
    'Answer with JSON {"public": true} or {"public": false}. If unsure, answer false.'
)


class LLMReferee:
    """``rules.subject.Referee`` on a local model, loaded on first use."""

    def __init__(self, model: str, load_llm: Callable[[str], LLM]) -> None:
        self.model = model
        self._load = load_llm
        self._llm: LLM | None = None
        self._lock = threading.Lock()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veil-referee")

    def llm(self) -> LLM:
        with self._lock:
            if self._llm is None:
                self._llm = self._load(self.model)
            return self._llm

    def is_public(self, text: str, value: str, label: str, deadline: float) -> bool:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise LLMError("no time left for the referee")
        future = self._worker.submit(self._ask, text, value, label)
        try:
            return future.result(timeout=remaining)
        except FutureTimeout:
            future.cancel()
            raise LLMError(f"the referee did not answer within {remaining:.1f} s") from None

    def _ask(self, text: str, value: str, label: str) -> bool:
        start = text.find(value)
        around = text[max(0, start - CONTEXT_CHARS) : start + len(value) + CONTEXT_CHARS]
        messages: list[ChatMessage] = [
            {"role": "system", "content": _INSTRUCTIONS},
            {
                "role": "user",
                "content": f"Message:\n{around}\n\nName: {value}\nKind: {label.lower()}",
            },
        ]
        reply = self.llm().complete(messages, schema=_SCHEMA, max_tokens=12, temperature=0.0)
        try:
            answer = json.loads(reply)
        except ValueError:
            raise LLMError(f"the referee's reply is not JSON ({len(reply)} characters)") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("public"), bool):
            raise LLMError("the referee's reply has no boolean 'public'")
        return answer["public"]
