"""Anthropic Messages API. Thinking blocks are signed: never edited."""

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
from veil.proxy.stream_restore import AnthropicMessagesStream, restore_strings
from veil.rules.restore import Restorer

_ANSWER_KEYS = frozenset({"text"})
# Signed by the API: an edited block is refused. veil never restores them either, so a
# resent one holds pseudonyms, not the user's values.
SIGNED_BLOCKS = frozenset({"thinking", "redacted_thinking"})


class AnthropicAdapter(StatelessApi):
    name = "anthropic"
    inert_keys = frozenset({"anthropic_version", "signature"})

    def untouchable(self, node: dict[str, Any]) -> bool:
        return node.get("type") in SIGNED_BLOCKS

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and route_path(flow).endswith("/v1/messages")

    def _slots(self, body: Any, user: bool) -> list[TextSlot]:
        slots: list[TextSlot] = []
        if not isinstance(body, dict):
            return slots
        for i, message in enumerate(body.get("messages") or []):
            if not isinstance(message, dict):
                continue
            role = author_role(message.get("role"), frozenset({"user", "assistant"}))
            if (role == "user") != user:
                continue
            content = message.get("content")
            base = ("messages", i, "content")
            if isinstance(content, str):
                slots.append(TextSlot(base, role, content))
                continue
            for j, block in enumerate(content or []):
                slots += _block_slots(block, (*base, j), role)
        if not user and isinstance(body.get("system"), str):
            slots.append(TextSlot(("system",), "system", body["system"]))
        elif not user and isinstance(body.get("system"), list):
            for j, block in enumerate(body["system"]):
                slots += _block_slots(block, ("system", j), "system")
        return slots

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        return AnthropicMessagesStream(restorer) if is_event_stream(flow) else None

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        if not isinstance(body, dict):
            return body
        restored = dict(body)
        restored["content"] = [
            block
            if block.get("type") in SIGNED_BLOCKS
            else restore_strings(
                block, restorer, _ANSWER_KEYS if block.get("type") == "text" else None
            )
            for block in body.get("content") or []
            if isinstance(block, dict)
        ]
        return restored

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return json_error(
            403, {"type": "error", "error": {"type": "permission_error", "message": message}}
        )


def _block_slots(block: Any, path: tuple, role: str) -> list[TextSlot]:
    if not isinstance(block, dict):
        return []
    kind = block.get("type")
    if kind == "text" and isinstance(block.get("text"), str):
        return [TextSlot((*path, "text"), role, block["text"])]
    if kind == "tool_result":
        content = block.get("content")
        if isinstance(content, str):
            return [TextSlot((*path, "content"), "tool", content)]
        return [
            s
            for k, b in enumerate(content or [])
            for s in _block_slots(b, (*path, "content", k), "tool")
        ]
    if kind == "document":
        source = block.get("source") or {}
        if source.get("type") == "text" and isinstance(source.get("data"), str):
            return [TextSlot((*path, "source", "data"), role, source["data"])]
    return []  # images, thinking (signed), redacted_thinking, tool_use from the model
