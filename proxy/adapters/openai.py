"""OpenAI Chat Completions and Responses APIs (and compatible servers: Azure OpenAI,
OpenRouter, vLLM, llama-server)."""

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
from veil.proxy.stream_restore import OpenAIChatStream, OpenAIResponsesStream, restore_strings
from veil.rules.restore import Restorer

# Roles whose text the user wrote (or the user's tools returned).
USER_ROLES = frozenset({"user", "tool", "function"})
# Roles whose text the model or the developer wrote; resent history may hold restored
# values, so known values are swapped back to their pseudonyms there.
OTHER_ROLES = frozenset({"assistant", "system", "developer"})
KNOWN_ROLES = USER_ROLES | OTHER_ROLES
_TEXT_PARTS = ("text", "input_text", "output_text")
_ANSWER_KEYS = frozenset({"content", "text", "arguments", "output_text", "refusal"})


def _content_slots(content: Any, path: tuple, role: str) -> list[TextSlot]:
    if isinstance(content, str):
        return [TextSlot(path, role, content)]
    slots = []
    if isinstance(content, list):
        for i, part in enumerate(content):
            is_text = isinstance(part, dict) and part.get("type") in _TEXT_PARTS
            if is_text and isinstance(part.get("text"), str):
                slots.append(TextSlot((*path, i, "text"), role, part["text"]))
    return slots


class OpenAIAdapter(StatelessApi):
    name = "openai"

    def matches(self, flow: http.HTTPFlow) -> bool:
        path = route_path(flow)
        return flow.request.method == "POST" and path.endswith(("/chat/completions", "/responses"))

    @staticmethod
    def _is_responses(flow: http.HTTPFlow) -> bool:
        return route_path(flow).endswith("/responses")

    def _slots(self, body: Any, user: bool) -> list[TextSlot]:
        roles = USER_ROLES if user else OTHER_ROLES
        slots: list[TextSlot] = []
        if not isinstance(body, dict):
            return slots
        if not user and isinstance(body.get("instructions"), str):
            slots.append(TextSlot(("instructions",), "system", body["instructions"]))
        for i, message in enumerate(body.get("messages") or []):
            role = (
                author_role(message.get("role"), KNOWN_ROLES) if isinstance(message, dict) else ""
            )
            if role in roles:
                slots += _content_slots(message.get("content"), ("messages", i, "content"), role)
        items = body.get("input")
        if isinstance(items, str) and "user" in roles:
            slots.append(TextSlot(("input",), "user", items))
        elif isinstance(items, list):
            for i, item in enumerate(items):
                if not isinstance(item, dict):
                    continue
                if item.get("type") == "function_call_output" and "tool" in roles:
                    if isinstance(item.get("output"), str):
                        slots.append(TextSlot(("input", i, "output"), "tool", item["output"]))
                elif "role" in item or "content" in item:  # a message item
                    role = author_role(item.get("role"), KNOWN_ROLES)
                    if role in roles:
                        slots += _content_slots(item.get("content"), ("input", i, "content"), role)
        return slots

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        if not is_event_stream(flow):
            return None
        return (
            OpenAIResponsesStream(restorer)
            if self._is_responses(flow)
            else OpenAIChatStream(restorer)
        )

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer, _ANSWER_KEYS)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return json_error(
            403,
            {
                "error": {
                    "message": message,
                    "type": "veil_blocked",
                    "param": None,
                    "code": "veil_blocked",
                }
            },
        )
