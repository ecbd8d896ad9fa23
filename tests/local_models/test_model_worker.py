"""The model worker: GGUF models answer from their own process, which veil restarts after
a crash, kills when it hangs, and never leaves behind. Real processes, the tiny GGUF, real
signals (SIGSTOP makes a worker that never answers; SIGKILL is a crash or an OOM kill)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.tiny_gguf import build_tiny_gguf
from veil.local_models.backend import LLMError, ModelLoadError, ModelTimeout
from veil.local_models.llama_cpp_backend import LlamaCppLLM
from veil.local_models.worker.supervisor import ModelWorker, WorkerLLM

# Each test starts a model process or loads a GGUF: seconds, not milliseconds.
pytestmark = pytest.mark.slow

CITY_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "maxLength": 12}},
    "required": ["city"],
    "additionalProperties": False,
}
ASK = [{"role": "user", "content": "Where does the author live? I take the tram to work."}]


@pytest.fixture
def worker(tiny_gguf: Path):
    worker = ModelWorker(tiny_gguf, "tiny.gguf")
    yield worker
    worker.stop()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


def _wait_gone(pid: int, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_the_model_answers_from_another_process_as_it_would_in_process(worker, tiny_gguf):
    llm = WorkerLLM(worker)
    answer = llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=64)
    assert worker.pid is not None and worker.pid != os.getpid()
    assert set(json.loads(answer)) == {"city"}
    # the same model and sampler: the same tokens as veil's in-process backend
    assert answer == LlamaCppLLM(tiny_gguf).complete(ASK, schema=CITY_SCHEMA, max_tokens=64)
    usage = llm.usage.last()
    assert usage is not None and usage.prompt_tokens > 0 and usage.completion_tokens > 0
    state = worker.state()
    assert (state.state, state.started, state.calls) == ("ready", 1, 1)


def test_a_worker_killed_during_a_call_fails_that_call_and_the_next_gets_a_new_one(worker):
    llm = WorkerLLM(worker)
    llm.load()
    first_pid = worker.pid
    os.kill(first_pid, signal.SIGSTOP)  # hold it inside the call
    outcome: list[BaseException | str] = []

    def call() -> None:
        try:
            outcome.append(llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=64, timeout_s=60))
        except BaseException as error:
            outcome.append(error)

    caller = threading.Thread(target=call)
    caller.start()
    deadline = time.monotonic() + 10
    while worker.calls == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)  # the request is on the wire
    os.kill(first_pid, signal.SIGKILL)
    caller.join(30)
    assert len(outcome) == 1 and isinstance(outcome[0], LLMError)
    assert not isinstance(outcome[0], ModelTimeout)
    assert "SIGKILL" in str(outcome[0]) and "next message starts a new one" in str(outcome[0])
    assert _wait_gone(first_pid)

    answer = llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=64)
    assert set(json.loads(answer)) == {"city"}
    assert worker.pid not in (None, first_pid) and worker.started == 2


def test_a_worker_that_never_answers_is_stopped_at_the_deadline(worker):
    llm = WorkerLLM(worker)
    llm.load()
    hung = worker.pid
    os.kill(hung, signal.SIGSTOP)
    started = time.monotonic()
    with pytest.raises(ModelTimeout):
        llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=64, timeout_s=1.0)
    assert time.monotonic() - started < 15
    assert _wait_gone(hung)  # killed, not left holding the model for later calls
    assert "overran" in worker.state().last_error
    assert set(json.loads(llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=64))) == {"city"}


def test_a_call_waiting_behind_a_busy_worker_times_out_without_killing_it(worker):
    llm = WorkerLLM(worker)
    llm.load()
    pid = worker.pid
    os.kill(pid, signal.SIGSTOP)
    failures: list[Exception] = []

    def hold() -> None:
        try:
            llm.complete(ASK, timeout_s=3.0)
        except LLMError as error:
            failures.append(error)

    first = threading.Thread(target=hold, daemon=True)
    first.start()
    time.sleep(0.3)
    with pytest.raises(ModelTimeout, match="busy"):
        llm.complete(ASK, timeout_s=0.5)
    assert _alive(pid)  # only the call that holds the worker may stop it
    first.join(20)
    assert isinstance(failures[0], ModelTimeout)  # and that one did, at its own deadline


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (lambda tiny: tiny[: len(tiny) // 2], "cannot load"),
        (lambda tiny: b"PK\x03\x04 not a model at all" * 100, "not a GGUF"),
    ],
    ids=["truncated", "not-gguf"],
)
def test_a_file_the_worker_cannot_load_fails_clearly_and_is_not_retried(
    tmp_path, tiny_gguf, content, expected
):
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(content(tiny_gguf.read_bytes()))
    worker = ModelWorker(bad, "bad.gguf")
    with pytest.raises(ModelLoadError, match=expected):
        WorkerLLM(worker).complete(ASK)
    started = worker.started
    with pytest.raises(ModelLoadError, match=expected):
        WorkerLLM(worker).complete(ASK)
    assert worker.started == started  # the same file is not loaded again
    assert worker.state().state in ("failed", "stopped")
    bad.write_bytes(tiny_gguf.read_bytes())  # the user fixed the file
    assert set(json.loads(WorkerLLM(worker).complete(ASK, CITY_SCHEMA, 64))) == {"city"}
    worker.stop()


def test_two_models_run_in_two_workers_at_once(tmp_path, tiny_gguf):
    other = build_tiny_gguf(tmp_path / "other.gguf", seed=1)
    workers = [ModelWorker(tiny_gguf, "tiny"), ModelWorker(other, "other")]
    answers: dict[str, str] = {}

    def ask(worker: ModelWorker) -> None:
        answers[worker.name] = WorkerLLM(worker).complete(ASK, CITY_SCHEMA, 64)

    try:
        threads = [threading.Thread(target=ask, args=(w,)) for w in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert set(answers) == {"tiny", "other"}
        assert len({w.pid for w in workers}) == 2
    finally:
        for worker in workers:
            worker.stop()


def test_the_worker_refuses_callers_without_its_token(worker):
    WorkerLLM(worker).load()
    base = worker.ensure_started().base_url
    assert httpx.get(f"{base}/models", timeout=5).status_code == 401
    refused = httpx.post(f"{base}/chat/completions", json={"messages": ASK}, timeout=5)
    assert refused.status_code == 401


def test_a_worker_does_not_outlive_the_process_that_started_it(tmp_path, tiny_gguf):
    script = textwrap.dedent(f"""
        import os
        from pathlib import Path
        from veil.local_models.worker.supervisor import ModelWorker
        worker = ModelWorker(Path({str(tiny_gguf)!r}), "tiny")
        worker.ensure_started()
        print(worker.pid, flush=True)
        os._exit(0)  # no cleanup at all, as after a crash
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert _wait_gone(int(done.stdout.strip()))
