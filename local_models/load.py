"""One way to name a model, wherever it runs.

A model spec is one of:

- a catalog name, e.g. ``qwen2.5-coder-0.5b-instruct`` or ``default``: the file
  ``veil models pull NAME`` put under the models dir;
- a path to a ``.gguf`` file (``~`` expanded);
- the base URL of an OpenAI-compatible server, with the server's model name after a
  ``#``: ``http://127.0.0.1:11434/v1#qwen2.5:3b`` (Ollama),
  ``http://gpu-box:8000/v1#Qwen/Qwen2.5-7B-Instruct`` (vLLM). Without ``#MODEL`` the
  server's first listed model is used. An API key, if the server needs one, comes from
  $VEIL_LLM_API_KEY.

A GGUF file runs in a model worker process (``worker``), never in this one. Loaded
models are cached per spec (and models dir), so each loads once per process.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from veil.local_models.backend import LLM, LLMError
from veil.local_models.catalog import load_catalog
from veil.local_models.openai_http_backend import OpenAICompatibleLLM
from veil.local_models.paths import models_dir as default_models_dir
from veil.local_models.worker.supervisor import WorkerLLM, worker_for

_cache: dict[tuple[str, str], LLM] = {}
_cache_lock = threading.Lock()


def load_llm(spec: str, models_dir: str | os.PathLike[str] | None = None) -> LLM:
    """The model ``spec`` names (see the module docstring); cached, loads lazily."""
    spec = spec.strip()
    if not spec:
        raise LLMError("empty model spec: give a catalog name, a .gguf path or an http(s) URL")
    directory = default_models_dir(models_dir)
    key = (spec, str(directory))
    with _cache_lock:
        if key not in _cache:
            _cache[key] = _make_llm(spec, directory)
        return _cache[key]


def _make_llm(spec: str, models_dir: Path) -> LLM:
    if spec.startswith(("http://", "https://")):
        base_url, _, model = spec.partition("#")
        return OpenAICompatibleLLM(base_url, model or None)
    candidate = Path(spec).expanduser()
    if spec.endswith(".gguf") or os.sep in spec or candidate.is_file():
        if not candidate.is_file():
            raise LLMError(f"model file not found: {candidate}")
        return WorkerLLM(worker_for(candidate, candidate.name))
    entry = load_catalog(models_dir).get(spec)
    if entry.format != "gguf":
        raise LLMError(f"{entry.name} is not a chat model (format {entry.format})")
    if not entry.is_installed(models_dir):
        raise LLMError(
            f"model {entry.name!r} is not installed in {models_dir}: run `veil models pull {spec}`"
        )
    return WorkerLLM(worker_for(entry.model_path(models_dir), entry.name))


def model_presence(spec: str, models_dir: str | os.PathLike[str] | None = None) -> dict:
    """Whether ``spec`` is ready to load, by the rules ``load_llm`` follows, without
    loading it: ``{"name", "kind": server|file|catalog, "present": bool | None, "detail"}``.
    A server is not contacted (``present`` None): that would be a network call."""
    spec = spec.strip()
    directory = default_models_dir(models_dir)
    if spec.startswith(("http://", "https://")):
        return {"name": spec, "kind": "server", "present": None, "detail": "a server, not checked"}
    candidate = Path(spec).expanduser()
    if spec.endswith(".gguf") or os.sep in spec or candidate.is_file():
        found = candidate.is_file()
        detail = str(candidate) if found else f"no file {candidate}"
        return {"name": spec, "kind": "file", "present": found, "detail": detail}
    catalog = load_catalog(directory)
    if spec not in catalog:
        return {"name": spec, "kind": "catalog", "present": False, "detail": "not in the catalog"}
    entry = catalog.get(spec)
    installed = entry.is_installed(directory)
    detail = str(entry.model_path(directory)) if installed else f"run `veil models pull {spec}`"
    return {"name": spec, "kind": "catalog", "present": installed, "detail": detail}


def clear_cache() -> None:
    """Forget loaded models (tests; a long-running process after `pull --force`)."""
    with _cache_lock:
        _cache.clear()
