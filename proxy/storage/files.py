"""Setting unreadable files aside instead of deleting them: the user may still want them."""

from __future__ import annotations

import time
from pathlib import Path


def move_aside(path: Path, why: str) -> Path:
    """Rename ``path`` (and its SQLite -wal/-shm companions) to ``<name>.<why>-<time>``."""
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{counter}")
    for suffix in ("", "-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(target.with_name(target.name + suffix))
    return target
