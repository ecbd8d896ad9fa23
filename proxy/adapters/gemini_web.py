"""gemini.google.com: ``StreamGenerate`` with the prompt inside ``f.req``, answered with
length-prefixed frames (lengths in UTF-16 code units) that carry growing snapshots of
the text.

``f.req`` is form-encoded JSON ``[null, "<inner JSON>"]`` whose inner ``[0][0]`` is the
prompt and ``[2][0]`` the conversation id (empty for a new chat: its ``c_...`` id first
appears in the answer, at ``[1][0]`` of an envelope's JSON, and is bound to the vault
then). The answer starts with ``)]}'`` and then repeats ``<length><frame>``, where the
length counts the UTF-16 code units that follow the digits: the newline after the
number, the JSON and the newline after it. Each frame is JSON whose strings hold JSON
again. Every string in a frame is restored; a snapshot that ends inside a pseudonym is
cut back to before it until a later snapshot completes it, and the lengths are
recomputed by the same rule. Bytes that are not UTF-8 pass as they came and count as
the browser counts them: one unit for each broken sequence it shows as U+FFFD.

Known gaps: the rich-text span offsets the app keeps beside the text are not shifted
when a restored value is longer or shorter than its pseudonym. A snapshot that ends in
a whole pseudonym that is also the start of a longer one (``[[PERSON_1`` of
``[[PERSON_12]]``) shows the shorter one's value until the next snapshot: holding it
back would lose a placeholder the model cut at its token limit in the last snapshot.
"""

from __future__ import annotations

import codecs
import json
import logging
import re
import urllib.parse
from collections.abc import Callable
from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import (
    ClosedByDefault,
    TextSlot,
    Unscannable,
    request_path,
    route_path,
)
from veil.proxy.framing import escape_lone_surrogates
from veil.rules.restore import Restorer

_STREAM_GENERATE = re.compile(r"[./]BardFrontendService/StreamGenerate$", re.IGNORECASE)
_BATCH_EXECUTE = re.compile(r"/data/batchexecute$")
_CONVERSATION_ID = re.compile(r"\bc_[0-9a-zA-Z]{6,}\b")
_PREFIX = ")]}'"

log = logging.getLogger("veil")


# Bytes that were not UTF-8, as the stream's surrogateescape decoder left them.
_UNDECODABLE = re.compile("[\udc80-\udcff]+")


def _replacement_ends(run: str) -> list[int]:
    """Where each U+FFFD that the browser shows for a run of undecodable bytes ends (one
    per broken sequence, as the WHATWG decoder and Python's both count them)."""
    data = memoryview(run.encode("utf-8", "surrogateescape"))
    ends, position = [], 0
    while position < len(data):
        try:
            codecs.utf_8_decode(data[position:], "strict", True)
            position = len(data)  # cannot happen: these bytes failed to decode before
        except UnicodeDecodeError as error:
            position += error.end
        ends.append(position)
    return ends


def utf16_units(text: str) -> int:
    """The text's length as the browser counts it: UTF-16 code units of what it decodes."""
    units = len(text.encode("utf-16-le", "surrogatepass")) // 2
    for run in _UNDECODABLE.finditer(text):
        units -= len(run.group()) - len(_replacement_ends(run.group()))
    return units


def _take_units(text: str, start: int, units: int) -> int | None:
    """The index in ``text`` where ``units`` UTF-16 code units from ``start`` end (None:
    not received yet), counted as ``utf16_units`` does. ValueError if the count ends
    inside a surrogate pair."""
    count, index = 0, start
    while count < units and index < len(text):
        char = text[index]
        if "\udc80" <= char <= "\udcff":
            run = _UNDECODABLE.match(text, index)
            assert run is not None
            for end in _replacement_ends(run.group()):
                if count == units:
                    break
                count, index = count + 1, run.start() + end
            continue
        count += 2 if ord(char) > 0xFFFF else 1
        index += 1
    if count > units:
        raise ValueError("frame length ends inside a character")
    return index if count == units else None


# A length is whitespace, then digits that something other than a digit follows (a
# number at the end of the buffer may still grow).
_LENGTH = re.compile(r"(\s*)(\d+)(?=\D)")
_PENDING_LENGTH = re.compile(r"\s*\d*")


class FrameStream:
    """``)]}'`` then ``<length><frame>`` repeated: frames restored, lengths recomputed.

    ``on_conversation`` is called once with the first chat id an answer names."""

    def __init__(
        self, restorer: Restorer, on_conversation: Callable[[str], None] | None = None
    ) -> None:
        self.restorer = restorer
        self._on_conversation = on_conversation
        self._decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        self._text = ""
        self._prefix_done = False
        self._lost = False  # framing lost: the rest passes on untouched

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
        while not self._lost:
            match = _LENGTH.match(self._text)
            if not match:
                if not _PENDING_LENGTH.fullmatch(self._text):
                    self._lose_framing("no length where a frame should start")
                break
            # The length counts from right after the digits: the newline is in the frame.
            try:
                end = _take_units(self._text, match.end(), int(match.group(2)))
            except ValueError as error:
                self._lose_framing(str(error))
                break
            if end is None:
                break
            frame = self._text[match.end() : end]
            self._text = self._text[end:]
            restored = self._restore_frame(frame, final)
            out.append(f"{match.group(1)}{utf16_units(restored)}{restored}")
        if self._lost:
            out.append(self._text)
            self._text = ""
        return "".join(out)

    def _lose_framing(self, why: str) -> None:
        # Re-framing from the middle of a frame would read numbers in the JSON as lengths
        # and rewrite them: from here on the answer passes unrestored, and the log says so.
        log.warning("veil lost the frames of a gemini.google.com answer (%s); not restoring", why)
        self._lost = True

    def _restore_frame(self, frame: str, final: bool) -> str:
        stripped = frame.strip()
        try:
            value = json.loads(stripped)
        except ValueError:
            return self._snapshot(frame, final)
        if self._on_conversation is not None:
            conversation = _answer_conversation(value)
            if conversation is not None:
                bind, self._on_conversation = self._on_conversation, None
                bind(conversation)
        restored = json.dumps(self._walk(value, final), ensure_ascii=False, separators=(",", ":"))
        # Before the length is counted: an escaped lone surrogate stays an escape.
        restored = escape_lone_surrogates(restored)
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


class GeminiWebAdapter(ClosedByDefault):
    name = "gemini_web"
    residual_roots = (("inner",), ("fields",))  # "order" is the form's field names
    # the page's anti-forgery token and build label, sent with every request
    inert_keys = frozenset({"at", "bl", "_reqid", "rt", "hl"})

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and bool(_STREAM_GENERATE.search(route_path(flow)))

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
            inner = _inner(form)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise Unscannable(f"f.req is not the expected JSON ({type(error).__name__})") from None
        # f.req is written again from "inner"; the other fields, by name, from "fields"
        order = [key for key, _ in form]
        fields = {key: value for key, value in form if key != "f.req"}
        return {"order": order, "fields": fields, "inner": inner}

    def serialize_body(self, body: Any) -> bytes:
        inner = json.dumps(body["inner"], ensure_ascii=False, separators=(",", ":"))
        request = json.dumps([None, inner], ensure_ascii=False, separators=(",", ":"))
        fields = [
            (key, request if key == "f.req" else body["fields"][key]) for key in body["order"]
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
        # A new chat's id arrives only in the answer: bind it to this chat's vault so a
        # later history load (batchexecute, which names the id) is restored.
        return FrameStream(restorer, flow.metadata.get("veil_bind_conversation"))

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return body

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return http.Response.make(
            403,
            message.encode(),
            {"content-type": "text/plain; charset=utf-8", "x-veil": "blocked"},
        )


def _answer_conversation(frame: Any) -> str | None:
    """The chat id in a frame's ``["wrb.fr", rpc, "<JSON>", ...]`` envelopes: the JSON's
    ``[1][0]`` (``[1]`` is ``[chat id, response id]``)."""
    for envelope in frame if isinstance(frame, list) else []:
        if not (
            isinstance(envelope, list)
            and len(envelope) > 2
            and envelope[0] == "wrb.fr"
            and isinstance(envelope[2], str)
        ):
            continue
        try:
            conversation = json.loads(envelope[2])[1][0]
        except (ValueError, TypeError, IndexError, KeyError):
            continue
        if isinstance(conversation, str) and _CONVERSATION_ID.fullmatch(conversation):
            return conversation
    return None


def _form(raw: str) -> list[tuple[str, str]]:
    return urllib.parse.parse_qsl(raw, keep_blank_values=True, strict_parsing=False)


def _inner(form: list[tuple[str, str]]) -> Any:
    outer = json.loads(dict(form)["f.req"])
    return json.loads(outer[1])
