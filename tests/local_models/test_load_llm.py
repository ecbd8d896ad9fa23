"""load_llm: one spec string names a model wherever it runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from veil.local_models.backend import LLMError
from veil.local_models.llama_cpp_backend import default_threads
from veil.local_models.load import clear_cache, load_llm
from veil.local_models.openai_http_backend import OpenAICompatibleLLM
from veil.local_models.worker.supervisor import WorkerLLM, stop_workers


@pytest.fixture(autouse=True)
def _fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VEIL_MODELS_DIR", str(tmp_path / "models"))
    monkeypatch.delenv("VEIL_MODEL_CATALOG", raising=False)
    clear_cache()
    stop_workers()  # workers are per process: none left by an earlier test here


def test_gguf_path_spec_runs_in_a_worker_process_and_is_cached(tiny_gguf: Path) -> None:
    llm = load_llm(str(tiny_gguf))
    assert isinstance(llm, WorkerLLM)
    assert load_llm(f"  {tiny_gguf} ") is llm
    assert llm.model_path == tiny_gguf
    assert llm.worker.pid is None  # started on first use, not when named


def test_url_spec_names_the_server_model_after_the_hash() -> None:
    llm = load_llm("http://127.0.0.1:11434/v1#qwen2.5:3b")
    assert isinstance(llm, OpenAICompatibleLLM)
    assert (llm.base_url, llm.model) == ("http://127.0.0.1:11434/v1", "qwen2.5:3b")
    bare = load_llm("https://inference.example/v1/")
    assert (bare.base_url, bare.model) == ("https://inference.example/v1", None)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "empty model spec"),
        ("/no/such/model.gguf", "model file not found"),
        ("gpt-4o", "no model named 'gpt-4o'"),
        ("default", "run `veil models pull default`"),
        ("gliner", "not a chat model"),
    ],
)
def test_bad_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(LLMError, match=message):
        load_llm(spec)


def test_thread_count_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VEIL_LLM_THREADS", "3")
    assert default_threads() == 3
    monkeypatch.setenv("VEIL_LLM_THREADS", "many")
    with pytest.raises(LLMError, match="VEIL_LLM_THREADS"):
        default_threads()
    monkeypatch.delenv("VEIL_LLM_THREADS")
    assert default_threads() >= 1
