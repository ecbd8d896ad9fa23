"""What every site adapter does: find the user's text in a request, put the filtered
text back, and restore answers in the site's own framing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from mitmproxy import http

from veil.rules.restore import Restorer

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class TextSlot:
    """One piece of user-authored text and where it lives in the parsed body."""

    path: Path
    role: str
    text: str


class StreamRestorer(Protocol):
    def feed(self, chunk: bytes) -> bytes: ...
    def close(self) -> bytes: ...


class SiteAdapter(Protocol):
    name: str

    def matches(self, flow: http.HTTPFlow) -> bool: ...
    def restores_only(self, flow: http.HTTPFlow) -> bool: ...
    def conversation_id(self, flow: http.HTTPFlow, body: Any) -> str | None:
        """The chat's id, from the URL or the parsed body (None for history loads)."""

    def parse_body(self, text: str, content_type: str) -> Any: ...
    def serialize_body(self, body: Any) -> bytes: ...
    def extract(self, body: Any) -> list[TextSlot]: ...
    def known_value_slots(self, body: Any) -> list[TextSlot]: ...
    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer) -> StreamRestorer | None: ...
    def restore_body(self, body: Any, restorer: Restorer) -> Any: ...
    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response: ...


class Unscannable(Exception):
    """The request cannot be checked (format, encoding, size)."""


class JsonBody:
    """Request bodies that are JSON (every API and most web apps)."""

    def parse_body(self, text: str, content_type: str) -> Any:
        if "json" not in content_type:
            raise Unscannable(f"unsupported content type {content_type or 'none'!r}")
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise Unscannable(f"malformed JSON: {error.msg} at line {error.lineno}") from None

    def serialize_body(self, body: Any) -> bytes:
        return json.dumps(body, ensure_ascii=False).encode("utf-8")


class SplitByAuthor:
    """``extract`` takes the user's turns, ``known_value_slots`` everyone else's; the
    adapter says which is which in ``_slots``."""

    def _slots(self, body: Any, user: bool) -> list[TextSlot]:
        raise NotImplementedError

    def extract(self, body: Any) -> list[TextSlot]:
        return self._slots(body, user=True)

    def known_value_slots(self, body: Any) -> list[TextSlot]:
        return self._slots(body, user=False)


class StatelessApi(JsonBody, SplitByAuthor):
    """Defaults for APIs: no history endpoints, no conversation id in the request (the
    resent history identifies the chat)."""

    # Conversations are keyed by the client's API key too (tenant isolation): web apps
    # name their chats in the URL, and their session tokens rotate.
    keyed_by_credential = True

    def restores_only(self, flow: http.HTTPFlow) -> bool:
        return False

    def conversation_id(self, flow: http.HTTPFlow, body: Any) -> str | None:
        return None


def request_path(flow: http.HTTPFlow) -> str:
    """The request's path without its query string."""
    return flow.request.path.split("?", 1)[0]


def get_path(body: Any, path: Path) -> Any:
    for step in path:
        body = body[step]
    return body


def set_path(body: Any, path: Path, value: Any) -> None:
    target = get_path(body, path[:-1])
    target[path[-1]] = value


def apply_texts(body: Any, slots: list[TextSlot], texts: list[str]) -> None:
    for slot, text in zip(slots, texts, strict=True):
        set_path(body, slot.path, text)


def json_error(status: int, payload: dict[str, Any]) -> http.Response:
    return http.Response.make(
        status,
        json.dumps(payload).encode(),
        {"content-type": "application/json", "x-veil": "blocked"},
    )


def is_event_stream(flow: http.HTTPFlow) -> bool:
    content_type = flow.response.headers.get("content-type", "") if flow.response else ""
    return "text/event-stream" in content_type


BLOCK_PREFIX = "veil stopped this message before it left your machine"
