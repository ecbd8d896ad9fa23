"""Where downloaded models live, for callers that do not say (``python -m
veil.local_models.smoke``, ``load_llm`` without a directory).

The same lookup as veil.policies.paths.models_dir, which asks this one: --models-dir,
else $VEIL_MODELS_DIR, else ``<data dir>/models``, the data dir being $VEIL_DATA_DIR,
else the platform's user data dir.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def models_dir(
    explicit: str | os.PathLike[str] | None = None, data_dir: Path | None = None
) -> Path:
    """``explicit``, else $VEIL_MODELS_DIR, else ``<data_dir>/models`` (``data_dir``:
    $VEIL_DATA_DIR, else the platform's user data dir)."""
    chosen = explicit or os.environ.get("VEIL_MODELS_DIR")
    if chosen:
        return Path(chosen).expanduser()
    if data_dir is None:
        data = os.environ.get("VEIL_DATA_DIR")
        data_dir = Path(data).expanduser() if data else platformdirs.user_data_path("veil")
    return data_dir / "models"
