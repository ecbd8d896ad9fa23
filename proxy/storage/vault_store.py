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
import sqlite3
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from veil.proxy.storage.database import Database, StorageError
from veil.proxy.storage.files import move_aside
from veil.proxy.storage.keys import data_key
from veil.proxy.storage.sealing import Sealer, Unreadable
from veil.rules.vault import PseudonymStyle, VaultEntry, VaultSnapshot

log = logging.getLogger("veil")

FILE_NAME = "vault.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    style TEXT NOT NULL,
    created REAL NOT NULL,
    last_used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS conversations_last_used ON conversations (last_used);
CREATE TABLE IF NOT EXISTS aliases (
    alias TEXT PRIMARY KEY,
    conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS mappings (
    id INTEGER PRIMARY KEY,
    conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sealed BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS mappings_conversation ON mappings (conversation);
"""


class ConversationGone(Exception):
    """The conversation was deleted on disk (forgotten, or past retention) while in use."""


@dataclass(frozen=True, slots=True)
class StoredVault:
    conversation_id: str  # the canonical id (an alias resolves to it)
    site: str
    snapshot: VaultSnapshot


class VaultStore:
    def __init__(self, database: Database) -> None:
        self.db = database
        self.conversation_key = database.meta_secret("conversation_key", os.urandom(32))

    @classmethod
    def open(cls, data_dir: Path, recover: bool = True, create_key: bool = True) -> VaultStore:
        sealer = Sealer(data_key(data_dir, create=create_key))
        path = data_dir / FILE_NAME
        database = Database(path, sealer, _SCHEMA, recover=recover)
        try:
            return cls(database)
        except Unreadable as error:
            database.close()
            if not recover:
                raise StorageError(f"{path}: {error}") from None
            aside = move_aside(path, "unreadable")
            log.warning("veil: %s: %s; moved it to %s", path, error, aside)
            return cls(Database(path, sealer, _SCHEMA, recover=recover))

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
        sealed = self.db.query(
            "SELECT sealed FROM mappings WHERE conversation = ? ORDER BY id", (canonical,)
        )
        try:
            entries = [self._open_entry(canonical, row[0]) for row in sealed]
        except (Unreadable, ValueError, KeyError, TypeError) as error:
            # Never restore from a mapping that does not open: drop the conversation.
            log.warning(
                "veil: conversation %s is unreadable (%s); starting it afresh", canonical, error
            )
            self.forget_ids([canonical])
            return None
        return StoredVault(canonical, site, VaultSnapshot(PseudonymStyle(style), entries))

    def create(self, conversation_id: str, site: str, style: PseudonymStyle) -> None:
        now = time.time()
        with self.db.transaction() as connection:
            connection.execute(
                "INSERT OR IGNORE INTO conversations (id, site, style, created, last_used)"
                " VALUES (?, ?, ?, ?, ?)",
                (conversation_id, site, str(style), now, now),
            )

    def add_entry(self, conversation_id: str, entry: VaultEntry) -> None:
        sealed = self.db.sealer.seal_json(
            [entry.label, entry.value, entry.pseudonym, str(entry.style)],
            f"mapping {conversation_id}",
        )
        try:
            with self.db.transaction() as connection:
                connection.execute(
                    "INSERT INTO mappings (conversation, sealed) VALUES (?, ?)",
                    (conversation_id, sealed),
                )
        except sqlite3.IntegrityError:
            raise ConversationGone(conversation_id) from None

    def alias(self, alias: str, conversation_id: str) -> None:
        if alias == conversation_id:
            return
        try:
            with self.db.transaction() as connection:
                connection.execute(
                    "INSERT OR REPLACE INTO aliases (alias, conversation) VALUES (?, ?)",
                    (alias, conversation_id),
                )
        except sqlite3.IntegrityError:
            raise ConversationGone(conversation_id) from None

    def touch(self, conversation_id: str, when: float | None = None) -> None:
        with self.db.transaction() as connection:
            connection.execute(
                "UPDATE conversations SET last_used = ? WHERE id = ?",
                (when if when is not None else time.time(), conversation_id),
            )

    def existing(self, ids: Iterable[str]) -> set[str]:
        """Which of these ids (conversations or aliases) are still on disk."""
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
        with self.db.transaction() as connection:
            connection.executemany("DELETE FROM conversations WHERE id = ?", [(i,) for i in ids])

    def _open_entry(self, conversation_id: str, sealed: bytes) -> VaultEntry:
        label, value, pseudonym, style = self.db.sealer.open_json(
            sealed, f"mapping {conversation_id}"
        )
        return VaultEntry(str(label), str(value), str(pseudonym), PseudonymStyle(style))

    def close(self) -> None:
        self.db.close()
