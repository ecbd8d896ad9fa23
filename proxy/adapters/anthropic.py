"""Anthropic Messages API. Thinking blocks are signed: never edited."""

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


class AnthropicMessagesStream(SSEStreamRestorer):
    """Messages API events: text and tool-input deltas per content block. Thinking is
    signed by the API and goes through untouched."""

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        payload = event.json()
        if not isinstance(payload, dict):
            return [event]
        kind = payload.get("type")
        if kind == "content_block_delta":
            delta = payload.get("delta") or {}
            index = payload.get("index", 0)
            if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
                delta["text"] = self.channels.feed(index, delta["text"])
            elif delta.get("type") == "input_json_delta" and isinstance(
                delta.get("partial_json"), str
            ):
                delta["partial_json"] = self.channels.feed(("json", index), delta["partial_json"])
            else:
                return [event]
            return [event.with_data(json.dumps(payload, ensure_ascii=False))]
        if kind == "content_block_stop":
            index = payload.get("index", 0)
            return [*self._held_deltas(event, index), event]
        if kind in ("message_stop", "error"):
            return [*self._held_deltas(event, None), event]
        return [event]

    def _held_deltas(self, template: SSEEvent, index: int | None) -> list[SSEEvent]:
        events = []
        keys = [index, ("json", index)] if index is not None else self.channels.pending_keys()
        for key in keys:
            held = self.channels.flush(key)
            if not held:
                continue
            block = key[1] if isinstance(key, tuple) else key
            delta = (
                {"type": "input_json_delta", "partial_json": held}
                if isinstance(key, tuple)
                else {"type": "text_delta", "text": held}
            )
            payload = {"type": "content_block_delta", "index": block, "delta": delta}
            fields = [
                ("event", "content_block_delta"),
                ("data", json.dumps(payload, ensure_ascii=False)),
            ]
            events.append(SSEEvent(fields, template.newline))
        return events

    def on_close(self) -> list[SSEEvent]:
        return self._held_deltas(SSEEvent(), None)
