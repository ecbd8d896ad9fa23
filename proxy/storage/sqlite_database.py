"""One SQLite file of veil's records (the default backend).

Opening checks the file (SQLite's quick_check), the key (a sealed marker in ``meta``)
and brings the schema up to date, all under the file's write lock. A damaged file, or
one sealed with another key, is never read as if it were fine: with ``recover`` it is
moved aside and a fresh one started (the proxy must keep running); without it, opening
fails with a ``StorageError`` that says why (the command line). A file of a newer veil
is refused either way and left as it is.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from veil.proxy.storage.database import (
    META_TABLE,
    Database,
    NewerSchema,
    StorageError,
    Transaction,
)
from veil.proxy.storage.files import move_aside
from veil.proxy.storage.migrations import Schema, migrate
from veil.proxy.storage.sealing import Sealer

log = logging.getLogger("veil")


class SQLiteDatabase(Database):
    """A single connection behind a lock: writes are a few rows, reads are rare."""

    def __init__(self, path: Path, sealer: Sealer, schema: Schema, recover: bool = True) -> None:
        self.path = path
        self.location = str(path)
        self.sealer = sealer
        self._schema = schema
        self._lock = threading.RLock()
        self.set_aside: Path | None = None  # where an unusable file went, if one did
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            self._connection = self._open_checked()
        except NewerSchema:
            raise
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
            with _immediate(connection) as tx:
                tx.execute(META_TABLE.format(blob="BLOB"))
                self._check_key(tx)
                migrate(tx, self._schema, self._schema.sqlite, _table_exists, self.location)
        except sqlite3.DatabaseError as error:
            if connection is not None:
                connection.close()
            raise StorageError(f"{self.path} is damaged or not a database ({error})") from None
        except StorageError:
            if connection is not None:
                connection.close()
            raise
        return connection

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        with self._lock, _immediate(self._connection) as tx:
            yield tx

    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            return self._connection.execute(sql, parameters).fetchall()

    def close(self) -> None:
        with self._lock:
            self._connection.close()


@contextmanager
def _immediate(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    # IMMEDIATE takes the write lock at once: another process's writer waits (busy_timeout)
    # instead of failing halfway through this transaction.
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _table_exists(tx: Transaction, name: str) -> bool:
    found = tx.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return found.fetchone() is not None
