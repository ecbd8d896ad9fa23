"""Versioned schemas: an ordered list of migrations per kind of record and backend.

``schema_versions`` holds one row per component (the vault, the log): the number of
the last migration applied. Opening a database applies the missing ones in order,
inside the caller's transaction, which holds the backend's lock (SQLite: the write
lock of ``BEGIN IMMEDIATE``; PostgreSQL: an advisory lock), so processes that start
together apply each migration once. A file from before versioning (its tables there,
no version row) is adopted as version 1, which is the schema it already has.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from veil.proxy.storage.database import NewerSchema, Transaction

log = logging.getLogger("veil")

VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_versions"
    " (component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
)


@dataclass(frozen=True)
class Migration:
    version: int
    statements: tuple[str, ...]


@dataclass(frozen=True)
class Schema:
    """One component's migrations for each backend; ``adopt_table`` marks a database
    that has this component's version 1 from before versioning."""

    component: str
    sqlite: tuple[Migration, ...]
    postgres: tuple[Migration, ...]
    adopt_table: str

    def __post_init__(self) -> None:
        for migrations in (self.sqlite, self.postgres):
            numbers = [m.version for m in migrations]
            if numbers != list(range(1, len(numbers) + 1)):
                raise ValueError(f"{self.component}: migrations must be numbered 1, 2, ...")


def migrate(
    tx: Transaction,
    schema: Schema,
    migrations: tuple[Migration, ...],
    table_exists: Callable[[Transaction, str], bool],
    location: str,
) -> int:
    """Bring ``schema.component`` up to the last migration; returns the version."""
    tx.execute(VERSION_TABLE)
    row = tx.execute(
        "SELECT version FROM schema_versions WHERE component = ?", (schema.component,)
    ).fetchone()
    if row is not None:
        current = int(row[0])
    else:
        current = 1 if table_exists(tx, schema.adopt_table) else 0
        if current:
            log.info("veil: %s: adopting the existing %s as version 1", location, schema.component)
        tx.execute(
            "INSERT INTO schema_versions (component, version) VALUES (?, ?)",
            (schema.component, current),
        )
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise NewerSchema(
            f"{location}: the {schema.component} is at schema version {current}, newer than"
            f" this veil knows ({latest}); upgrade veil"
        )
    for migration in migrations:
        if migration.version <= current:
            continue
        for statement in migration.statements:
            tx.execute(statement)
        tx.execute(
            "UPDATE schema_versions SET version = ? WHERE component = ?",
            (migration.version, schema.component),
        )
        current = migration.version
    return current
