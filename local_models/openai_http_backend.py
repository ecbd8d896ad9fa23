"""The HTTP backend: any server that speaks OpenAI's ``/v1/chat/completions`` (Ollama,
llama-server, llama-cpp-python's server, vLLM, a team's shared inference server).

Structured output asks for ``response_format: {type: json_schema}``; a server that
refuses that (HTTP 400/422, or an error naming response_format) is asked again with
``{type: json_object, schema}``, the form llama.cpp-based servers accept, and that
choice is remembered.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import httpx

from veil.local_models.backend import (
    ChatMessage,
    LLMError,
    ModelTimeout,
    ModelUnreachable,
    Usage,
    UsageRecorder,
)
from veil.local_models.llama_cpp_backend import schema_answer

DEFAULT_TIMEOUT_S = 120.0
API_KEY_ENV = "VEIL_LLM_API_KEY"


class OpenAICompatibleLLM:
    """``veil.local_models.backend.LLM`` on an OpenAI-compatible server.

    ``base_url`` ends where OpenAI's does (``.../v1``); ``model`` is the server's model
    name; without one, the server's first listed model is used.
    """

    def __init__(
        self,
        base_url: str,
        model: str | None = None,
        *,
        api_key: str | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        seed: int | None = 1234,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.seed = seed
        api_key = api_key or os.environ.get(API_KEY_ENV)
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            base_url=self.base_url,
            headers=headers,
            timeout=httpx.Timeout(timeout_s, connect=10.0),
        )
        self._schema_style = "json_schema"
        self.usage = UsageRecorder()
        self._lock = threading.Lock()  # guards the lazily resolved model name and style
        self._local = threading.local()  # the current call's deadline, per thread

    @property
    def name(self) -> str:
        return f"{self.base_url}#{self.model or '?'}"

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        timeout_s: float | None = None,
    ) -> str:
        if not messages:
            raise LLMError("complete() needs at least one message")
        self._local.timeout_s = timeout_s
        body: dict[str, Any] = {
            "model": self._model_name(),
            "messages": [dict(message) for message in messages],
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stream": False,
        }
        if self.seed is not None:
            body["seed"] = self.seed
        reply = self._post_chat(body) if schema is None else self._post_structured(body, schema)
        self.usage.record(Usage.from_reply(reply))
        text = _answer_text(reply, self.name)
        if schema is not None:
            finish_reason = (reply.get("choices") or [{}])[0].get("finish_reason")
            return schema_answer(text, schema, self.name, finish_reason)
        return text

    def _post_structured(self, body: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
        if self._schema_style == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "answer", "schema": schema, "strict": True},
            }
            try:
                return self._post_chat(body)
            except _RefusedRequest:
                with self._lock:
                    self._schema_style = "json_object"
        body["response_format"] = {"type": "json_object", "schema": schema}
        try:
            return self._post_chat(body)
        except _RefusedRequest as refused:
            raise LLMError(f"{self.name} refused the request: {refused}") from refused

    def _post_chat(self, body: dict[str, Any]) -> dict[str, Any]:
        response = self._request("POST", "/chat/completions", json=body)
        # 400/422 is how servers refuse a request's shape; llama-cpp-python's server
        # answers 500 with the validation error, which names the refused field.
        refused_format = "response_format" in body and "response_format" in response.text
        if response.status_code in (400, 422) or (response.status_code >= 400 and refused_format):
            raise _RefusedRequest(f"HTTP {response.status_code}: {response.text[:300]}")
        return _json_body(response, self.name)

    def _model_name(self) -> str:
        with self._lock:
            if self.model:
                return self.model
            listing = _json_body(self._request("GET", "/models"), self.base_url)
            models = [item.get("id") for item in listing.get("data", []) if item.get("id")]
            if not models:
                raise LLMError(
                    f"{self.base_url} lists no models; name one as {self.base_url}#MODEL"
                )
            self.model = models[0]
            return self.model

    def prefer_json_object(self) -> None:
        """Ask for structured output as ``{type: json_object, schema}`` from the start
        (llama.cpp-based servers, veil's model worker)."""
        with self._lock:
            self._schema_style = "json_object"

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        timeout_s = getattr(self._local, "timeout_s", None)
        if timeout_s is not None:
            if timeout_s <= 0:
                raise ModelTimeout(f"{self.base_url}{path}: no time left for the call")
            kwargs["timeout"] = httpx.Timeout(timeout_s, connect=min(timeout_s, 10.0))
        try:
            return self._client.request(method, path, **kwargs)
        except httpx.TimeoutException as error:
            raise ModelTimeout(f"{self.base_url}{path} did not answer in time: {error}") from error
        except httpx.HTTPError as error:
            raise ModelUnreachable(f"cannot reach {self.base_url}{path}: {error}") from error

    def close(self) -> None:
        self._client.close()

    def __repr__(self) -> str:
        return f"OpenAICompatibleLLM({self.base_url!r}, model={self.model!r})"


class _RefusedRequest(Exception):
    """The server rejected the request's shape (HTTP 400/422)."""


def _json_body(response: httpx.Response, who: str) -> dict[str, Any]:
    if response.status_code >= 400:
        raise LLMError(f"{who}: HTTP {response.status_code}: {response.text[:300]}")
    try:
        value = response.json()
    except ValueError as error:
        # Its length, not the text: a model's answer may echo the prompt.
        raise LLMError(
            f"{who}: the answer is not JSON ({len(response.content)} bytes of "
            f"{response.headers.get('content-type', 'no content type')})"
        ) from error
    if not isinstance(value, dict):
        raise LLMError(f"{who}: expected a JSON object, got {type(value).__name__}")
    return value


def _answer_text(reply: dict[str, Any], who: str) -> str:
    try:
        content = reply["choices"][0]["message"].get("content")
    except (KeyError, IndexError, TypeError, AttributeError) as error:
        keys = ", ".join(sorted(reply)[:10])
        raise LLMError(f"{who}: the answer has no choices[0].message (keys: {keys})") from error
    return content or ""
