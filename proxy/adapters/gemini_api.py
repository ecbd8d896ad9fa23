"""Gemini API: ``:generateContent`` and ``:streamGenerateContent`` (``?alt=sse``)."""

from __future__ import annotations

from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import (
    StatelessApi,
    TextSlot,
    author_role,
    is_event_stream,
    json_error,
    route_path,
)
from veil.proxy.stream_restore import GeminiStream, restore_strings
from veil.rules.restore import Restorer

_ANSWER_KEYS = frozenset({"text"})


class GeminiApiAdapter(StatelessApi):
    name = "gemini_api"

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and route_path(flow).endswith(
            (":generatecontent", ":streamgeneratecontent")
        )

    def _slots(self, body: Any, user: bool) -> list[TextSlot]:
        slots: list[TextSlot] = []
        if not isinstance(body, dict):
            return slots
        for i, content in enumerate(body.get("contents") or []):
            if not isinstance(content, dict):
                continue
            role = author_role(content.get("role"), frozenset({"user", "model"}))
            if (role == "user") != user:
                continue
            for j, part in enumerate(content.get("parts") or []):
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    slots.append(TextSlot(("contents", i, "parts", j, "text"), role, part["text"]))
        system = body.get("systemInstruction") or body.get("system_instruction")
        if not user and isinstance(system, dict):
            key = "systemInstruction" if "systemInstruction" in body else "system_instruction"
            for j, part in enumerate(system.get("parts") or []):
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    slots.append(TextSlot((key, "parts", j, "text"), "system", part["text"]))
        return slots

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        return GeminiStream(restorer) if is_event_stream(flow) else None

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer, _ANSWER_KEYS)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return json_error(
            403, {"error": {"code": 403, "message": message, "status": "PERMISSION_DENIED"}}
        )
