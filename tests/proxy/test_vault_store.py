"""The vault on disk: round trips, sealed values, unreadable files set aside, retention.

The behaviour tests run on both backends: SQLite files in the data dir and a real
PostgreSQL server (``where``)."""

from __future__ import annotations

import os
import sqlite3
import stat
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.disk_bytes import leaked, record_files
from tests.helpers import another_process_locks
from veil.proxy.addon import VeilAddon
from veil.proxy.conversations import ConversationStore
from veil.proxy.server import open_records
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage import keys, sqlite_database
from veil.proxy.storage.database import StorageError, StorageLocked
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.vault_store import FILE_NAME, ConversationGone, VaultStore
from veil.rules.vault import PseudonymStyle, Vault

VALUES = [
    ("PERSON", "Dana Whitfield"),
    ("EMAIL", "dana@northwind.org"),
    ("PERSON", "Marcus Oyelaran"),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request, memory_keyring, tmp_path) -> StorageLocation:
    """Where the records go: the data dir's SQLite files, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return StorageLocation(tmp_path)
    return StorageLocation(tmp_path, request.getfixturevalue("postgres_url"))


def _raw(where: StorageLocation, sql: str, parameters: tuple = ()) -> list:
    """Run SQL on the database itself, past veil (to tamper with it or look inside)."""
    if where.vault is None:
        with sqlite3.connect(where.data_dir / FILE_NAME) as db:
            return db.execute(sql, parameters).fetchall()
    import psycopg

    with psycopg.connect(where.vault, autocommit=True) as db:
        cursor = db.execute(sql.replace("?", "%s"), parameters)
        return cursor.fetchall() if cursor.description else []


def _fill(conversations: ConversationStore, site: str = "claude", text: str = "chat") -> str:
    conversation = conversations.conversation_id(site, text)
    vault = conversations.vault(conversation, PseudonymStyle.PLACEHOLDER, site=site)
    for label, value in VALUES:
        vault.pseudonym_for(value, label)
    return conversation


def test_a_vault_comes_back_after_a_restart(where):
    store = VaultStore.open(where)
    first = ConversationStore(store=store)
    conversation = _fill(first)
    before = {e.pseudonym: e.value for e in first.vault(conversation, "placeholder").entries()}
    store.close()

    second = ConversationStore(store=VaultStore.open(where))
    # The same chat gets the same id (the id key is kept), and the same vault.
    assert second.conversation_id("claude", "chat") == conversation
    vault = second.vault(conversation, PseudonymStyle.PLACEHOLDER, site="claude")
    assert {e.pseudonym: e.value for e in vault.entries()} == before
    # New values continue the numbering instead of reusing a pseudonym.
    assert vault.pseudonym_for("Ada Obi", "PERSON") == "[[PERSON_3]]"
    assert vault.pseudonym_for("dana  whitfield", "PERSON") == "[[PERSON_1]]"
    assert vault.value_for("[[PERSON_1]]") == "Dana Whitfield"


def test_values_and_pseudonyms_are_sealed_on_disk(memory_keyring, tmp_path):
    store = VaultStore.open(tmp_path)
    _fill(ConversationStore(store=store))
    assert record_files(tmp_path)  # the test reads real files
    assert leaked(tmp_path, [v for _, v in VALUES] + ["[[PERSON_1]]", "chat"]) == []
    for path in record_files(tmp_path):  # the database, its -wal and -shm: owner only
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    store.close()


def test_a_bound_alias_finds_the_vault_after_a_restart(where):
    store = VaultStore.open(where)
    conversations = ConversationStore(store=store)
    conversation = _fill(conversations, "chatgpt", "first message")
    vault = conversations.vault(conversation, "placeholder", site="chatgpt")
    conversations.bind(conversations.conversation_id("chatgpt", "conv-uuid"), vault)
    store.close()
    again = ConversationStore(store=VaultStore.open(where))
    alias = again.conversation_id("chatgpt", "conv-uuid")
    assert again.vault(alias, "placeholder", create=False).value_for("[[PERSON_2]]") == (
        "Marcus Oyelaran"
    )


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    values=st.lists(
        st.tuples(
            st.sampled_from(["PERSON", "EMAIL", "LOCATION", "SECRET"]),
            st.text(min_size=1, max_size=40).filter(lambda s: s.strip()),
        ),
        min_size=1,
        max_size=12,
    ),
    style=st.sampled_from(list(PseudonymStyle)),
)
def test_any_vault_round_trips(where, values, style):
    store = VaultStore.open(where)
    conversations = ConversationStore(store=store)
    conversation = os.urandom(8).hex()  # one database for every example: a new chat each
    vault = conversations.vault(conversation, style, site="s")
    for label, value in values:
        vault.pseudonym_for(value, label)
    expected = sorted((e.label, e.value, e.pseudonym) for e in vault.entries())
    store.close()
    loaded = ConversationStore(store=VaultStore.open(where)).vault(conversation, style)
    assert sorted((e.label, e.value, e.pseudonym) for e in loaded.entries()) == expected


def test_wrong_key_sets_the_vault_aside_and_restores_nothing(memory_keyring, tmp_path, caplog):
    store = VaultStore.open(tmp_path)
    conversation = _fill(ConversationStore(store=store))
    store.close()
    memory_keyring.secrets.clear()  # the key is lost: a new one will be made

    fresh = VaultStore.open(tmp_path)
    assert fresh.db.set_aside is not None and fresh.db.set_aside.exists()
    assert "another data key" in caplog.text and str(fresh.db.set_aside) in caplog.text
    vault = ConversationStore(store=fresh).vault(conversation, "placeholder", create=False)
    assert vault.value_for("[[PERSON_1]]") is None
    assert len(vault) == 0


def test_the_command_line_never_moves_a_vault_it_cannot_read(memory_keyring, tmp_path):
    VaultStore.open(tmp_path).close()
    memory_keyring.secrets.clear()
    with pytest.raises(keys.NoDataKey):
        VaultStore.open(tmp_path, recover=False, create_key=False)
    keys.data_key(tmp_path)  # a different key now exists
    with pytest.raises(StorageError, match="another data key"):
        VaultStore.open(tmp_path, recover=False)
    assert (tmp_path / FILE_NAME).exists()


@pytest.mark.parametrize("damage", ["truncate", "garbage"])
def test_a_damaged_file_is_set_aside_and_a_fresh_one_started(memory_keyring, tmp_path, damage):
    store = VaultStore.open(tmp_path)
    conversations = ConversationStore(store=store)
    for n in range(40):  # enough rows for several pages
        _fill(conversations, text=f"chat {n}")
    store.close()
    path = tmp_path / FILE_NAME
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 3] if damage == "truncate" else b"\x00junk" * 500)

    fresh = VaultStore.open(tmp_path)
    assert fresh.db.set_aside is not None
    assert fresh.count() == 0
    vault = ConversationStore(store=fresh).vault("anything", "placeholder", site="claude")
    vault.pseudonym_for("Dana Whitfield", "PERSON")  # and it works
    assert fresh.count() == 1


@pytest.mark.parametrize(
    ("begin", "journal_mode"),
    [("IMMEDIATE", ""), ("EXCLUSIVE", "DELETE")],  # DELETE: not even a read gets through
)
def test_a_vault_another_process_holds_locked_is_never_set_aside(
    memory_keyring, tmp_path, monkeypatch, begin, journal_mode
):
    monkeypatch.setattr(sqlite_database, "BUSY_TIMEOUT_S", 0.3)
    store = VaultStore.open(tmp_path)
    conversations = ConversationStore(store=store)
    chats = [_fill(conversations, text=f"chat {n}") for n in range(3)]
    store.close()
    path = tmp_path / FILE_NAME

    with another_process_locks(path, begin, journal_mode):
        before = path.read_bytes()
        with pytest.raises(StorageLocked, match="locked by another process") as locked:
            VaultStore.open(tmp_path)  # recover=True, as the proxy opens it
        assert str(path) in str(locked.value)
    assert not [p.name for p in tmp_path.iterdir() if "unreadable" in p.name]
    assert path.read_bytes() == before

    # Once the lock is gone every conversation is there, values and all.
    reopened = VaultStore.open(tmp_path)
    assert reopened.db.set_aside is None
    for chat in chats:
        stored = reopened.load(chat)
        assert stored is not None
        assert sorted((e.label, e.value) for e in stored.snapshot.entries) == sorted(VALUES)
    reopened.close()


def test_the_proxy_does_not_start_on_a_vault_another_process_holds_locked(
    memory_keyring, tmp_path, monkeypatch
):
    monkeypatch.setattr(sqlite_database, "BUSY_TIMEOUT_S", 0.3)
    VaultStore.open(tmp_path).close()
    with (
        another_process_locks(tmp_path / FILE_NAME),
        pytest.raises(StorageLocked, match="another veil on the same data directory"),
    ):
        open_records(tmp_path)  # never "running without it": the file is fine, and in use
    assert not [p.name for p in tmp_path.iterdir() if "unreadable" in p.name]


def test_a_tampered_mapping_drops_its_conversation(where):
    store = VaultStore.open(where)
    conversations = ConversationStore(store=store)
    one, two = _fill(conversations, text="one"), _fill(conversations, text="two")
    store.close()
    # Move one conversation's sealed mapping into the other: it must not open there.
    blob = _raw(where, "SELECT sealed FROM mappings WHERE conversation = ?", (two,))[0][0]
    _raw(where, "UPDATE mappings SET sealed = ? WHERE conversation = ?", (blob, one))
    reopened = VaultStore.open(where)
    assert reopened.load(one) is None
    assert reopened.load(two) is not None


def test_retention_deletes_conversations_unused_for_longer_than_their_site_allows(where):
    store = VaultStore.open(where)
    conversations = ConversationStore(store=store)
    old_claude = _fill(conversations, "claude", "old")
    new_claude = _fill(conversations, "claude", "new")
    old_gone_site = _fill(conversations, "retired-site", "old")
    old_chatgpt = _fill(conversations, "chatgpt", "old")
    ten_days_ago = time.time() - 10 * 86400
    for conversation in (old_claude, old_gone_site, old_chatgpt):
        store.touch(conversation, ten_days_ago)

    purged = store.purge({"claude": 7, "chatgpt": 30}, default_days=5)
    assert purged == 2
    assert store.existing([old_claude, new_claude, old_gone_site, old_chatgpt]) == {
        new_claude,
        old_chatgpt,
    }
    # The running proxy lets go of what is gone, and does not write it back.
    assert conversations.drop_forgotten() == 2
    vault = conversations.vault(old_claude, "placeholder", site="claude", create=False)
    assert len(vault) == 0


def test_forget_one_site_or_all(where):
    store = VaultStore.open(where)
    conversations = ConversationStore(store=store)
    _fill(conversations, "claude", "a")
    _fill(conversations, "chatgpt", "b")
    assert store.forget("claude") == 1
    assert store.count("claude") == 0 and store.count("chatgpt") == 1
    assert store.forget() == 1 and store.count() == 0
    assert store.db.query("SELECT count(*) FROM mappings")[0][0] == 0  # cascaded


def test_a_write_to_a_forgotten_conversation_is_not_saved(where):
    store = VaultStore.open(where)
    conversations = ConversationStore(store=store)
    conversation = _fill(conversations)
    vault = conversations.vault(conversation, "placeholder", site="claude")
    store.forget()
    if store.shared:
        # No other process could restore it: the request fails, and says why.
        with pytest.raises(ConversationGone, match="send the message again"):
            vault.pseudonym_for("Ada Obi", "PERSON")
        assert vault.value_for("[[PERSON_3]]") is None
        # The next request starts the conversation afresh.
        again = conversations.vault(conversation, "placeholder", site="claude")
        assert again is not vault and again.pseudonym_for("Ada Obi", "PERSON") == "[[PERSON_1]]"
        assert store.count() == 1
        return
    vault.pseudonym_for("Ada Obi", "PERSON")  # still works in memory
    assert store.count() == 0 and store.db.query("SELECT count(*) FROM mappings")[0][0] == 0


def test_vault_snapshot_keeps_counters():
    vault = Vault()
    vault.pseudonym_for("Ann", "PERSON")
    vault.pseudonym_for("Bob", "PERSON")
    restored = Vault.from_snapshot(vault.snapshot())
    assert restored.pseudonym_for("Cy", "PERSON") == "[[PERSON_3]]"
    assert restored.pseudonym_for("ann", "PERSON") == "[[PERSON_1]]"


def test_the_proxy_runs_without_records_it_cannot_open(memory_keyring, tmp_path, caplog):
    blocked = tmp_path / "not-a-dir"
    blocked.write_text("a file where the data dir should be")
    vaults, records = open_records(blocked)
    assert vaults is None and records is None
    assert "cannot open VaultStore" in caplog.text and "running without it" in caplog.text
    conversations = ConversationStore(store=vaults)
    vault = conversations.vault("c", PseudonymStyle.PLACEHOLDER)
    assert vault.pseudonym_for("Dana Whitfield", "PERSON") == "[[PERSON_1]]"


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    values=st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyzÄÖÜßéçø ", min_size=8, max_size=30).filter(
            lambda s: len(s.strip()) >= 8
        ),
        min_size=1,
        max_size=6,
    )
)
def test_no_value_is_ever_on_disk_in_the_clear(memory_keyring, tmp_path_factory, values):
    directory = tmp_path_factory.mktemp("leak")
    store = VaultStore.open(directory)
    vault = ConversationStore(store=store).vault("c1", PseudonymStyle.PLACEHOLDER, site="s")
    for value in values:
        vault.pseudonym_for(value, "PERSON")
    assert any(p.name.endswith("-wal") for p in record_files(directory))  # searched while open
    assert leaked(directory, [v.strip() for v in values]) == []
    store.close()
    assert leaked(directory, [v.strip() for v in values]) == []


def test_retention_comes_from_each_site_policy(memory_keyring, tmp_path):
    policies = tmp_path / "config" / "policies"
    policies.mkdir(parents=True)
    (policies / "claude.yaml").write_text("name: claude\nrecords: {retention_days: 2}\n")
    store = VaultStore.open(tmp_path / "data")
    addon = VeilAddon(SitePolicies.load(tmp_path / "config"), store)
    claude = _fill(addon.conversations, "claude", "a")
    chatgpt = _fill(addon.conversations, "chatgpt", "b")  # shipped default: 30 days
    retired_old = _fill(addon.conversations, "retired", "c")  # no policy: the default's
    retired_recent = _fill(addon.conversations, "retired", "d")
    for conversation in (claude, chatgpt):
        store.touch(conversation, time.time() - 3 * 86400)
    store.touch(retired_old, time.time() - 31 * 86400)
    store.touch(retired_recent, time.time() - 29 * 86400)
    addon.maintain()
    assert store.existing([claude, chatgpt, retired_old, retired_recent]) == {
        chatgpt,
        retired_recent,
    }
    assert len(addon.conversations.vault(claude, "placeholder", create=False)) == 0
    addon.close()


def test_one_vault_per_conversation_whichever_id_reaches_it(where):
    conversations = ConversationStore(limit=2, store=VaultStore.open(where))
    first = _fill(conversations, "chatgpt", "first message")
    vault = conversations.vault(first, "placeholder", site="chatgpt")
    alias = conversations.conversation_id("chatgpt", "conv-uuid")
    conversations.bind(alias, vault)
    conversations.vault(first, "placeholder", site="chatgpt")  # the alias is now oldest
    _fill(conversations, "chatgpt", "another chat")  # and leaves the cache
    assert alias not in conversations._vaults and first in conversations._vaults
    assert conversations.vault(alias, "placeholder", site="chatgpt") is vault
