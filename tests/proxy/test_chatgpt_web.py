"""chatgpt.com: prepare and send filtered; the delta-encoded stream, the echoes of the
user's message, the title and the history load restored, for any chunking."""

from __future__ import annotations

import asyncio
import base64
import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from mitmproxy import http, websocket
from mitmproxy.test import taddons, tflow
from wsproto.frame_protocol import Opcode

from tests.helpers import split_at
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

PROMPT = "Write a sick note for my pupil Eli Brookfield, DOB 03/04/2016, to Ms. Okonkwo."
CONVERSATION = "6740d1a2-1b2c-4d5e-8f90-a1b2c3d4e5f6"


def _message(text: str) -> dict:
    return {
        "id": "m-user",
        "author": {"role": "user"},
        "content": {"content_type": "text", "parts": [text]},
        "metadata": {},
    }


def _post(path: str, body: dict) -> http.HTTPFlow:
    request = http.Request.make(
        "POST", f"https://chatgpt.com{path}", json.dumps(body), {"content-type": "application/json"}
    )
    return tflow.tflow(req=request)


def _stream(user_text: str, answer_pieces: list[str]) -> bytes:
    assistant = {
        "id": "m-bot",
        "author": {"role": "assistant"},
        "content": {"content_type": "text", "parts": [""]},
        "status": "in_progress",
    }
    lines = ['event: delta_encoding\ndata: "v1"\n\n']

    def delta(obj: dict) -> None:
        lines.append(f"event: delta\ndata: {json.dumps(obj)}\n\n")

    def event(obj: dict) -> None:
        lines.append(f"data: {json.dumps(obj)}\n\n")

    event(
        {
            "type": "input_message",
            "input_message": _message(user_text),
            "conversation_id": CONVERSATION,
        }
    )
    delta({"v": {"message": _message(user_text), "conversation_id": CONVERSATION}, "c": 1})
    delta(
        {"p": "", "o": "add", "v": {"message": assistant, "conversation_id": CONVERSATION}, "c": 2}
    )
    first, *rest = answer_pieces
    delta({"p": "/message/content/parts/0", "o": "append", "v": first})
    for i, piece in enumerate(rest[:-1]):
        delta({"v": piece})
        if i == 1:  # a non-delta event in between keeps the sticky path and op
            event({"type": "server_ste_metadata", "metadata": {}})
    delta(
        {
            "p": "",
            "o": "patch",
            "v": [
                {"p": "/message/content/parts/0", "o": "append", "v": rest[-1] if rest else ""},
                {"p": "/message/status", "o": "replace", "v": "finished_successfully"},
            ],
        }
    )
    event(
        {
            "type": "title_generation",
            "title": "Note for " + user_text[-15:],
            "conversation_id": CONVERSATION,
        }
    )
    event({"type": "message_stream_complete", "conversation_id": CONVERSATION})
    lines.append("data: [DONE]\n\n")
    return "".join(lines).encode()


def _assistant_text(stream: bytes) -> str:
    text, path, op = "", None, None
    for block in stream.decode().split("\n\n"):
        data = next((line[6:] for line in block.split("\n") if line.startswith("data: ")), None)
        if not data or data == "[DONE]":
            continue
        event = json.loads(data)
        if not isinstance(event, dict) or not set(event) <= {"p", "o", "v", "c"}:
            continue
        path, op = event.get("p", path), event.get("o", op)
        ops = event["v"] if op == "patch" else [{"p": path, "o": op, "v": event["v"]}]
        for sub in ops:
            if sub["p"] == "/message/content/parts/0" and sub["o"] == "append":
                text += sub["v"]
    return text


@settings(max_examples=40, deadline=None)
@given(
    cuts=st.lists(st.integers(0, 80), min_size=2, max_size=8),
    wire=st.lists(st.integers(0, 4000), max_size=30),
)
def test_new_chat_round_trip(cuts, wire):
    addon = VeilAddon(SitePolicies.load(None))
    prepare = _post(
        "/backend-api/f/conversation/prepare", {"action": "next", "partial_query": _message(PROMPT)}
    )
    asyncio.run(addon.filter.request(prepare))
    assert "Eli Brookfield" not in prepare.request.get_text()

    send = _post(
        "/backend-api/f/conversation",
        {
            "action": "next",
            "messages": [_message(PROMPT)],
            "parent_message_id": "client-created-root",
            "model": "auto",
        },
    )
    asyncio.run(addon.filter.request(send))
    sent = json.loads(send.request.content)["messages"][0]["content"]["parts"][0]
    assert "Eli Brookfield" not in sent and "03/04/2016" not in sent and "Okonkwo" not in sent
    assert json.loads(prepare.request.content)["partial_query"]["content"]["parts"][0] == sent

    answer = sent.replace("Write a sick note for my pupil", "Here is the note for").replace(
        ", to", " for"
    )
    pieces = [p for p in split_at(answer, cuts) if p] or [answer]
    send.response = http.Response.make(
        200, b"", {"content-type": "text/event-stream; charset=utf-8"}
    )
    addon.restore.responseheaders(send)
    out = b"".join(b"".join(send.response.stream(c)) for c in split_at(_stream(sent, pieces), wire))
    out += b"".join(send.response.stream(b""))
    expected = PROMPT.replace("Write a sick note for my pupil", "Here is the note for").replace(
        ", to", " for"
    )
    assert _assistant_text(out) == expected
    assert "Eli Brookfield" in out.decode()  # echoes and title restored too
    assert "[[PERSON_" not in out.decode()

    history = tflow.tflow(
        req=http.Request.make("GET", f"https://chatgpt.com/backend-api/conversation/{CONVERSATION}")
    )
    asyncio.run(addon.filter.request(history))
    history.response = http.Response.make(
        200,
        json.dumps({"title": "Sick note", "mapping": {"m-user": {"message": _message(sent)}}}),
        {"content-type": "application/json"},
    )
    addon.restore.response(history)
    assert (
        json.loads(history.response.content)["mapping"]["m-user"]["message"]["content"]["parts"][0]
        == PROMPT
    )


WSS_HOST = "chatgpt-async-webps-prod-eastus-3.webpubsub.azure.com"


def _socket_message(body: bytes, more: bool, conversation: str = CONVERSATION) -> bytes:
    data = {
        "type": "http.response.body",
        "body": base64.b64encode(body).decode(),
        "more_body": more,
        "response_id": "r-1",
        "conversation_id": conversation,
    }
    message = {"sequenceId": 1, "type": "message", "from": "server", "dataType": "json"}
    return json.dumps({**message, "data": data}).encode()


def test_an_answer_handed_over_to_a_websocket_is_restored():
    """chatgpt.com can answer the send request with a ``wss_url`` and stream the answer,
    base64-wrapped SSE, over a WebSocket on another host: veil starts intercepting that
    host and restores the messages, pseudonyms split across messages included."""
    addon = VeilAddon(SitePolicies.load(None))
    with taddons.context(addon) as context:
        context.options.allow_hosts = ["^chatgpt\\.com:\\d+$"]
        send = _post(
            "/backend-api/f/conversation", {"action": "next", "messages": [_message(PROMPT)]}
        )
        asyncio.run(addon.filter.request(send))
        sent = json.loads(send.request.content)["messages"][0]["content"]["parts"][0]
        assert "Eli Brookfield" not in sent
        handoff = {
            "wss_url": f"wss://{WSS_HOST}/client/hubs/conversations?access_token=t",
            "conversation_id": CONVERSATION,
            "response_id": "r-1",
        }
        send.response = http.Response.make(
            200, json.dumps(handoff), {"content-type": "application/json"}
        )
        addon.restore.responseheaders(send)
        addon.restore.response(send)
        assert f"^{re.escape(WSS_HOST)}:443$" in context.options.allow_hosts
        stream = _stream(sent, [sent[i : i + 5] for i in range(0, len(sent), 5)])

        @settings(max_examples=40, deadline=None)
        @given(wire=st.lists(st.integers(0, len(stream)), max_size=30))
        def messages_split_anywhere(wire):
            socket = tflow.twebsocketflow(messages=False)
            socket.request.host, socket.request.port = WSS_HOST, 443
            pieces = [p for p in split_at(stream, wire) if p]
            out = b""
            for i, piece in enumerate(pieces):
                last = i == len(pieces) - 1
                socket.websocket.messages.append(
                    websocket.WebSocketMessage(Opcode.TEXT, False, _socket_message(piece, not last))
                )
                addon.handoffs.websocket_message(socket)
                data = json.loads(socket.websocket.messages[-1].content)["data"]
                out += base64.b64decode(data["body"])
            assert _assistant_text(out) == PROMPT
            assert "[[" not in out.decode()

        messages_split_anywhere()


def test_websocket_messages_veil_has_no_vault_for_pass_unchanged():
    addon = VeilAddon(SitePolicies.load(None))
    with taddons.context(addon):
        socket = tflow.twebsocketflow(messages=False)
        socket.request.host, socket.request.port = WSS_HOST, 443
        original = _socket_message(b'data: {"v": "[[PERSON_1]]"}\n\n', more=False)
        socket.websocket.messages.append(websocket.WebSocketMessage(Opcode.TEXT, False, original))
        addon.handoffs.websocket_message(socket)  # no hand-off announced for this host
        assert socket.websocket.messages[-1].content == original
