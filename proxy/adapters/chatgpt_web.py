"""chatgpt.com: the conversation endpoint, its "prepare" call, the delta-encoded
stream, and history loads.

The prompt is in ``messages[].content.parts[]`` (and first in ``.../prepare`` under
``partial_query``). The answer streams as JSON-patch-like events (delta encoding "v1"):
``{"p": path, "o": op, "v": value}``, where a bare ``{"v": ...}`` reuses the previous path
and op (events of other types in between do not reset them) and ``"o": "patch"`` carries
a list of ops. The server also echoes the user's message (``input_message`` and a
``{"v": {message}, "c": 1}`` add) and sends a title made from the text: all restored.

Instead of streaming, the send request can answer ``{"wss_url", "conversation_id",
"response_id"}`` and hand the answer over to a WebSocket on another host (Azure Web
PubSub). Its server messages wrap the same SSE stream, base64-encoded, in
``{"type": "message", "data": {"type": "http.response.body", "body", "more_body",
"response_id", "conversation_id"}}``; ``HandoffSocket`` restores them message by message,
one delta stream per response, as if they were the SSE answer itself.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import (
    JsonBody,
    TextSlot,
    is_event_stream,
    json_error,
    request_path,
    route_path,
)
from veil.proxy.adapters.streams import SSEStreamRestorer, restore_strings
from veil.proxy.framing import SSEEvent
from veil.rules.restore import Restorer

_SEND = re.compile(r"^/backend-(?:api|anon)/(?:f/)?conversation(/prepare)?$")
_HISTORY = re.compile(r"^/backend-(?:api|anon)/conversations?(?:/([0-9a-f\-]{8,}))?$")
_TEXT_PATH = re.compile(r"/content/parts/\d+$|/content/text$")
_DONE_STATUS = frozenset(
    {"finished_successfully", "finished_partial_completion", "in_progress_done"}
)


class ChatGPTStream(SSEStreamRestorer):
    def __init__(self, restorer: Restorer, on_conversation: Callable[[str], None] | None = None):
        super().__init__(restorer)
        self._path: str | None = None
        self._op: str | None = None
        self._on_conversation = on_conversation
        self._seen_conversation: str | None = None

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        data = event.data
        if data is not None and data.strip() == "[DONE]":
            return [*self._flush_events(event), event]
        payload = event.json()
        if isinstance(payload, str) or payload is None:
            return [event]  # "v1" announcement, comments
        self._note_conversation(payload)
        if isinstance(payload, dict) and set(payload) <= {"p", "o", "v", "c"} and "v" in payload:
            before = self._delta(payload)
            return [*before, event.with_data(json.dumps(payload, ensure_ascii=False))]
        if isinstance(payload, dict) and payload.get("type") == "message_stream_complete":
            return [*self._flush_events(event), event]
        # input_message echo, title_generation, server_ste_metadata...: whole values
        restored = restore_strings(payload, self.restorer)
        return [event.with_data(json.dumps(restored, ensure_ascii=False))]

    def _delta(self, op: dict[str, Any]) -> list[SSEEvent]:
        if "p" in op:
            self._path = op["p"]
        if "o" in op:
            self._op = op["o"]
        path, kind, value = self._path or "", self._op or "", op["v"]
        if kind == "append" and isinstance(value, str) and _TEXT_PATH.search(path):
            op["v"] = self.channels.feed(path, value)
        elif kind == "patch" and isinstance(value, list):
            op["v"] = self._patch(value)
        elif isinstance(value, (dict, list)) or (kind == "replace" and isinstance(value, str)):
            op["v"] = restore_strings(value, self.restorer)
        return []

    def _patch(self, ops: list[Any]) -> list[Any]:
        out: list[Any] = []
        for sub in ops:
            if not isinstance(sub, dict):
                out.append(sub)
                continue
            path, kind, value = sub.get("p", ""), sub.get("o", ""), sub.get("v")
            if kind == "append" and isinstance(value, str) and _TEXT_PATH.search(path):
                sub = {**sub, "v": self.channels.feed(path, value)}
            elif kind == "replace" and path.endswith("/status") and value in _DONE_STATUS:
                # the message is finished: release what was held for its text
                for held_path in list(self.channels.pending_keys()):
                    out.append({"p": held_path, "o": "append", "v": self.channels.flush(held_path)})
            elif isinstance(value, (dict, list, str)) and kind != "append":
                sub = {**sub, "v": restore_strings(value, self.restorer)}
            out.append(sub)
        return out

    def _flush_events(self, template: SSEEvent) -> list[SSEEvent]:
        events = []
        for path, held in self.channels.flush_all().items():
            if held:
                op = {"p": path, "o": "append", "v": held}
                events.append(
                    SSEEvent(
                        [("event", "delta"), ("data", json.dumps(op, ensure_ascii=False))],
                        template.newline,
                    )
                )
                self._path, self._op = path, "append"
        return events

    def _note_conversation(self, payload: Any) -> None:
        if self._on_conversation is None or self._seen_conversation:
            return
        found = _find_key(payload, "conversation_id")
        if isinstance(found, str) and found:
            self._seen_conversation = found
            self._on_conversation(found)

    def on_close(self) -> list[SSEEvent]:
        return self._flush_events(SSEEvent(newline=self.newline))


def _find_key(value: Any, key: str, depth: int = 0) -> Any:
    if depth > 4:
        return None
    if isinstance(value, dict):
        if key in value:
            return value[key]
        for item in value.values():
            found = _find_key(item, key, depth + 1)
            if found:
                return found
    return None


@dataclass(frozen=True)
class Handoff:
    """The answer to one send request continues on a WebSocket at host:port."""

    host: str
    port: int
    conversation_id: str


def find_handoff(body: Any) -> Handoff | None:
    if not isinstance(body, dict) or not isinstance(body.get("wss_url"), str):
        return None
    url = urllib.parse.urlsplit(body["wss_url"])
    conversation = body.get("conversation_id")
    if url.scheme not in ("wss", "ws") or not url.hostname or not isinstance(conversation, str):
        return None
    return Handoff(
        url.hostname.lower(), url.port or (443 if url.scheme == "wss" else 80), conversation
    )


class HandoffSocket:
    """Restores the server messages of a hand-off WebSocket (one per connection).

    ``restorer_for(conversation_id)`` gives the conversation's restorer, or None for a
    conversation veil did not filter (its messages pass unchanged)."""

    def __init__(self, restorer_for: Callable[[str], Restorer | None]) -> None:
        self._restorer_for = restorer_for
        self._streams: dict[str, ChatGPTStream] = {}

    def server_message(self, content: bytes) -> bytes | None:
        """The message to forward instead, or None to forward it unchanged."""
        try:
            message = json.loads(content)
        except ValueError:
            return None
        data = message.get("data") if isinstance(message, dict) else None
        if not isinstance(data, dict) or not isinstance(data.get("body"), str):
            return None
        conversation = data.get("conversation_id")
        if not isinstance(conversation, str):
            return None
        key = str(data.get("response_id") or conversation)
        stream = self._streams.get(key)
        if stream is None:
            # one restorer per answer: a later turn may have added pseudonyms to the vault
            restorer = self._restorer_for(conversation)
            if restorer is None:
                return None
            stream = ChatGPTStream(restorer)
        try:
            chunk = base64.b64decode(data["body"], validate=True)
        except (binascii.Error, ValueError):
            return None
        self._streams[key] = stream
        out = stream.feed(chunk)
        if data.get("more_body") is False:
            out += stream.close()
            del self._streams[key]
        data["body"] = base64.b64encode(out).decode("ascii")
        return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()


class ChatGPTWebAdapter(JsonBody):
    name = "chatgpt_web"
    # settings the web app sends with every message (their values are also checked to be
    # identifiers, see adapters/residual)
    inert_keys = frozenset({"conduit_token", "system_hints", "supported_encodings", "href"})

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and bool(_SEND.match(route_path(flow)))

    def restores_only(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "GET" and bool(_HISTORY.match(request_path(flow)))

    def conversation_id(self, flow: http.HTTPFlow, body: Any) -> str | None:
        history = _HISTORY.match(request_path(flow))
        if history and history.group(1):
            return history.group(1)
        conversation = body.get("conversation_id") if isinstance(body, dict) else None
        return conversation if isinstance(conversation, str) and conversation else None

    def extract(self, body: Any) -> list[TextSlot]:
        if not isinstance(body, dict):
            return []
        slots: list[TextSlot] = []
        for i, message in enumerate(body.get("messages") or []):
            slots += _message_slots(message, ("messages", i))
        if isinstance(body.get("partial_query"), dict):
            slots += _message_slots(body["partial_query"], ("partial_query",))
        return slots

    def known_value_slots(self, body: Any) -> list[TextSlot]:
        return []

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        if not is_event_stream(flow):
            return None
        return ChatGPTStream(restorer, flow.metadata.get("veil_bind_conversation"))

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer)

    def handoff(self, body: Any) -> Handoff | None:
        return find_handoff(body)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return json_error(403, {"detail": message})


def _message_slots(message: Any, path: tuple) -> list[TextSlot]:
    if not isinstance(message, dict) or (message.get("author") or {}).get("role") != "user":
        return []
    parts = (message.get("content") or {}).get("parts") or []
    return [
        TextSlot((*path, "content", "parts", j), "user", part)
        for j, part in enumerate(parts)
        if isinstance(part, str)
    ]
