"""What every stream restorer shares (each site's restorer sits in its adapter's module).

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

from collections.abc import Hashable
from typing import Any

from veil.proxy.framing import SSEEvent, SSEFramer
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


class Channels:
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
        self.channels = Channels(restorer)
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
