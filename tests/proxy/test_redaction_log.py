"""The redaction log: one row per filtered request, counts and names only, values sealed
(and kept only with the value log on), decisions recorded where the addon makes them."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from mitmproxy import http
from mitmproxy.test import tflow

from tests.disk_bytes import leaked, record_files
from tests.helpers import API_KEY, another_process_locks
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage import sqlite_database
from veil.proxy.storage.database import StorageLocked
from veil.proxy.storage.redaction_log import Decision, LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore
from veil.proxy.tenants import credential

NAME, EMAIL = "Jane Doe", "jane.doe@acme-health.org"
KEY = "sk-proj-Xq4v9TmL2cW8bN3rZp7Kd1Fh6Js0Ay5Eu"


def _addon(tmp_path, policy_yaml: str = "") -> VeilAddon:
    config = tmp_path / "config" / "policies"
    config.mkdir(parents=True)
    if policy_yaml:
        (config / "openai-api.yaml").write_text(policy_yaml)
    data = tmp_path / "data"
    return VeilAddon(
        SitePolicies.load(tmp_path / "config"), VaultStore.open(data), RedactionLog.open(data)
    )


def _send(addon: VeilAddon, body: bytes) -> http.HTTPFlow:
    request = http.Request.make(
        "POST",
        "https://api.openai.com/v1/chat/completions",
        body,
        {"content-type": "application/json", **API_KEY},
    )
    flow = tflow.tflow(req=request)
    asyncio.run(addon.filter.request(flow))
    return flow


def _chat(text: str) -> bytes:
    return json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": text}]}).encode()


def test_each_decision_gets_one_entry_with_counts_and_no_values(memory_keyring, tmp_path):
    addon = _addon(tmp_path)
    sent = _send(addon, _chat(f"Hi, I'm {NAME}, mail {EMAIL} or {NAME}."))
    assert sent.response is None
    broken = _send(addon, b'{"messages": [')
    assert broken.response is not None and broken.response.status_code == 403

    entries = addon.redaction_log.entries()
    assert [e.decision for e in entries] == [Decision.BLOCKED_ON_ERROR, Decision.SENT]
    ok = entries[1]
    assert ok.site == "openai-api"
    assert ok.entities == {"PERSON": 2, "EMAIL": 1}
    assert ok.actions == {"pseudonymize": 3}
    assert set(ok.stages) == {"recognize", "quasi", "redact"}
    assert all(ms >= 0 for ms in ok.stages.values())
    tenant = credential(http.Request.make("GET", "https://api.openai.com/", b"", API_KEY))
    assert ok.conversation == addon.conversations.conversation_id(
        "openai-api", f"Hi, I'm {NAME}, mail {EMAIL} or {NAME}.", tenant
    )
    assert ok.values is None
    assert "malformed JSON" in entries[0].reason
    addon.close()
    assert record_files(tmp_path / "data")
    assert leaked(tmp_path / "data", [NAME, EMAIL, "Hi, I'm"]) == []


def test_a_dry_run_logs_what_it_forwarded_not_what_it_would_have_blocked(memory_keyring, tmp_path):
    addon = _addon(tmp_path, "dry_run: true\nactions:\n  SECRET: block\n")
    secret = _send(addon, _chat(f"my key is {KEY}"))
    broken = _send(addon, b'{"messages": [')
    assert secret.response is None and broken.response is None  # both forwarded as they were
    entries = addon.redaction_log.entries()
    assert [e.decision for e in entries] == [Decision.PASSED_ON_ERROR, Decision.SENT]
    assert "SECRET" in entries[1].reason  # what it would have blocked, by label
    addon.close()


def test_blocked_and_passed_on_error_decisions(memory_keyring, tmp_path):
    addon = _addon(tmp_path, "name: openai-api\non_error: pass\nactions: {SECRET: block}\n")
    blocked = _send(addon, _chat(f"my key is {KEY}"))
    assert blocked.response is not None
    passed = _send(addon, b"\xff\xfe not utf-8")
    assert passed.response is None  # on_error: pass forwards it
    newest, oldest = addon.redaction_log.entries()
    assert oldest.decision is Decision.BLOCKED and "SECRET" in oldest.reason
    assert oldest.entities == {"SECRET": 1} and oldest.actions == {"block": 1}
    assert newest.decision is Decision.PASSED_ON_ERROR and "UTF-8" in newest.reason
    addon.close()
    assert leaked(tmp_path / "data", [KEY, KEY[8:30]]) == []


def test_the_value_log_keeps_values_sealed(memory_keyring, tmp_path):
    addon = _addon(tmp_path, "name: openai-api\nrecords: {log_values: true}\n")
    _send(addon, _chat(f"Hi, I'm {NAME}"))
    [plain] = addon.redaction_log.entries()
    assert plain.values is None  # only when asked for
    [entry] = addon.redaction_log.entries(with_values=True)
    assert entry.values == [
        {"label": "PERSON", "value": NAME, "replacement": "[[PERSON_1]]", "action": "pseudonymize"}
    ]
    addon.close()
    assert leaked(tmp_path / "data", [NAME]) == []


def test_history_loads_are_logged_as_restored(memory_keyring, tmp_path):
    addon = _addon(tmp_path)
    history = tflow.tflow(
        req=http.Request.make("GET", "https://claude.ai/api/organizations/o/chat_conversations/c1")
    )
    asyncio.run(addon.filter.request(history))
    [entry] = addon.redaction_log.entries()
    assert entry.decision is Decision.RESTORED and entry.site == "claude"
    addon.close()


def test_queries_filter_by_time_site_and_limit(memory_keyring, tmp_path):
    records = RedactionLog.open(tmp_path)
    now = time.time()
    for n in range(5):
        records.record(LogEntry("claude", time=now - n * 3600, entities={"PERSON": n}))
    records.record(LogEntry("chatgpt", Decision.BLOCKED, time=now, entities={"SECRET": 1}))
    assert len(records.entries(since=now - 2.5 * 3600)) == 4
    assert [e.site for e in records.entries(site="chatgpt")] == ["chatgpt"]
    assert len(records.entries(limit=2)) == 2
    assert records.stats() == {
        "sites": {"claude": 5, "chatgpt": 1},
        "entities": {"PERSON": 10, "SECRET": 1},
        "decisions": {"sent": 5, "blocked": 1},
    }
    assert records.stats(since=now - 60)["sites"] == {"claude": 1, "chatgpt": 1}


def test_retention_and_forget_on_the_log(memory_keyring, tmp_path):
    records = RedactionLog.open(tmp_path)
    now = time.time()
    records.record(LogEntry("claude", time=now - 10 * 86400))
    records.record(LogEntry("claude", time=now))
    records.record(LogEntry("chatgpt", time=now - 10 * 86400))
    assert records.purge({"claude": 7}, default_days=30) == 1
    assert records.count() == 2
    assert records.forget("chatgpt") == 1 and records.count() == 1


@pytest.mark.parametrize("damage", [b"", b"SQLite format 3\x00" + b"\xff" * 300])
def test_a_damaged_log_is_set_aside(memory_keyring, tmp_path, damage):
    records = RedactionLog.open(tmp_path)
    for n in range(50):
        records.record(LogEntry("claude", reason=f"reason {n}"))
    records.close()
    path = tmp_path / "log.sqlite3"
    path.write_bytes(damage or path.read_bytes()[:1000])
    fresh = RedactionLog.open(tmp_path)
    assert fresh.db.set_aside is not None and fresh.count() == 0


def test_a_log_another_process_holds_locked_is_never_set_aside(
    memory_keyring, tmp_path, monkeypatch
):
    monkeypatch.setattr(sqlite_database, "BUSY_TIMEOUT_S", 0.3)
    records = RedactionLog.open(tmp_path)
    for n in range(5):
        records.record(LogEntry("claude", reason=f"reason {n}"))
    records.close()
    path = tmp_path / "log.sqlite3"
    with another_process_locks(path):
        before = path.read_bytes()
        with pytest.raises(StorageLocked, match=f"{path} is locked by another process"):
            RedactionLog.open(tmp_path)
    assert path.read_bytes() == before
    reopened = RedactionLog.open(tmp_path)
    assert reopened.db.set_aside is None
    assert [e.reason for e in reopened.entries()] == [f"reason {n}" for n in reversed(range(5))]
    reopened.close()


def test_records_that_cannot_be_written_never_stop_a_message(memory_keyring, tmp_path, caplog):
    addon = _addon(tmp_path)
    addon.redaction_log.close()  # the files are gone from under the proxy
    addon.conversations.store.close()
    flows = [_send(addon, _chat(f"I'm {NAME}, turn {n}")) for n in range(3)]
    for flow in flows:
        assert flow.response is None  # sent on, filtered
        assert NAME not in flow.request.get_text() and "[[PERSON_1]]" in flow.request.get_text()
    assert caplog.text.count("could not write the redaction log") == 1
    assert caplog.text.count("could not write to the vault") == 1
    assert caplog.text.count("could not read the vault") == 1


def test_public_entities_kept_are_counted_never_listed(memory_keyring, tmp_path):
    addon = _addon(tmp_path, "name: openai-api\nrecords: {log_values: true}\n")
    text = f"My sister {NAME} asks: why did Angela Merkel open the border in 2015?"
    sent = _send(addon, _chat(text))
    body = json.loads(sent.request.get_content())["messages"][0]["content"]
    assert NAME not in body and "Angela Merkel" in body
    entry = addon.redaction_log.entries(with_values=True)[0]
    assert entry.entities == {"PERSON": 1}
    assert entry.actions == {"pseudonymize": 1, "keep": 1}
    assert [v["value"] for v in entry.values] == [NAME]  # the kept name is not a value
    addon.close()
    assert leaked(tmp_path / "data", ["Angela Merkel"]) == []
