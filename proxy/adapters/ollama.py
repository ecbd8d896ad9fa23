"""Ollama ``/api/chat`` (NDJSON stream by default)."""

from __future__ import annotations

from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import StatelessApi, TextSlot, json_error, request_path
from veil.proxy.stream_restore import OllamaChatStream, restore_strings
from veil.rules.restore import Restorer

_ANSWER_KEYS = frozenset({"content"})


class OllamaAdapter(StatelessApi):
    name = "ollama"

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and request_path(flow).endswith("/api/chat")

    def _slots(self, body: Any, user: bool) -> list[TextSlot]:
        slots = []
        if isinstance(body, dict):
            for i, message in enumerate(body.get("messages") or []):
                if not isinstance(message, dict) or not isinstance(message.get("content"), str):
                    continue
                if (message.get("role") in ("user", "tool")) == user:
                    slots.append(
                        TextSlot(
                            ("messages", i, "content"), message.get("role", ""), message["content"]
                        )
                    )
        return slots

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        content_type = flow.response.headers.get("content-type", "") if flow.response else ""
        return OllamaChatStream(restorer) if "ndjson" in content_type else None

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer, _ANSWER_KEYS)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return json_error(403, {"error": message})
