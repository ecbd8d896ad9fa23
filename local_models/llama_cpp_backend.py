"""The in-process backend: a GGUF file run by llama.cpp (llama-cpp-python).

The file is probe-loaded in a child process first (see ``probe``), then loaded here
lazily on the first call and once. One lock guards the llama context, which is not
safe to share between threads. Structured output uses llama-cpp-python's
schema-to-grammar conversion, so the reply is JSON that fits the schema, decoded with
``grammar_first`` (the same tokens, 1.7x faster on two cores).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jsonschema

from veil.local_models.backend import ChatMessage, LLMError, Usage, UsageRecorder
from veil.local_models.probe import check_gguf_header, probe_gguf

DEFAULT_CONTEXT = 4096
DEFAULT_SEED = 1234
# Chat template for GGUF files whose metadata carries none (many conversions).
FALLBACK_CHAT_FORMAT = "chatml"


def default_threads() -> int:
    """$VEIL_LLM_THREADS, else half the CPUs this process may use (at least 1).

    llama.cpp's threads spin at every barrier: when the proxy, NER or other programs
    want a core too, more threads are slower, not faster (measured on 2 busy cores:
    a 0.5B model answered in 3.5 s with 1 thread and 15.7 s with 2).
    """
    configured = os.environ.get("VEIL_LLM_THREADS")
    if configured:
        try:
            return max(1, int(configured))
        except ValueError as error:
            raise LLMError(f"VEIL_LLM_THREADS must be a number, not {configured!r}") from error
    try:
        available = len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no sched_getaffinity
        available = os.cpu_count() or 1
    return max(1, min(available // 2, 8))


class LlamaCppLLM:
    """``veil.local_models.backend.LLM`` on a local GGUF file."""

    def __init__(
        self,
        model_path: str | os.PathLike[str],
        *,
        name: str | None = None,
        n_ctx: int = DEFAULT_CONTEXT,
        n_threads: int | None = None,
        seed: int = DEFAULT_SEED,
        probe: bool = True,
    ) -> None:
        """``probe``: load the file in a child process first, so that a file llama.cpp
        aborts on cannot take this process down; the model worker, which is that child
        process itself, turns it off."""
        self.probe = probe
        self.model_path = Path(model_path).expanduser()
        self.name = name or self.model_path.name
        self.n_ctx = n_ctx
        self.n_threads = n_threads
        self.seed = seed
        self._model: Any = None
        self._lock = threading.Lock()
        self.usage = UsageRecorder()
        self.chat_template_source = ""  # "gguf" or "chatml fallback" once loaded

    def load(self) -> None:
        """Load now rather than on the first call (idempotent)."""
        with self._lock:
            self._ensure_loaded()

    def _ensure_loaded(self) -> Any:
        if self._model is not None:
            return self._model
        n_ctx = self.n_ctx
        if self.probe:
            context_length = probe_gguf(self.model_path).context_length
            n_ctx = min(n_ctx, context_length) if context_length else n_ctx
        else:
            check_gguf_header(self.model_path)
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from veil.local_models.grammar_first import GrammarFirstLlama
        except ImportError as error:
            raise LLMError("llama-cpp-python is not installed (pip install veil)") from error
        try:
            model = GrammarFirstLlama(
                model_path=str(self.model_path),
                n_ctx=n_ctx,
                n_threads=self.n_threads or default_threads(),
                seed=self.seed,
                verbose=False,
            )
        except Exception as error:
            raise LLMError(f"llama.cpp cannot load {self.model_path}: {error}") from error
        if "tokenizer.chat_template" in (model.metadata or {}):
            self.chat_template_source = "gguf"
        else:  # llama-cpp-python would guess llama-2's format
            model.chat_format = FALLBACK_CHAT_FORMAT
            self.chat_template_source = "chatml fallback"
        self._model = model
        return model

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        timeout_s: float | None = None,  # in-process generation cannot be cut short
    ) -> str:
        if not messages:
            raise LLMError("complete() needs at least one message")
        arguments: dict[str, Any] = {
            "messages": [dict(message) for message in messages],
            "max_tokens": max_tokens,
            "temperature": temperature,
            "seed": self.seed,
        }
        if schema is not None:
            arguments["response_format"] = {"type": "json_object", "schema": schema}
        with self._lock:
            model = self._ensure_loaded()
            try:
                reply = model.create_chat_completion(**arguments)
            except Exception as error:
                raise LLMError(f"{self.name}: generation failed: {error}") from error
        self.usage.record(Usage.from_reply(reply))
        text = reply["choices"][0]["message"].get("content") or ""
        if schema is not None:
            finish_reason = reply["choices"][0].get("finish_reason")
            return schema_answer(text, schema, self.name, finish_reason)
        return text

    def __repr__(self) -> str:
        return f"LlamaCppLLM({str(self.model_path)!r})"


def schema_answer(
    text: str, schema: dict[str, Any], name: str, finish_reason: str | None = None
) -> str:
    """The model's JSON answer, checked against ``schema`` and re-serialized.

    Grammars enforce the schema's shape but not every keyword (llama.cpp ignores numeric
    ``minimum``/``maximum``), so the answer is validated here: callers get JSON that fits
    or an LLMError. Grammar-constrained sampling can also put raw control characters
    inside strings, which strict parsers refuse; they are read leniently, written escaped.
    """
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError as error:
        hint = (
            " (the answer hit max_tokens: bound the schema's strings and arrays)"
            if finish_reason == "length"
            else ""
        )
        # Its length and where it breaks, not the text: a model's answer may echo the prompt.
        raise LLMError(
            f"{name} returned text that is not JSON{hint}: {error.msg} at character "
            f"{error.pos} of {len(text)}"
        ) from error
    try:
        jsonschema.validate(value, schema)
    except jsonschema.ValidationError as error:
        raise LLMError(f"{name}: the answer does not fit the schema: {error.message}") from error
    except jsonschema.SchemaError as error:
        raise LLMError(f"invalid JSON schema: {error.message}") from error
    return json.dumps(value, ensure_ascii=False)
