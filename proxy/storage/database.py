"""The one interface veil's records go through, whichever database holds them.

Two backends implement it: ``SQLiteDatabase`` (a file per kind of record, the default)
and ``PostgresDatabase`` (one database that several veil processes share). Both seal
with the data key and refuse another key (a sealed marker in ``meta``); both bring
their schema up to date on open (``migrations``). The vault and the log write portable
SQL with ``?`` placeholders; a backend translates where its driver differs.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from veil.proxy.storage.sealing import Sealer, Unreadable

DAY_S = 86400.0

KEY_CHECK = b"veil data key check"

META_TABLE = "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value {blob} NOT NULL)"


class StorageError(Exception):
    """Records veil cannot use: damaged, sealed with another key, or of a newer veil."""


class StorageUnavailable(StorageError):
    """The database cannot be reached right now (a server that is down or restarting)."""


class StorageLocked(StorageError):
    """Another process held the records' lock for longer than veil waits. The records are
    fine: they are never set aside; a start stops and a message fails (its on_error)."""


class Damaged(StorageError):
    """A file that is not a readable database: corrupt, or not a database at all."""


class WrongDataKey(StorageError):
    """The records were sealed with another data key."""


class NewerSchema(StorageError):
    """Records written by a newer veil: never set aside or changed, only refused."""


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Transaction(Protocol):
    """What a transaction hands its body: statements with ``?`` placeholders."""

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Cursor: ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> Any: ...


class Database(ABC):
    """veil's records in one database, sealed with ``sealer``."""

    sealer: Sealer
    location: str  # for messages: a path, or a URL without its password
    # Several processes read and write it: a failed write must reach the request (the
    # other processes could not restore what only this one remembers).
    shared: bool = False
    # Appended to a SELECT of one row to lock it until the transaction ends ("" where the
    # transaction already locks the whole database).
    row_lock_clause: str = ""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Transaction]:
        """All or nothing; rolled back if the body raises."""

    @abstractmethod
    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        """One read outside any transaction."""

    @abstractmethod
    def close(self) -> None: ...

    def meta_secret(self, name: str, make: bytes) -> bytes:
        """A sealed value in ``meta``: the stored one, or ``make`` if there was none yet.

        Insert-if-absent then read: two processes that start together get the same value.
        """
        context = f"meta {name}"
        with self.transaction() as tx:
            tx.execute(
                "INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                (name, self.sealer.seal(make, context)),
            )
            stored = tx.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return self.sealer.open(bytes(stored[0]), context)

    def _check_key(self, tx: Transaction) -> None:
        """Mark a new database with this key; refuse one marked with another."""
        tx.execute(
            "INSERT INTO meta (name, value) VALUES ('key_check', ?) ON CONFLICT (name) DO NOTHING",
            (self.sealer.seal(KEY_CHECK, "key check"),),
        )
        stored = tx.execute("SELECT value FROM meta WHERE name = 'key_check'").fetchone()
        try:
            ok = self.sealer.open(bytes(stored[0]), "key check") == KEY_CHECK
        except Unreadable:
            ok = False
        if not ok:
            hint = (
                ": every veil process that shares it needs the same key"
                " (--data-key-file or VEIL_DATA_KEY_FILE)"
                if self.shared
                else ""
            )
            raise WrongDataKey(f"{self.location} was sealed with another data key{hint}")

    # Per-site housekeeping shared by the vault and the log: ``table`` has a ``site``
    # column and ``time_column`` holds seconds since the epoch. Names come from veil's own
    # code, never from input, so formatting them into the SQL is safe.

    def purge_by_site(
        self,
        table: str,
        time_column: str,
        retention_days: Mapping[str, float],
        default_days: float,
    ) -> int:
        """Delete rows older than their site's retention (others: ``default_days``)."""
        now = time.time()
        deleted = 0
        with self.transaction() as tx:
            for site, days in retention_days.items():
                deleted += tx.execute(
                    f"DELETE FROM {table} WHERE site = ? AND {time_column} < ?",
                    (site, now - days * DAY_S),
                ).rowcount
            others = ""
            if retention_days:  # PostgreSQL refuses an empty NOT IN ()
                others = f"site NOT IN ({','.join('?' * len(retention_days))}) AND "
            deleted += tx.execute(
                f"DELETE FROM {table} WHERE {others}{time_column} < ?",
                (*retention_days, now - default_days * DAY_S),
            ).rowcount
        return deleted

    def count_by_site(self, table: str, site: str | None = None) -> int:
        if site is None:
            return self.query(f"SELECT count(*) FROM {table}")[0][0]
        return self.query(f"SELECT count(*) FROM {table} WHERE site = ?", (site,))[0][0]

    def delete_by_site(self, table: str, site: str | None = None) -> int:
        with self.transaction() as tx:
            if site is None:
                return tx.execute(f"DELETE FROM {table}").rowcount
            return tx.execute(f"DELETE FROM {table} WHERE site = ?", (site,)).rowcount
