"""Where a benchmark's figures go: the readable table on stdout, and JSON beside it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def publish(out: Path, name: str, results: Any, report: str) -> None:
    """Print ``report`` and write ``<out>/<name>.json`` (the figures) and ``<name>.md``."""
    print(report)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(results, indent=2))
    (out / f"{name}.md").write_text(report + "\n")
    print(f"\nwrote {out / f'{name}.json'} and {out / f'{name}.md'}")
