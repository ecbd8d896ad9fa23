"""OpenAI Chat Completions and Responses APIs (and compatible servers: Azure OpenAI,
OpenRouter, vLLM, llama-server)."""

from __future__ import annotations

import copy
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


class OpenAIChatStream(SSEStreamRestorer):
    """``/v1/chat/completions`` chunks: ``choices[i].delta.content`` and tool-call arguments."""

    def __init__(self, restorer: Restorer) -> None:
        super().__init__(restorer)
        self._template: dict[str, Any] | None = None

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        if event.data is not None and event.data.strip() == "[DONE]":
            return [*self._flush_events(), event]
        chunk = event.json()
        if not isinstance(chunk, dict) or not isinstance(chunk.get("choices"), list):
            return [event]
        self._template = chunk
        for choice in chunk["choices"]:
            index = choice.get("index", 0)
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                delta["content"] = self.channels.feed(("content", index), delta["content"])
            for call in delta.get("tool_calls") or []:
                function = call.get("function") or {}
                if isinstance(function.get("arguments"), str):
                    key = ("tool", index, call.get("index", 0))
                    function["arguments"] = self.channels.feed(key, function["arguments"])
            if choice.get("finish_reason") is not None:
                self._flush_choice(index, delta)
                choice["delta"] = delta
        return [event.with_data(json.dumps(chunk, ensure_ascii=False))]

    def _flush_choice(self, index: int, delta: dict[str, Any]) -> None:
        held = self.channels.flush(("content", index))
        if held:
            delta["content"] = (delta.get("content") or "") + held
        for key in [k for k in self.channels.pending_keys() if k[:2] == ("tool", index)]:
            held = self.channels.flush(key)
            calls = delta.setdefault("tool_calls", [])
            calls.append({"index": key[2], "function": {"arguments": held}})

    def _flush_events(self) -> list[SSEEvent]:
        events = []
        for key, held in self.channels.flush_all().items():
            if not held or self._template is None:
                continue
            chunk = copy.deepcopy(self._template)
            if key[0] == "content":
                delta: dict[str, Any] = {"content": held}
            else:
                delta = {"tool_calls": [{"index": key[2], "function": {"arguments": held}}]}
            chunk["choices"] = [{"index": key[1], "delta": delta, "finish_reason": None}]
            chunk.pop("usage", None)
            events.append(SSEEvent([("data", json.dumps(chunk, ensure_ascii=False))], self.newline))
        return events

    def on_close(self) -> list[SSEEvent]:
        return self._flush_events()


# Fields of Responses API objects that carry model-written text.
_RESPONSES_TEXT_KEYS = frozenset({"text", "arguments", "delta", "output_text", "refusal"})


class OpenAIResponsesStream(SSEStreamRestorer):
    """``/v1/responses`` typed events: ``response.output_text.delta`` per output item and
    content part; the ``.done`` events and ``response.completed`` repeat the whole text.

    Every event carries a ``sequence_number`` that clients use to order events and spot
    gaps. A delta veil adds (held text released before a ``.done``) is one event more, so
    the emitted events are numbered again: consecutively, from the stream's first number."""

    def __init__(self, restorer: Restorer) -> None:
        super().__init__(restorer)
        self._next_sequence: int | None = None

    def _number(self, payload: dict[str, Any]) -> dict[str, Any]:
        sequence = payload.get("sequence_number")
        if isinstance(sequence, int) and not isinstance(sequence, bool):
            if self._next_sequence is None:
                self._next_sequence = sequence
            payload["sequence_number"] = self._next_sequence
            self._next_sequence += 1
        return payload

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        payload = event.json()
        if not isinstance(payload, dict):
            return [event]
        kind = payload.get("type", "")
        key = (payload.get("item_id"), payload.get("output_index"), payload.get("content_index"))
        if kind.endswith(("output_text.delta", "function_call_arguments.delta")) and isinstance(
            payload.get("delta"), str
        ):
            payload["delta"] = self.channels.feed(key, payload["delta"])
            return [event.with_data(json.dumps(self._number(payload), ensure_ascii=False))]
        before = []
        if kind.endswith(("output_text.done", "function_call_arguments.done")):
            held = self.channels.flush(key)
            if held:
                delta_kind = kind.replace(".done", ".delta")
                extra = {
                    **{k: v for k, v in payload.items() if k not in ("text", "arguments")},
                    "type": delta_kind,
                    "delta": held,
                }
                fields = [
                    (k, delta_kind if k == "event" else v) for k, v in event.fields if k != "data"
                ]
                data = json.dumps(self._number(extra), ensure_ascii=False)
                before.append(SSEEvent(fields, event.newline).with_data(data))
        restored = self._number(restore_strings(payload, self.restorer, _RESPONSES_TEXT_KEYS))
        return [*before, event.with_data(json.dumps(restored, ensure_ascii=False))]
