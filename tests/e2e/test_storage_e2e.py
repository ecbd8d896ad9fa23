"""Vaults outlive the proxy: real mitmproxy on loopback, stopped and started again on the
same data dir, with the OpenAI SDK and claude.ai's history load as clients; what the
proxy wrote to disk holds none of the user's values. A vault another process holds
locked while a message is filtered blocks that message (on_error) and loses nothing."""

from __future__ import annotations

import ssl

import httpx
import openai
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.disk_bytes import leaked, record_files
from tests.helpers import another_process_locks, free_port
from veil.proxy.adapters.base import BLOCK_PREFIX
from veil.proxy.storage import sqlite_database
from veil.proxy.storage.redaction_log import Decision, RedactionLog
from veil.proxy.storage.vault_store import VaultStore

FIRST = "My neighbour is Priya Raman (priya.raman@fernhill.org)."
CLAUDE = "Tell my landlord Marcus Oyelaran the rent comes on Monday."
SECOND = "Write Priya Raman and Marcus Oyelaran a birthday card."
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


def _ask(client: openai.OpenAI, messages: list[dict]) -> str:
    reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content or ""


def test_a_vault_locked_while_a_message_is_filtered_blocks_it_in_the_clients_format(
    memory_keyring, tmp_path, monkeypatch
):
    monkeypatch.setattr(sqlite_database, "BUSY_TIMEOUT_S", 0.5)
    config, data = tmp_path / "config", tmp_path / "data"
    (config / "policies").mkdir(parents=True)
    with FakeChatService(tmp_path) as upstream:
        # on_error is left at its default: block.
        (config / "policies" / "local-openai.yaml").write_text(
            f'name: local-openai\nhosts: ["127.0.0.1:{upstream.port}/v1/chat"]\nadapter: openai\n'
        )
        with ProxyThread(config, free_port(), str(upstream.ca), data_dir=data) as proxy:
            client = _openai(upstream, proxy)
            first = [{"role": "user", "content": FIRST}]
            reply = _ask(client, first)
            first_sent = upstream.received[-1][1]["messages"][0]["content"]
            turn = [*first, {"role": "assistant", "content": reply}]
            turn.append({"role": "user", "content": SECOND})
            forwarded = len(upstream.received)

            with another_process_locks(data / "vault.sqlite3"):
                # A new name in a known chat (a mapping to add), then a new chat (a
                # conversation to create): neither may go out with pseudonyms only this
                # process would know.
                for messages in (turn, [{"role": "user", "content": "I am Dana Whitfield."}]):
                    with pytest.raises(openai.PermissionDeniedError) as blocked:
                        _ask(client, messages)
                    message = blocked.value.body["message"]
                    assert message.startswith(BLOCK_PREFIX)
                    assert f"{data / 'vault.sqlite3'} is locked by another process" in message
                assert len(upstream.received) == forwarded  # nothing left the machine

            # The lock is gone: the same turn goes through with the chat's pseudonyms.
            assert _ask(client, turn) == f"You said: {SECOND}"
            sent = upstream.received[-1][1]["messages"]
            assert sent[0]["content"] == first_sent
            assert "Priya" not in repr(sent) and "Oyelaran" not in repr(sent)

    assert not [p.name for p in data.iterdir() if "unreadable" in p.name]
    records = RedactionLog.open(data)
    decisions = [e.decision for e in reversed(records.entries())]
    assert decisions == [
        Decision.SENT,
        Decision.BLOCKED_ON_ERROR,
        Decision.BLOCKED_ON_ERROR,
        Decision.SENT,
    ]
    records.close()
    store = VaultStore.open(data)
    assert store.count() == 1  # the blocked new chat left nothing behind
    (chat,) = store.db.query("SELECT id FROM conversations")
    stored = store.load(chat[0])
    assert stored is not None
    assert {e.value for e in stored.snapshot.entries} >= {"Priya Raman", "Marcus Oyelaran"}
    store.close()
