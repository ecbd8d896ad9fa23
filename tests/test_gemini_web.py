"""gemini.google.com: the prompt inside f.req is filtered; the length-prefixed frames
(UTF-16 lengths) come back restored with lengths recomputed, for any chunking."""

from __future__ import annotations

import asyncio
import json
import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st
from mitmproxy import http
from mitmproxy.test import tflow

from tests.helpers import split_at
from veil.proxy.adapters.gemini_web import utf16_units
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

PROMPT = "Translate for my aunt Siobhán Kearney 👋: she lives at 14 Crown Street, Leeds LS1 4DY."
URL = (
    "https://gemini.google.com/_/BardChatUi/data/assistant.lamda.BardFrontendService/"
    "StreamGenerate?bl=boq_assistant&_reqid=1234&rt=c"
)


def _request(prompt: str) -> http.HTTPFlow:
    inner = [[prompt, 0, None, [], None, None, 0], ["en"], ["c_abc123", "r_1", "rc_1"], None]
    form = urllib.parse.urlencode(
        [("f.req", json.dumps([None, json.dumps(inner)])), ("at", "tok:123")]
    )
    request = http.Request.make(
        "POST", URL, form, {"content-type": "application/x-www-form-urlencoded;charset=UTF-8"}
    )
    return tflow.tflow(req=request)


def _frames(snapshots: list[str]) -> str:
    out = ")]}'\n"
    for text in snapshots:
        inner = [None, ["c_abc123", "r_1"], None, None, [["rc_1", [text], None, None]]]
        frame = (
            json.dumps(
                [["wrb.fr", None, json.dumps(inner, ensure_ascii=False)]], ensure_ascii=False
            )
            + "\n"
        )
        out += f"\n{utf16_units(frame)}\n{frame}"
    return out


def _parse(stream: str) -> list[str]:
    assert stream.startswith(")]}'")
    rest, texts = stream[4:], []
    while rest.strip():
        rest = rest.lstrip()
        length, _, rest = rest.partition("\n")
        units, index = int(length), 0
        while units > 0:  # walk UTF-16 units: the lengths must be right
            units -= 2 if ord(rest[index]) > 0xFFFF else 1
            index += 1
        frame, rest = rest[:index], rest[index:]
        inner = json.loads(json.loads(frame)[0][2])
        texts.append(inner[4][0][1][0])
    return texts


@settings(max_examples=40, deadline=None)
@given(wire=st.lists(st.integers(0, 3000), max_size=30))
def test_prompt_filtered_and_snapshots_restored(wire):
    addon = VeilAddon(SitePolicies.load(None))
    flow = _request(PROMPT)
    asyncio.run(addon.request(flow))
    assert flow.response is None
    form = dict(urllib.parse.parse_qsl(flow.request.get_text()))
    sent = json.loads(json.loads(form["f.req"])[1])[0][0]
    assert form["at"] == "tok:123"
    assert "Siobhán Kearney" not in sent and "Crown Street" not in sent and "👋" in sent

    answer = f"Voici: {sent} Merci!"
    snapshots = [answer[:n] for n in range(8, len(answer), 9)] + [answer]
    flow.response = http.Response.make(
        200, b"", {"content-type": "application/json; charset=utf-8"}
    )
    addon.responseheaders(flow)
    raw = _frames(snapshots).encode()
    out = b"".join(b"".join(flow.response.stream(c)) for c in split_at(raw, wire))
    out += b"".join(flow.response.stream(b""))
    texts = _parse(out.decode())
    assert texts[-1] == f"Voici: {PROMPT} Merci!"
    # no snapshot shows a pseudonym, whole or cut short: partial ones wait for the next
    assert all("[[" not in t for t in texts)
    assert all(f"Voici: {PROMPT} Merci!".startswith(t) for t in texts)


def test_unexpected_f_req_is_blocked():
    addon = VeilAddon(SitePolicies.load(None))
    flow = _request(PROMPT)
    flow.request.text = "f.req=%5Bnull%5D&at=x"
    asyncio.run(addon.request(flow))
    assert (
        flow.response.status_code == 403
        and b"f.req is not the expected JSON" in flow.response.content
    )


def test_history_rpc_is_restored_with_the_conversation_vault():
    addon = VeilAddon(SitePolicies.load(None))
    send = _request(PROMPT)
    asyncio.run(addon.request(send))
    sent = json.loads(
        json.loads(dict(urllib.parse.parse_qsl(send.request.get_text()))["f.req"])[1]
    )[0][0]

    rpc = json.dumps([[["hNvQHb", json.dumps(["c_abc123", 10, None, 1]), None, "generic"]]])
    history = tflow.tflow(
        req=http.Request.make(
            "POST",
            "https://gemini.google.com/_/BardChatUi/data/batchexecute?rpcids=hNvQHb&rt=c",
            urllib.parse.urlencode([("f.req", rpc), ("at", "tok")]),
            {"content-type": "application/x-www-form-urlencoded;charset=UTF-8"},
        )
    )
    asyncio.run(addon.request(history))
    assert history.response is None  # nothing to filter: only the answer is restored
    history.response = http.Response.make(200, b"", {"content-type": "application/json"})
    addon.responseheaders(history)
    out = b"".join(history.response.stream(_frames([sent]).encode())) + b"".join(
        history.response.stream(b"")
    )
    assert _parse(out.decode()) == [PROMPT]
