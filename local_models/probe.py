"""Probe-load a GGUF file in a child process before loading it in ours.

llama.cpp aborts the whole process on some malformed files (a failed GGML_ASSERT is
not an exception), which would take the proxy down with it. A child process that
loads the file and reports back turns that into an ``LLMError`` with a clear message.
Each file is probed once per (path, size, mtime) in this process.

Run as ``python -m veil.local_models.probe FILE``: prints one JSON line describing the
model, exit code 0 when it loaded.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from veil.local_models.backend import LLMError, ModelLoadError

GGUF_MAGIC = b"GGUF"
PROBE_TIMEOUT_S = 300.0


@dataclass(frozen=True)
class ProbeResult:
    path: Path
    architecture: str
    has_chat_template: bool
    context_length: int


_probed: dict[tuple[str, int, int], ProbeResult] = {}
_probed_lock = threading.Lock()


def check_gguf_header(path: Path) -> None:
    """Cheap checks that need no child process: the file exists and starts as a GGUF."""
    if not path.is_file():
        raise ModelLoadError(f"model file not found: {path}")
    with path.open("rb") as handle:
        magic = handle.read(4)
    if magic != GGUF_MAGIC:
        raise ModelLoadError(f"{path} is not a GGUF model file (it does not start with b'GGUF')")


def probe_gguf(path: str | os.PathLike[str], timeout_s: float = PROBE_TIMEOUT_S) -> ProbeResult:
    """Load ``path`` in a child process; raise LLMError if that fails or crashes."""
    path = Path(path).resolve()
    check_gguf_header(path)
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _probed_lock:
        if key in _probed:
            return _probed[key]
    result = _run_probe(path, timeout_s)
    with _probed_lock:
        _probed[key] = result
    return result


def _run_probe(path: Path, timeout_s: float) -> ProbeResult:
    command = [sys.executable, "-m", "veil.local_models.probe", str(path)]
    try:
        completed = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout_s, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise LLMError(f"loading {path} took longer than {timeout_s:.0f} s; giving up") from error
    report = last_json_line(completed.stdout)
    if completed.returncode != 0 or report is None or not report.get("ok"):
        reason = (report or {}).get("error") or tail(completed.stderr) or "no output"
        how = (
            f"killed by {signal_name(-completed.returncode)}"
            if completed.returncode < 0
            else f"exit code {completed.returncode}"
        )
        raise ModelLoadError(f"llama.cpp cannot load {path} ({how}): {reason}")
    return ProbeResult(
        path=path,
        architecture=str(report.get("architecture", "")),
        has_chat_template=bool(report.get("has_chat_template")),
        context_length=int(report.get("context_length") or 0),
    )


def last_json_line(stdout: str) -> dict | None:
    """The last line of a child's output that is a JSON object (its report)."""
    for line in reversed(stdout.strip().splitlines()):
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    return None


def tail(text: str, lines: int = 5) -> str:
    """The last lines of a child's stderr, on one line (for an error message)."""
    return " | ".join(line.strip() for line in text.strip().splitlines()[-lines:])


def signal_name(number: int) -> str:
    """``SIGSEGV`` for 11: how a crashed child is described."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _probe_in_this_process(path: str) -> dict:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        from llama_cpp import Llama
    except ImportError as error:
        return {"ok": False, "error": f"llama-cpp-python is not installed ({error})"}

    try:
        model = Llama(model_path=path, n_ctx=64, n_threads=1, verbose=False)
    except Exception as error:  # llama-cpp-python raises ValueError and friends
        return {"ok": False, "error": f"{type(error).__name__}: {error}"}
    metadata = model.metadata or {}
    architecture = metadata.get("general.architecture", "")
    return {
        "ok": True,
        "architecture": architecture,
        "has_chat_template": "tokenizer.chat_template" in metadata,
        "context_length": int(metadata.get(f"{architecture}.context_length", 0) or 0),
    }


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m veil.local_models.probe FILE.gguf")
    report = _probe_in_this_process(sys.argv[1])
    print(json.dumps(report), flush=True)
    sys.exit(0 if report["ok"] else 1)
