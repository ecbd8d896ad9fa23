"""Restoring streamed answers, per wire format, without buffering the stream.

Each restorer takes raw body chunks and returns bytes to forward. It frames first
(SSE events, NDJSON lines), restores the text deltas per channel (choice, content block,
candidate, output item) with a ``StreamingRestorer``, holds back only a possible
pseudonym prefix, and flushes a channel's held text before the event that ends it.
Events keep their shape: same event names, same JSON keys; where held text must come
out and the closing event has no text field, an extra delta event of the same shape
goes first. Whole-text repeats (the Responses API's ``.done`` events and
``response.completed``) are restored in place.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Hashable
from typing import Any

from veil.proxy.framing import LineFramer, SSEEvent, SSEFramer, encode_text
from veil.rules.restore import Restorer, StreamingRestorer


def restore_strings(value: Any, restorer: Restorer, keys: frozenset[str] | None = None) -> Any:
    """A copy of a JSON value with every string (or every string under ``keys``) restored."""
    if isinstance(value, str):
        return restorer.restore(value) if keys is None else value
    if isinstance(value, list):
        return [restore_strings(v, restorer, keys) for v in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(item, str) and (keys is None or key in keys):
                out[key] = restorer.restore(item)
            else:
                out[key] = restore_strings(item, restorer, keys)
        return out
    return value


class _Channels:
    """One StreamingRestorer per channel key, created on first use."""

    def __init__(self, restorer: Restorer) -> None:
        self._restorer = restorer
        self._open: dict[Hashable, StreamingRestorer] = {}

    def feed(self, key: Hashable, delta: str) -> str:
        stream = self._open.get(key)
        if stream is None:
            stream = self._open[key] = self._restorer.stream()
        return stream.feed(delta)

    def flush(self, key: Hashable) -> str:
        stream = self._open.pop(key, None)
        return stream.flush() if stream else ""

    def pending_keys(self) -> list[Hashable]:
        return [k for k, s in self._open.items() if s.pending]

    def flush_all(self) -> dict[Hashable, str]:
        return {k: self.flush(k) for k in list(self._open)}


class SSEStreamRestorer:
    """Base for SSE formats: subclasses map one event to the events to send."""

    def __init__(self, restorer: Restorer) -> None:
        self.restorer = restorer
        self.channels = _Channels(restorer)
        self._framer = SSEFramer()
        self.newline = "\n"  # the stream's line ending, for events veil adds

    def feed(self, chunk: bytes) -> bytes:
        out = []
        for event in self._framer.feed(chunk):
            self.newline = event.newline
            out.extend(e.encode() for e in self.on_event(event))
        return b"".join(out)

    def close(self) -> bytes:
        events = [e for event in self._framer.close() for e in self.on_event(event)]
        events += self.on_close()
        return b"".join(e.encode() for e in events)

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        raise NotImplementedError

    def on_close(self) -> list[SSEEvent]:
        return []


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


# Fields of Responses API objects that carry model-written text.
_RESPONSES_TEXT_KEYS = frozenset({"text", "arguments", "delta", "output_text", "refusal"})


class OllamaStream:
    """Ollama's NDJSON: ``message.content`` per line (``/api/chat``) or ``response``
    (``/api/generate``); the ``done`` line flushes."""

    def __init__(self, restorer: Restorer) -> None:
        self.channels = _Channels(restorer)
        self._framer = LineFramer()

    def feed(self, chunk: bytes) -> bytes:
        return b"".join(self._line(line) for line in self._framer.feed(chunk))

    def close(self) -> bytes:
        out = b"".join(self._line(line) for line in self._framer.close())
        held = {key: text for key, text in self.channels.flush_all().items() if text}
        if "message" in held:
            message = {"role": "assistant", "content": held["message"]}
            out += _ndjson({"message": message, "done": False}) + b"\n"
        if "response" in held:
            out += _ndjson({"response": held["response"], "done": False}) + b"\n"
        return out

    def _line(self, line: bytes) -> bytes:
        try:
            # Bytes that are not UTF-8 ride along as surrogates (framing.encode_text).
            payload = json.loads(line.decode("utf-8", "surrogateescape"))
        except ValueError:
            return line
        if not isinstance(payload, dict):
            return line
        message = payload.get("message")
        if isinstance(message, dict) and isinstance(message.get("content"), str):
            container, key, channel = message, "content", "message"
        elif isinstance(payload.get("response"), str):
            container, key, channel = payload, "response", "response"
        else:
            return line
        container[key] = self.channels.feed(channel, container[key])
        if payload.get("done"):
            container[key] += self.channels.flush(channel)
        ending = b"\n" if line.endswith(b"\n") else b""
        return _ndjson(payload) + ending


def _ndjson(payload: dict[str, Any]) -> bytes:
    return encode_text(json.dumps(payload, ensure_ascii=False))
