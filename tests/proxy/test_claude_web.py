"""claude.ai: prompt and pasted attachments filtered, the stream and later history
loads restored with the conversation's vault (keyed by the id in the URL)."""

from __future__ import annotations

import asyncio
import json

from mitmproxy import http
from mitmproxy.test import tflow

from tests.helpers import split_at
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

BASE = "https://claude.ai/api/organizations/org-1/chat_conversations/conv-42"


def _addon() -> VeilAddon:
    return VeilAddon(SitePolicies.load(None))


def _completion_flow() -> http.HTTPFlow:
    body = {
        "prompt": "Summarize the letter I got from my landlord Marcus Oyelaran.",
        "attachments": [
            {
                "file_name": "letter.txt",
                "file_type": "text/plain",
                "file_size": 80,
                "extracted_content": "Dear Dana Whitfield, rent for 1842 Larkspur Lane, "
                "Apt 3, Sacramento, CA 95814 is due. Marcus",
            }
        ],
        "files": [],
        "timezone": "Europe/Berlin",
        "rendering_mode": "messages",
    }
    request = http.Request.make(
        "POST", f"{BASE}/completion", json.dumps(body), {"content-type": "application/json"}
    )
    return tflow.tflow(req=request)


def _sse(events: list[dict]) -> bytes:
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()


def test_completion_stream_and_history_round_trip():
    addon = _addon()
    flow = _completion_flow()
    asyncio.run(addon.filter.request(flow))
    assert flow.response is None
    sent = json.loads(flow.request.content)
    assert "Marcus Oyelaran" not in flow.request.get_text()
    assert "Dana Whitfield" not in sent["attachments"][0]["extracted_content"]
    assert "1842 Larkspur" not in sent["attachments"][0]["extracted_content"]
    person = sent["prompt"].split("landlord ")[1].rstrip(".")
    assert person.startswith("[[PERSON_")

    answer = f"Your landlord {person} says rent is due."
    events = [
        {"type": "message_start", "message": {"id": "m", "content": []}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    ]
    events += [
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}}
        for p in split_at(answer, [3, 17, 20, 26, 31])
    ]
    events += [{"type": "content_block_stop", "index": 0}, {"type": "message_stop"}]
    flow.response = http.Response.make(200, b"", {"content-type": "text/event-stream"})
    addon.restore.responseheaders(flow)
    restore = flow.response.stream
    out = b"".join(b"".join(restore(c)) for c in split_at(_sse(events), list(range(0, 2000, 7))))
    out += b"".join(restore(b""))
    text = "".join(
        json.loads(line[6:])["delta"]["text"]
        for line in out.decode().splitlines()
        if line.startswith("data: ") and '"text_delta"' in line
    )
    assert text == "Your landlord Marcus Oyelaran says rent is due."

    # Reloading the conversation brings the pseudonyms back from the server: restored.
    history = tflow.tflow(req=http.Request.make("GET", f"{BASE}?tree=True&rendering_mode=messages"))
    asyncio.run(addon.filter.request(history))
    history.response = http.Response.make(
        200,
        json.dumps(
            {
                "uuid": "conv-42",
                "chat_messages": [
                    {
                        "sender": "human",
                        "text": sent["prompt"],
                        "content": [{"type": "text", "text": sent["prompt"]}],
                    },
                    {"sender": "assistant", "content": [{"type": "text", "text": answer}]},
                ],
            }
        ),
        {"content-type": "application/json"},
    )
    addon.restore.response(history)
    page = json.loads(history.response.content)
    assert "Marcus Oyelaran" in page["chat_messages"][0]["text"]
    assert (
        page["chat_messages"][1]["content"][0]["text"]
        == "Your landlord Marcus Oyelaran says rent is due."
    )


def test_blocked_completion_is_an_error_event_the_app_shows():
    addon = _addon()
    flow = _completion_flow()
    flow.request.content = b'{"prompt": '
    asyncio.run(addon.filter.request(flow))
    assert flow.response.headers["content-type"] == "text/event-stream"
    assert (
        b"event: error" in flow.response.content
        and b"veil stopped this message" in flow.response.content
    )
