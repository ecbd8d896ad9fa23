"""Ollama ``/api/chat`` and ``/api/generate`` (NDJSON streams by default)."""

from __future__ import annotations

import json
from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import StatelessApi, TextSlot, author_role, json_error, route_path
from veil.proxy.adapters.streams import Channels, restore_strings
from veil.proxy.framing import LineFramer, encode_text
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


class OllamaStream:
    """Ollama's NDJSON: ``message.content`` per line (``/api/chat``) or ``response``
    (``/api/generate``); the ``done`` line flushes."""

    def __init__(self, restorer: Restorer) -> None:
        self.channels = Channels(restorer)
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
