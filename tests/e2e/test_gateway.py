"""The gateway end to end: real mitmproxy with veil's addon and its gateway listener,
loopback fake upstreams (HTTPS for OpenAI, Anthropic and Gemini, plain HTTP for
Ollama) configured as the routes' upstreams, and real clients that know only a base
URL: the official OpenAI and Anthropic SDKs, httpx for Gemini and Ollama. No CA, no
HTTPS_PROXY."""

from __future__ import annotations

import gzip
import http.client
import json
import socket
import ssl
import subprocess
import sys
import threading
import time

import anthropic
import httpx
import keyring
import openai
import pytest
from click.testing import CliRunner

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import anthropic_answer, free_port
from tests.memory_keyring import MemoryKeyring
from veil.proxy.cli import main

PROMPT = "Hi, I'm Jane Doe (jane.doe@acme-health.org), card 4526 0181 5908 3012. Grüße!"
SECRETS = ("Jane Doe", "jane.doe@acme-health.org", "4526")
ALICE, BOB = "sk-alice-0123456789abcdef", "sk-bob-fedcba9876543210"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("veil-gateway")
    previous = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())  # the vault and log seal with a key kept here
    try:
        with (
            FakeChatService(directory) as upstream,
            FakeChatService(directory, tls=False) as ollama,
        ):
            policies = directory / "config" / "policies"
            policies.mkdir(parents=True)
            # By name: certificate checks need the right SNI, and the MITM proxy's
            # allow_hosts (127.0.0.1 below) does not cover it.
            https = f"https://localhost:{upstream.port}"
            for site, upstream_url in [
                ("openai-api", f"{https}/v1"),
                ("anthropic-api", https),
                ("gemini-api", https),
                ("ollama", f"http://127.0.0.1:{ollama.port}"),
            ]:
                (policies / f"{site}.yaml").write_text(
                    f"gateway: {{upstream: {upstream_url}}}\n"
                    "require_credential: true\n"  # Ollama's shipped policy has none
                )
            # a route whose upstream nobody listens on
            (policies / "dead-end.yaml").write_text(
                "adapter: openai\n"
                f"gateway: {{prefix: /dead-end/v1, upstream: 'http://127.0.0.1:{free_port()}/v1'}}\n"
            )
            # the MITM proxy at work beside the gateway, for the same fake service
            (policies / "local-openai.yaml").write_text(
                f'hosts: ["127.0.0.1:{upstream.port}/v1/chat"]\nadapter: openai\n'
            )
            with ProxyThread(
                directory / "config",
                free_port(),
                str(upstream.ca),
                data_dir=directory / "data",
                gateway_port=free_port(),
            ) as proxy:
                yield upstream, ollama, proxy
    finally:
        keyring.set_keyring(previous)


def _base(proxy: ProxyThread, route: str) -> str:
    return f"http://127.0.0.1:{proxy.gateway_port}{route}"


def _openai(proxy: ProxyThread, key: str = ALICE) -> openai.OpenAI:
    return openai.OpenAI(base_url=_base(proxy, "/openai/v1"), api_key=key, max_retries=0)


def _anthropic(proxy: ProxyThread, key: str = ALICE) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=_base(proxy, "/anthropic"), api_key=key, max_retries=0)


def _assert_pseudonymized(sent: object) -> None:
    assert not any(value in repr(sent) for value in SECRETS), sent
    assert "[[PERSON_1]]" in repr(sent) and "[[EMAIL_1]]" in repr(sent)


@pytest.mark.parametrize("stream", [False, True])
def test_openai_chat_completions_by_base_url(stack, stream):
    upstream, _, proxy = stack
    client = _openai(proxy)
    messages = [{"role": "user", "content": PROMPT}]
    if stream:
        chunks = client.chat.completions.create(model="gpt-4o", messages=messages, stream=True)
        answer = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    else:
        reply = client.chat.completions.create(model="gpt-4o", messages=messages)
        answer = reply.choices[0].message.content
    path, body = upstream.received[-1]
    headers = upstream.received_headers[-1]
    assert path == "/v1/chat/completions"
    _assert_pseudonymized(body)
    assert answer == f"You said: {PROMPT}"
    # what a real service needs: its own Host, the client's key unchanged
    assert headers["host"] == f"localhost:{upstream.port}"
    assert headers["authorization"] == f"Bearer {ALICE}"


@pytest.mark.parametrize("stream", [False, True])
def test_openai_responses_by_base_url(stack, stream):
    upstream, _, proxy = stack
    client = _openai(proxy)
    if stream:
        events = client.responses.create(model="gpt-4o", input=PROMPT, stream=True)
        answer = "".join(e.delta for e in events if e.type == "response.output_text.delta")
    else:
        answer = client.responses.create(model="gpt-4o", input=PROMPT).output_text
    assert upstream.received[-1][0] == "/v1/responses"
    _assert_pseudonymized(upstream.received[-1][1])
    assert answer == f"You said: {PROMPT}"


@pytest.mark.parametrize("stream", [False, True])
def test_anthropic_messages_by_base_url(stack, stream):
    upstream, _, proxy = stack
    client = _anthropic(proxy)
    answer = anthropic_answer(client, PROMPT, stream)
    assert upstream.received[-1][0] == "/v1/messages"
    _assert_pseudonymized(upstream.received[-1][1])
    assert upstream.received_headers[-1]["x-api-key"] == ALICE
    assert answer == f"You said: {PROMPT}"


def _gemini_text(payloads: list[dict]) -> str:
    return "".join(
        part["text"] for p in payloads for part in p["candidates"][0]["content"]["parts"]
    )


@pytest.mark.parametrize("stream", [False, True])
def test_gemini_api_by_base_url(stack, stream):
    upstream, _, proxy = stack
    model = "/gemini/v1beta/models/gemini-2.0-flash"
    body = {"contents": [{"role": "user", "parts": [{"text": PROMPT}]}]}
    with httpx.Client(timeout=30) as http:
        if stream:
            url = _base(proxy, f"{model}:streamGenerateContent")
            # the key in the query string, as Google's samples send it
            response = http.post(url, params={"alt": "sse", "key": ALICE}, json=body)
            lines = response.text.splitlines()
            payloads = [json.loads(line[6:]) for line in lines if line.startswith("data: ")]
        else:
            url = _base(proxy, f"{model}:generateContent")
            response = http.post(url, headers={"x-goog-api-key": ALICE}, json=body)
            payloads = [response.json()]
    assert response.status_code == 200
    path = upstream.received[-1][0]
    assert path.startswith("/v1beta/models/gemini-2.0-flash:")
    assert (f"key={ALICE}" in path) == stream  # forwarded as the client sent it
    _assert_pseudonymized(upstream.received[-1][1])
    assert _gemini_text(payloads) == f"You said: {PROMPT}"


@pytest.mark.parametrize("endpoint", ["chat", "generate"])
def test_ollama_by_base_url(stack, endpoint):
    _, ollama, proxy = stack
    if endpoint == "chat":
        body = {"model": "llama3", "messages": [{"role": "user", "content": PROMPT}]}
    else:
        body = {"model": "llama3", "prompt": PROMPT, "system": "Be brief."}
    headers = {"authorization": f"Bearer {ALICE}"}
    with httpx.Client(timeout=30) as http:
        response = http.post(_base(proxy, f"/ollama/api/{endpoint}"), json=body, headers=headers)
    assert response.status_code == 200
    lines = [json.loads(line) for line in response.text.splitlines() if line.strip()]
    field = "response" if endpoint == "generate" else "message"
    answer = "".join(x[field] if endpoint == "generate" else x[field]["content"] for x in lines)
    assert ollama.received[-1][0] == f"/api/{endpoint}"
    assert ollama.received_headers[-1]["host"] == f"127.0.0.1:{ollama.port}"
    _assert_pseudonymized(ollama.received[-1][1])
    assert answer == f"You said: {PROMPT}" and lines[-1]["done"] is True


def test_a_model_list_is_forwarded(stack):
    upstream, _, proxy = stack
    assert list(_openai(proxy).models.list()) == []
    assert upstream.received[-1][0] == "/v1/models"


# --- tenant isolation -------------------------------------------------------------------


def _chat(client: openai.OpenAI, messages: list[dict]) -> str:
    reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content


def _isolation_case(alice: openai.OpenAI, bob: openai.OpenAI, opening: str) -> None:
    """Alice and Bob open with the same words; Alice then names someone. Bob, asking
    for Alice's second pseudonym by its placeholder, must not get her value back."""
    first = [{"role": "user", "content": opening}]
    alice_reply = _chat(alice, first)
    bob_reply = _chat(bob, first)
    assert alice_reply == bob_reply == f"You said: {opening}"
    alice_turn = [
        *first,
        {"role": "assistant", "content": alice_reply},
        {"role": "user", "content": "My colleague is Priya Raman."},
    ]
    assert _chat(alice, alice_turn) == "You said: My colleague is Priya Raman."
    bob_turn = [
        *first,
        {"role": "assistant", "content": bob_reply},
        {"role": "user", "content": "Who is [[PERSON_2]]?"},
    ]
    bob_answer = _chat(bob, bob_turn)
    assert "Priya" not in bob_answer and bob_answer == "You said: Who is [[PERSON_2]]?"


def _conversations(proxy: ProxyThread, count: int) -> list[str]:
    assert proxy.addon is not None and proxy.addon.redaction_log is not None
    newest_first = proxy.addon.redaction_log.entries(limit=count)
    return [e.conversation for e in reversed(newest_first)]


def test_two_keys_same_prompt_different_conversations_through_the_gateway(stack):
    _, _, proxy = stack
    _isolation_case(_openai(proxy, ALICE), _openai(proxy, BOB), "I'm Sam Whitaker, hi.")
    alice_1, bob_1, alice_2, bob_2 = _conversations(proxy, 4)
    assert alice_1 == alice_2 and bob_1 == bob_2 and alice_1 != bob_1


def _mitm_client(upstream: FakeChatService, proxy: ProxyThread, key: str) -> openai.OpenAI:
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    http = httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=60)
    return openai.OpenAI(
        base_url=f"https://127.0.0.1:{upstream.port}/v1",
        api_key=key,
        http_client=http,
        max_retries=0,
    )


def test_the_mitm_proxy_keeps_tenants_apart_too(stack):
    upstream, _, proxy = stack
    alice, bob = _mitm_client(upstream, proxy, ALICE), _mitm_client(upstream, proxy, BOB)
    _isolation_case(alice, bob, "I'm Noor Haddad, hello.")
    _assert_pseudonymized_prompt_through_mitm(alice, upstream)


def _assert_pseudonymized_prompt_through_mitm(client: openai.OpenAI, upstream) -> None:
    answer = _chat(client, [{"role": "user", "content": PROMPT}])
    _assert_pseudonymized(upstream.received[-1][1])
    assert answer == f"You said: {PROMPT}"


def test_the_raw_key_is_never_stored_or_logged(stack, caplog):
    _, _, proxy = stack
    _chat(_openai(proxy, ALICE), [{"role": "user", "content": "Ping from Ada Lovelace."}])
    stored = b"".join(
        path.read_bytes() for path in (proxy.data_dir or ()).iterdir() if path.is_file()
    )
    for key in (ALICE, BOB):
        assert key.encode() not in stored
        assert key not in caplog.text


# --- bad input --------------------------------------------------------------------------


def _post(proxy: ProxyThread, path: str, **kwargs) -> httpx.Response:
    with httpx.Client(timeout=30) as http:
        return http.post(_base(proxy, path), **kwargs)


@pytest.mark.parametrize(
    ("path", "shape"),
    [
        ("/openai/v2/chat/completions", "openai"),  # no such route, under /openai
        ("/openai/v1/embeddings", "openai"),  # a route, but an endpoint veil does not filter
        ("/anthropic/v1/messages/count_tokens", "anthropic"),
        ("/gemini/v1beta/models/gemini-2.0-flash:embedContent", "gemini"),
        ("/ollama/api/embed", "ollama"),
        ("/nowhere/v1/chat/completions", "plain"),
        ("/openai/v1/../v1/chat/completions", "openai"),  # sent as is (httpx would not)
        ("/openai/v1/%2e%2e/v1/chat/completions", "openai"),
    ],
)
def test_an_unknown_route_is_a_404_in_the_clients_format(stack, path, shape):
    upstream, ollama, proxy = stack
    before = len(upstream.received), len(ollama.received)
    connection = http.client.HTTPConnection("127.0.0.1", proxy.gateway_port, timeout=30)
    headers = {"x-api-key": ALICE, "content-type": "application/json"}
    connection.request("POST", path, body=b'{"model": "m"}', headers=headers)
    response = connection.getresponse()
    assert response.status == 404
    _assert_error_shape(json.loads(response.read()), shape)
    connection.close()
    assert (len(upstream.received), len(ollama.received)) == before


def _assert_error_shape(payload: dict, shape: str) -> None:
    """The error objects each API's clients parse (and veil's message inside)."""
    if shape == "openai":
        assert set(payload["error"]) == {"message", "type", "param", "code"}
        message = payload["error"]["message"]
    elif shape == "anthropic":
        assert payload["type"] == "error" and payload["error"]["type"].endswith("_error")
        message = payload["error"]["message"]
    elif shape == "gemini":
        assert isinstance(payload["error"]["code"], int) and payload["error"]["status"]
        message = payload["error"]["message"]
    elif shape == "ollama":
        message = payload["error"]
    else:
        assert isinstance(payload["error"]["status"], int)
        message = payload["error"]["message"]
    assert message.startswith("veil's gateway")


def test_the_sdks_read_a_404(stack):
    _, _, proxy = stack
    client = openai.OpenAI(base_url=_base(proxy, "/openai/v9"), api_key=ALICE, max_retries=0)
    with pytest.raises(openai.NotFoundError, match="no route for /openai/v9/chat/completions"):
        _chat(client, [{"role": "user", "content": "hi"}])


@pytest.mark.parametrize(
    ("path", "shape", "body"),
    [
        (
            "/openai/v1/chat/completions",
            "openai",
            {"messages": [{"role": "user", "content": "hi"}]},
        ),
        ("/anthropic/v1/messages", "anthropic", {"messages": []}),
        ("/gemini/v1beta/models/g:generateContent", "gemini", {"contents": []}),
        ("/ollama/api/chat", "ollama", {"messages": []}),
    ],
)
def test_a_missing_credential_is_refused_in_the_clients_format(stack, path, shape, body):
    upstream, ollama, proxy = stack
    before = len(upstream.received), len(ollama.received)
    for headers in ({}, {"authorization": "Bearer"}, {"x-api-key": ""}):
        response = _post(proxy, path, json=body, headers=headers)
        assert response.status_code == 401
        _assert_error_shape(response.json(), shape)
    assert (len(upstream.received), len(ollama.received)) == before


def test_the_sdks_read_a_missing_key_as_an_authentication_error(stack):
    _, _, proxy = stack
    client = anthropic.Anthropic(
        base_url=_base(proxy, "/anthropic"),
        api_key="unused",
        max_retries=0,
    )
    with pytest.raises(anthropic.AuthenticationError, match="needs your API key"):
        client.messages.create(
            model="claude",
            max_tokens=5,
            messages=[{"role": "user", "content": "hi"}],
            extra_headers={"X-Api-Key": anthropic.Omit()},  # a client that sends no key
        )


def test_an_unreachable_upstream_is_a_502_in_the_clients_format(stack):
    _, _, proxy = stack
    client = openai.OpenAI(base_url=_base(proxy, "/dead-end/v1"), api_key=ALICE, max_retries=0)
    with pytest.raises(openai.InternalServerError) as raised:
        _chat(client, [{"role": "user", "content": PROMPT}])
    assert raised.value.status_code == 502
    error = raised.value.body
    assert error["code"] == "upstream_unreachable" and "dead-end" in error["message"]


@pytest.mark.parametrize(
    ("content", "headers", "reason"),
    [
        (b'{"messages": [', {}, "malformed JSON"),
        ('{"messages": [{"role": "user", "content": "caf\xe9"}]}'.encode("latin-1"), {}, "UTF-8"),
        (b"\x1f\x8b not really gzip", {"content-encoding": "gzip"}, "decompressed"),
        (
            json.dumps({"messages": [{"role": "user", "content": "x" * 9_000_000}]}).encode(),
            {},
            "over the",
        ),
    ],
    ids=["malformed", "not-utf8", "broken-gzip", "huge"],
)
def test_what_the_mitm_path_blocks_the_gateway_blocks(stack, content, headers, reason):
    upstream, _, proxy = stack
    before = len(upstream.received)
    response = _post(
        proxy,
        "/openai/v1/chat/completions",
        content=content,
        headers={"content-type": "application/json", "authorization": f"Bearer {ALICE}", **headers},
    )
    assert response.status_code == 403
    assert "veil stopped this message" in response.json()["error"]["message"]
    assert reason in response.json()["error"]["message"]
    assert len(upstream.received) == before


def test_a_gzipped_request_is_filtered(stack):
    upstream, _, proxy = stack
    body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": PROMPT}]})
    response = _post(
        proxy,
        "/openai/v1/chat/completions",
        content=gzip.compress(body.encode()),
        headers={
            "content-type": "application/json",
            "content-encoding": "gzip",
            "authorization": f"Bearer {ALICE}",
        },
    )
    assert response.status_code == 200
    assert response.json()["choices"][0]["message"]["content"] == f"You said: {PROMPT}"
    _assert_pseudonymized(upstream.received[-1][1])
    assert upstream.received_headers[-1]["content-encoding"] == "gzip"  # re-compressed


def test_the_gateway_is_not_a_forward_proxy(stack):
    upstream, _, proxy = stack
    with socket.create_connection(("127.0.0.1", proxy.gateway_port), timeout=10) as raw:
        raw.sendall(f"CONNECT 127.0.0.1:{upstream.port} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert raw.recv(100).startswith(b"HTTP/1.1 405")
    # an absolute-form request for another host still goes only where its route says
    before = len(upstream.received)
    with httpx.Client(proxy=_base(proxy, ""), timeout=10) as http:
        response = http.get("http://example.invalid/")
    assert response.status_code == 404 and len(upstream.received) == before


# --- veil start -------------------------------------------------------------------------


def test_veil_start_prints_the_gateway_and_its_base_urls(tmp_path):
    proxy_port, gateway_port = free_port(), free_port()
    command = [
        sys.executable, "-m", "veil.proxy.cli", "start",
        "--config-dir", str(tmp_path / "config"), "--data-dir", str(tmp_path / "data"),
        "--listen-port", str(proxy_port), "--gateway-port", str(gateway_port),
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    watchdog = threading.Timer(60, process.kill)  # a missing line must not hang the suite
    watchdog.start()
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(9)]  # the greeting, then it runs
    finally:
        watchdog.cancel()
        process.terminate()
        process.wait(30)
    output = "".join(lines)
    base = f"http://127.0.0.1:{gateway_port}"
    assert f"veil: API gateway on {base} (no CA needed)" in output
    assert f"{base}/openai/v1  ->  https://api.openai.com/v1\n" in output
    assert f"{base}/anthropic  ->  https://api.anthropic.com\n" in output
    assert f"{base}/ollama  ->  http://127.0.0.1:11434\n" in output


def test_veil_start_refuses_one_port_for_both_listeners(tmp_path):
    result = CliRunner().invoke(
        main, ["start", "--config-dir", str(tmp_path), "--listen-port", "9125",
               "--gateway-port", "9125"],
    )  # fmt: skip
    assert result.exit_code == 2 and "--gateway-port must differ" in result.output


def test_a_route_added_while_running_is_served(stack):
    upstream, _, proxy = stack
    (proxy.directory / "policies" / "late.yaml").write_text(
        "adapter: anthropic\n"
        f"gateway: {{prefix: /late, upstream: 'https://localhost:{upstream.port}'}}\n"
    )
    client = anthropic.Anthropic(base_url=_base(proxy, "/late"), api_key=BOB, max_retries=0)
    kwargs = {"model": "c", "max_tokens": 9, "messages": [{"role": "user", "content": PROMPT}]}
    deadline = time.monotonic() + 15
    while True:  # the policy watcher reads the files every second
        try:
            answer = client.messages.create(**kwargs).content[0].text
            break
        except anthropic.NotFoundError:
            assert time.monotonic() < deadline, "the new route was never served"
            time.sleep(0.2)
    assert answer == f"You said: {PROMPT}"
    _assert_pseudonymized(upstream.received[-1][1])
