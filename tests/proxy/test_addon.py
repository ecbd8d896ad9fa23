"""The addon on single flows (mitmproxy's test flows, no sockets): bad input gets a
clear error in the site's format, nothing unchecked goes upstream where the policy
says block, and the adapters survive arbitrary bodies."""

from __future__ import annotations

import asyncio
import gzip
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mitmproxy import http
from mitmproxy.test import tflow

from veil.policies.loader import load_site_policy
from veil.policies.schema import OnError
from veil.proxy.adapters import ADAPTERS
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

PRIVATE = "Jane Doe, jane.doe@acme-health.org"


@pytest.fixture(scope="module")
def addon() -> VeilAddon:
    return VeilAddon(SitePolicies.load(None))


def _flow(
    body: bytes,
    content_type: str = "application/json",
    path: str = "/v1/chat/completions",
    host: str = "api.openai.com",
    **headers: str,
) -> http.HTTPFlow:
    headers = {"content-type": content_type, "authorization": "Bearer sk-test", **headers}
    request = http.Request.make("POST", f"https://{host}{path}", b"", headers)
    request.raw_content = body  # as it came off the wire (already compressed, if it says so)
    return tflow.tflow(req=request)


def _run(addon: VeilAddon, flow: http.HTTPFlow) -> http.HTTPFlow:
    asyncio.run(addon.filter.request(flow))
    return flow


def _chat(text: str) -> bytes:
    return json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": text}]}).encode()


def test_gzip_request_is_filtered_and_recompressed(addon):
    flow = _run(
        addon, _flow(gzip.compress(_chat(f"I am {PRIVATE}")), **{"content-encoding": "gzip"})
    )
    assert flow.response is None  # forwarded
    assert flow.request.headers["content-encoding"] == "gzip"
    sent = json.loads(gzip.decompress(flow.request.raw_content))
    assert "jane.doe@acme-health.org" not in sent["messages"][0]["content"]
    assert "[[EMAIL_1]]" in sent["messages"][0]["content"]


@pytest.mark.parametrize(
    ("body", "content_type", "headers", "reason"),
    [
        (b'{"messages": [', "application/json", {}, "malformed JSON"),
        (b"\xff\xfe{}", "application/json", {}, "not UTF-8"),
        (
            b"--x\r\nContent-Disposition: form-data; name=file\r\n\r\nJane Doe\r\n--x--",
            "multipart/form-data; boundary=x",
            {},
            "multipart/form-data upload",
        ),
        (
            b"not really gzip",
            "application/json",
            {"content-encoding": "gzip"},
            "could not be decompressed",
        ),
        (b"{" + b" " * (8 * 1024 * 1024 + 1) + b"}", "application/json", {}, "over the"),
    ],
)
def test_unscannable_requests_are_blocked_with_the_reason(
    addon, body, content_type, headers, reason
):
    flow = _run(addon, _flow(body, content_type, **headers))
    assert flow.response is not None and flow.response.status_code == 403
    message = json.loads(flow.response.content)["error"]["message"]
    assert message.startswith("veil stopped this message") and reason in message


def test_on_error_pass_forwards_unchanged_and_logs(caplog):
    policy = load_site_policy("openai-api").model_copy(update={"on_error": OnError.PASS})
    addon = VeilAddon(SitePolicies([policy]))
    flow = _run(addon, _flow(b'{"messages": [', "application/json"))
    assert flow.response is None and flow.request.content == b'{"messages": ['
    assert "UNCHECKED message passed" in caplog.text


def test_blocking_action_stops_the_message(monkeypatch):
    policy = load_site_policy("openai-api").model_copy(update={"actions": {"SECRET": "block"}})
    addon = VeilAddon(SitePolicies([policy]))
    flow = _run(addon, _flow(_chat("my key is sk-proj-Xq4v9TmL2cW8bN3rZp7Kd1Fh6Js0Ay5Eu")))
    assert flow.response.status_code == 403
    assert "SECRET" in json.loads(flow.response.content)["error"]["message"]


def test_other_paths_and_hosts_pass_untouched(addon):
    models = _run(addon, _flow(b"{}", path="/v1/models"))
    other = _run(addon, _flow(_chat(PRIVATE), host="example.org"))
    assert models.response is None and other.response is None
    assert json.loads(other.request.content)["messages"][0]["content"] == PRIVATE


def test_anthropic_signed_thinking_and_images_are_left_alone():
    # images are unscannable uploads: this site's policy lets them pass
    policy = load_site_policy("anthropic-api").model_copy(update={"uploads": "pass"})
    addon = VeilAddon(SitePolicies([policy]))
    thinking = {"type": "thinking", "thinking": "Jane Doe asked", "signature": "c2ln"}
    body = {
        "model": "claude",
        "max_tokens": 10,
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": f"I am {PRIVATE}"},
                    {"type": "image", "source": {"type": "base64", "data": "AAAA"}},
                ],
            },
            {
                "role": "assistant",
                "content": [thinking, {"type": "text", "text": "Hello Jane Doe"}],
            },
        ],
    }
    flow = _run(
        addon, _flow(json.dumps(body).encode(), path="/v1/messages", host="api.anthropic.com")
    )
    sent = json.loads(flow.request.content)
    assert sent["messages"][1]["content"][0] == thinking  # signed: byte for byte
    assert sent["messages"][0]["content"][1] == body["messages"][0]["content"][1]
    assert "Jane Doe" not in sent["messages"][0]["content"][0]["text"]
    assert sent["messages"][1]["content"][1]["text"] == "Hello [[PERSON_1]]"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=json_values, name=st.sampled_from(sorted(ADAPTERS)))
def test_adapters_never_crash_on_arbitrary_json(body, name):
    adapter = ADAPTERS[name]
    for slots in (adapter.extract(body), adapter.known_value_slots(body)):
        assert all(isinstance(s.text, str) for s in slots)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    layout=st.sampled_from(["string", "parts", "responses", "tool"]),
    noise=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30),
)
def test_no_user_slot_leaves_with_the_email(addon, layout, noise):
    secret = "jane.doe@acme-health.org"
    text = f"{noise} write to {secret} {noise}"
    if layout == "string":
        body, path = (
            {"model": "m", "messages": [{"role": "user", "content": text}]},
            "/v1/chat/completions",
        )
    elif layout == "parts":
        body, path = (
            {
                "model": "m",
                "messages": [{"role": "user", "content": [{"type": "text", "text": text}]}],
            },
            "/v1/chat/completions",
        )
    elif layout == "responses":
        body, path = (
            {
                "model": "m",
                "input": [{"role": "user", "content": [{"type": "input_text", "text": text}]}],
            },
            "/v1/responses",
        )
    else:
        body, path = (
            {"model": "m", "messages": [{"role": "tool", "tool_call_id": "1", "content": text}]},
            "/v1/chat/completions",
        )
    flow = _run(addon, _flow(json.dumps(body).encode(), path=path))
    assert flow.response is None
    assert secret not in flow.request.get_text()


def test_a_failing_stream_restorer_never_stalls_the_answer(addon, monkeypatch, caplog):
    from veil.proxy.adapters.openai import OpenAIChatStream

    def broken(self, chunk):
        raise RuntimeError("boom")

    monkeypatch.setattr(OpenAIChatStream, "feed", broken)
    flow = _run(addon, _flow(_chat("Hi, I am Jane Doe")))
    flow.response = http.Response.make(200, b"", {"content-type": "text/event-stream"})
    addon.restore.responseheaders(flow)
    assert flow.response.stream(b"data: [DONE]\n\n") == [b"data: [DONE]\n\n"]
    assert flow.response.stream(b"") == []
    assert "could not restore a streamed answer" in caplog.text


def test_a_broken_user_policy_file_names_the_file(tmp_path):
    from veil.policies.loader import PolicyError

    (tmp_path / "policies").mkdir()
    (tmp_path / "policies" / "mine.yaml").write_text("name: mine\nhosts: [a.example\n")
    with pytest.raises(PolicyError, match=r"mine\.yaml"):
        SitePolicies.load(tmp_path)
    (tmp_path / "policies" / "mine.yaml").write_text("name: mine\nactions: {PERSN: mask}\n")
    with pytest.raises(PolicyError, match=r"(?s)mine\.yaml.*unknown label"):
        SitePolicies.load(tmp_path)


def test_a_missing_knowledge_index_blocks_with_the_rebuild_command(monkeypatch, tmp_path):
    # The public/private decision cannot run without it: the site's on_error (block)
    # applies, and the message says which file and how to rebuild it.
    from veil.rules import knowledge

    monkeypatch.setenv("VEIL_KNOWLEDGE_DIR", str(tmp_path / "absent"))
    monkeypatch.setattr(knowledge, "_opened", None)
    addon = VeilAddon(SitePolicies([load_site_policy("openai-api")]))
    flow = _run(addon, _flow(_chat("My sister Ana Lopes lives in Leeds.")))
    assert flow.response is not None and flow.response.status_code == 403
    message = json.loads(flow.response.content)["error"]["message"]
    assert "veil knowledge build" in message and str(tmp_path / "absent") in message
