"""Searching veil's database files on disk for values that must not be there."""

from __future__ import annotations

from pathlib import Path


def record_files(data_dir: Path) -> list[Path]:
    """Every SQLite file veil keeps, with its -wal and -shm companions."""
    return sorted(p for p in data_dir.glob("*.sqlite3*") if p.is_file())


def leaked(data_dir: Path, values: list[str]) -> list[tuple[str, str]]:
    """(file, value) for each value found in any encoding a database could hold it in."""
    found = []
    for path in record_files(data_dir):
        raw = path.read_bytes()
        for value in values:
            forms = {value, value.lower(), value.upper(), value.casefold()}
            for form in forms:
                encodings = [
                    form.encode("utf-8"),
                    form.encode("utf-16-le"),
                    form.encode("utf-16-be"),
                ]
                if any(e in raw for e in encodings):
                    found.append((path.name, value))
                    break
    return found
