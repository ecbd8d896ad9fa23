"""veil's records in a PostgreSQL database that several veil processes share.

Connections come from a small pool of our own: each use borrows one (autocommit, so a
read is one statement and a transaction is explicit), and gives it back. A connection
the server dropped (a restart, a shutdown) is noticed before use when the server said
goodbye on its socket, and otherwise fails its request with ``StorageUnavailable``; the
pool then lets go of every idle connection, so the next request connects afresh and
veil recovers by itself once the server is back. Nothing is kept only in memory here:
a write that fails raises, and the caller's policy decides.
"""

from __future__ import annotations

import logging
import select
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from veil.proxy.storage.database import (
    META_TABLE,
    Database,
    StorageError,
    StorageUnavailable,
    Transaction,
)
from veil.proxy.storage.location import display_url, is_postgres_url
from veil.proxy.storage.migrations import Schema, migrate
from veil.proxy.storage.sealing import Sealer

log = logging.getLogger("veil")

# Held (per transaction) while a process checks the key and migrates: any fixed number
# that no other application on the server uses for the same purpose.
MIGRATION_LOCK = 0x7665_696C  # "veil"
CONNECT_TIMEOUT_S = 5
IDLE_CONNECTIONS = 8


class PostgresDatabase(Database):
    shared = True
    row_lock_clause = " FOR UPDATE"

    def __init__(self, url: str, sealer: Sealer, schema: Schema) -> None:
        if not is_postgres_url(url):
            raise StorageError(f"{display_url(url)} is not a postgresql:// URL")
        self.url = url
        self.location = f"the PostgreSQL vault {display_url(url)}"
        self.sealer = sealer
        self._idle: list[psycopg.Connection] = []
        self._pool_lock = threading.Lock()
        with self.transaction() as tx:
            # One process at a time checks the key and migrates: three instances starting
            # together must neither race CREATE TABLE nor apply a migration twice.
            tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            tx.execute(META_TABLE.format(blob="BYTEA"))
            self._check_key(tx)
            migrate(tx, schema, schema.postgres, _table_exists, self.location)

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        with self._connection() as connection, connection.transaction():
            yield _Statements(connection)

    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        with self._connection() as connection:
            return connection.execute(_placeholders(sql), parameters).fetchall()

    def close(self) -> None:
        self._drop_idle()

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection]:
        connection = self._borrow()
        try:
            yield connection
        except psycopg.Error as error:
            if connection.broken or connection.closed:
                connection.close()
                self._drop_idle()  # the server went away: the others are dead too
                raise StorageUnavailable(
                    f"{self.location} cannot be reached ({_first_line(error)})"
                ) from None
            self._give_back(connection)
            raise StorageError(
                f"{self.location}: {type(error).__name__}: {_first_line(error)}"
            ) from None
        except BaseException:
            self._give_back(connection)
            raise
        self._give_back(connection)

    def _borrow(self) -> psycopg.Connection:
        while True:
            with self._pool_lock:
                connection = self._idle.pop() if self._idle else None
            if connection is None:
                break
            if _still_open(connection):
                return connection
            connection.close()
        try:
            return psycopg.connect(
                self.url,
                autocommit=True,
                connect_timeout=CONNECT_TIMEOUT_S,
                application_name="veil",
            )
        except psycopg.Error as error:
            raise StorageUnavailable(
                f"{self.location} cannot be reached ({_first_line(error)})"
            ) from None

    def _give_back(self, connection: psycopg.Connection) -> None:
        if connection.closed or connection.broken:
            connection.close()
            return
        with self._pool_lock:
            if len(self._idle) < IDLE_CONNECTIONS:
                self._idle.append(connection)
                return
        connection.close()

    def _drop_idle(self) -> None:
        with self._pool_lock:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()


class _Statements:
    """A transaction's statements, with ``?`` placeholders made psycopg's ``%s``."""

    def __init__(self, connection: psycopg.Connection) -> None:
        self._connection = connection

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> psycopg.Cursor:
        return self._connection.execute(_placeholders(sql), parameters)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._connection.cursor() as cursor:
            cursor.executemany(_placeholders(sql), rows)


def _placeholders(sql: str) -> str:
    # veil's SQL has no '?' or '%' of its own: only placeholders to translate.
    return sql.replace("?", "%s")


def _still_open(connection: psycopg.Connection) -> bool:
    """An idle connection has nothing to read unless the server closed it (a restart
    sends a goodbye and EOF): checked without a round trip."""
    if connection.closed or connection.broken:
        return False
    try:
        readable, _, _ = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error):
        return False
    return not readable


def _table_exists(tx: Transaction, name: str) -> bool:
    found = tx.execute(
        "SELECT 1 FROM information_schema.tables"
        " WHERE table_schema = current_schema() AND table_name = ?",
        (name,),
    )
    return found.fetchone() is not None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
