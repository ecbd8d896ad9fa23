"""The proxy's side of a model worker: start it, call it, restart it, stop it.

``WorkerLLM`` is the ``LLM`` veil hands the slow stage and the referee for a GGUF file.
Its ``ModelWorker`` starts the worker process on the first call (or ``load``), one per
model file, and after that:

- a call is sent with the deadline the caller has left (the slow stage's budget), else
  ``DEFAULT_CALL_TIMEOUT_S``; calls queue one at a time, as the model serves them;
- a call that overruns its deadline kills the worker (it is stuck or far too slow, and
  would hold every later call) and raises ``ModelTimeout``;
- a worker that dies (a crash inside llama.cpp, an out-of-memory kill, kill -9) fails the
  call in progress with ``LLMError`` naming the signal; the next call starts a new one;
- a file the worker cannot load fails every call at once, until the file changes.

The proxy therefore never runs llama.cpp itself, and whatever happens to a model, the
message gets its site's outcome (``on_budget_exhausted``, ``on_error``) and veil goes on.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import json
import logging
import os
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veil.local_models.backend import (
    ChatMessage,
    LLMError,
    ModelLoadError,
    ModelTimeout,
    ModelUnreachable,
    UsageRecorder,
)
from veil.local_models.openai_http_backend import OpenAICompatibleLLM
from veil.local_models.probe import check_gguf_header, signal_name
from veil.local_models.worker.server import TOKEN_ENV

log = logging.getLogger("veil")

START_TIMEOUT_S = 300.0  # loading an 8B model from a cold disk takes a while
DEFAULT_CALL_TIMEOUT_S = 300.0  # a call with no deadline of its own
STDERR_LINES = 20


@dataclass(frozen=True)
class WorkerState:
    """What ``veil doctor`` and the dashboard show of one worker."""

    model: str
    state: str  # stopped | starting | ready | failed
    pid: int | None
    started: int  # processes started so far (1 + restarts)
    calls: int
    last_error: str
    load_s: float | None

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))


class ModelWorker:
    """One model file's worker process (see the module docstring)."""

    def __init__(
        self,
        model_path: Path,
        name: str,
        *,
        threads: int | None = None,
        context: int | None = None,
        start_timeout_s: float = START_TIMEOUT_S,
    ) -> None:
        self.model_path = model_path
        self.name = name
        self.threads = threads
        self.context = context
        self.start_timeout_s = start_timeout_s
        self._process: subprocess.Popen[bytes] | None = None
        self._client: OpenAICompatibleLLM | None = None
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._start_lock = threading.Lock()
        self._call_lock = threading.Lock()  # the model answers one call at a time
        self._load_failure: tuple[tuple[int, int], str] | None = None  # (file version, why)
        self.started = 0
        self.calls = 0
        self.last_error = ""
        self.load_s: float | None = None

    # -- life cycle ---------------------------------------------------------------------

    def ensure_started(self) -> OpenAICompatibleLLM:
        """The client of a running worker; starts one if none runs (blocks until ready)."""
        with self._start_lock:
            if self._client is not None and self._alive():
                return self._client
            if self._process is not None:  # it died since the last call
                self._reap()
            version = self._file_version()
            if self._load_failure is not None and self._load_failure[0] == version:
                raise ModelLoadError(self._load_failure[1])
            try:
                self._client = self._start()
            except ModelLoadError as error:  # the file itself: not retried until it changes
                self._load_failure = (version, str(error))
                self.last_error = str(error)
                raise
            self._load_failure = None
            return self._client

    def _file_version(self) -> tuple[int, int]:
        check_gguf_header(self.model_path)
        stat = self.model_path.stat()
        return stat.st_size, stat.st_mtime_ns

    def _start(self) -> OpenAICompatibleLLM:
        token = secrets.token_urlsafe(24)
        command = [
            sys.executable, "-m", "veil.local_models.worker.server",
            "--model", str(self.model_path), "--name", self.name,
        ]  # fmt: skip
        if self.threads:
            command += ["--threads", str(self.threads)]
        if self.context:
            command += ["--context", str(self.context)]
        environment = dict(os.environ, **{TOKEN_ENV: token, "HF_HUB_OFFLINE": "1"})
        started = time.perf_counter()
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
            start_new_session=True,  # a Ctrl-C in veil's terminal is veil's to handle
        )
        self._process = process
        self.started += 1
        self._stderr.clear()
        threading.Thread(
            target=self._drain_stderr, args=(process,), daemon=True, name="veil-worker-stderr"
        ).start()
        report = self._read_report(process)
        if not report.get("ready"):
            self._kill()
            why = report.get("error") or (
                f"llama.cpp cannot load {self.model_path}: {self._exit_description(process)}"
            )
            raise ModelLoadError(why)
        self.load_s = time.perf_counter() - started
        log.info(
            "veil: model worker for %s ready (pid %d, %.1f s)", self.name, process.pid, self.load_s
        )
        client = OpenAICompatibleLLM(
            f"http://127.0.0.1:{report['port']}/v1", self.name, api_key=token, seed=None
        )
        client.prefer_json_object()
        return client

    def _read_report(self, process: subprocess.Popen[bytes]) -> dict[str, Any]:
        """The worker's one JSON line, or a description of why it never came."""
        box: list[bytes] = []
        reader = threading.Thread(
            target=lambda: box.append(process.stdout.readline() if process.stdout else b""),
            daemon=True,
        )
        reader.start()
        reader.join(self.start_timeout_s)
        if reader.is_alive():
            self._kill()
            return {"error": f"it did not load within {self.start_timeout_s:.0f} s"}
        try:
            report = json.loads(box[0]) if box and box[0].strip() else {}
        except ValueError:
            report = {}
        return report if isinstance(report, dict) else {}

    def _exit_description(self, process: subprocess.Popen[bytes]) -> str:
        try:
            code = process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "no answer"
        how = f"killed by {signal_name(-code)}" if code < 0 else f"exit code {code}"
        detail = " | ".join(list(self._stderr)[-5:])
        return f"{how}{': ' + detail if detail else ''}"

    def _drain_stderr(self, process: subprocess.Popen[bytes]) -> None:
        stream = process.stderr
        if stream is None:
            return
        for line in iter(stream.readline, b""):
            text = line.decode("utf-8", "replace").strip()
            if text:
                self._stderr.append(text)

    def _alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def _kill(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                log.error("veil: model worker pid %d did not exit after SIGKILL", process.pid)
        self._reap()

    def _reap(self) -> None:
        if self._client is not None:
            self._client.close()
        self._client = None
        process, self._process = self._process, None
        if process is not None:
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    stream.close()

    def stop(self) -> None:
        """Stop the worker (veil is exiting, or the model is no longer wanted)."""
        with self._start_lock:
            process = self._process
            if process is not None and process.poll() is None and process.stdin is not None:
                process.stdin.close()  # the worker exits when its stdin closes
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=5)  # else killed below
            self._kill()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._alive() and self._process else None

    def state(self) -> WorkerState:
        if self._alive():
            state = "ready" if self._client is not None else "starting"
        else:
            state = "failed" if self.last_error and self._client is None else "stopped"
        return WorkerState(
            self.name, state, self.pid, self.started, self.calls, self.last_error, self.load_s
        )

    # -- calls --------------------------------------------------------------------------

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None,
        max_tokens: int,
        temperature: float,
        timeout_s: float | None,
        usage: UsageRecorder,
    ) -> str:
        deadline = time.monotonic() + (
            timeout_s if timeout_s is not None else DEFAULT_CALL_TIMEOUT_S
        )
        client = self.ensure_started()
        if not self._call_lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise ModelTimeout(
                f"{self.name}: the model was busy with other messages until the deadline"
            )
        try:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ModelTimeout(f"{self.name}: no time left for the call")
            if self._client is not client or not self._alive():
                client = self.ensure_started()  # restarted while this call waited
            self.calls += 1
            try:
                text = client.complete(
                    messages, schema, max_tokens, temperature, timeout_s=remaining
                )
            except ModelTimeout:
                self.last_error = f"a call overran its {remaining:.1f} s; the worker was stopped"
                log.warning("veil: model worker for %s: %s", self.name, self.last_error)
                with self._start_lock:
                    self._kill()
                raise
            except ModelUnreachable as error:
                # The connection broke: the worker died (its sockets close a moment before
                # it can be reaped) or is wedged; either way it is replaced.
                with self._start_lock:
                    process = self._process
                    if process is not None and process.poll() is None:
                        try:
                            process.wait(timeout=2)
                        except subprocess.TimeoutExpired:
                            process.kill()
                    description = self._exit_description(process) if process else "gone"
                    self._reap()
                self.last_error = f"the worker died during a call ({description})"
                log.error("veil: model worker for %s: %s", self.name, self.last_error)
                raise LLMError(
                    f"{self.name}: {self.last_error}; the next message starts a new one"
                ) from error
            usage.record(client.usage.last())
            return text
        finally:
            self._call_lock.release()


class WorkerLLM:
    """``veil.local_models.backend.LLM`` on a GGUF file served by a ``ModelWorker``."""

    def __init__(self, worker: ModelWorker) -> None:
        self.worker = worker
        self.name = worker.name
        self.model_path = worker.model_path
        self.usage = UsageRecorder()

    def load(self) -> None:
        """Start the worker now rather than on the first call (idempotent)."""
        self.worker.ensure_started()

    def complete(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        timeout_s: float | None = None,
    ) -> str:
        if not messages:
            raise LLMError("complete() needs at least one message")
        return self.worker.complete(
            messages, schema, max_tokens, temperature, timeout_s, self.usage
        )

    def __repr__(self) -> str:
        return f"WorkerLLM({str(self.model_path)!r})"


_workers: dict[str, ModelWorker] = {}
_workers_lock = threading.Lock()


def worker_for(model_path: Path, name: str) -> ModelWorker:
    """The one worker of ``model_path`` in this process."""
    key = str(model_path.resolve())
    with _workers_lock:
        worker = _workers.get(key)
        if worker is None:
            worker = _workers[key] = ModelWorker(model_path, name)
        return worker


def worker_states() -> list[WorkerState]:
    with _workers_lock:
        return [worker.state() for worker in _workers.values()]


def stop_workers() -> None:
    """Stop every worker this process started (veil exiting; tests)."""
    with _workers_lock:
        workers = list(_workers.values())
        _workers.clear()
    for worker in workers:
        worker.stop()


atexit.register(stop_workers)
