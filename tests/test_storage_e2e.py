"""Vaults outlive the proxy: real mitmproxy on loopback, stopped and started again on the
same data dir, with the OpenAI SDK and claude.ai's history load as clients; what the
proxy wrote to disk holds none of the user's values."""

from __future__ import annotations

import ssl

import httpx
import openai

from tests.disk_bytes import leaked, record_files
from tests.helpers import free_port
from veil.proxy.fake_upstream import FakeChatService
from veil.proxy.server import ProxyThread
from veil.proxy.storage.redaction_log import Decision, RedactionLog

FIRST = "My neighbour is Priya Raman (priya.raman@fernhill.org)."
CLAUDE = "Tell my landlord Marcus Oyelaran the rent comes on Monday."
VALUES = ["Priya Raman", "priya.raman@fernhill.org", "Marcus Oyelaran", "Oyelaran", "neighbour"]


def _http(proxy: ProxyThread) -> httpx.Client:
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    return httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=60)


def _openai(upstream: FakeChatService, proxy: ProxyThread) -> openai.OpenAI:
    return openai.OpenAI(
        api_key="sk-test",
        base_url=f"https://127.0.0.1:{upstream.port}/v1",
        http_client=_http(proxy),
    )


def test_conversations_restore_after_a_restart(memory_keyring, tmp_path):
    config, data = tmp_path / "config", tmp_path / "data"
    (config / "policies").mkdir(parents=True)
    with FakeChatService(tmp_path) as upstream:
        host = f"127.0.0.1:{upstream.port}"
        (config / "policies" / "local-openai.yaml").write_text(
            # Realistic surrogates are drawn at random: only a vault that survived the
            # restart gives the same ones again.
            f'name: local-openai\nhosts: ["{host}/v1/chat"]\nadapter: openai\n'
            "pseudonym_style: surrogate\n"
        )
        (config / "policies" / "local-claude.yaml").write_text(
            f'name: local-claude\nhosts: ["{host}/api/organizations"]\nadapter: claude_web\n'
        )
        claude = f"https://{host}/api/organizations/o1/chat_conversations/c-77"
        first = [{"role": "user", "content": FIRST}]

        with ProxyThread(config, free_port(), str(upstream.ca), data_dir=data) as proxy:
            reply = (
                _openai(upstream, proxy)
                .chat.completions.create(model="gpt-4o", messages=first)
                .choices[0]
                .message.content
            )
            assert reply == f"You said: {FIRST}"
            first_sent = upstream.received[-1][1]["messages"][0]["content"]
            assert "Priya" not in first_sent and "fernhill" not in first_sent
            with (
                _http(proxy) as http,
                http.stream(
                    "POST", f"{claude}/completion", json={"prompt": CLAUDE, "attachments": []}
                ) as response,
            ):
                response.read()
            assert "Marcus Oyelaran" not in repr(upstream.received[-1][1])

        # A new proxy process on the same data dir: a later turn of the API chat keeps
        # its pseudonyms (the resent assistant turn is re-pseudonymized) ...
        with ProxyThread(config, free_port(), str(upstream.ca), data_dir=data) as proxy:
            history = [
                *first,
                {"role": "assistant", "content": reply},
                {"role": "user", "content": "Write Priya Raman a birthday card."},
            ]
            answer = (
                _openai(upstream, proxy)
                .chat.completions.create(model="gpt-4o", messages=history)
                .choices[0]
                .message.content
            )
            sent = upstream.received[-1][1]["messages"]
            assert sent[0]["content"] == first_sent  # the same surrogates as before
            assert sent[1]["content"] == f"You said: {first_sent}"  # re-pseudonymized
            surrogate = first_sent.removeprefix("My neighbour is ").split(" (")[0]
            assert sent[2]["content"] == f"Write {surrogate} a birthday card."
            assert "Priya" not in repr(sent)
            assert answer == "You said: Write Priya Raman a birthday card."

            # ... and claude.ai's history load restores what the first proxy replaced.
            with _http(proxy) as http:
                page = http.get(claude).json()
            assert page["chat_messages"][0]["text"] == CLAUDE
            assert page["chat_messages"][1]["content"][0]["text"] == f"You said: {CLAUDE}"
            # While the proxy runs, its write-ahead logs hold the newest rows: search them too.
            assert any(p.name.endswith("-wal") for p in record_files(data))
            assert leaked(data, VALUES) == []

    log = RedactionLog.open(data)
    decisions = [(e.site, e.decision) for e in reversed(log.entries())]
    assert decisions == [
        ("local-openai", Decision.SENT),
        ("local-claude", Decision.SENT),
        ("local-openai", Decision.SENT),
        ("local-claude", Decision.RESTORED),
    ]
    log.close()
    assert {p.name for p in record_files(data)} >= {"vault.sqlite3", "log.sqlite3"}
    assert leaked(data, VALUES) == []
