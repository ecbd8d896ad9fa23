"""Framing for streamed HTTP bodies: raw chunks in, whole events out.

mitmproxy hands a stream callback chunks with no framing guarantee: an SSE event, a
CRLF pair or a UTF-8 character can be split anywhere. Framers buffer bytes until an
event is complete and never decode a partial one. Line endings are kept as they came
(the Gemini API ends its SSE lines in CRLF), so an event that is not changed goes out
byte for byte.

Bytes that are not UTF-8 are decoded with ``surrogateescape`` (each becomes one of
U+DC80..U+DCFF) and ``encode_text`` writes them back as the bytes they were, so they pass
through, and the text around them is restored, in whatever event carries them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

_EVENT_END = (b"\r\n\r\n", b"\n\n", b"\r\r")

# Lone surrogates other than surrogateescape's U+DC80..U+DCFF.
_LONE_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")


def escape_lone_surrogates(json_text: str) -> str:
    """JSON text with its lone surrogates (outside U+DC80..U+DCFF) written as ``\\uXXXX``.

    Such a character can only be a ``\\ud83d``-style escape of the input that
    ``json.dumps(ensure_ascii=False)`` wrote out raw, inside a string, where the escape is
    what it was. (A lone U+DC80..U+DCFF escape in the input is indistinguishable from an
    invalid byte and goes out as that byte: both are broken text.)"""
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


def encode_text(text: str) -> bytes:
    """UTF-8 for the wire: invalid input bytes (surrogateescape'd) go out as they came."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # rare: only text that came with broken bytes or escapes
        return escape_lone_surrogates(text).encode("utf-8", "surrogateescape")


@dataclass
class SSEEvent:
    """One server-sent event: its fields in order, and the line ending it used."""

    fields: list[tuple[str, str]] = field(default_factory=list)
    newline: str = "\n"

    @property
    def name(self) -> str | None:
        return next((v for k, v in self.fields if k == "event"), None)

    @property
    def data(self) -> str | None:
        values = [v for k, v in self.fields if k == "data"]
        return "\n".join(values) if values else None

    def with_data(self, data: str) -> SSEEvent:
        """The same event with its data replaced (one data line per line of ``data``)."""
        out: list[tuple[str, str]] = []
        placed = False
        for key, value in self.fields:
            if key == "data":
                if not placed:
                    out.extend(("data", line) for line in data.split("\n"))
                    placed = True
                continue
            out.append((key, value))
        if not placed:
            out.extend(("data", line) for line in data.split("\n"))
        return SSEEvent(out, self.newline)

    def json(self) -> object | None:
        """The data as JSON, or None when it is absent or not JSON (e.g. ``[DONE]``)."""
        data = self.data
        if data is None:
            return None
        try:
            return json.loads(data)
        except ValueError:
            return None

    def encode(self) -> bytes:
        lines = [f"{k}: {v}" if k else f":{v}" for k, v in self.fields]
        return encode_text(self.newline.join(lines) + self.newline + self.newline)


class SSEFramer:
    """``feed(chunk) -> [SSEEvent]``; ``close() -> [SSEEvent]`` for a final unterminated one."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        self._buffer += chunk
        events = []
        while True:
            end, terminator = self._next_end()
            if end < 0:
                return events
            raw, self._buffer = self._buffer[:end], self._buffer[end + len(terminator) :]
            events.append(_parse_event(raw, _newline_of(terminator)))

    def close(self) -> list[SSEEvent]:
        raw, self._buffer = self._buffer, b""
        if not raw.strip():
            return []
        newline = "\r\n" if b"\r\n" in raw else "\n"
        return [_parse_event(raw.rstrip(b"\r\n"), newline)]

    @property
    def pending(self) -> bytes:
        return self._buffer

    def _next_end(self) -> tuple[int, bytes]:
        found = [(self._buffer.find(t), t) for t in _EVENT_END]
        found = [(i, t) for i, t in found if i >= 0]
        # "\r\n\r\n" contains no "\n\n", but "\r\n\n" does: take the earliest end.
        return min(found, default=(-1, b""), key=lambda pair: pair[0])


def _newline_of(terminator: bytes) -> str:
    return terminator[: len(terminator) // 2].decode("ascii")


def _parse_event(raw: bytes, newline: str) -> SSEEvent:
    text = raw.decode("utf-8", errors="surrogateescape")
    fields: list[tuple[str, str]] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith(":"):
            fields.append(("", line[1:]))
            continue
        key, _, value = line.partition(":")
        fields.append((key, value[1:] if value.startswith(" ") else value))
    return SSEEvent(fields, newline)


class LineFramer:
    """NDJSON and other line-delimited streams: ``feed(chunk) -> [complete lines]``."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, chunk: bytes) -> list[bytes]:
        self._buffer += chunk
        *lines, self._buffer = self._buffer.split(b"\n")
        return [line + b"\n" for line in lines]

    def close(self) -> list[bytes]:
        rest, self._buffer = self._buffer, b""
        return [rest] if rest else []
