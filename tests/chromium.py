"""Headless Debian Chromium for the browser tests, driven by Playwright's Python API
(which never downloads a browser of its own here)."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

from tests.helpers import require

CHROMIUM = "/usr/bin/chromium"
# A closed network refuses Chromium's background connections, many at a time.
HEADLESS_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def launch(driver, *flags: str, env: Mapping[str, str] | None = None):
    """Chromium with ``flags`` besides the headless ones (skips where it is missing,
    except in CI)."""
    if not Path(CHROMIUM).exists():
        require("chromium")
    return driver.chromium.launch(
        executable_path=shutil.which("chromium") or CHROMIUM,
        args=[*flags, *HEADLESS_FLAGS],
        env=dict(env) if env is not None else None,
    )
