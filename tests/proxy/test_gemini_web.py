"""gemini.google.com: the prompt inside f.req is filtered; the length-prefixed frames
(UTF-16 lengths) come back restored with lengths recomputed, for any chunking."""

from __future__ import annotations

import asyncio
import json
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mitmproxy import http
from mitmproxy.test import tflow

from testing.fake_upstream import gemini_frames
from tests.helpers import INVALID_UTF8, placeholder_vault, read_gemini_frames, split_at
from veil.proxy.adapters.gemini_web import FrameStream
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies
from veil.rules.restore import Restorer

PROMPT = "Translate for my aunt Siobhán Kearney 👋: she lives at 14 Crown Street, Leeds LS1 4DY."
URL = (
    "https://gemini.google.com/_/BardChatUi/data/assistant.lamda.BardFrontendService/"
    "StreamGenerate?bl=boq_assistant&_reqid=1234&rt=c"
)


NEW_CHAT = "c_5f1e0a9b2c7d4e38"


def _request(prompt: str, chat: list | None = None) -> http.HTTPFlow:
    chat = ["c_abc123", "r_1", "rc_1"] if chat is None else chat
    inner = [[prompt, 0, None, [], None, None, 0], ["en"], chat, None]
    form = urllib.parse.urlencode(
        [("f.req", json.dumps([None, json.dumps(inner)])), ("at", "tok:123")]
    )
    request = http.Request.make(
        "POST", URL, form, {"content-type": "application/x-www-form-urlencoded;charset=UTF-8"}
    )
    return tflow.tflow(req=request)


def _answer(text: str, conversation: str = "c_abc123") -> list:
    """One StreamGenerate frame: the snapshot, and a second copy at ``[26]`` as the app
    keeps it (beside rich-text span offsets)."""
    inner: list = [None, [conversation, "r_1"], None, None, [["rc_1", [text], None, None]]]
    inner += [None] * (26 - len(inner)) + [[text, [[0, len(text)]]]]
    return [["wrb.fr", None, json.dumps(inner, ensure_ascii=False)]]


def _frames(snapshots: list[str], conversation: str = "c_abc123") -> str:
    return gemini_frames([_answer(text, conversation) for text in snapshots]).decode()


def _parse(stream: str) -> list[str]:
    """Every frame's snapshot, read with the reference reader; both copies must agree."""
    texts = []
    for frame in read_gemini_frames(stream):
        inner = json.loads(frame[0][2])
        assert inner[26][0] == inner[4][0][1][0]
        texts.append(inner[4][0][1][0])
    return texts


def _sent_prompt(flow: http.HTTPFlow) -> str:
    form = dict(urllib.parse.parse_qsl(flow.request.get_text()))
    return json.loads(json.loads(form["f.req"])[1])[0][0]


def _answered(addon: VeilAddon, flow: http.HTTPFlow, raw: bytes, wire: list[int]) -> str:
    """What the client receives: ``raw`` streamed through the addon in pieces cut at ``wire``."""
    flow.response = http.Response.make(
        200, b"", {"content-type": "application/json; charset=utf-8"}
    )
    addon.restore.responseheaders(flow)
    out = b"".join(b"".join(flow.response.stream(c)) for c in split_at(raw, wire))
    return (out + b"".join(flow.response.stream(b""))).decode()


def _history(addon: VeilAddon, conversation: str, turns: list[str]) -> list[str]:
    """A history load (batchexecute ``hNvQHb``) for ``conversation`` answered with
    ``turns`` as the service stored them: what the client sees."""
    rpc = json.dumps([[["hNvQHb", json.dumps([conversation, 10, None, 1]), None, "generic"]]])
    history = tflow.tflow(
        req=http.Request.make(
            "POST",
            "https://gemini.google.com/_/BardChatUi/data/batchexecute?rpcids=hNvQHb&rt=c",
            urllib.parse.urlencode([("f.req", rpc), ("at", "tok")]),
            {"content-type": "application/x-www-form-urlencoded;charset=UTF-8"},
        )
    )
    asyncio.run(addon.filter.request(history))
    assert history.response is None  # nothing to filter: only the answer is restored
    return _parse(_answered(addon, history, _frames(turns, conversation).encode(), []))


def test_reference_reader_and_builder_follow_the_rule():
    """Counted by hand: the length covers the newline after the digits, the JSON (the
    emoji is two UTF-16 units) and the newline after it."""
    wire = ')]}\'\n15\n[["a", "👋"]]\n3\n7\n'
    assert gemini_frames([[["a", "👋"]], 7]).decode() == wire
    assert read_gemini_frames(wire) == [[["a", "👋"]], 7]


def test_recomputed_lengths_follow_the_same_rule():
    stream = FrameStream(_restorer())
    wire = ')]}\'\n15\n[["a", "👋"]]\n21\n["[[PERSON_1]] 👋"]\n'
    out = (stream.feed(wire.encode()) + stream.close()).decode()
    # re-serialized compactly and restored; the lengths counted again from after the digits
    assert out == ')]}\'\n14\n[["a","👋"]]\n17\n["Jane Doe 👋"]\n'


def test_a_length_that_ends_inside_a_character_passes_the_rest_unchanged():
    stream = FrameStream(_restorer())
    wire = ')]}\'\n2\n👋\n8\n["[[PERSON_1]]"]\n'.encode()
    assert stream.feed(wire) + stream.close() == wire  # never held back, never re-framed


def _restorer() -> Restorer:
    return Restorer.for_vault(placeholder_vault())


@settings(max_examples=60, deadline=None)
@given(wire=st.lists(st.integers(0, 400), max_size=30))
def test_a_pseudonym_split_across_snapshots_shows_no_fragments(wire):
    answer = "Hi [[PERSON_1]], I wrote to [[EMAIL_1]] 👋 and [[PERSON_12]]."
    # snapshots end inside pseudonyms: "[", "[[PERS", "[[PERSON_1]", "[[EMAIL_", "[[PE",
    # "[[PERSON_12]"
    snapshots = [answer[:n] for n in (4, 9, 14, 29, 36, 50, 58)] + [answer]
    stream = FrameStream(_restorer())
    raw = _frames(snapshots).encode()
    out = b"".join(stream.feed(c) for c in split_at(raw, wire)) + stream.close()
    texts = _parse(out.decode())
    restored = "Hi Jane Doe, I wrote to jane@acme.io 👋 and Person 12."
    assert len(texts) == len(snapshots) and texts[-1] == restored
    assert all("[" not in t and "PERSON" not in t and restored.startswith(t) for t in texts)


def _browser_frames(frames: list) -> bytes:
    """``gemini_frames`` for text that holds bytes that are not UTF-8 (as surrogateescape
    holds them): each length counts the UTF-16 units of what a browser decodes, one
    U+FFFD per broken sequence."""
    out = b")]}'\n"
    for frame in frames:
        body = "\n" + json.dumps(frame, ensure_ascii=False) + "\n"
        raw = body.encode("utf-8", "surrogateescape")
        units = len(raw.decode("utf-8", "replace").encode("utf-16-le")) // 2
        out += str(units).encode() + raw
    return out


@settings(max_examples=60, deadline=None)
@given(bad=st.sampled_from(INVALID_UTF8), wire=st.lists(st.integers(0, 600), max_size=30))
def test_invalid_utf8_in_frames_passes_through_and_restoring_goes_on(bad, wire):
    broken = bad.decode("utf-8", "surrogateescape")
    answer = f"Hi [[PERSON_1]]{broken}, I wrote to {broken}[[EMAIL_1]] 👋 and [[PERSON_12]]."
    snapshots = [answer[:n] for n in (4, 9, 40, 50)] + [answer]
    stream = FrameStream(_restorer())
    raw = _browser_frames([_answer(text) for text in snapshots])
    out = b"".join(stream.feed(c) for c in split_at(raw, wire)) + stream.close()
    assert bad in out  # as it came
    texts = _parse(out.decode("utf-8", "replace"))  # read as the browser reads it
    shown = bad.decode("utf-8", "replace")
    assert len(texts) == len(snapshots) and all("[[" not in t for t in texts)
    assert texts[-1] == f"Hi Jane Doe{shown}, I wrote to {shown}jane@acme.io 👋 and Person 12."


@settings(max_examples=40, deadline=None)
@given(wire=st.lists(st.integers(0, 3000), max_size=30))
def test_prompt_filtered_and_snapshots_restored(wire):
    addon = VeilAddon(SitePolicies.load(None))
    flow = _request(PROMPT)
    asyncio.run(addon.filter.request(flow))
    assert flow.response is None
    form = dict(urllib.parse.parse_qsl(flow.request.get_text()))
    sent = json.loads(json.loads(form["f.req"])[1])[0][0]
    assert form["at"] == "tok:123"
    assert "Siobhán Kearney" not in sent and "Crown Street" not in sent and "👋" in sent

    answer = f"Voici: {sent} Merci!"
    snapshots = [answer[:n] for n in range(8, len(answer), 9)] + [answer]
    texts = _parse(_answered(addon, flow, _frames(snapshots).encode(), wire))
    assert texts[-1] == f"Voici: {PROMPT} Merci!"
    # no snapshot shows a pseudonym, whole or cut short: partial ones wait for the next
    assert all("[[" not in t for t in texts)
    assert all(f"Voici: {PROMPT} Merci!".startswith(t) for t in texts)


def test_unexpected_f_req_is_blocked():
    addon = VeilAddon(SitePolicies.load(None))
    flow = _request(PROMPT)
    flow.request.text = "f.req=%5Bnull%5D&at=x"
    asyncio.run(addon.filter.request(flow))
    assert (
        flow.response.status_code == 403
        and b"f.req is not the expected JSON" in flow.response.content
    )


def test_history_rpc_is_restored_with_the_conversation_vault():
    addon = VeilAddon(SitePolicies.load(None))
    send = _request(PROMPT)
    asyncio.run(addon.filter.request(send))
    sent = _sent_prompt(send)
    assert _history(addon, "c_abc123", [sent]) == [PROMPT]


@pytest.mark.parametrize("chat", [None, ["", "", ""]], ids=["null", "empty"])
def test_a_new_chat_learns_its_id_from_the_answer(chat):
    """A new chat's request names no chat; the answer does. The id is bound to the
    vault, so the history load and the next turn, which name it, find the pseudonyms."""
    addon = VeilAddon(SitePolicies.load(None))
    send = _request(PROMPT, chat=[chat] if chat is None else chat)
    asyncio.run(addon.filter.request(send))
    sent = _sent_prompt(send)
    assert "Siobhán Kearney" not in sent
    # before the answer names it, the id means nothing to veil
    assert _history(addon, NEW_CHAT, [sent]) == [sent]

    answer = f"Bien sûr: {sent}"
    snapshots = [answer[:n] for n in range(10, len(answer), 10)] + [answer]
    texts = _parse(_answered(addon, send, _frames(snapshots, NEW_CHAT).encode(), [7, 300]))
    assert texts[-1] == f"Bien sûr: {PROMPT}"

    assert _history(addon, NEW_CHAT, [sent]) == [PROMPT]
    assert _history(addon, "c_0000000000000000", [sent]) == [sent]  # another chat: untouched
    second = _request("And Siobhán Kearney's phone?", chat=[NEW_CHAT, "r_1", "rc_1"])
    asyncio.run(addon.filter.request(second))
    same_person = sent[sent.index("[[") : sent.index("]]") + 2]
    assert _sent_prompt(second) == f"And {same_person}'s phone?"  # same vault, same pseudonym
