"""Real veil proxies on one real PostgreSQL vault, driven by the official OpenAI SDK.

A conversation whose turns alternate between two proxies keeps its pseudonyms and every
answer is restored; with the server stopped a message is blocked in the client's own
format (on_error: block) and nothing reaches the service; once the server is back the
next message goes through and the old mappings restore its answer."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import free_port
from tests.postgres_server import PostgresServer, start_server
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.redaction_log import Decision, RedactionLog

FIRST = "My neighbour is Priya Raman (priya.raman@fernhill.org)."
SECOND = "Write Priya Raman and Marcus Oyelaran a birthday card."


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    """A server of this test's own: it is stopped and started again."""
    running = start_server()
    yield running
    running.remove()


def _client(upstream: FakeChatService, proxy: ProxyThread) -> openai.OpenAI:
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    http = httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=60)
    return openai.OpenAI(
        api_key="sk-test",
        base_url=f"https://127.0.0.1:{upstream.port}/v1",
        http_client=http,
        max_retries=0,
    )


def _ask(client: openai.OpenAI, messages: list[dict]) -> str:
    reply = client.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content or ""


def _config(tmp_path: Path, upstream: FakeChatService) -> Path:
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "local-openai.yaml").write_text(
        f'name: local-openai\nhosts: ["127.0.0.1:{upstream.port}/v1/chat"]\nadapter: openai\n'
        "on_error: block\n"
    )
    return config


def test_turns_alternate_between_proxies_and_survive_a_postgres_restart(
    memory_keyring, tmp_path, server
):
    url = server.new_database()
    key = tmp_path / "team.key"
    with FakeChatService(tmp_path) as upstream:
        config = _config(tmp_path, upstream)

        def proxy(name: str) -> ProxyThread:
            # Each proxy its own data dir: only the vault and the key file are shared.
            return ProxyThread(
                config,
                free_port(),
                str(upstream.ca),
                data_dir=tmp_path / name,
                vault=url,
                key_file=key,
            )

        with proxy("one") as one, proxy("two") as two:
            first = [{"role": "user", "content": FIRST}]
            reply = _ask(_client(upstream, one), first)
            assert reply == f"You said: {FIRST}"
            first_sent = upstream.received[-1][1]["messages"][0]["content"]
            assert "Priya" not in first_sent and "fernhill" not in first_sent

            # The next turn goes to the other proxy: same pseudonyms, answer restored.
            history = [*first, {"role": "assistant", "content": reply}]
            turn = [*history, {"role": "user", "content": SECOND}]
            assert _ask(_client(upstream, two), turn) == f"You said: {SECOND}"
            sent = upstream.received[-1][1]["messages"]
            assert sent[0]["content"] == first_sent
            assert "Priya" not in repr(sent) and "Oyelaran" not in repr(sent)
            marcus = sent[2]["content"].split(" and ")[1].removesuffix(" a birthday card.")
            assert marcus.startswith("[[PERSON_")

            server.stop()
            forwarded = len(upstream.received)
            with pytest.raises(openai.PermissionDeniedError) as blocked:
                _ask(_client(upstream, one), turn)
            message = blocked.value.body["message"]
            assert message.startswith("veil stopped this message")
            assert "cannot be reached" in message and "PostgreSQL" in message
            assert len(upstream.received) == forwarded  # nothing left the machine

            server.start()
            # The first proxy never saw Marcus: it reads him from the vault to restore.
            answer = _ask(_client(upstream, one), turn)
            assert answer == f"You said: {SECOND}"
            assert upstream.received[-1][1]["messages"] == sent

    records = RedactionLog.open(StorageLocation(tmp_path / "one", url, key))
    decisions = [e.decision for e in reversed(records.entries())]
    # One log for the team: both proxies' entries, the blocked one among them.
    assert decisions == [Decision.SENT, Decision.SENT, Decision.BLOCKED_ON_ERROR, Decision.SENT]
    records.close()


def test_start_refuses_a_shared_vault_sealed_with_another_key(memory_keyring, tmp_path, server):
    url = server.new_database()
    with FakeChatService(tmp_path) as upstream:
        config = _config(tmp_path, upstream)
        with ProxyThread(config, free_port(), data_dir=tmp_path / "a", vault=url):
            pass  # seals the vault with data dir a's key
        with (
            pytest.raises(Exception, match="another data key"),
            ProxyThread(config, free_port(), data_dir=tmp_path / "b", vault=url),
        ):
            pass
