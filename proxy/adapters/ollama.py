"""Ollama ``/api/chat`` and ``/api/generate`` (NDJSON streams by default)."""

from __future__ import annotations

from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import StatelessApi, TextSlot, author_role, json_error, route_path
from veil.proxy.stream_restore import OllamaStream, restore_strings
from veil.rules.restore import Restorer

_ANSWER_KEYS = frozenset({"content", "response"})
_ROLES = frozenset({"user", "tool", "assistant", "system"})


class OllamaAdapter(StatelessApi):
    name = "ollama"

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and route_path(flow).endswith(
            ("/api/chat", "/api/generate")
        )

    def _slots(self, body: Any, user: bool) -> list[TextSlot]:
        slots = []
        if isinstance(body, dict):
            # /api/generate: one prompt and an optional system prompt
            if user and isinstance(body.get("prompt"), str):
                slots.append(TextSlot(("prompt",), "user", body["prompt"]))
            if not user and isinstance(body.get("system"), str):
                slots.append(TextSlot(("system",), "system", body["system"]))
            for i, message in enumerate(body.get("messages") or []):
                if not isinstance(message, dict) or not isinstance(message.get("content"), str):
                    continue
                role = author_role(message.get("role"), _ROLES)
                if (role in ("user", "tool")) == user:
                    slots.append(TextSlot(("messages", i, "content"), role, message["content"]))
        return slots

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        content_type = flow.response.headers.get("content-type", "") if flow.response else ""
        return OllamaStream(restorer) if "ndjson" in content_type else None

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer, _ANSWER_KEYS)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return json_error(403, {"error": message})
