"""Framing survives any chunking, CRLF and UTF-8 characters split across chunks."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import split_at
from veil.proxy.framing import LineFramer, SSEFramer

STREAM = (
    'event: message_start\ndata: {"type":"message_start"}\n\n'
    ": keep-alive comment\n\n"
    'data: {"delta":"Grüße, 👋 [[PERSON_1]]"}\n\n'
    "data: line one\ndata: line two\n\n"
    "data: [DONE]\n\n"
)


@settings(max_examples=200, deadline=None)
@given(cuts=st.lists(st.integers(0, 400), max_size=20), crlf=st.booleans())
def test_sse_events_are_the_same_for_any_chunking(cuts, crlf):
    text = STREAM.replace("\n", "\r\n") if crlf else STREAM
    data = text.encode()
    framer = SSEFramer()
    events = [e for chunk in split_at(data, cuts) for e in framer.feed(chunk)] + framer.close()
    assert [e.data for e in events] == [
        '{"type":"message_start"}',
        None,
        '{"delta":"Grüße, 👋 [[PERSON_1]]"}',
        "line one\nline two",
        "[DONE]",
    ]
    assert events[0].name == "message_start"
    # unchanged events re-encode to the bytes they came from
    assert b"".join(e.encode() for e in events) == data


def test_replacing_data_keeps_the_event_name_and_line_endings():
    framer = SSEFramer()
    (event,) = framer.feed(b"event: x\r\ndata: old\r\n\r\n")
    assert event.with_data("new").encode() == b"event: x\r\ndata: new\r\n\r\n"


def test_an_unterminated_last_event_comes_out_on_close():
    framer = SSEFramer()
    assert framer.feed(b'data: {"a": 1}') == []
    assert [e.json() for e in framer.close()] == [{"a": 1}]


@settings(max_examples=100, deadline=None)
@given(cuts=st.lists(st.integers(0, 120), max_size=10))
def test_ndjson_lines_survive_any_chunking(cuts):
    data = '{"message":{"content":"héllo"}}\n{"done":true}\n'.encode()
    framer = LineFramer()
    lines = [line for chunk in split_at(data, cuts) for line in framer.feed(chunk)] + framer.close()
    assert b"".join(lines) == data and len(lines) == 2
