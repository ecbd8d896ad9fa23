"""The one interface every model backend implements (DESIGN.md §3).

Backends: llama.cpp in process and any OpenAI-compatible HTTP server. Callers pass
chat messages and, for structured output, a JSON schema whose arrays and strings are
bounded (small models otherwise generate until the token limit); the reply is the
model's text, which with a schema is a JSON document that satisfies it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol, TypedDict


class ChatMessage(TypedDict):
    role: Literal["system", "user", "assistant"]
    content: str


class LLMError(RuntimeError):
    """The model could not be loaded or did not answer; the message says which and why."""


class LLM(Protocol):
    """Models load lazily, once; ``complete`` is safe to call from several threads."""

    name: str

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str: ...
