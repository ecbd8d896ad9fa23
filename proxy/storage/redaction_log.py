"""The redaction log: one row per request veil filtered, and what it did.

A row holds counts and names, never the user's text: time, site, the conversation's
keyed id, entity labels and counts, actions, stages and their timings, the decision.
Two things are sealed with the data key: the reason for a block or an error (an error
message could quote the input) and, only if the site's policy turns the value log on,
the values that were replaced.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from veil.proxy.storage.database import Database, StorageUnavailable, Transaction
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.migrations import Migration, Schema
from veil.proxy.storage.sealing import Unreadable

FILE_NAME = "log.sqlite3"


def _version_1(blob: str, real: str, row_id: str) -> Migration:
    """The schema veil had before versioning (SQLite files of it are adopted)."""
    return Migration(
        1,
        (
            "CREATE TABLE IF NOT EXISTS entries ("
            f" id {row_id}, time {real} NOT NULL, site TEXT NOT NULL, conversation TEXT,"
            " decision TEXT NOT NULL, entities TEXT NOT NULL, actions TEXT NOT NULL,"
            f" stages TEXT NOT NULL, reason {blob}, sealed_values {blob})",
            "CREATE INDEX IF NOT EXISTS entries_time ON entries (time)",
        ),
    )


def _version_2(real: str) -> Migration:
    """The residual re-identification risk of what was sent (a number, never values)."""
    return Migration(2, (f"ALTER TABLE entries ADD COLUMN risk {real}",))


SCHEMA = Schema(
    component="log",
    sqlite=(_version_1("BLOB", "REAL", "INTEGER PRIMARY KEY"), _version_2("REAL")),
    postgres=(
        _version_1("BYTEA", "DOUBLE PRECISION", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"),
        _version_2("DOUBLE PRECISION"),
    ),
    adopt_table="entries",
)


class Decision(StrEnum):
    SENT = "sent"  # filtered (perhaps unchanged) and sent on
    BLOCKED = "blocked"  # the policy blocks what it contains
    BLOCKED_ON_ERROR = "blocked_on_error"  # veil could not check it; on_error: block
    PASSED_ON_ERROR = "passed_on_error"  # veil could not check it; on_error: pass
    RESTORED = "restored"  # a history load: only the answer was restored


@dataclass
class LogEntry:
    site: str
    decision: Decision = Decision.SENT
    time: float = field(default_factory=time.time)
    conversation: str | None = None
    entities: dict[str, int] = field(default_factory=dict)  # label -> findings
    actions: dict[str, int] = field(default_factory=dict)  # action -> findings
    stages: dict[str, float] = field(default_factory=dict)  # stage -> milliseconds
    reason: str | None = None
    # Residual re-identification risk κ of what was sent (rules/risk): a number only.
    risk: float | None = None
    # [{"label", "value", "replacement", "action"}]; kept only with the value log on
    values: list[dict[str, Any]] | None = None

    def as_dict(self) -> dict[str, Any]:
        record = {
            "time": self.time,
            "site": self.site,
            "conversation": self.conversation,
            "decision": str(self.decision),
            "entities": self.entities,
            "actions": self.actions,
            "stages": {name: round(ms, 3) for name, ms in self.stages.items()},
            "reason": self.reason,
            "risk": self.risk,
        }
        if self.values is not None:
            record["values"] = self.values
        return record


# Entries kept in memory while a shared database is unreachable (oldest dropped first).
PENDING_LIMIT = 10_000


class RedactionLog:
    def __init__(self, database: Database) -> None:
        self.db = database
        # A shared database that is down (a restart): its entries wait here and are
        # written with the next entry that gets through, so the team's log has no hole.
        self._pending: deque[LogEntry] = deque(maxlen=PENDING_LIMIT)
        self._pending_lock = threading.Lock()

    @classmethod
    def open(
        cls, where: Path | StorageLocation, recover: bool = True, create_key: bool = True
    ) -> RedactionLog:
        """Beside the vault: SQLite files in the data directory, or the shared PostgreSQL
        database, where every instance's entries make one log for a team's dashboard."""
        location = StorageLocation.of(where)
        sealer = location.sealer(create_key)
        return cls(location.open_database(SCHEMA, FILE_NAME, sealer, recover=recover))

    def record(self, entry: LogEntry) -> None:
        """Write one entry; raises if it cannot (a shared database keeps it for later)."""
        with self._pending_lock:
            waiting = [*self._pending, entry]
            self._pending.clear()
        try:
            with self.db.transaction() as tx:
                for each in waiting:
                    self._insert(tx, each)
        except StorageUnavailable:
            if self.db.shared:
                with self._pending_lock:
                    self._pending.extend(waiting)
            raise

    def _insert(self, tx: Transaction, entry: LogEntry) -> None:
        sealer = self.db.sealer
        inserted = tx.execute(
            "INSERT INTO entries (time, site, conversation, decision, entities, actions,"
            " stages, reason, sealed_values, risk) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)"
            " RETURNING id",
            (
                entry.time,
                entry.site,
                entry.conversation,
                str(entry.decision),
                json.dumps(entry.entities, sort_keys=True),
                json.dumps(entry.actions, sort_keys=True),
                json.dumps(entry.stages, sort_keys=True),
                entry.risk,
            ),
        )
        # Sealed after the insert so the row id binds each blob to its own row.
        row = inserted.fetchone()[0]
        if entry.reason is not None or entry.values is not None:
            tx.execute(
                "UPDATE entries SET reason = ?, sealed_values = ? WHERE id = ?",
                (
                    None
                    if entry.reason is None
                    else sealer.seal(entry.reason.encode(), f"reason {row}"),
                    None
                    if entry.values is None
                    else sealer.seal_json(entry.values, f"values {row}"),
                    row,
                ),
            )

    def entries(
        self,
        since: float | None = None,
        site: str | None = None,
        limit: int | None = None,
        with_values: bool = False,
    ) -> list[LogEntry]:
        """Newest first."""
        sql = (
            "SELECT id, time, site, conversation, decision, entities, actions, stages, reason,"
            " sealed_values, risk FROM entries WHERE time >= ?"
        )
        parameters: list[Any] = [since or 0.0]
        if site is not None:
            sql += " AND site = ?"
            parameters.append(site)
        sql += " ORDER BY time DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            parameters.append(limit)
        return [self._entry(row, with_values) for row in self.db.query(sql, parameters)]

    def stats(self, since: float | None = None) -> dict[str, dict[str, int]]:
        per_site: Counter[str] = Counter()
        per_entity: Counter[str] = Counter()
        per_decision: Counter[str] = Counter()
        rows = self.db.query(
            "SELECT site, decision, entities FROM entries WHERE time >= ?", (since or 0.0,)
        )
        for site, decision, entities in rows:
            per_site[site] += 1
            per_decision[decision] += 1
            per_entity.update(json.loads(entities))
        return {
            "sites": dict(per_site.most_common()),
            "entities": dict(per_entity.most_common()),
            "decisions": dict(per_decision.most_common()),
        }

    def entity_counts(self, since: float | None = None) -> list[tuple[float, dict[str, int]]]:
        """(time, label -> findings) per entry since then, oldest first (for charts)."""
        rows = self.db.query(
            "SELECT time, entities FROM entries WHERE time >= ? ORDER BY time", (since or 0.0,)
        )
        return [(when, json.loads(entities)) for when, entities in rows]

    def purge(self, retention_days: Mapping[str, float], default_days: float) -> int:
        return self.db.purge_by_site("entries", "time", retention_days, default_days)

    def count(self, site: str | None = None) -> int:
        return self.db.count_by_site("entries", site)

    def forget(self, site: str | None = None) -> int:
        return self.db.delete_by_site("entries", site)

    def _entry(self, row: tuple, with_values: bool) -> LogEntry:
        number, when, site, conversation, decision, entities, actions, stages = row[:8]
        reason_blob, values_blob = row[8], row[9]
        entry = LogEntry(
            site=site,
            decision=Decision(decision),
            time=when,
            conversation=conversation,
            entities=json.loads(entities),
            actions=json.loads(actions),
            stages=json.loads(stages),
            risk=row[10],
        )
        sealer = self.db.sealer
        try:
            if reason_blob is not None:
                entry.reason = sealer.open(bytes(reason_blob), f"reason {number}").decode()
            if with_values and values_blob is not None:
                entry.values = sealer.open_json(bytes(values_blob), f"values {number}")
        except Unreadable as error:
            entry.reason = f"(unreadable: {error})"
        return entry

    def close(self) -> None:
        self.db.close()
