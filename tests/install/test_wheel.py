"""The wheel built from the repository holds every module and data file, and installed into
a clean venv against the pinned constraints it filters a message from outside the
checkout (an editable install would hide a missing package)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("proxy", "rules", "local_models", "policies")
TEXT = (
    "Hi, I'm Dana Whitfield, a nurse at Northwind Health in Sacramento. I am 43 years old; "
    "write to me at dana.whitfield@gmail.com."
)


def _checkout_files(*folders: str) -> list[str]:
    """What a clone holds (tracked and new files, nothing ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", *folders],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return sorted(f for f in listed if (ROOT / f).is_file() and "__pycache__" not in f)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # Built from a copy of what a clone holds: a build in the checkout leaves build/lib
    # behind, whose stale files a later build would ship.
    source = tmp_path_factory.mktemp("source")
    for name in _checkout_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (built,) = out.glob("veil-*.whl")
    return built


def test_the_wheel_holds_every_file_of_the_four_folders(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [f for f in _checkout_files(*FOLDERS) if f"veil/{f}" not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert "veil/rules/quasi/__init__.py" in names  # the package an earlier list forgot
    # test support stays in the repository (testing/), as mitmproxy keeps mitmproxy.test
    assert not [n for n in names if "fake_upstream" in n or "local_postgres" in n]


def test_the_installed_wheel_checks_a_message_outside_the_checkout(wheel: Path, tmp_path) -> None:
    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    wheelhouse = subprocess.run(
        [sys.executable, str(ROOT / "install" / "llama_wheel.py")],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    install = subprocess.run(
        [
            str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--find-links", wheelhouse, "--only-binary", "llama-cpp-python",
            "-c", str(ROOT / "install" / "constraints.txt"), str(wheel),
        ],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr[-3000:]
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    home = {
        "VEIL_CONFIG_DIR": str(tmp_path / "config"),
        "VEIL_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": "",
    }
    checked = subprocess.run(
        [str(environment / "bin" / "veil"), "check", "--json", TEXT],
        cwd=outside, capture_output=True, text=True, check=False,
        env={**os.environ, **home},
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr[-3000:]
    report = json.loads(checked.stdout)
    assert {span["label"] for span in report["spans"]} >= {"PERSON", "EMAIL"}
    for value in ("Dana Whitfield", "dana.whitfield@gmail.com", "43 years old"):
        assert value not in report["text"]
    # the quasi-identifier operators ran (the package the editable install hid)
    assert {q["attribute"] for q in report["quasi_identifiers"]} >= {"age", "employer"}
