"""Gemini API: ``:generateContent`` and ``:streamGenerateContent`` (``?alt=sse``)."""

from __future__ import annotations

import json
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
from veil.proxy.adapters.streams import SSEStreamRestorer, restore_strings
from veil.proxy.framing import SSEEvent
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


class GeminiStream(SSEStreamRestorer):
    """``streamGenerateContent?alt=sse``: each event is a response whose parts carry the
    next piece of text."""

    def __init__(self, restorer: Restorer) -> None:
        super().__init__(restorer)
        self._template: dict[str, Any] | None = None

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        payload = event.json()
        if not isinstance(payload, dict) or not isinstance(payload.get("candidates"), list):
            return [event]
        self._template = payload
        for position, candidate in enumerate(payload["candidates"]):
            index = candidate.get("index", position)
            parts = (candidate.get("content") or {}).get("parts") or []
            text_parts = [
                p for p in parts if isinstance(p.get("text"), str) and not p.get("thought")
            ]
            for part in text_parts:
                part["text"] = self.channels.feed(index, part["text"])
            if candidate.get("finishReason"):
                held = self.channels.flush(index)
                if held and text_parts:
                    text_parts[-1]["text"] += held
                elif held:
                    candidate.setdefault("content", {"role": "model"}).setdefault(
                        "parts", []
                    ).append({"text": held})
        return [event.with_data(json.dumps(payload, ensure_ascii=False))]

    def on_close(self) -> list[SSEEvent]:
        events = []
        for index, held in self.channels.flush_all().items():
            if held:
                payload = {
                    "candidates": [
                        {"index": index, "content": {"role": "model", "parts": [{"text": held}]}}
                    ]
                }
                events.append(
                    SSEEvent([("data", json.dumps(payload, ensure_ascii=False))], self.newline)
                )
        return events
