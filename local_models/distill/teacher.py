"""The teacher: any model spec veil loads (an OpenAI-compatible URL, a GGUF file, a catalog
name), with a deadline per call and refusals told apart from other bad answers.

A server's refusal ("I'm sorry, I can't help with that", or OpenAI's ``message.refusal``)
is not the JSON asked for; the collector counts it apart, since a teacher that refuses a
kind of text biases the data. A local GGUF answers under a grammar and cannot refuse.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from veil.local_models.backend import LLM, ChatMessage
from veil.local_models.load import load_llm
from veil.local_models.openai_http_backend import OpenAICompatibleLLM
from veil.local_models.slow_stage.json_reply import BadReply

_REFUSAL = re.compile(
    r"^\W*(?:i'?m sorry|i am sorry|sorry,|i can(?:no|')t|i cannot|i won'?t|i am unable|"
    r"i'?m unable|as an ai|i must decline)",
    re.IGNORECASE,
)


class TeacherRefused(BadReply):
    """The teacher declined the task instead of answering it."""


def looks_like_refusal(text: str) -> bool:
    return bool(_REFUSAL.search(text.strip()))


class HTTPTeacher(OpenAICompatibleLLM):
    """An OpenAI-compatible teacher whose refusals raise ``TeacherRefused``."""

    def _post_chat(self, body: dict[str, Any]) -> dict[str, Any]:
        reply = super()._post_chat(body)
        choices = reply.get("choices")
        message = choices[0].get("message") if isinstance(choices, list) and choices else None
        if isinstance(message, dict):
            content = message.get("content")
            if message.get("refusal") or (isinstance(content, str) and looks_like_refusal(content)):
                raise TeacherRefused(f"{self.name} refused the task")
        return reply


class DeadlineLLM:
    """Another ``LLM`` whose calls get at most ``call_timeout_s`` each."""

    def __init__(self, llm: LLM, call_timeout_s: float) -> None:
        self.llm, self.name, self.call_timeout_s = llm, llm.name, call_timeout_s
        self.usage = getattr(llm, "usage", None)

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        timeout_s: float | None = None,
    ) -> str:
        deadline = self.call_timeout_s if timeout_s is None else min(timeout_s, self.call_timeout_s)
        return self.llm.complete(messages, schema, max_tokens, temperature, deadline)


def load_teacher(spec: str, call_timeout_s: float) -> LLM:
    """The teacher ``spec`` names (see veil.local_models.load)."""
    if spec.startswith(("http://", "https://")):
        base_url, _, model = spec.partition("#")
        return DeadlineLLM(HTTPTeacher(base_url, model or None, timeout_s=call_timeout_s),
                           call_timeout_s)  # fmt: skip
    return DeadlineLLM(load_llm(spec), call_timeout_s)
