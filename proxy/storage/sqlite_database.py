"""One SQLite file of veil's records (the default backend).

Opening checks the file (SQLite's quick_check), the key (a sealed marker in ``meta``)
and brings the schema up to date, all under the file's write lock. Only a file that
cannot be read as veil's records, damaged, not a database, or sealed with another key,
is set aside: with ``recover`` it is moved aside and a fresh one started (the proxy must
keep running); without it, opening fails with a ``StorageError`` that says why (the
command line). Anything else leaves the file as it is: a lock another process holds
longer than ``BUSY_TIMEOUT_S`` is ``StorageLocked`` (at open and on every later read or
write), a file veil may not write (a read-only data dir) a plain ``StorageError``, and a
file of a newer veil is refused either way.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from veil.proxy.storage.database import (
    META_TABLE,
    Damaged,
    Database,
    StorageError,
    StorageLocked,
    Transaction,
    WrongDataKey,
)
from veil.proxy.storage.files import move_aside
from veil.proxy.storage.migrations import Schema, migrate
from veil.proxy.storage.sealing import Sealer

log = logging.getLogger("veil")

# How long a statement waits for another process's lock (another veil on the same data
# dir writes a few rows at a time) before it gives up with StorageLocked.
BUSY_TIMEOUT_S = 5.0

# SQLite's primary result codes (the low byte of an extended one) that mean "wait" and
# "this is not a database veil can read"; nothing else is ever taken for damage.
_LOCK_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


class SQLiteDatabase(Database):
    """A single connection behind a lock: writes are a few rows, reads are rare."""

    def __init__(self, path: Path, sealer: Sealer, schema: Schema, recover: bool = True) -> None:
        self.path = path
        self.location = str(path)
        self.sealer = sealer
        self._schema = schema
        self._lock = threading.RLock()
        self.set_aside: Path | None = None  # where an unusable file went, if one did
        self.busy_timeout_s = BUSY_TIMEOUT_S
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            self._connection = self._open_checked()
        except (Damaged, WrongDataKey) as problem:
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
            # connect's timeout is SQLite's busy timeout, set before any statement touches
            # the file: another process's lock is waited for, never taken for damage.
            connection = sqlite3.connect(
                self.path,
                timeout=self.busy_timeout_s,
                check_same_thread=False,
                isolation_level=None,
            )
            if not existed:
                self.path.chmod(0o600)  # SQLite gives -wal and -shm the same mode
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("PRAGMA foreign_keys=ON")
            connection.execute("PRAGMA secure_delete=ON")  # deleted rows are zeroed
            if existed:
                verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
                if verdict != "ok":
                    raise Damaged(f"{self.path} is damaged ({verdict})")
            with _immediate(connection) as tx:
                tx.execute(META_TABLE.format(blob="BLOB"))
                self._check_key(tx)
                migrate(tx, self._schema, self._schema.sqlite, _table_exists, self.location)
        except BaseException as error:
            if connection is not None:
                connection.close()
            if isinstance(error, sqlite3.Error):
                raise self._failure(error) from None
            raise
        return connection

    def _failure(self, error: sqlite3.Error) -> StorageError:
        """What an SQLite error says about the file: locked, damaged, or neither."""
        code = _primary_code(error)
        if code in _LOCK_CODES:
            return self._locked()
        if code in _DAMAGE_CODES:
            return Damaged(f"{self.path} is damaged or not a database ({error})")
        if not os.access(self.path.parent, os.W_OK):  # SQLite only says "unable to open"
            return StorageError(
                f"cannot use {self.path}: veil cannot write to its directory ({error})"
            )
        return StorageError(f"cannot use {self.path} ({error})")

    def _locked(self) -> StorageLocked:
        return StorageLocked(
            f"{self.path} is locked by another process (another veil on the same data"
            f" directory, or a program that has the file open) and stayed locked for"
            f" {self.busy_timeout_s:g} s; nothing in it was changed"
        )

    @contextmanager
    def _lock_errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.OperationalError as error:
            if _primary_code(error) in _LOCK_CODES:
                raise self._locked() from None
            raise

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        with self._lock, self._lock_errors(), _immediate(self._connection) as tx:
            yield tx

    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        with self._lock, self._lock_errors():
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
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:  # a COMMIT that failed leaves it open
            connection.execute("ROLLBACK")
        raise


def _primary_code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _table_exists(tx: Transaction, name: str) -> bool:
    found = tx.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return found.fetchone() is not None
