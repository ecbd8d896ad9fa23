"""gemini.google.com: ``StreamGenerate`` with the prompt inside ``f.req``, answered with
length-prefixed frames (lengths in UTF-16 code units) that carry growing snapshots of
the text.

``f.req`` is form-encoded JSON ``[null, "<inner JSON>"]`` whose inner ``[0][0]`` is the
prompt and ``[2][0]`` the conversation id. The answer starts with ``)]}'`` and then
repeats ``<length>\\n<frame>``; each frame is JSON whose strings hold JSON again. Every
string in a frame is restored; a snapshot that ends inside a pseudonym is cut back to
before it until a later snapshot completes it, and the lengths are recomputed.

Known gap: the rich-text span offsets the app keeps beside the text are not shifted
when a restored value is longer or shorter than its pseudonym.
"""

from __future__ import annotations

import codecs
import json
import re
import urllib.parse
from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import TextSlot, Unscannable, request_path
from veil.rules.restore import Restorer

_STREAM_GENERATE = re.compile(r"[./]BardFrontendService/StreamGenerate$")
_BATCH_EXECUTE = re.compile(r"/data/batchexecute$")
_CONVERSATION_ID = re.compile(r"\bc_[0-9a-zA-Z]{6,}\b")
_PREFIX = ")]}'"


def utf16_units(text: str) -> int:
    return sum(2 if ord(c) > 0xFFFF else 1 for c in text)


def _take_units(text: str, units: int) -> int | None:
    """How many characters of ``text`` make up ``units`` UTF-16 code units (None: not yet)."""
    count = 0
    for index, char in enumerate(text):
        if count == units:
            return index
        count += 2 if ord(char) > 0xFFFF else 1
    return len(text) if count == units else None


class FrameStream:
    """``)]}'`` then ``<length>\\n<frame>`` repeated: frames restored, lengths recomputed."""

    def __init__(self, restorer: Restorer) -> None:
        self.restorer = restorer
        self._decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        self._text = ""
        self._prefix_done = False

    def feed(self, chunk: bytes) -> bytes:
        self._text += self._decoder.decode(chunk)
        return self._drain(final=False).encode("utf-8", "surrogateescape")

    def close(self) -> bytes:
        self._text += self._decoder.decode(b"", final=True)
        out = self._drain(final=True) + self._text
        self._text = ""
        return out.encode("utf-8", "surrogateescape")

    def _drain(self, final: bool) -> str:
        out = []
        if not self._prefix_done:
            if len(self._text) < len(_PREFIX) and _PREFIX.startswith(self._text):
                return ""
            if self._text.startswith(_PREFIX):
                out.append(_PREFIX)
                self._text = self._text[len(_PREFIX) :]
            self._prefix_done = True
        while True:
            match = re.match(r"(\s*)(\d+)\n", self._text)
            if not match:
                if self._text.strip() and not re.match(r"\s*\d*$", self._text):
                    out.append(self._text)  # not framed as expected: pass it on untouched
                    self._text = ""
                return "".join(out)
            body_start = match.end()
            size = _take_units(self._text[body_start:], int(match.group(2)))
            if size is None:
                return "".join(out)
            frame = self._text[body_start : body_start + size]
            self._text = self._text[body_start + size :]
            restored = self._restore_frame(frame, final)
            out.append(f"{match.group(1)}{utf16_units(restored)}\n{restored}")

    def _restore_frame(self, frame: str, final: bool) -> str:
        stripped = frame.strip()
        try:
            value = json.loads(stripped)
        except ValueError:
            return self._snapshot(frame, final)
        restored = json.dumps(self._walk(value, final), ensure_ascii=False, separators=(",", ":"))
        return frame[: len(frame) - len(frame.lstrip())] + restored + frame[len(frame.rstrip()) :]

    def _walk(self, value: Any, final: bool) -> Any:
        if isinstance(value, str):
            if value[:1] in "[{":
                try:
                    inner = json.loads(value)
                except ValueError:
                    return self._snapshot(value, final)
                return json.dumps(
                    self._walk(inner, final), ensure_ascii=False, separators=(",", ":")
                )
            return self._snapshot(value, final)
        if isinstance(value, list):
            return [self._walk(v, final) for v in value]
        if isinstance(value, dict):
            return {k: self._walk(v, final) for k, v in value.items()}
        return value

    def _snapshot(self, text: str, final: bool) -> str:
        # A snapshot that ends inside a pseudonym shows up to it; the next one completes it.
        pattern = self.restorer.pattern
        if not final and pattern is not None:
            position = 0
            while match := pattern.search(text, position, partial=True):
                if match.partial:
                    text = text[: match.start()]
                    break
                position = match.end()
        return self.restorer.restore(text)


class GeminiWebAdapter:
    name = "gemini_web"

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and bool(_STREAM_GENERATE.search(request_path(flow)))

    def restores_only(self, flow: http.HTTPFlow) -> bool:
        # batchexecute RPCs load history (the conversation's turns come back framed)
        return flow.request.method == "POST" and bool(_BATCH_EXECUTE.search(request_path(flow)))

    def conversation_id(self, flow: http.HTTPFlow, body: Any) -> str | None:
        if body is None:
            # a history RPC: its arguments are JSON inside JSON inside the form
            text = urllib.parse.unquote_plus(flow.request.get_text(strict=False) or "")
            found = _CONVERSATION_ID.search(text)
            return found.group(0) if found else None
        try:
            conversation = body["inner"][2][0]
        except (TypeError, IndexError, KeyError):
            return None
        return conversation if isinstance(conversation, str) and conversation else None

    def parse_body(self, text: str, content_type: str) -> Any:
        if "form-urlencoded" not in content_type:
            raise Unscannable(f"unsupported content type {content_type or 'none'!r}")
        form = _form(text)
        try:
            return {"form": form, "inner": _inner(form)}
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise Unscannable(f"f.req is not the expected JSON ({type(error).__name__})") from None

    def serialize_body(self, body: Any) -> bytes:
        form: list[tuple[str, str]] = body["form"]
        inner = json.dumps(body["inner"], ensure_ascii=False, separators=(",", ":"))
        fields = [
            (
                k,
                json.dumps([None, inner], ensure_ascii=False, separators=(",", ":"))
                if k == "f.req"
                else v,
            )
            for k, v in form
        ]
        return urllib.parse.urlencode(fields).encode("ascii")

    def extract(self, body: Any) -> list[TextSlot]:
        try:
            prompt = body["inner"][0][0]
        except (TypeError, IndexError, KeyError):
            return []
        return [TextSlot(("inner", 0, 0), "user", prompt)] if isinstance(prompt, str) else []

    def known_value_slots(self, body: Any) -> list[TextSlot]:
        return []

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        return FrameStream(restorer)

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return body

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return http.Response.make(
            403,
            message.encode(),
            {"content-type": "text/plain; charset=utf-8", "x-veil": "blocked"},
        )


def _form(raw: str) -> list[tuple[str, str]]:
    return urllib.parse.parse_qsl(raw, keep_blank_values=True, strict_parsing=False)


def _inner(form: list[tuple[str, str]]) -> Any:
    outer = json.loads(dict(form)["f.req"])
    return json.loads(outer[1])
