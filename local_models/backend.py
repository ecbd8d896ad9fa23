"""The one interface every model backend implements.

Backends: llama.cpp in process and any OpenAI-compatible HTTP server. Callers pass
chat messages and, for structured output, a JSON schema whose arrays and strings are
bounded (small models otherwise generate until the token limit); the reply is the
model's text, which with a schema is a JSON document that satisfies it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypedDict


class ChatMessage(TypedDict):
    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True)
class Usage:
    """Tokens one call read and wrote, as the model counted them."""

    prompt_tokens: int
    completion_tokens: int

    @classmethod
    def from_reply(cls, reply: dict[str, Any]) -> Usage | None:
        """From an OpenAI-style ``usage`` object; None if the reply carries none."""
        usage = reply.get("usage")
        if not isinstance(usage, dict):
            return None
        prompt, completion = usage.get("prompt_tokens"), usage.get("completion_tokens")
        if not isinstance(prompt, int) or not isinstance(completion, int):
            return None
        return cls(prompt, completion)


class UsageRecorder:
    """The usage of the last call made from the current thread (calls run concurrently)."""

    def __init__(self) -> None:
        self._local = threading.local()

    def record(self, usage: Usage | None) -> None:
        self._local.usage = usage

    def last(self) -> Usage | None:
        return getattr(self._local, "usage", None)


class LLMError(RuntimeError):
    """The model could not be loaded or did not answer; the message says which and why."""


class ModelTimeout(LLMError):
    """The model did not answer within the call's deadline."""


class ModelUnreachable(LLMError):
    """The connection to the model's server failed or broke off (not an HTTP error)."""


class ModelLoadError(LLMError):
    """The model file cannot be loaded (missing, not a GGUF, or llama.cpp refuses it)."""


class LLM(Protocol):
    """Models load lazily, once; ``complete`` is safe to call from several threads."""

    name: str

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        timeout_s: float | None = None,
    ) -> str:
        """``timeout_s``: the caller's deadline for this call; a backend that cannot keep
        one may ignore it, the others raise ``ModelTimeout`` when it passes."""
        ...


def last_usage(llm: LLM) -> Usage | None:
    """What the current thread's last ``complete`` on ``llm`` counted, if the backend
    reports it (both of veil's do; a server that sends no ``usage`` does not)."""
    recorder = getattr(llm, "usage", None)
    return recorder.last() if isinstance(recorder, UsageRecorder) else None
