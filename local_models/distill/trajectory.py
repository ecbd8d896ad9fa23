"""Trajectories: one JSON line per profile the teacher anonymized, every round in it.

A line is written whole (one ``write`` of the finished record, then flushed and synced), so
a crash leaves at most a torn last line, which ``TrajectoryFile`` drops when it opens the
file again: collection resumes after the last whole record and never keeps half of one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FORMAT = "veil.distill.trajectory.v1"


class TrajectoryFile:
    def __init__(self, path: Path) -> None:
        self.path = path

    def records(self) -> Iterator[dict[str, Any]]:
        if not self.path.is_file():
            return
        with self.path.open(encoding="utf-8") as lines:
            for line in lines:
                if not line.endswith("\n"):
                    return  # torn by a crash: not a record
                if line.strip():
                    yield json.loads(line)

    def done(self) -> set[str]:
        return {record["author"] for record in self.records()}

    def drop_torn_tail(self) -> bool:
        """Cut a last line without its newline; True if there was one."""
        if not self.path.is_file():
            return False
        with self.path.open("rb+") as handle:
            data = handle.read()
            if not data or data.endswith(b"\n"):
                return False
            handle.truncate(data.rfind(b"\n") + 1)
        return True

    def append(self, record: dict[str, Any]) -> None:
        line = json.dumps({"format": FORMAT, **record}, ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())


def read_trajectories(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise FileNotFoundError(f"no trajectories at {path}: run `veil distill collect` first")
    return list(TrajectoryFile(path).records())
