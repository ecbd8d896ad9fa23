"""Closed by default: on an intercepted host no string leaves unscanned, whichever field,
role, part type, endpoint, spelling of the path or method carries it, unless the site's
policy says pass. In process on mitmproxy's test flows (property tests over arbitrary
bodies), and end to end through a real proxy to a fake service that records what it got.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import urllib.parse

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mitmproxy import http
from mitmproxy.test import tflow

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import free_port
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

# a realistic AWS access key id and an e-mail address: each must never reach the service
SECRET = "AKIAQ3EGXMPL4NHTZ7VW"
EMAIL = "dana.whitfield@gmail.com"
MARKED = f"note {SECRET} for {EMAIL}"

HOSTS = {
    "openai": "api.openai.com",
    "anthropic": "api.anthropic.com",
    "gemini_api": "generativelanguage.googleapis.com",
    "ollama": "127.0.0.1:11434",
    "chatgpt_web": "chatgpt.com",
    "claude_web": "claude.ai",
}
ENDPOINTS = {
    "openai": "/v1/chat/completions",
    "anthropic": "/v1/messages",
    "gemini_api": "/v1beta/models/gemini-2.5-flash:generateContent",
    "ollama": "/api/chat",
    "chatgpt_web": "/backend-api/f/conversation",
    "claude_web": "/api/organizations/org-1/chat_conversations/conv-1/completion",
}
ROLES = st.sampled_from(
    ["user", "User", "USER", "assistant", "Assistant", "system", "tool", "developer", "model",
     "boss", "", None, 5, True, ["user"]]
)  # fmt: skip
PART_TYPES = st.sampled_from(
    ["text", "input_text", "output_text", "refusal", "tool_use", "tool_result", "document",
     "custom", "Text", None]
)  # fmt: skip
# Spellings of a chat endpoint that a lenient upstream routes to it, and neighbours of it
PATH_VARIANTS = st.sampled_from(
    ["{}", "{}/", "{}//", "{};x=1", "{}?alt=sse", "UPPER", "ENCODED", "/v1/completions",
     "/v1/embeddings", "/api/unknown"]
)  # fmt: skip
METHODS = st.sampled_from(["POST", "POST", "POST", "PUT", "PATCH", "DELETE", "GET"])

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=12)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=10), children, max_size=3)
    ),
    max_leaves=12,
)


@st.composite
def messages(draw: st.DrawFn) -> list:
    """Message lists of any shape the APIs' own or close to it."""
    found = []
    for _ in range(draw(st.integers(1, 3))):
        message: dict = {"role": draw(ROLES)}
        if draw(st.booleans()):
            message["content"] = draw(st.text(max_size=20))
        else:
            parts = []
            for _ in range(draw(st.integers(0, 3))):
                part: dict = {"text": draw(st.text(max_size=12))}
                kind = draw(PART_TYPES)
                if kind is not None:
                    part["type"] = kind
                if draw(st.booleans()):
                    part[draw(st.sampled_from(["refusal", "input", "content", "name"]))] = draw(
                        json_values
                    )
                parts.append(part)
            message["content"] = parts
        for extra in draw(st.lists(st.sampled_from(["name", "tool_calls", "metadata", "id"]))):
            message[extra] = draw(json_values)
        found.append(message)
    return found


@st.composite
def bodies(draw: st.DrawFn, adapter: str) -> dict:
    body: dict = {"model": draw(st.sampled_from(["gpt-4o", "claude", SECRET]))}
    if adapter == "gemini_api":
        body["contents"] = [
            {"role": m["role"], "parts": m["content"] if isinstance(m["content"], list) else
             [{"text": m["content"]}]}
            for m in draw(messages())
        ]  # fmt: skip
    elif adapter == "chatgpt_web":
        body["messages"] = [
            {"author": {"role": m["role"]}, "content": {"content_type": "text",
             "parts": [m["content"]] if isinstance(m["content"], str) else m["content"]}}
            for m in draw(messages())
        ]  # fmt: skip
    elif adapter == "claude_web":
        body["prompt"] = draw(st.text(max_size=20))
        body["attachments"] = [{"extracted_content": draw(st.text(max_size=10))}]
    else:
        body["messages"] = draw(messages())
    for key in draw(st.lists(st.sampled_from(["user", "metadata", "tools", "system", "x"]))):
        body[key] = draw(json_values)
    return body


def _string_sites(value, path=()):
    """Every place a string can be: leaves (value paths) and mapping keys."""
    if isinstance(value, str):
        yield ("value", path)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _string_sites(item, (*path, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield ("key", (*path, key))
            yield from _string_sites(item, (*path, key))


def _mark(body: dict, site: tuple[str, tuple]) -> dict:
    kind, path = site
    parent = body
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if kind == "key":
        parent[f"{last} {MARKED}"] = parent.pop(last)
    else:
        parent[last] = f"{parent[last]} {MARKED}"
    return body


def _path(adapter: str, variant: str) -> str:
    endpoint = ENDPOINTS[adapter]
    if variant == "UPPER":
        return endpoint.upper().replace(":GENERATECONTENT", ":GenerateContent")
    if variant == "ENCODED":
        head, _, tail = endpoint.rpartition("/")
        return f"{head}%2F{tail}"
    return variant.format(endpoint) if "{}" in variant else variant


@pytest.fixture(scope="module")
def addon() -> VeilAddon:
    return VeilAddon(SitePolicies.load(None))


def _forwarded(addon: VeilAddon, method: str, host: str, path: str, body: bytes) -> bytes | None:
    """What veil lets go upstream, or None when it answered the client itself."""
    headers = {"content-type": "application/json", "authorization": "Bearer sk-test"}
    request = http.Request.make(method, f"https://{host}{path}", b"", headers)
    request.raw_content = body
    flow = tflow.tflow(req=request)
    asyncio.run(addon.filter.request(flow))
    return None if flow.response is not None else flow.request.raw_content


@pytest.mark.parametrize("adapter", sorted(ENDPOINTS))
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_marked_secret_anywhere_in_any_body_never_leaves(addon, adapter, data):
    body = data.draw(bodies(adapter))
    site = data.draw(st.sampled_from(list(_string_sites(body))))
    body = _mark(body, site)
    path = _path(adapter, data.draw(PATH_VARIANTS))
    method = data.draw(METHODS)
    sent = _forwarded(addon, method, HOSTS[adapter], path, json.dumps(body).encode())
    if sent is None:
        return  # refused in the site's format: nothing left
    text = sent.decode("utf-8", "replace")
    assert SECRET not in text and EMAIL not in text, (method, path, site)


def test_the_same_ids_and_settings_pass_unchanged(addon):
    """What cannot carry text is not touched: the service must still understand it."""
    body = {
        "model": "gpt-4o",
        "messages": [
            {"role": "user", "content": f"mail me at {EMAIL}"},
            {"role": "assistant", "tool_calls": [{"id": "call_8f2a9", "type": "function",
             "function": {"name": "lookup", "arguments": json.dumps({"q": EMAIL})}}]},
            {"role": "tool", "tool_call_id": "call_8f2a9", "content": "none"},
        ],
        "tool_choice": "auto",
        "metadata": {"ticket_id": "b3f1c0de-7a1e-4c55-9a44-0d6c2f1e9b77"},
        "user": EMAIL,
    }  # fmt: skip
    sent = json.loads(_forwarded(addon, "POST", HOSTS["openai"], ENDPOINTS["openai"],
                                 json.dumps(body).encode()))  # fmt: skip
    assert EMAIL not in json.dumps(sent)
    assert sent["messages"][1]["tool_calls"][0]["id"] == "call_8f2a9"
    assert sent["messages"][2]["tool_call_id"] == "call_8f2a9"
    assert sent["tool_choice"] == "auto" and sent["model"] == "gpt-4o"
    assert sent["metadata"] == body["metadata"]
    # one value, one pseudonym, wherever it appears
    pseudonym = sent["user"]
    assert pseudonym in sent["messages"][0]["content"]
    assert json.loads(sent["messages"][1]["tool_calls"][0]["function"]["arguments"]) == {
        "q": pseudonym
    }


# -- end to end ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("veil-closed")
    with FakeChatService(directory) as upstream:
        policies = directory / "config" / "policies"
        policies.mkdir(parents=True)
        host = f"127.0.0.1:{upstream.port}"
        (policies / "local.yaml").write_text(f'hosts: ["{host}/v1"]\nadapter: openai\n')
        (policies / "strict.yaml").write_text(
            f'hosts: ["{host}/strict"]\nadapter: openai\nunknown_endpoints: block\n'
        )
        (policies / "open.yaml").write_text(
            f'hosts: ["{host}/open"]\nadapter: openai\nunknown_endpoints: pass\n'
        )
        with ProxyThread(directory / "config", free_port(), str(upstream.ca)) as proxy:
            yield upstream, proxy


def _send(
    stack,
    method: str,
    path: str,
    body: dict | str,
    content_type: str = "application/json",
    key: str | None = "sk-test",
):
    upstream, proxy = stack
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    content = body if isinstance(body, str) else json.dumps(body)
    before = len(upstream.received)
    with httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=60) as http_:
        answer = http_.request(
            method,
            f"https://127.0.0.1:{upstream.port}{path}",
            content=content.encode(),
            headers={"content-type": content_type}
            | ({"authorization": f"Bearer {key}"} if key else {}),
        )
    received = [json.dumps(body) for _, body in upstream.received[before:]]
    return answer, received


def _chat(**extra) -> dict:
    return {"model": "gpt-4o", "messages": [{"role": "user", "content": "Hi"}], **extra}


FIELD_CASES = {
    "unknown part type": _chat(
        messages=[{"role": "user", "content": [{"type": "custom_text", "text": MARKED}]}]
    ),
    "part without a type": _chat(messages=[{"role": "user", "content": [{"text": MARKED}]}]),
    "refusal part": _chat(
        messages=[
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": [{"type": "refusal", "refusal": MARKED}]},
            {"role": "user", "content": "Why?"},
        ]
    ),
    "role null": _chat(messages=[{"role": None, "content": MARKED}]),
    "role a number": _chat(messages=[{"role": 5, "content": MARKED}]),
    "role User": _chat(messages=[{"role": "User", "content": MARKED}]),
    "tool-call arguments": _chat(
        messages=[
            {"role": "user", "content": "Look me up"},
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "lookup", "arguments": json.dumps({"note": MARKED})},
                    }
                ],
            },
        ]
    ),
    "message name": _chat(messages=[{"role": "user", "name": SECRET, "content": EMAIL}]),
    "top-level user": _chat(user=EMAIL, metadata={"key": SECRET}),
    "tool description": _chat(
        tools=[{"type": "function", "function": {"name": "lookup", "description": MARKED}}]
    ),
}


@pytest.mark.parametrize("case", sorted(FIELD_CASES))
def test_fields_no_adapter_reads_are_scanned_end_to_end(stack, case):
    answer, received = _send(stack, "POST", "/v1/chat/completions", FIELD_CASES[case])
    assert answer.status_code == 200, answer.text
    assert len(received) == 1
    assert SECRET not in received[0] and EMAIL not in received[0]


ENDPOINT_CASES = [
    ("POST", "/v1/completions", {"model": "gpt-3.5-turbo-instruct", "prompt": MARKED}),
    ("POST", "/v1/embeddings", {"model": "text-embedding-3-small", "input": [MARKED]}),
    ("POST", "/v1/chat/completions/", _chat(user=MARKED)),
    ("POST", "/V1/CHAT/COMPLETIONS", _chat(user=MARKED)),
    ("POST", "/v1/chat/completions;x=1", _chat(user=MARKED)),
    ("POST", "/v1/chat%2Fcompletions", _chat(user=MARKED)),
    ("PUT", "/v1/chat/completions", _chat(user=MARKED)),
    ("PATCH", "/v1/chat/completions", _chat(user=MARKED)),
    ("GET", "/v1/chat/completions", _chat(user=MARKED)),
    ("DELETE", "/v1/chat/completions", _chat(user=MARKED)),
]


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINT_CASES)
def test_endpoints_no_adapter_handles_are_scanned_and_answers_restored(stack, method, path, body):
    answer, received = _send(stack, method, path, body)
    assert answer.status_code == 200, answer.text
    assert len(received) == 1 and SECRET not in received[0] and EMAIL not in received[0]
    unknown = method != "POST" or path in ("/v1/completions", "/v1/embeddings")
    if unknown:  # the service echoed what it received: an unknown endpoint's answer is
        assert answer.json()["object"] == "echo" and EMAIL in answer.text  # restored


def test_a_form_body_to_an_unknown_endpoint_is_scanned(stack):
    form = urllib.parse.urlencode({"q": MARKED, "page": "2"})
    answer, received = _send(stack, "POST", "/v1/search", form, "application/x-www-form-urlencoded")
    assert answer.status_code == 200
    sent = urllib.parse.unquote_plus(received[0])
    assert SECRET not in sent and EMAIL not in sent and "page=2" in sent


def test_an_unknown_endpoints_body_veil_cannot_parse_follows_on_error(stack):
    answer, received = _send(stack, "POST", "/v1/completions", "{not json", "application/json")
    assert answer.status_code == 403 and "veil stopped this message" in answer.text
    assert received == []


def test_unknown_endpoints_block_refuses_in_the_apis_format(stack):
    answer, received = _send(stack, "POST", "/strict/v1/embeddings", {"input": [MARKED]})
    assert answer.status_code == 403 and received == []
    assert "unknown_endpoints: block" in answer.json()["error"]["message"]


def test_unknown_endpoints_pass_sends_it_as_it_is(stack):
    answer, received = _send(stack, "POST", "/open/v1/embeddings", {"input": [MARKED]})
    assert answer.status_code == 200 and SECRET in received[0]  # the policy's choice


def test_a_keyless_api_client_is_refused_through_the_mitm_proxy_too(stack):
    answer, received = _send(stack, "POST", "/v1/chat/completions", _chat(), key=None)
    assert answer.status_code == 401 and received == []
    assert "carries no API key" in answer.json()["error"]["message"]
