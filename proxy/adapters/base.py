"""What every site adapter does: find the user's text in a request, put the filtered
text back, and restore answers in the site's own framing."""

from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass
from typing import Any, Protocol

from mitmproxy import http

from veil.rules.restore import Restorer


@dataclass(frozen=True, slots=True)
class KeyName:
    """The last step of a path that names a mapping's key itself (not its value): a key
    can carry text too (a metadata map keyed by e-mail addresses)."""

    key: str


Path = tuple["str | int | KeyName", ...]


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
    # closed by default (adapters/residual.py): the strings no slot covers are scanned,
    # except under these roots' complement, these field names, and untouchable nodes
    inert_keys: frozenset[str]
    residual_roots: tuple[Path, ...]

    def untouchable(self, node: dict[str, Any]) -> bool: ...

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


class ClosedByDefault:
    """The defaults of ``SiteAdapter``'s residual settings: the whole body, no field
    names of the site's own, nothing untouchable but files (see adapters/residual)."""

    inert_keys: frozenset[str] = frozenset()
    residual_roots: tuple[Path, ...] = ((),)

    def untouchable(self, node: dict[str, Any]) -> bool:
        return False


class JsonBody(ClosedByDefault):
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
    """The request's path without its query string, as sent (for ids in the path)."""
    return flow.request.path.split("?", 1)[0]


def normalized_path(path: str) -> str:
    """A path as a lenient upstream routes it: without query and fragment, percent-decoded
    (an encoded ``/`` is a separator), without ``;parameters``, empty segments and a
    trailing slash, lower case. Adapters and policies match this form, so that no
    spelling of a chat endpoint slips past them."""
    raw = path.split("?", 1)[0].split("#", 1)[0]
    segments = (part.split(";", 1)[0] for part in urllib.parse.unquote(raw).split("/"))
    return "/" + "/".join(segment for segment in segments if segment).lower()


def route_path(flow: http.HTTPFlow) -> str:
    """``normalized_path`` of the request: what adapters match endpoints on."""
    return normalized_path(flow.request.path)


def get_path(body: Any, path: Path) -> Any:
    for step in path:
        body = body[step]
    return body


def set_path(body: Any, path: Path, value: Any) -> None:
    target = get_path(body, path[:-1])
    last = path[-1]
    if isinstance(last, KeyName):  # rename the key in place, keeping the mapping's order
        if value != last.key:
            items = list(target.items())
            target.clear()
            target.update((value if key == last.key else key, item) for key, item in items)
        return
    target[last] = value


def apply_texts(body: Any, slots: list[TextSlot], texts: list[str]) -> None:
    pairs = list(zip(slots, texts, strict=True))
    # values first, then keys from the deepest up: a renamed key must not move a value
    # that is still to be written under its old name
    values = [(slot, text) for slot, text in pairs if not isinstance(slot.path[-1], KeyName)]
    keys = [(slot, text) for slot, text in pairs if isinstance(slot.path[-1], KeyName)]
    for slot, text in [*values, *sorted(keys, key=lambda pair: -len(pair[0].path))]:
        set_path(body, slot.path, text)


def author_role(value: Any, known: frozenset[str]) -> str:
    """A message's role as veil reads it: the API's own role names, in any case; anything
    else (null, a number, a name veil does not know) is the user's, so it is scanned."""
    role = value.strip().lower() if isinstance(value, str) else ""
    return role if role in known else "user"


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
