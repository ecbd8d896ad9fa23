"""`veil log`, `veil stats`, `veil forget` on a real data dir (click's CliRunner)."""

from __future__ import annotations

import json
import time

import click
import pytest
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from tests.helpers import another_process_locks
from veil.proxy.cli import main
from veil.proxy.cli.storage import parse_since
from veil.proxy.conversations import ConversationStore
from veil.proxy.storage import sqlite_database
from veil.proxy.storage.redaction_log import Decision, LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore


@pytest.fixture
def data_dir(memory_keyring, tmp_path):
    now = time.time()
    records = RedactionLog.open(tmp_path)
    records.record(LogEntry("claude", time=now - 3 * 86400, entities={"PERSON": 2}))
    records.record(
        LogEntry(
            "claude",
            time=now - 600,
            conversation="c0ffee",
            entities={"PERSON": 1, "EMAIL": 1},
            actions={"pseudonymize": 2},
            stages={"recognize": 3.25, "redact": 0.5},
            values=[
                {
                    "label": "PERSON",
                    "value": "Dana Whitfield",
                    "replacement": "[[PERSON_1]]",
                    "action": "pseudonymize",
                }
            ],
        )
    )
    records.record(
        LogEntry(
            "chatgpt",
            Decision.BLOCKED,
            time=now - 60,
            entities={"SECRET": 1},
            actions={"block": 1},
            reason="it contains SECRET",
        )
    )
    records.close()
    store = VaultStore.open(tmp_path)
    conversations = ConversationStore(store=store)
    for site in ("claude", "claude", "chatgpt"):
        vault = conversations.vault(f"{site}-{time.monotonic_ns()}", "placeholder", site=site)
        vault.pseudonym_for("Dana Whitfield", "PERSON")
    store.close()
    return tmp_path


def _run(*args: str, data_dir, input: str | None = None):
    # A wide terminal, so table cells are not wrapped
    result = CliRunner(env={"COLUMNS": "250"}).invoke(
        main, [*args, "--data-dir", str(data_dir)], input=input
    )
    return result


def test_log_json_lines_newest_first_and_filtered(data_dir):
    result = _run("log", "--json", data_dir=data_dir)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [(r["site"], r["decision"]) for r in rows] == [
        ("chatgpt", "blocked"),
        ("claude", "sent"),
        ("claude", "sent"),
    ]
    assert rows[0]["reason"] == "it contains SECRET"
    assert rows[1]["entities"] == {"EMAIL": 1, "PERSON": 1} and rows[1]["conversation"] == "c0ffee"
    assert "values" not in rows[1] and "Dana" not in result.output

    recent = _run("log", "--json", "--since", "1h", "--site", "claude", data_dir=data_dir)
    assert [json.loads(line)["stages"] for line in recent.output.splitlines()] == [
        {"recognize": 3.25, "redact": 0.5}
    ]
    limited = _run("log", "--json", "--limit", "1", data_dir=data_dir)
    assert len(limited.output.splitlines()) == 1


def test_log_values_are_decrypted_only_when_asked(data_dir):
    rows = [
        json.loads(line)
        for line in _run("log", "--json", "--values", data_dir=data_dir).output.splitlines()
    ]
    assert rows[1]["values"][0]["value"] == "Dana Whitfield"
    table = _run("log", "--values", data_dir=data_dir).output
    assert "Dana Whitfield" in table


def test_log_table(data_dir):
    result = _run("log", data_dir=data_dir)
    assert result.exit_code == 0
    assert "3 request(s)" in result.output
    for text in ("chatgpt", "blocked", "SECRET 1", "EMAIL 1, PERSON 1", "recognize 3.2"):
        assert text in result.output


def test_stats_json_and_table(data_dir):
    result = _run("stats", "--json", data_dir=data_dir)
    assert json.loads(result.output) == {
        "sites": {"claude": 2, "chatgpt": 1},
        "entities": {"PERSON": 3, "EMAIL": 1, "SECRET": 1},
        "decisions": {"sent": 2, "blocked": 1},
    }
    day = json.loads(_run("stats", "--json", "--since", "1d", data_dir=data_dir).output)
    assert day["entities"] == {"PERSON": 1, "EMAIL": 1, "SECRET": 1}
    table = _run("stats", data_dir=data_dir).output
    for title in ("requests per site", "requests per decision", "findings per entity type"):
        assert title in table
    person_row = next(line for line in table.splitlines() if "PERSON" in line)
    assert [cell.strip() for cell in person_row.split("│")[1:3]] == ["PERSON", "3"]


def test_bad_since_is_a_clear_error(data_dir):
    result = _run("log", "--since", "yesterday-ish", data_dir=data_dir)
    assert result.exit_code == 2 and "neither an age" in result.output


@given(st.one_of(st.text(max_size=30), st.dates().map(str), st.datetimes().map(str)))
@example("0001-01-01")
def test_any_since_parses_or_is_a_usage_error(text):
    try:
        moment = parse_since(text, now=1_000_000.0)
    except click.BadParameter as error:
        assert "--since" in str(error.param_hint)
    else:
        assert isinstance(moment, float)


def test_parse_since_forms():
    assert parse_since("90m", now=10_000.0) == 10_000.0 - 5400
    assert parse_since("2w", now=0.0) == -14 * 86400
    assert parse_since("2026-05-01T00:00:00+00:00") == 1777593600.0
    assert parse_since(None) is None


def test_empty_data_dir_prints_nothing(memory_keyring, tmp_path):
    assert _run("log", "--json", data_dir=tmp_path).output == ""
    assert json.loads(_run("stats", "--json", data_dir=tmp_path).output)["sites"] == {}
    assert not list(tmp_path.iterdir())  # reading made no files


def test_forget_needs_a_scope_and_confirmation(data_dir):
    assert _run("forget", data_dir=data_dir).exit_code == 2
    declined = _run("forget", "--site", "claude", data_dir=data_dir, input="n\n")
    assert "Forget 2 conversation(s) and 2 log entries for site claude?" in declined.output
    assert "nothing was deleted" in declined.output
    assert VaultStore.open(data_dir).count("claude") == 2


def test_forget_a_site(data_dir):
    result = _run("forget", "--site", "claude", data_dir=data_dir, input="y\n")
    assert result.exit_code == 0 and "deleted 2 conversation(s) and 2 log entries" in result.output
    store, records = VaultStore.open(data_dir), RedactionLog.open(data_dir)
    assert store.count("claude") == 0 and store.count("chatgpt") == 1
    assert records.count("claude") == 0 and records.count("chatgpt") == 1


def test_forget_all_with_yes(data_dir):
    result = _run("forget", "--all", "--yes", data_dir=data_dir)
    assert result.exit_code == 0
    assert VaultStore.open(data_dir).count() == 0 and RedactionLog.open(data_dir).count() == 0


def test_forget_all_deletes_records_it_cannot_read(data_dir, memory_keyring):
    memory_keyring.secrets.clear()  # the key is gone
    assert _run("log", data_dir=data_dir).exit_code == 1
    result = _run("forget", "--all", "--yes", data_dir=data_dir)
    assert result.exit_code == 0 and "deleted the record files" in result.output
    assert not list(data_dir.glob("*.sqlite3*"))


def test_forget_all_never_deletes_a_file_another_process_holds_locked(data_dir, monkeypatch):
    monkeypatch.setattr(sqlite_database, "BUSY_TIMEOUT_S", 0.3)
    vault = data_dir / "vault.sqlite3"
    with another_process_locks(vault):
        result = _run("forget", "--all", "--yes", data_dir=data_dir)
    assert result.exit_code == 1
    assert f"{vault} is locked by another process" in result.output
    assert VaultStore.open(data_dir).count() == 3  # all there, nothing forgotten


def test_forget_creates_no_files(memory_keyring, tmp_path):
    records = RedactionLog.open(tmp_path)
    records.record(LogEntry("claude"))
    records.close()
    result = _run("forget", "--all", "--yes", data_dir=tmp_path)
    assert "deleted 0 conversation(s) and 1 log entries" in result.output
    assert not (tmp_path / "vault.sqlite3").exists()
