"""The package list, derived from the tree so that it cannot drift from it.

Each of the four code folders installs as ``veil.<folder>``; every directory under them
with an ``__init__.py`` is a package, and every other file (prompts, word lists, policy
YAML, the dashboard's page) ships as that package's data. Everything else about the
distribution is in pyproject.toml.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

FOLDERS = ("proxy", "rules", "local_models", "policies")
SKIPPED = {"__pycache__"}
ROOT = Path(__file__).resolve().parent


def layout() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    packages: list[str] = []
    package_dir: dict[str, str] = {}
    package_data: dict[str, list[str]] = {}
    for folder in FOLDERS:
        for directory, subdirectories, files in os.walk(ROOT / folder):
            subdirectories[:] = sorted(d for d in subdirectories if d not in SKIPPED)
            relative = Path(directory).relative_to(ROOT)
            if "__init__.py" in files:
                owner, prefix = "veil." + ".".join(relative.parts), Path()
                packages.append(owner)
                package_dir[owner] = relative.as_posix()
            else:  # data under the nearest package above it
                owner_path = next(
                    p for p in relative.parents if (ROOT / p / "__init__.py").exists()
                )
                owner = "veil." + ".".join(owner_path.parts)
                prefix = relative.relative_to(owner_path)
            data = sorted((prefix / f).as_posix() for f in files if not f.endswith((".py", ".pyc")))
            if data:
                package_data.setdefault(owner, []).extend(data)
    return packages, package_dir, package_data


packages, package_dir, package_data = layout()
setup(packages=packages, package_dir=package_dir, package_data=package_data)
