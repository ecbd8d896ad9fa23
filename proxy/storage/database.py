"""One SQLite file of veil's records, sealed with the data key.

Opening checks the file (SQLite's quick_check) and the key (a sealed marker in ``meta``).
A damaged file, or one sealed with another key, is never read as if it were fine: with
``recover`` it is moved aside and a fresh one started (the proxy must keep running);
without it, opening fails with a ``StorageError`` that says why (the command line).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from veil.proxy.storage.files import move_aside
from veil.proxy.storage.sealing import Sealer, Unreadable

DAY_S = 86400.0

log = logging.getLogger("veil")

KEY_CHECK = b"veil data key check"

_META = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value BLOB NOT NULL);
"""


class StorageError(Exception):
    """A records file veil cannot use."""


class Database:
    """A single connection behind a lock: writes are a few rows, reads are rare."""

    def __init__(self, path: Path, sealer: Sealer, schema: str, recover: bool = True) -> None:
        self.path = path
        self.sealer = sealer
        self._schema = schema
        self._lock = threading.RLock()
        self.set_aside: Path | None = None  # where an unusable file went, if one did
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            self._connection = self._open_checked()
        except StorageError as problem:
            if not recover:
                raise
            self.set_aside = move_aside(path, "unreadable")
            log.warning(
                "veil: %s; moved it to %s and started a new one (nothing was restored from it)",
                problem,
                self.set_aside,
            )
            self._connection = self._open_checked()

    def _open_checked(self) -> sqlite3.Connection:
        existed = self.path.exists() and self.path.stat().st_size > 0
        connection: sqlite3.Connection | None = None
        try:
            connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            if not existed:
                self.path.chmod(0o600)  # SQLite gives -wal and -shm the same mode
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("PRAGMA foreign_keys=ON")
            connection.execute("PRAGMA secure_delete=ON")  # deleted rows are zeroed
            connection.execute("PRAGMA busy_timeout=5000")
            if existed:
                verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
                if verdict != "ok":
                    raise StorageError(f"{self.path} is damaged ({verdict})")
            connection.executescript(_META + self._schema)
            self._check_key(connection)
        except sqlite3.DatabaseError as error:
            if connection is not None:
                connection.close()
            raise StorageError(f"{self.path} is damaged or not a database ({error})") from None
        except StorageError:
            if connection is not None:
                connection.close()
            raise
        return connection

    def _check_key(self, connection: sqlite3.Connection) -> None:
        row = connection.execute("SELECT value FROM meta WHERE name = 'key_check'").fetchone()
        if row is None:
            connection.execute(
                "INSERT INTO meta (name, value) VALUES ('key_check', ?)",
                (self.sealer.seal(KEY_CHECK, "key check"),),
            )
            return
        try:
            ok = self.sealer.open(row[0], "key check") == KEY_CHECK
        except Unreadable:
            ok = False
        if not ok:
            raise StorageError(f"{self.path} was sealed with another data key")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise
            self._connection.execute("COMMIT")

    def query(self, sql: str, parameters: tuple | list = ()) -> list[sqlite3.Row | tuple]:
        with self._lock:
            return self._connection.execute(sql, parameters).fetchall()

    def meta_secret(self, name: str, make: bytes) -> bytes:
        """A sealed value in ``meta``: read it, or store ``make`` if there is none yet."""
        with self.transaction() as connection:
            row = connection.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
            if row is not None:
                return self.sealer.open(row[0], f"meta {name}")
            connection.execute(
                "INSERT INTO meta (name, value) VALUES (?, ?)",
                (name, self.sealer.seal(make, f"meta {name}")),
            )
            return make

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
        with self.transaction() as connection:
            for site, days in retention_days.items():
                deleted += connection.execute(
                    f"DELETE FROM {table} WHERE site = ? AND {time_column} < ?",
                    (site, now - days * DAY_S),
                ).rowcount
            marks = ",".join("?" * len(retention_days))
            deleted += connection.execute(
                f"DELETE FROM {table} WHERE site NOT IN ({marks}) AND {time_column} < ?",
                (*retention_days, now - default_days * DAY_S),
            ).rowcount
        return deleted

    def count_by_site(self, table: str, site: str | None = None) -> int:
        if site is None:
            return self.query(f"SELECT count(*) FROM {table}")[0][0]
        return self.query(f"SELECT count(*) FROM {table} WHERE site = ?", (site,))[0][0]

    def delete_by_site(self, table: str, site: str | None = None) -> int:
        with self.transaction() as connection:
            if site is None:
                return connection.execute(f"DELETE FROM {table}").rowcount
            return connection.execute(f"DELETE FROM {table} WHERE site = ?", (site,)).rowcount

    def close(self) -> None:
        with self._lock:
            self._connection.close()
