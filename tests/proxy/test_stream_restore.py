"""Streamed answers come back restored, in the same event shapes, for any chunking."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import INVALID_UTF8, placeholder_vault, split_at
from veil.proxy.adapters.anthropic import AnthropicMessagesStream
from veil.proxy.adapters.chatgpt_web import ChatGPTStream
from veil.proxy.adapters.claude_web import ClaudeWebStream
from veil.proxy.adapters.gemini_api import GeminiStream
from veil.proxy.adapters.ollama import OllamaStream
from veil.proxy.adapters.openai import OpenAIChatStream, OpenAIResponsesStream
from veil.proxy.adapters.streams import restore_strings
from veil.proxy.framing import LineFramer, SSEFramer
from veil.rules.restore import Restorer

ANSWER = "Dear [[PERSON_1]], I wrote to [[EMAIL_1]] — grüße 👋 from [[PERSON_12]]."


def _restorer() -> Restorer:
    return Restorer.for_vault(placeholder_vault())


def _pieces(text: str, cuts: list[int]) -> list[str]:
    return [p for p in split_at(text, cuts) if p]


def _run(stream, data: bytes, byte_cuts: list[int]) -> bytes:
    return b"".join(stream.feed(c) for c in split_at(data, byte_cuts)) + stream.close()


def _sse(events: list[tuple[str | None, object]], newline: str = "\n") -> bytes:
    out = ""
    for name, payload in events:
        data = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        out += (f"event: {name}{newline}" if name else "") + f"data: {data}{newline}{newline}"
    return out.encode("utf-8", "surrogateescape")  # surrogates: bytes that are not UTF-8


def _events(data: bytes):
    framer = SSEFramer()
    return framer.feed(data) + framer.close()


text_cuts = st.lists(st.integers(0, len(ANSWER)), max_size=12)
byte_cuts = st.lists(st.integers(0, 3000), max_size=25)


@settings(max_examples=120, deadline=None)
@given(cuts=text_cuts, wire=byte_cuts)
def test_openai_chat_stream(cuts, wire):
    base = {"id": "c1", "object": "chat.completion.chunk", "model": "gpt-4o"}
    events = [
        (
            None,
            {
                **base,
                "choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}],
            },
        )
    ]
    events += [
        (
            None,
            {**base, "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]},
        )
        for piece in _pieces(ANSWER, cuts)
    ]
    events += [(None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})]
    events += [(None, {**base, "choices": [], "usage": {"total_tokens": 9}}), (None, "[DONE]")]
    out = _events(_run(OpenAIChatStream(_restorer()), _sse(events), wire))
    chunks = [e.json() for e in out[:-1]]
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks if c["choices"])
    assert text == _restorer().restore(ANSWER)
    assert out[-1].data == "[DONE]"
    assert len(out) == len(events) and all(c["object"] == "chat.completion.chunk" for c in chunks)


@settings(max_examples=120, deadline=None)
@given(cuts=text_cuts, wire=byte_cuts)
def test_anthropic_messages_stream(cuts, wire):
    events = [
        ("message_start", {"type": "message_start", "message": {"id": "m1", "content": []}}),
        (
            "content_block_start",
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "thinking", "thinking": ""},
            },
        ),
        (
            "content_block_delta",
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "thinking_delta", "thinking": "about [[PERSON_1]]"},
            },
        ),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "content_block_start",
            {
                "type": "content_block_start",
                "index": 1,
                "content_block": {"type": "text", "text": ""},
            },
        ),
        ("ping", {"type": "ping"}),
    ]
    events += [
        (
            "content_block_delta",
            {
                "type": "content_block_delta",
                "index": 1,
                "delta": {"type": "text_delta", "text": piece},
            },
        )
        for piece in _pieces(ANSWER, cuts)
    ]
    events += [
        ("content_block_stop", {"type": "content_block_stop", "index": 1}),
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    out = _events(_run(AnthropicMessagesStream(_restorer()), _sse(events), wire))
    payloads = [e.json() for e in out]
    text = "".join(
        p["delta"]["text"]
        for p in payloads
        if p["type"] == "content_block_delta" and p["index"] == 1
    )
    assert text == _restorer().restore(ANSWER)
    thinking = [p for p in payloads if p["type"] == "content_block_delta" and p["index"] == 0]
    assert thinking[0]["delta"]["thinking"] == "about [[PERSON_1]]"  # signed: untouched
    assert [e.name for e in out if e.name != "content_block_delta"] == [
        name for name, _ in events if name != "content_block_delta"
    ]
    assert all(e.name == p["type"] for e, p in zip(out, payloads, strict=True))


@settings(max_examples=100, deadline=None)
@given(cuts=text_cuts, wire=byte_cuts)
def test_gemini_stream_with_crlf(cuts, wire):
    pieces = _pieces(ANSWER, cuts)
    events = [
        (None, {"candidates": [{"index": 0, "content": {"role": "model", "parts": [{"text": p}]}}]})
        for p in pieces
    ]
    events.append(
        (
            None,
            {
                "candidates": [
                    {
                        "index": 0,
                        "content": {"role": "model", "parts": [{"text": ""}]},
                        "finishReason": "STOP",
                    }
                ]
            },
        )
    )
    raw = _run(GeminiStream(_restorer()), _sse(events, "\r\n"), wire)
    assert b"\n\n" not in raw.replace(b"\r\n\r\n", b"")  # CRLF kept
    out = _events(raw)
    text = "".join(
        part["text"] for e in out for part in e.json()["candidates"][0]["content"]["parts"]
    )
    assert text == _restorer().restore(ANSWER)


def _responses_events(pieces: list[str], first: int = 0) -> list[tuple[str, dict]]:
    """A Responses API stream: every event numbered, consecutively from ``first``."""
    common = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
    events = [
        ("response.created", {"type": "response.created", "response": {"id": "r1", "output": []}})
    ]
    events += [
        ("response.output_text.delta", {"type": "response.output_text.delta", **common, "delta": p})
        for p in pieces
    ]
    events += [
        (
            "response.output_text.done",
            {"type": "response.output_text.done", **common, "text": "".join(pieces)},
        ),
        (
            "response.completed",
            {
                "type": "response.completed",
                "response": {
                    "id": "r1",
                    "output": [
                        {
                            "type": "message",
                            "content": [{"type": "output_text", "text": "".join(pieces)}],
                        }
                    ],
                },
            },
        ),
    ]
    return [(name, {**p, "sequence_number": first + n}) for n, (name, p) in enumerate(events)]


@settings(max_examples=100, deadline=None)
@given(cuts=text_cuts, wire=byte_cuts, first=st.integers(0, 5))
def test_openai_responses_stream(cuts, wire, first):
    events = _responses_events(_pieces(ANSWER, cuts), first)
    out = _events(_run(OpenAIResponsesStream(_restorer()), _sse(events), wire))
    payloads = [e.json() for e in out]
    expected = _restorer().restore(ANSWER)
    assert (
        "".join(p["delta"] for p in payloads if p["type"] == "response.output_text.delta")
        == expected
    )
    done = next(p for p in payloads if p["type"] == "response.output_text.done")
    assert done["text"] == expected
    completed = payloads[-1]["response"]["output"][0]["content"][0]["text"]
    assert completed == expected and payloads[-1]["response"]["id"] == "r1"
    assert all(e.name == p["type"] for e, p in zip(out, payloads, strict=True))
    # whatever veil added, the numbers stay strictly increasing: consecutive from the first
    numbers = [p["sequence_number"] for p in payloads]
    assert numbers == list(range(first, first + len(payloads)))


def test_a_released_delta_gets_its_own_sequence_number():
    # the answer ends in a pseudonym: held back (it could grow) until the .done event
    events = _responses_events(["Write to ", "[[PERSON_1]]"])
    out = [e.json() for e in _events(_run(OpenAIResponsesStream(_restorer()), _sse(events), []))]
    released, done = out[-3], out[-2]
    assert released["type"] == "response.output_text.delta" and released["delta"] == "Jane Doe"
    assert done["type"] == "response.output_text.done" and done["text"] == "Write to Jane Doe"
    # the added event sits between the upstream's numbers 2 and 3: all move up by one
    assert [p["sequence_number"] for p in out] == list(range(len(events) + 1))


@settings(max_examples=100, deadline=None)
@given(cuts=text_cuts, wire=byte_cuts)
def test_ollama_ndjson_stream(cuts, wire):
    lines = [
        json.dumps(
            {"model": "llama3", "message": {"role": "assistant", "content": p}, "done": False}
        )
        for p in _pieces(ANSWER, cuts)
    ]
    lines.append(
        json.dumps(
            {"model": "llama3", "message": {"role": "assistant", "content": ""}, "done": True}
        )
    )
    raw = _run(OllamaStream(_restorer()), ("\n".join(lines) + "\n").encode(), wire)
    framer = LineFramer()
    out = [json.loads(line) for line in framer.feed(raw) + framer.close()]
    assert "".join(o["message"]["content"] for o in out) == _restorer().restore(ANSWER)
    assert out[-1]["done"] is True and len(out) == len(lines)


@settings(max_examples=100, deadline=None)
@given(cuts=text_cuts, wire=byte_cuts, last=st.sampled_from(["", "[[PERSON_"]))
def test_ollama_generate_ndjson_stream(cuts, wire, last):
    """``/api/generate`` streams ``response`` pieces; a pseudonym cut by the last piece
    still comes out before the stream ends."""
    pieces = _pieces(ANSWER, cuts)
    lines = [json.dumps({"model": "llama3", "response": p, "done": False}) for p in pieces]
    lines.append(json.dumps({"model": "llama3", "response": last, "done": True}))
    raw = _run(OllamaStream(_restorer()), ("\n".join(lines) + "\n").encode(), wire)
    framer = LineFramer()
    out = [json.loads(line) for line in framer.feed(raw) + framer.close()]
    assert "".join(o["response"] for o in out) == _restorer().restore(ANSWER + last)
    assert out[-1]["done"] is True and len(out) == len(lines)


def test_whole_json_bodies_restore_every_string_or_only_named_keys():
    body = {"id": "[[PERSON_1]]", "choices": [{"message": {"content": "Hi [[PERSON_1]]"}}]}
    assert restore_strings(body, _restorer())["choices"][0]["message"]["content"] == "Hi Jane Doe"
    only = restore_strings(body, _restorer(), frozenset({"content"}))
    assert (
        only["id"] == "[[PERSON_1]]" and only["choices"][0]["message"]["content"] == "Hi Jane Doe"
    )


def test_nothing_held_back_longer_than_a_pseudonym_prefix():
    stream = OpenAIChatStream(_restorer())
    chunk = {
        "id": "c",
        "object": "chat.completion.chunk",
        "choices": [
            {
                "index": 0,
                "delta": {"content": "Hello, this is a long sentence [[PER"},
                "finish_reason": None,
            }
        ],
    }
    out = _events(stream.feed(_sse([(None, chunk)])))
    assert out[0].json()["choices"][0]["delta"]["content"] == "Hello, this is a long sentence "


def _broken_answer(bad: bytes) -> str:
    """An answer with ``bad`` right after and right before a pseudonym, and pseudonyms
    after it (the bytes as surrogateescape decoding holds them)."""
    b = bad.decode("utf-8", "surrogateescape")
    return (
        f"Dear [[PERSON_1]]{b}, I wrote to {b}[[EMAIL_1]] — grüße 👋{b} from "
        "[[PERSON_12]]. Later [[PERSON_1]] again."
    )


def _openai_chat(pieces: list[str]) -> tuple[list, object]:
    base = {"id": "c1", "object": "chat.completion.chunk"}

    def chunk(delta: dict, finish: str | None = None) -> tuple[None, dict]:
        return None, {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    events = [chunk({"content": p}) for p in pieces] + [chunk({}, "stop"), (None, "[DONE]")]

    def text(out: list) -> str:
        chunks = [e.json() for e in out if e.data != "[DONE]" and e.data is not None]
        return "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)

    return events, text


def _anthropic(pieces: list[str]) -> tuple[list, object]:
    def delta(piece: str) -> tuple[str, dict]:
        payload = {"type": "text_delta", "text": piece}
        return "content_block_delta", {"type": "content_block_delta", "index": 0, "delta": payload}

    events = [
        ("content_block_start", {"type": "content_block_start", "index": 0}),
        *(delta(p) for p in pieces),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_stop", {"type": "message_stop"}),
    ]

    def text(out: list) -> str:
        payloads = [e.json() for e in out if e.data is not None]
        return "".join(p["delta"]["text"] for p in payloads if p["type"] == "content_block_delta")

    return events, text


def _gemini(pieces: list[str]) -> tuple[list, object]:
    def response(piece: str, finish: dict) -> tuple[None, dict]:
        candidate = {"index": 0, "content": {"role": "model", "parts": [{"text": piece}]}}
        return None, {"candidates": [{**candidate, **finish}]}

    events = [response(p, {}) for p in pieces] + [response("", {"finishReason": "STOP"})]

    def text(out: list) -> str:
        candidates = [e.json()["candidates"][0] for e in out if e.data is not None]
        return "".join(part["text"] for c in candidates for part in c["content"]["parts"])

    return events, text


def _responses(pieces: list[str]) -> tuple[list, object]:
    def text(out: list) -> str:
        payloads = [e.json() for e in out if e.data is not None]
        deltas = [p["delta"] for p in payloads if p["type"] == "response.output_text.delta"]
        done = next(p["text"] for p in payloads if p["type"] == "response.output_text.done")
        assert done == "".join(deltas)
        return done

    return _responses_events(pieces), text


def _chatgpt_web(pieces: list[str]) -> tuple[list, object]:
    path = "/message/content/parts/0"
    first, *rest = pieces or [""]
    events = [("delta_encoding", "v1"), ("delta", {"p": path, "o": "append", "v": first})]
    events += [("delta", {"v": p}) for p in rest]
    events += [(None, {"type": "message_stream_complete"}), (None, "[DONE]")]

    def text(out: list) -> str:
        ops = [e.json() for e in out if e.name == "delta" and isinstance(e.json(), dict)]
        return "".join(op["v"] for op in ops)

    return events, text


STREAMS = {
    "openai_chat": (OpenAIChatStream, _openai_chat),
    "anthropic": (AnthropicMessagesStream, _anthropic),
    "claude_web": (ClaudeWebStream, _anthropic),
    "gemini_api": (GeminiStream, _gemini),
    "openai_responses": (OpenAIResponsesStream, _responses),
    "chatgpt_web": (ChatGPTStream, _chatgpt_web),
}


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(sorted(STREAMS)),
    bad=st.sampled_from(INVALID_UTF8),
    cuts=st.lists(st.integers(0, 120), max_size=12),
    wire=byte_cuts,
    crlf=st.booleans(),
)
def test_invalid_utf8_passes_through_and_restoring_goes_on(kind, bad, cuts, wire, crlf):
    """Invalid bytes next to a pseudonym reach the client as they came, and every
    pseudonym of that event and of every later one is restored."""
    stream, build = STREAMS[kind]
    answer = _broken_answer(bad)
    events, text = build(_pieces(answer, cuts))
    newline = b"\r\n" if crlf else b"\n"
    comment = b": keep-alive " + bad + newline + newline  # not JSON: passes as it is
    raw = _run(stream(_restorer()), comment + _sse(events, newline.decode()), wire)
    assert raw.startswith(comment)
    assert b"\\udc" not in raw  # the bytes themselves, not JSON escapes of them
    restored = text(_events(raw))
    assert restored == _restorer().restore(answer)
    assert "[[" not in restored and restored.count(bad.decode("utf-8", "surrogateescape")) == 3


@settings(max_examples=60, deadline=None)
@given(
    bad=st.sampled_from(INVALID_UTF8),
    cuts=st.lists(st.integers(0, 120), max_size=12),
    wire=byte_cuts,
)
def test_invalid_utf8_in_ndjson_passes_through_and_restoring_goes_on(bad, cuts, wire):
    answer = _broken_answer(bad)
    lines = [
        json.dumps(
            {"message": {"role": "assistant", "content": p}, "done": False}, ensure_ascii=False
        )
        for p in _pieces(answer, cuts)
    ]
    lines.append(json.dumps({"message": {"role": "assistant", "content": ""}, "done": True}))
    garbage = b"not json " + bad + b"\n"  # passes as it is
    data = garbage + ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")
    raw = _run(OllamaStream(_restorer()), data, wire)
    assert raw.startswith(garbage) and b"\\udc" not in raw
    framer = LineFramer()
    out = [
        json.loads(line.decode("utf-8", "surrogateescape"))
        for line in (framer.feed(raw) + framer.close())[1:]
    ]
    assert "".join(o["message"]["content"] for o in out) == _restorer().restore(answer)
    assert out[-1]["done"] is True and len(out) == len(lines)


def test_a_json_escaped_lone_surrogate_stays_an_escape():
    """A model cut between the halves of an emoji: ``\\ud83d`` alone is valid JSON."""
    chunk = {"choices": [{"index": 0, "delta": {"content": "[[PERSON_1]] \ud83d"}}]}
    data = b"data: " + json.dumps(chunk).encode() + b"\n\n"  # ensure_ascii: the escape
    raw = _run(OpenAIChatStream(_restorer()), data, [])
    assert b"\\ud83d" in raw
    deltas = [e.json()["choices"][0]["delta"].get("content", "") for e in _events(raw)]
    assert "".join(deltas) == "Jane Doe \ud83d"
