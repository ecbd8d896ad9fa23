"""Conversations' vaults on disk: one row per conversation, one sealed row per mapping.

Only what cannot reveal a value stays in the clear: the conversation's keyed id (an
HMAC, never text), its site, pseudonym style and times. Each mapping (label, value,
pseudonym) is sealed with the data key and bound to its conversation. The key that
makes conversation ids is kept here too (sealed), so an API conversation, named by its
first message, finds its vault again after a restart.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from veil.proxy.storage.database import Database, StorageError
from veil.proxy.storage.files import move_aside
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.migrations import Migration, Schema
from veil.proxy.storage.sealing import Unreadable
from veil.rules.vault import PseudonymStyle, Rethink, VaultEntry, VaultSnapshot

log = logging.getLogger("veil")

FILE_NAME = "vault.sqlite3"


def _version_1(blob: str, real: str, row_id: str, mapping_order: str) -> Migration:
    """The schema veil had before versioning (SQLite files of it are adopted)."""
    return Migration(
        1,
        (
            "CREATE TABLE IF NOT EXISTS conversations ("
            " id TEXT PRIMARY KEY, site TEXT NOT NULL, style TEXT NOT NULL,"
            f" created {real} NOT NULL, last_used {real} NOT NULL)",
            "CREATE INDEX IF NOT EXISTS conversations_last_used ON conversations (last_used)",
            "CREATE TABLE IF NOT EXISTS aliases ("
            " alias TEXT PRIMARY KEY,"
            " conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE)",
            "CREATE TABLE IF NOT EXISTS mappings ("
            f" id {row_id},"
            " conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,"
            f" sealed {blob} NOT NULL)",
            # A conversation's mappings in id order: what loading and the incremental sync
            # read (SQLite's index carries the row id by itself).
            f"CREATE INDEX IF NOT EXISTS mappings_conversation ON mappings ({mapping_order})",
        ),
    )


# Deleting a conversation cascades to its aliases: without this index every delete
# (forget, retention) scans the whole aliases table.
_ALIASES_BY_CONVERSATION = Migration(
    2, ("CREATE INDEX IF NOT EXISTS aliases_conversation ON aliases (conversation)",)
)

SCHEMA = Schema(
    component="vault",
    sqlite=(
        _version_1("BLOB", "REAL", "INTEGER PRIMARY KEY", "conversation"),
        _ALIASES_BY_CONVERSATION,
    ),
    postgres=(
        _version_1(
            "BYTEA",
            "DOUBLE PRECISION",
            "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
            "conversation, id",
        ),
        _ALIASES_BY_CONVERSATION,
    ),
    adopt_table="conversations",
)


class ConversationGone(Exception):
    """The conversation was deleted on disk (forgotten, or past retention) while in use."""


@dataclass(frozen=True, slots=True)
class StoredVault:
    conversation_id: str  # the canonical id (an alias resolves to it)
    site: str
    snapshot: VaultSnapshot
    last_mapping: int  # the id of its newest mapping (0: none): where a sync goes on from


@dataclass(frozen=True, slots=True)
class Added:
    """What ``add_entry`` stored (None: nothing, the value was among ``newer``), the
    mappings other processes had added first, and the newest mapping id now known."""

    entry: VaultEntry | None
    newer: list[VaultEntry]
    last_mapping: int


class VaultStore:
    def __init__(self, database: Database) -> None:
        self.db = database
        self.conversation_key = database.meta_secret("conversation_key", os.urandom(32))

    @classmethod
    def open(
        cls, where: Path | StorageLocation, recover: bool = True, create_key: bool = True
    ) -> VaultStore:
        location = StorageLocation.of(where)
        sealer = location.sealer(create_key)
        database = location.open_database(SCHEMA, FILE_NAME, sealer, recover=recover)
        try:
            return cls(database)
        except Unreadable as error:  # the key is right: the sealed conversation key is damaged
            database.close()
            if location.shared or not recover:
                raise StorageError(f"{database.location}: {error}") from None
            path = location.data_dir / FILE_NAME
            aside = move_aside(path, "unreadable")
            log.warning("veil: %s: %s; moved it to %s", path, error, aside)
            return cls(location.open_database(SCHEMA, FILE_NAME, sealer, recover=recover))
        except BaseException:  # locked (StorageLocked), or unwritable: left as it is
            database.close()
            raise

    @property
    def shared(self) -> bool:
        """Other processes use it too: a failed write must not be papered over."""
        return self.db.shared

    def load(self, conversation_id: str) -> StoredVault | None:
        """The conversation's vault, or None if there is none or it cannot be trusted."""
        aliased = self.db.query(
            "SELECT conversation FROM aliases WHERE alias = ?", (conversation_id,)
        )
        canonical = aliased[0][0] if aliased else conversation_id
        rows = self.db.query("SELECT site, style FROM conversations WHERE id = ?", (canonical,))
        if not rows:
            return None
        site, style = rows[0]
        try:
            mappings = self.entries_since(canonical, 0)
        except ConversationGone:
            return None
        last = mappings[-1][0] if mappings else 0
        snapshot = VaultSnapshot(PseudonymStyle(style), [entry for _, entry in mappings])
        return StoredVault(canonical, site, snapshot, last)

    def entries_since(self, conversation_id: str, after: int) -> list[tuple[int, VaultEntry]]:
        """The conversation's mappings with an id above ``after``, oldest first (what
        other processes added since this one last looked). A conversation with a
        mapping that does not open is dropped: veil never restores from it."""
        sealed = self.db.query(
            "SELECT id, sealed FROM mappings WHERE conversation = ? AND id > ? ORDER BY id",
            (conversation_id, after),
        )
        try:
            return self._open_entries(conversation_id, sealed)
        except (Unreadable, ValueError, KeyError, TypeError) as error:
            log.warning(
                "veil: conversation %s is unreadable (%s); starting it afresh",
                conversation_id,
                error,
            )
            self.forget_ids([conversation_id])
            raise ConversationGone(conversation_id) from None

    def create(self, conversation_id: str, site: str, style: PseudonymStyle) -> None:
        now = time.time()
        with self.db.transaction() as tx:
            tx.execute(
                "INSERT INTO conversations (id, site, style, created, last_used)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                (conversation_id, site, str(style), now, now),
            )

    def add_entry(
        self,
        conversation_id: str,
        entry: VaultEntry,
        after: int = 0,
        rethink: Rethink | None = None,
    ) -> Added:
        """Store a new mapping, given the newest mapping id the caller knows (``after``).

        If other processes added mappings since, they are handed to ``rethink``, which
        returns the entry to store instead (the caller's pseudonym may be taken, or the
        value may be theirs already: then None, and nothing is stored). Without
        ``rethink`` the entry is stored as it is.
        """
        with self.db.transaction() as tx:
            # Locks the conversation until commit: its mappings are added one at a time,
            # so their ids grow in commit order (a sync past an id misses none) and the
            # decision below cannot be overtaken.
            found = tx.execute(
                f"SELECT 1 FROM conversations WHERE id = ?{self.db.row_lock_clause}",
                (conversation_id,),
            ).fetchone()
            if found is None:
                raise ConversationGone(conversation_id)
            newer: list[tuple[int, VaultEntry]] = []
            if rethink is not None:
                rows = tx.execute(
                    "SELECT id, sealed FROM mappings WHERE conversation = ? AND id > ? ORDER BY id",
                    (conversation_id, after),
                ).fetchall()
                newer = self._open_entries(conversation_id, rows)
            last = newer[-1][0] if newer else after
            stored = rethink([e for _, e in newer]) if newer and rethink else entry
            if stored is not None:
                sealed = self.db.sealer.seal_json(
                    [stored.label, stored.value, stored.pseudonym, str(stored.style)],
                    f"mapping {conversation_id}",
                )
                last = tx.execute(
                    "INSERT INTO mappings (conversation, sealed) VALUES (?, ?) RETURNING id",
                    (conversation_id, sealed),
                ).fetchone()[0]
        return Added(stored, [e for _, e in newer], int(last))

    def alias(self, alias: str, conversation_id: str) -> None:
        if alias == conversation_id:
            return
        with self.db.transaction() as tx:
            found = tx.execute(
                "SELECT 1 FROM conversations WHERE id = ?", (conversation_id,)
            ).fetchone()
            if found is None:
                raise ConversationGone(conversation_id)
            tx.execute(
                "INSERT INTO aliases (alias, conversation) VALUES (?, ?)"
                " ON CONFLICT (alias) DO UPDATE SET conversation = excluded.conversation",
                (alias, conversation_id),
            )

    def touch(self, conversation_id: str, when: float | None = None) -> None:
        with self.db.transaction() as tx:
            tx.execute(
                "UPDATE conversations SET last_used = ? WHERE id = ?",
                (when if when is not None else time.time(), conversation_id),
            )

    def existing(self, ids: Iterable[str]) -> set[str]:
        """Which of these ids (conversations or aliases) are still stored."""
        wanted = list(ids)
        found: set[str] = set()
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            found.update(
                row[0]
                for row in self.db.query(
                    f"SELECT id FROM conversations WHERE id IN ({marks})"
                    f" UNION SELECT alias FROM aliases WHERE alias IN ({marks})",
                    chunk + chunk,
                )
            )
        return found

    def purge(self, retention_days: Mapping[str, float], default_days: float) -> int:
        """Delete conversations unused for longer than their site's retention."""
        return self.db.purge_by_site("conversations", "last_used", retention_days, default_days)

    def count(self, site: str | None = None) -> int:
        return self.db.count_by_site("conversations", site)

    def forget(self, site: str | None = None) -> int:
        """Delete every conversation (of one site, if given); returns how many."""
        return self.db.delete_by_site("conversations", site)

    def forget_ids(self, ids: Iterable[str]) -> None:
        with self.db.transaction() as tx:
            tx.executemany("DELETE FROM conversations WHERE id = ?", [(i,) for i in ids])

    def _open_entries(
        self, conversation_id: str, rows: Iterable[tuple[int, bytes]]
    ) -> list[tuple[int, VaultEntry]]:
        opened = []
        for number, sealed in rows:
            label, value, pseudonym, style = self.db.sealer.open_json(
                bytes(sealed), f"mapping {conversation_id}"
            )
            entry = VaultEntry(str(label), str(value), str(pseudonym), PseudonymStyle(style))
            opened.append((int(number), entry))
        return opened

    def close(self) -> None:
        self.db.close()
