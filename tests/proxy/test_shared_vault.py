"""Several veil processes on one PostgreSQL vault, and schema versions on both backends.

Each ``VaultStore`` + ``ConversationStore`` pair stands for one veil process: its own
connections and its own in-memory cache, sharing only the database."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest

from veil.proxy.conversations import ConversationStore
from veil.proxy.storage import keys
from veil.proxy.storage.database import NewerSchema, StorageUnavailable, WrongDataKey
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.sealing import Sealer
from veil.proxy.storage.vault_store import FILE_NAME, SCHEMA, VaultStore
from veil.rules.vault import PseudonymStyle

# A real PostgreSQL server, stopped and restarted, and several processes: seconds per test.
pytestmark = pytest.mark.slow

LATEST = SCHEMA.sqlite[-1].version


def _process(where: StorageLocation) -> ConversationStore:
    return ConversationStore(store=VaultStore.open(where))


def _pairs(conversations: ConversationStore, conversation: str) -> dict[str, str]:
    vault = conversations.vault(conversation, PseudonymStyle.PLACEHOLDER, site="s")
    return {e.pseudonym: e.value for e in vault.entries()}


@pytest.fixture
def shared(postgres_url, tmp_path) -> StorageLocation:
    """A shared vault and the key file every process is given."""
    return StorageLocation(tmp_path / "data", postgres_url, tmp_path / "veil.key")


def test_a_conversation_alternating_between_two_processes_keeps_its_pseudonyms(shared):
    one, two = _process(shared), _process(shared)
    conversation = one.conversation_id("s", "first message")
    assert two.conversation_id("s", "first message") == conversation  # one id key for all
    style = PseudonymStyle.PLACEHOLDER

    first = one.vault(conversation, style, site="s")
    assert first.pseudonym_for("Dana Whitfield", "PERSON") == "[[PERSON_1]]"
    # The next turn lands on the other process: it knows Dana, and numbers on from there.
    second = two.vault(conversation, style, site="s")
    assert second.value_for("[[PERSON_1]]") == "Dana Whitfield"
    assert second.pseudonym_for("dana whitfield", "PERSON") == "[[PERSON_1]]"
    assert second.pseudonym_for("Marcus Oyelaran", "PERSON") == "[[PERSON_2]]"
    # Back on the first, whose cached vault is older than the store: synced before use.
    again = one.vault(conversation, style, site="s")
    assert again is first
    assert again.value_for("[[PERSON_2]]") == "Marcus Oyelaran"
    assert again.pseudonym_for("Ada Obi", "PERSON") == "[[PERSON_3]]"
    assert (
        _pairs(two, conversation)
        == _pairs(one, conversation)
        == {
            "[[PERSON_1]]": "Dana Whitfield",
            "[[PERSON_2]]": "Marcus Oyelaran",
            "[[PERSON_3]]": "Ada Obi",
        }
    )


def test_a_stale_vault_adding_a_value_takes_in_what_another_process_stored_first(shared):
    one, two = _process(shared), _process(shared)
    style = PseudonymStyle.PLACEHOLDER
    stale = one.vault("c", style, site="s")  # cached before the other process writes
    other = two.vault("c", style, site="s")
    assert other.pseudonym_for("Dana Whitfield", "PERSON") == "[[PERSON_1]]"
    # No sync in between: the save finds Dana's mapping and the vault decides again.
    assert stale.pseudonym_for("Marcus Oyelaran", "PERSON") == "[[PERSON_2]]"
    assert stale.pseudonym_for("Dana Whitfield", "PERSON") == "[[PERSON_1]]"
    assert len(stale) == 2


@pytest.mark.parametrize("same_values", [False, True])
def test_two_processes_adding_to_one_conversation_at_once_agree(shared, same_values):
    one, two = _process(shared), _process(shared)
    style = PseudonymStyle.PLACEHOLDER
    vaults = [one.vault("c", style, site="s"), two.vault("c", style, site="s")]
    names = [f"Person Number{n}" for n in range(24)]
    start = threading.Barrier(2)

    def add(index: int) -> dict[str, str]:
        mine = names if same_values else names[index::2]
        start.wait()
        return {value: vaults[index].pseudonym_for(value, "PERSON") for value in mine}

    with ThreadPoolExecutor(2) as pool:
        handed_out = list(pool.map(add, [0, 1]))

    first, second = _pairs(one, "c"), _pairs(two, "c")
    assert first == second  # both processes restore every pseudonym the same way
    assert sorted(first.values()) == sorted(names)  # each value once: one pseudonym each
    for given in handed_out:
        for value, pseudonym in given.items():
            assert first[pseudonym] == value
    assert VaultStore.open(shared).db.query("SELECT count(*) FROM mappings")[0][0] == len(names)


def test_three_processes_starting_together_migrate_once_and_share_one_id_key(shared):
    with ThreadPoolExecutor(3) as pool:
        stores = list(pool.map(lambda _: VaultStore.open(shared), range(3)))
    assert len({store.conversation_key for store in stores}) == 1
    versions = stores[0].db.query("SELECT component, version FROM schema_versions")
    assert versions == [("vault", LATEST)]
    for store in stores:
        store.close()


def test_a_different_data_key_is_refused_with_a_clear_error(shared, tmp_path):
    _process(shared).vault("c", PseudonymStyle.PLACEHOLDER, site="s").pseudonym_for("Ann", "X")
    other_key = StorageLocation(shared.data_dir, shared.vault, tmp_path / "other.key")
    with pytest.raises(WrongDataKey, match=r"another data key.*--data-key-file"):
        VaultStore.open(other_key)
    # The default key (the data dir's own) is another key too: refused, nothing changed.
    with pytest.raises(WrongDataKey):
        VaultStore.open(StorageLocation(shared.data_dir, shared.vault))
    assert _pairs(_process(shared), "c") == {"[[X_1]]": "Ann"}


def test_a_key_file_that_is_not_a_key_is_refused_and_kept(shared):
    assert shared.key_file is not None
    shared.key_file.write_text("not a key\n")
    with pytest.raises(keys.NoDataKey, match="not a veil key"):
        VaultStore.open(shared)
    assert shared.key_file.read_text() == "not a key\n"


def test_the_vault_fails_while_postgres_is_down_and_recovers_with_every_mapping(tmp_path):
    from tests.postgres_server import start_server

    server = start_server()  # its own: this test stops it
    try:
        where = StorageLocation(tmp_path, server.new_database(), tmp_path / "veil.key")
        conversations = _process(where)
        vault = conversations.vault("c", PseudonymStyle.PLACEHOLDER, site="s")
        assert vault.pseudonym_for("Dana Whitfield", "PERSON") == "[[PERSON_1]]"

        server.stop()
        with pytest.raises(StorageUnavailable, match="cannot be reached"):
            conversations.vault("c", PseudonymStyle.PLACEHOLDER, site="s")
        with pytest.raises(StorageUnavailable):
            vault.pseudonym_for("Marcus Oyelaran", "PERSON")
        # Not kept in memory either: it was never stored, so no process could restore it.
        assert vault.value_for("[[PERSON_2]]") is None
        # A history load gets an empty vault (its answer keeps the pseudonyms), no error.
        assert len(conversations.vault("c", "placeholder", create=False)) == 0

        server.start()
        vault = conversations.vault("c", PseudonymStyle.PLACEHOLDER, site="s")
        assert vault.pseudonym_for("Marcus Oyelaran", "PERSON") == "[[PERSON_2]]"
        assert _pairs(_process(where), "c") == {
            "[[PERSON_1]]": "Dana Whitfield",
            "[[PERSON_2]]": "Marcus Oyelaran",
        }
    finally:
        server.remove()


def test_a_failed_sqlite_write_leaves_the_vault_in_memory(memory_keyring, tmp_path, caplog):
    # Only this process reads its SQLite file: a full disk must not stop the user's chat.
    store = VaultStore.open(tmp_path)
    conversations = ConversationStore(store=store)
    vault = conversations.vault("c", PseudonymStyle.PLACEHOLDER, site="s")
    store.db._connection.close()  # every later statement fails, as on a broken disk
    assert vault.pseudonym_for("Dana Whitfield", "PERSON") == "[[PERSON_1]]"
    assert vault.value_for("[[PERSON_1]]") == "Dana Whitfield"
    assert "conversations stay in memory" in caplog.text


# Versioned schemas


_OLD_VAULT = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE conversations (id TEXT PRIMARY KEY, site TEXT NOT NULL, style TEXT NOT NULL,
    created REAL NOT NULL, last_used REAL NOT NULL);
CREATE INDEX conversations_last_used ON conversations (last_used);
CREATE TABLE aliases (alias TEXT PRIMARY KEY,
    conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE);
CREATE TABLE mappings (id INTEGER PRIMARY KEY,
    conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sealed BLOB NOT NULL);
CREATE INDEX mappings_conversation ON mappings (conversation);
"""


def _old_vault_file(directory: Path) -> None:
    """A vault as veil wrote it before schema versions: no version table."""
    sealer = Sealer(keys.data_key(directory))
    with sqlite3.connect(directory / FILE_NAME) as db:
        db.executescript(_OLD_VAULT)
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [
                ("key_check", sealer.seal(b"veil data key check", "key check")),
                ("conversation_key", sealer.seal(b"k" * 32, "meta conversation_key")),
            ],
        )
        db.execute("INSERT INTO conversations VALUES ('c', 's', 'placeholder', 1.0, 1.0)")
        db.execute("INSERT INTO aliases VALUES ('a', 'c')")
        for label, value, pseudonym in [
            ("PERSON", "Dana Whitfield", "[[PERSON_1]]"),
            ("EMAIL", "dana@northwind.org", "[[EMAIL_1]]"),
        ]:
            sealed = sealer.seal_json([label, value, pseudonym, "placeholder"], "mapping c")
            db.execute("INSERT INTO mappings (conversation, sealed) VALUES ('c', ?)", (sealed,))


def test_an_sqlite_file_from_before_versions_is_adopted_and_migrated(memory_keyring, tmp_path):
    _old_vault_file(tmp_path)
    store = VaultStore.open(tmp_path)
    assert store.conversation_key == b"k" * 32
    assert store.db.query("SELECT version FROM schema_versions WHERE component = 'vault'") == [
        (LATEST,)
    ]
    indexes = {row[0] for row in store.db.query("SELECT name FROM sqlite_master")}
    assert "aliases_conversation" in indexes  # version 2 ran on the adopted file
    conversations = ConversationStore(store=store)
    vault = conversations.vault("a", PseudonymStyle.PLACEHOLDER, create=False)  # the alias
    assert vault.value_for("[[EMAIL_1]]") == "dana@northwind.org"
    assert vault.pseudonym_for("Ada Obi", "PERSON") == "[[PERSON_2]]"
    store.close()
    # Opening again applies nothing twice.
    assert VaultStore.open(tmp_path).load("c").snapshot.entries[-1].value == "Ada Obi"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_records_of_a_newer_veil_are_refused_and_left_alone(
    memory_keyring, tmp_path, request, backend
):
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    where = StorageLocation(tmp_path, url)
    VaultStore.open(where).close()
    newer = "UPDATE schema_versions SET version = 99 WHERE component = 'vault'"
    if url is None:
        with sqlite3.connect(tmp_path / FILE_NAME) as db:
            db.execute(newer)
    else:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(newer)
    with pytest.raises(NewerSchema, match=r"schema version 99.*upgrade veil"):
        VaultStore.open(where)  # recover=True, as the proxy opens it: still not set aside
    if url is None:
        assert [p.name for p in tmp_path.iterdir() if "unreadable" in p.name] == []


def test_migrations_apply_in_order_and_once(memory_keyring, tmp_path, postgres_url):
    from veil.proxy.storage.migrations import Migration, Schema
    from veil.proxy.storage.postgres_database import PostgresDatabase
    from veil.proxy.storage.sqlite_database import SQLiteDatabase

    steps = (
        Migration(1, ("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT)",)),
        Migration(2, ("ALTER TABLE things ADD COLUMN size INTEGER",)),
        Migration(3, ("INSERT INTO things (id, name, size) VALUES (1, 'added by 3', 7)",)),
    )
    sealer = Sealer(keys.data_key(tmp_path))
    for open_one in (
        lambda schema: SQLiteDatabase(tmp_path / "things.sqlite3", sealer, schema, False),
        lambda schema: PostgresDatabase(postgres_url, sealer, schema),
    ):
        first = open_one(Schema("things", steps[:2], steps[:2], "things"))
        first.close()
        db = open_one(Schema("things", steps, steps, "things"))
        db.close()
        db = open_one(Schema("things", steps, steps, "things"))  # nothing left to apply
        assert db.query("SELECT id, name, size FROM things") == [(1, "added by 3", 7)]
        assert db.query("SELECT version FROM schema_versions WHERE component = 'things'") == [(3,)]
        db.close()


def test_the_storage_commands_open_the_shared_vault(shared, tmp_path):
    from click.testing import CliRunner

    from veil.proxy.cli import main
    from veil.proxy.storage.redaction_log import LogEntry, RedactionLog

    _process(shared).vault("c", PseudonymStyle.PLACEHOLDER, site="claude").pseudonym_for(
        "Ann", "PERSON"
    )
    records = RedactionLog.open(shared)
    records.record(LogEntry("claude", entities={"PERSON": 1}))
    records.close()
    options = ["--vault", shared.vault, "--data-key-file", str(shared.key_file)]
    runner = CliRunner()

    stats = runner.invoke(main, ["stats", "--json", *options])
    assert stats.exit_code == 0, stats.output
    assert '"claude": 1' in stats.output and '"PERSON": 1' in stats.output

    no_key = runner.invoke(main, ["stats", "--vault", shared.vault, "--data-dir", str(tmp_path)])
    assert no_key.exit_code == 1 and "--data-key-file" in no_key.output
    keys.key_from_file(tmp_path / "other.key")
    other = ["--vault", shared.vault, "--data-key-file", str(tmp_path / "other.key")]
    wrong = runner.invoke(main, ["log", *other])
    assert wrong.exit_code == 1 and "another data key" in wrong.output

    bad_url = runner.invoke(main, ["log", "--vault", "mysql://db/veil"])
    assert bad_url.exit_code == 2 and "expected postgresql://" in bad_url.output

    forget = runner.invoke(main, ["forget", "--all", "--yes", *options])
    assert forget.exit_code == 0, forget.output
    assert "deleted 1 conversation(s) and 1 log entries" in forget.output
    assert VaultStore.open(shared).count() == 0


def test_decoys_follow_the_same_rules_between_processes(shared):
    one, two = _process(shared), _process(shared)
    style = PseudonymStyle.PLACEHOLDER
    stale, other = one.vault("c", style, site="s"), two.vault("c", style, site="s")
    offers = iter(["Lyon", "Lyon", "Porto"])

    def make(_rng) -> str:
        return next(offers)

    assert other.decoy_for("Berlin", "LOCATION", make) == "Lyon"
    # The stale vault drew Lyon too for another city: Lyon is taken, so it draws again.
    assert stale.decoy_for("Madrid", "LOCATION", make) == "Porto"
    assert stale.decoy_for("berlin", "LOCATION", lambda _rng: "Oslo") == "Lyon"
    assert _pairs(one, "c") == _pairs(two, "c") == {"Lyon": "Berlin", "Porto": "Madrid"}
