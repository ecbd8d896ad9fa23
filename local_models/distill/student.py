"""The student: a Hugging Face model directory, or a GGUF file (a path or a catalog name)
that transformers dequantizes into trainable weights (``gguf_file=``), since the embedded
model exists only as GGUF here. Nothing is fetched: HF_HUB_OFFLINE holds."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veil.local_models.backend import LLMError
from veil.local_models.catalog import load_catalog
from veil.local_models.paths import models_dir as default_models_dir

COMPACT_BELOW_PARAMETERS = 1_500_000_000  # as the catalog marks its small models


@dataclass(frozen=True)
class StudentSource:
    spec: str
    directory: Path
    gguf_file: str | None  # set: the weights are this GGUF in ``directory``
    limits: str | None  # the catalog entry's, if the student is a catalog model

    def kwargs(self) -> dict[str, Any]:
        return {"gguf_file": self.gguf_file} if self.gguf_file else {}


def locate_student(spec: str, models_dir: str | os.PathLike[str] | None = None) -> StudentSource:
    path = Path(spec).expanduser()
    if path.is_dir():
        if not (path / "config.json").is_file():
            raise LLMError(f"{path} is not a Hugging Face model directory (no config.json)")
        return StudentSource(spec, path, None, None)
    if path.suffix == ".gguf" or path.is_file():
        if not path.is_file():
            raise LLMError(f"student model file not found: {path}")
        return StudentSource(spec, path.parent, path.name, None)
    directory = default_models_dir(models_dir)
    entry = load_catalog(directory).get(spec)
    if entry.format != "gguf" or not entry.is_installed(directory):
        raise LLMError(f"student {spec!r} is not an installed GGUF: run `veil models pull {spec}`")
    model_path = entry.model_path(directory)
    return StudentSource(spec, model_path.parent, model_path.name, entry.limits)


def load_tokenizer(source: StudentSource) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(source.directory, **source.kwargs())
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def load_model(source: StudentSource, dtype: Any = None) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(source.directory, dtype=dtype, **source.kwargs())


def limits_name(source: StudentSource, parameters: int | None = None) -> str:
    """The slow stage's output bounds for the student: its catalog entry's, else by size."""
    if source.limits:
        return source.limits
    if parameters is None:
        return "standard"
    return "compact" if parameters < COMPACT_BELOW_PARAMETERS else "standard"
