"""End to end on loopback: real mitmproxy with veil's addon, a fake HTTPS chat service,
and the official OpenAI and Anthropic SDKs as clients."""

from __future__ import annotations

import base64
import json
import shutil
import socket
import ssl
import subprocess
import urllib.parse

import anthropic
import httpx
import openai
import pytest
from wsproto import ConnectionType, WSConnection
from wsproto.events import CloseConnection, Request, TextMessage

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.big_paste import BIG_POLICY, big_paste
from tests.big_paste import NAMES as BIG_NAMES
from tests.helpers import API_KEY, anthropic_answer, free_port, read_gemini_frames

PROMPT = "Hi, I'm Jane Doe (jane.doe@acme-health.org), card 4526 0181 5908 3012. Grüße!"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("veil")
    with FakeChatService(directory) as upstream:
        policies = directory / "config" / "policies"
        policies.mkdir(parents=True)
        host = f"127.0.0.1:{upstream.port}"
        (policies / "local-openai.yaml").write_text(
            f'name: local-openai\nhosts: ["{host}/v1/chat"]\nadapter: openai\n'
        )
        (policies / "local-anthropic.yaml").write_text(
            f'name: local-anthropic\nhosts: ["{host}/v1/messages"]\nadapter: anthropic\n'
        )
        # A paste of megabytes, read by NER and one pattern (the full set takes minutes)
        (policies / "local-big.yaml").write_text(
            f'name: local-big\nhosts: ["{host}/big/v1"]\nadapter: openai\n' + BIG_POLICY
        )
        for name, prefix, adapter in [
            ("local-claude-web", "api/organizations", "claude_web"),
            ("local-chatgpt-web", "backend-api", "chatgpt_web"),
            ("local-gemini-web", "_/BardChatUi", "gemini_web"),
        ]:
            (policies / f"{name}.yaml").write_text(
                f'name: {name}\nhosts: ["{host}/{prefix}"]\nadapter: {adapter}\n'
            )
        with ProxyThread(directory / "config", free_port(), str(upstream.ca)) as proxy:
            yield upstream, proxy


def _http(proxy: ProxyThread) -> httpx.Client:
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    return httpx.Client(
        proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=60, headers=API_KEY
    )


def _sent_texts(upstream: FakeChatService) -> str:
    return repr(upstream.received[-1][1])


@pytest.mark.parametrize("stream", [False, True])
def test_openai_sdk_round_trip(stack, stream):
    upstream, proxy = stack
    client = openai.OpenAI(
        api_key="sk-test",
        base_url=f"https://127.0.0.1:{upstream.port}/v1",
        http_client=_http(proxy),
    )
    messages = [{"role": "user", "content": PROMPT}]
    if stream:
        chunks = client.chat.completions.create(model="gpt-4o", messages=messages, stream=True)
        answer = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    else:
        answer = (
            client.chat.completions.create(model="gpt-4o", messages=messages)
            .choices[0]
            .message.content
        )
    sent = _sent_texts(upstream)
    assert "Jane Doe" not in sent and "jane.doe@acme-health.org" not in sent and "4526" not in sent
    assert "[[PERSON_1]]" in sent and "[[EMAIL_1]]" in sent
    assert answer == f"You said: {PROMPT}"


@pytest.mark.parametrize("stream", [False, True])
def test_anthropic_sdk_round_trip(stack, stream):
    upstream, proxy = stack
    client = anthropic.Anthropic(
        api_key="sk-ant-test",
        base_url=f"https://127.0.0.1:{upstream.port}",
        http_client=_http(proxy),
    )
    answer = anthropic_answer(client, PROMPT, stream)
    sent = _sent_texts(upstream)
    assert "Jane Doe" not in sent and "[[PERSON_1]]" in sent
    assert answer == f"You said: {PROMPT}"


def test_resent_history_keeps_pseudonyms_and_hides_restored_values(stack):
    upstream, proxy = stack
    client = openai.OpenAI(
        api_key="sk-test",
        base_url=f"https://127.0.0.1:{upstream.port}/v1",
        http_client=_http(proxy),
    )
    first = [{"role": "user", "content": "My neighbour is Priya Raman."}]
    reply = (
        client.chat.completions.create(model="gpt-4o", messages=first).choices[0].message.content
    )
    assert "Priya Raman" in reply  # restored for the user
    history = [
        *first,
        {"role": "assistant", "content": reply},
        {"role": "user", "content": "Write Priya Raman a birthday card."},
    ]
    client.chat.completions.create(model="gpt-4o", messages=history)
    sent = upstream.received[-1][1]["messages"]
    assert "Priya Raman" not in repr(sent)
    assert sent[0]["content"] == "My neighbour is [[PERSON_1]]."
    assert "[[PERSON_1]]" in sent[1]["content"]  # the assistant turn, re-pseudonymized
    assert sent[2]["content"] == "Write [[PERSON_1]] a birthday card."


def test_malformed_json_is_blocked_in_the_site_format(stack):
    upstream, proxy = stack
    before = len(upstream.received)
    with _http(proxy) as http:
        response = http.post(
            f"https://127.0.0.1:{upstream.port}/v1/chat/completions",
            content=b'{"messages": [',
            headers={"content-type": "application/json"},
        )
    assert response.status_code == 403
    assert "veil stopped this message" in response.json()["error"]["message"]
    assert "malformed JSON" in response.json()["error"]["message"]
    assert len(upstream.received) == before  # nothing went upstream


def test_a_paste_of_megabytes_is_scanned_not_refused(stack):
    """Past spaCy's 1,000,000 characters and within max_body_bytes: filtered and sent."""
    upstream, proxy = stack
    client = openai.OpenAI(
        api_key="sk-test",
        base_url=f"https://127.0.0.1:{upstream.port}/big/v1",
        http_client=_http(proxy),
    )
    paste = big_paste()
    messages = [{"role": "user", "content": paste}]
    answer = client.chat.completions.create(model="gpt-4o", messages=messages)
    sent = upstream.received[-1][1]["messages"][0]["content"]
    assert len(sent) > 2_000_000 and sent.count("[[PERSON_") == 24
    assert not any(name in sent for name in BIG_NAMES)
    assert answer.choices[0].message.content == f"You said: {paste}"  # restored


def _stream_text(http: httpx.Client, method: str, url: str, **kwargs) -> str:
    with http.stream(method, url, **kwargs) as response:
        assert response.status_code == 200
        return b"".join(response.iter_bytes()).decode()


def test_claude_web_through_the_proxy(stack):
    upstream, proxy = stack
    url = f"https://127.0.0.1:{upstream.port}/api/organizations/o1/chat_conversations/c1/completion"
    with _http(proxy) as http:
        raw = _stream_text(http, "POST", url, json={"prompt": PROMPT, "attachments": []})
    assert "Jane Doe" not in repr(upstream.received[-1][1]) and "[[PERSON_1]]" in repr(
        upstream.received[-1][1]
    )
    text = "".join(
        json.loads(line[6:])["delta"]["text"]
        for line in raw.splitlines()
        if line.startswith("data: ") and "text_delta" in line
    )
    assert text == f"You said: {PROMPT}"


CHATGPT_MESSAGE = {
    "id": "u1",
    "author": {"role": "user"},
    "content": {"content_type": "text", "parts": [PROMPT]},
}


def _chatgpt_answer(sse: str) -> str:
    """The assistant text of a delta-encoded ChatGPT stream (appends to text parts)."""
    text = ""
    for line in sse.splitlines():
        if line.startswith("data: {"):
            event = json.loads(line[6:])
            if set(event) <= {"p", "o", "v", "c"} and isinstance(event["v"], str):
                text += event["v"]
    return text


def test_chatgpt_web_through_the_proxy(stack):
    upstream, proxy = stack
    url = f"https://127.0.0.1:{upstream.port}/backend-api/f/conversation"
    body = {"action": "next", "messages": [CHATGPT_MESSAGE], "model": "auto"}
    with _http(proxy) as http:
        raw = _stream_text(http, "POST", url, json=body)
    assert "Jane Doe" not in repr(upstream.received[-1][1])
    assert _chatgpt_answer(raw) == f"You said: {PROMPT}"


def _websocket_texts(proxy: ProxyThread, url: str) -> list[str]:
    """The text messages of a WebSocket opened through the proxy (CONNECT, then TLS
    trusting veil's CA only), until the server closes it."""
    parts = urllib.parse.urlsplit(url)
    authority = f"{parts.hostname}:{parts.port}"
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=60) as raw:
        raw.sendall(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += raw.recv(4096)
        assert reply.startswith(b"HTTP/1.1 200"), reply
        trust = ssl.create_default_context(cafile=proxy.ca_file)
        with trust.wrap_socket(raw, server_hostname=parts.hostname) as tls:
            connection = WSConnection(ConnectionType.CLIENT)
            tls.sendall(
                connection.send(Request(host=authority, target=f"{parts.path}?{parts.query}"))
            )
            texts, partial = [], ""
            while data := tls.recv(65536):
                connection.receive_data(data)
                for event in connection.events():
                    if isinstance(event, TextMessage):
                        partial += event.data
                        if event.message_finished:
                            texts.append(partial)
                            partial = ""
                    elif isinstance(event, CloseConnection):
                        tls.sendall(connection.send(event.response()))
                        return texts
            return texts


def test_chatgpt_web_answer_handed_over_to_a_websocket(stack):
    """The send request is answered with a ``wss_url`` on another host name; veil starts
    intercepting that host (the client trusts only veil's CA) and restores the answer."""
    upstream, proxy = stack
    url = f"https://127.0.0.1:{upstream.port}/backend-api/f/conversation"
    body = {"action": "next", "messages": [CHATGPT_MESSAGE], "websocket_request_id": "w-1"}
    with _http(proxy) as http:
        handoff = http.post(url, json=body).json()
    assert "Jane Doe" not in repr(upstream.received[-1][1])
    assert handoff["wss_url"].startswith(f"wss://localhost:{upstream.port}/")
    stream = b"".join(
        base64.b64decode(json.loads(text)["data"]["body"])
        for text in _websocket_texts(proxy, handoff["wss_url"])
    )
    assert _chatgpt_answer(stream.decode()) == f"You said: {PROMPT}"


GEMINI_SEND = "_/BardChatUi/data/assistant.lamda.BardFrontendService/StreamGenerate?rt=c"
GEMINI_HISTORY = "_/BardChatUi/data/batchexecute?rpcids=hNvQHb&rt=c"


def _gemini_inners(raw: str) -> list:
    """The JSON inside each ``wrb.fr`` envelope, read with the reference frame reader."""
    return [json.loads(frame[0][2]) for frame in read_gemini_frames(raw)]


def test_gemini_web_through_the_proxy(stack):
    upstream, proxy = stack
    inner = [[PROMPT, 0, None, [], None, None, 0], ["en"], ["c_abc", "r_1", "rc_1"]]
    form = {"f.req": json.dumps([None, json.dumps(inner)]), "at": "tok"}
    with _http(proxy) as http:
        raw = _stream_text(
            http, "POST", f"https://127.0.0.1:{upstream.port}/{GEMINI_SEND}", data=form
        )
    assert "Jane Doe" not in upstream.received[-1][1]["prompt"]
    snapshots = [inner[4][0][1][0] for inner in _gemini_inners(raw)]
    assert snapshots[-1] == f"You said: {PROMPT}"
    assert all(f"You said: {PROMPT}".startswith(s) for s in snapshots)  # no fragments


def test_gemini_web_new_chat_history_is_restored(stack):
    """A new chat's request names no chat: the service assigns the ``c_...`` id in its
    answer, and the history load that names that id comes back restored."""
    upstream, proxy = stack
    prompt = "My landlord Tomasz Wiśniewski never fixed the boiler."
    inner = [[prompt, 0, None, [], None, None, 0], ["en"], None]
    form = {"f.req": json.dumps([None, json.dumps(inner)]), "at": "tok"}
    base = f"https://127.0.0.1:{upstream.port}"
    with _http(proxy) as http:
        raw = _stream_text(http, "POST", f"{base}/{GEMINI_SEND}", data=form)
        assert upstream.received[-1][1]["conversation"] is None
        assert "Wiśniewski" not in upstream.received[-1][1]["prompt"]
        answer = _gemini_inners(raw)
        conversation = answer[-1][1][0]
        assert conversation.startswith("c_") and answer[-1][4][0][1][0] == f"You said: {prompt}"

        rpc = [[["hNvQHb", json.dumps([conversation, 10, None, 1]), None, "generic"]]]
        history = {"f.req": json.dumps(rpc), "at": "tok"}
        raw = _stream_text(http, "POST", f"{base}/{GEMINI_HISTORY}", data=history)
    (turn,) = json.loads(read_gemini_frames(raw)[0][0][2])[0]
    assert turn[0][0] == conversation
    assert turn[2][0][0] == prompt and turn[3][0][0][1][0] == f"You said: {prompt}"


def test_hosts_without_a_policy_are_tunnelled_untouched(stack, tmp_path):
    """TLS to a host no policy names is not opened: the client sees the origin's own
    certificate (it trusts only the origin's CA here, not veil's)."""
    _, proxy = stack
    with FakeChatService(tmp_path) as other:
        trust_origin_only = ssl.create_default_context(cafile=str(other.ca))
        with httpx.Client(
            proxy=f"http://127.0.0.1:{proxy.port}", verify=trust_origin_only, headers=API_KEY
        ) as http:
            body = {"model": "m", "messages": [{"role": "user", "content": PROMPT}]}
            response = http.post(f"https://127.0.0.1:{other.port}/v1/chat/completions", json=body)
        assert response.status_code == 200
        assert other.received[-1][1]["messages"][0]["content"] == PROMPT  # not ours to filter


def _evaluate_pac(pac: str, urls: list[str]) -> list[str]:
    """Run the PAC file's FindProxyForURL in Node, the way a browser's PAC engine would."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run the PAC file's JavaScript")
    script = (
        pac
        + "\nconst urls = JSON.parse(process.argv[1]);\n"
        + "console.log(JSON.stringify(urls.map(u => FindProxyForURL(u, new URL(u).hostname))));"
    )
    done = subprocess.run(
        [node, "-e", script, json.dumps(urls)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_the_proxy_serves_a_pac_file_that_sends_only_chat_hosts_to_it(stack):
    upstream, proxy = stack
    before = len(upstream.received)
    response = httpx.get(f"http://127.0.0.1:{proxy.port}/proxy.pac", timeout=30)  # no proxy
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/x-ns-proxy-autoconfig"
    decisions = _evaluate_pac(
        response.text,
        [
            "https://chatgpt.com/backend-api/f/conversation",
            "https://claude.ai/api/organizations",
            "https://api.openai.com/v1/chat/completions",
            f"https://127.0.0.1:{upstream.port}/v1/chat/completions",  # a user policy's host
            "https://example.org/",
            "https://127.0.0.1:1/",  # same host, a port no policy names
        ],
    )
    via_veil = f"PROXY 127.0.0.1:{proxy.port}"
    assert decisions == [via_veil] * 4 + ["DIRECT", "DIRECT"]
    assert len(upstream.received) == before  # answered by the proxy, not forwarded


def test_the_pac_file_is_only_served_to_reads(stack):
    _, proxy = stack
    response = httpx.post(f"http://127.0.0.1:{proxy.port}/proxy.pac", content=b"x", timeout=30)
    assert response.status_code == 405
