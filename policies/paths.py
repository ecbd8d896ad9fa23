"""Where veil keeps its files: settings in the config dir, state in the data dir.

The config dir holds what the user edits (policies, the profile) and mitmproxy's CA;
the data dir holds what veil writes (the vault and log databases, downloaded models).
Each is chosen by an explicit argument, else an environment variable, else the
platform's user directory (platformdirs), so tests and portable setups can move them.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from veil.local_models import paths as local_models_paths


def config_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """--config-dir, else $VEIL_CONFIG_DIR, else the platform's user config dir."""
    chosen = explicit or os.environ.get("VEIL_CONFIG_DIR")
    return Path(chosen).expanduser() if chosen else platformdirs.user_config_path("veil")


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """--data-dir, else $VEIL_DATA_DIR, else the platform's user data dir."""
    chosen = explicit or os.environ.get("VEIL_DATA_DIR")
    return Path(chosen).expanduser() if chosen else platformdirs.user_data_path("veil")


def models_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """--models-dir, else $VEIL_MODELS_DIR, else ``<data dir>/models``."""
    return local_models_paths.models_dir(explicit, data_dir())
