"""Install a converted GGUF under the models dir and list it in ``catalog.local.toml``,
with its size and sha256, so ``slow_stage.attacker_model`` can name it.

The file is checked first: a child process must load it and answer one call (a malformed
GGUF can abort the process inside llama.cpp). Only then is it moved into place and the
catalog rewritten, by an atomic rename each: a failure at any step leaves the catalog as
it was.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from veil.local_models.backend import LLMError
from veil.local_models.catalog import (
    LOCAL_CATALOG_FILE,
    CatalogEntry,
    LocalCatalog,
    load_catalog,
)
from veil.local_models.probe import probe_gguf
from veil.local_models.pull import file_digest, write_manifest

NAME = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {type(value).__name__}")


def render_local_catalog(entries: list[CatalogEntry]) -> str:
    lines = ["# Models made on this machine by `veil distill train` (veil's model catalog).", ""]
    for entry in entries:
        record = entry.model_dump(exclude={"source"})
        lines.append("[[model]]")
        lines += [f"{key} = {_toml_value(value)}" for key, value in record.items()]
        lines.append("[model.source]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in entry.source.model_dump().items()]
        lines.append("")
    text = "\n".join(lines)
    LocalCatalog.model_validate(tomllib.loads(text))  # what is written reads back
    return text


def register_model(
    gguf_file: Path,
    name: str,
    models_dir: Path,
    *,
    description: str,
    base: str,
    limits: str,
    probe: bool = True,
) -> CatalogEntry:
    if not NAME.match(name):
        raise LLMError(f"model name {name!r}: lower-case letters, digits, '.', '_' and '-' only")
    catalog = load_catalog(models_dir)
    catalog_path = models_dir / LOCAL_CATALOG_FILE
    local = (
        LocalCatalog.model_validate(tomllib.loads(catalog_path.read_text("utf-8")))
        if catalog_path.is_file() else LocalCatalog()
    )  # fmt: skip
    if name in catalog and name not in {e.name for e in local.model}:
        raise LLMError(f"{name!r} is a shipped catalog model: choose another name")
    if probe:
        probe_gguf(gguf_file)
    digest = file_digest(gguf_file)
    entry = CatalogEntry(
        name=name, description=description, roles=["attacker", "anonymizer", "judge"],
        license="as its base model's", format="gguf", file=f"{name}.gguf",
        size=digest.size, sha256=digest.sha256, limits=limits,
        source={"type": "local", "made_by": "veil distill train", "base": base},
    )  # fmt: skip
    models_dir.mkdir(parents=True, exist_ok=True)
    text = render_local_catalog([*(e for e in local.model if e.name != name), entry])
    stage = Path(tempfile.mkdtemp(prefix=f".register-{name}-", dir=models_dir))
    try:
        shutil.copyfile(gguf_file, stage / entry.file)
        write_manifest(stage, entry, {entry.file: digest})
        target = entry.install_dir(models_dir)
        previous = None
        if target.exists():
            previous = target.with_name(f".{name}.previous")
            shutil.rmtree(previous, ignore_errors=True)
            os.replace(target, previous)
        os.replace(stage, target)
        pending = catalog_path.with_name(catalog_path.name + ".new")
        pending.write_text(text, "utf-8")
        os.replace(pending, catalog_path)
        if previous is not None:
            shutil.rmtree(previous, ignore_errors=True)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return entry
