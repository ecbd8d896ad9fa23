"""Does this machine's llama.cpp build run a model? A multi-token decode in a child process.

A llama.cpp build that uses instructions the CPU cannot run (or runs wrongly: AMX on
some virtual machines) crashes on the first batch of more than one token, not at load
time. So the check loads a model, evaluates a prompt of several dozen tokens, generates
a few more, and reports the build's instruction sets and its speed; a crash becomes a
message that says what to do. setup.sh runs it after installing; ``veil doctor`` too.

    python -m veil.local_models.smoke [MODEL]     MODEL: a catalog name or a .gguf path
                                                  (default: the embedded default model)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PROMPT = (
    "Summarize in one sentence: the committee met on Tuesday to review the budget, "
    "agreed to fund two new projects, and asked for a report on travel costs by March. "
    "The first project renews the library's reading room; the second pays for a bus "
    "between the two campuses on weekdays. Members disagreed about the travel costs, "
    "which rose by a fifth last year, and the chair asked each department to explain "
    "its share before the next meeting, when the final budget will be voted on."
)
GENERATED_TOKENS = 32
TIMEOUT_S = 300.0
REBUILD_HINT = (
    "llama-cpp-python was built with instructions this machine cannot run. Rebuild it with "
    "portable flags: `rm -r ~/.cache/veil/wheels && install/setup.sh`, or pick the flags "
    "yourself with VEIL_LLAMA_CMAKE_ARGS (README: 'The llama.cpp build')."
)


@dataclass(frozen=True)
class SmokeResult:
    ok: bool
    model: str
    detail: str  # the error, or the speeds
    system_info: str = ""
    prompt_tokens_per_s: float = 0.0
    generated_tokens_per_s: float = 0.0


def smoke_check(
    model_path: Path, timeout_s: float = TIMEOUT_S, python: str = sys.executable
) -> SmokeResult:
    """Run the decode in a child process and say how it went (never raises). ``python``:
    the interpreter whose llama-cpp-python build is checked (this one by default); the
    child needs only llama-cpp-python, not veil, so builds can be compared side by side."""
    from veil.local_models.llama_cpp_backend import default_threads
    from veil.local_models.probe import last_json_line, signal_name, tail

    command = [python, __file__, "--child", str(model_path), "--threads", str(default_threads())]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout_s, check=False
        )
    except subprocess.TimeoutExpired:
        return SmokeResult(False, str(model_path), f"no answer within {timeout_s:.0f} s")
    report = last_json_line(done.stdout)
    if done.returncode < 0:
        return SmokeResult(
            False,
            str(model_path),
            f"llama.cpp crashed ({signal_name(-done.returncode)}) decoding a multi-token "
            f"prompt. {REBUILD_HINT}",
        )
    if done.returncode != 0 or report is None or not report.get("ok"):
        reason = (report or {}).get("error") or tail(done.stderr) or "no output"
        return SmokeResult(False, str(model_path), f"exit code {done.returncode}: {reason}")
    return SmokeResult(
        True,
        str(model_path),
        f"{report['prompt_tokens']} prompt tokens at {report['prompt_tps']:.0f}/s, "
        f"{report['generated']} generated at {report['generated_tps']:.1f}/s",
        system_info=report["system_info"],
        prompt_tokens_per_s=report["prompt_tps"],
        generated_tokens_per_s=report["generated_tps"],
    )


def _decode_in_this_process(path: str, threads: int) -> dict:
    """The child's work; imports llama-cpp-python only."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import llama_cpp
    from llama_cpp import Llama

    system_info = llama_cpp.llama_print_system_info().decode("utf-8", "replace").strip()
    model = Llama(model_path=path, n_ctx=512, n_threads=threads, verbose=False)
    model.eval(model.tokenize(b"warm up"))  # page the weights in before timing
    model.reset()
    tokens = model.tokenize(PROMPT.encode())
    started = time.perf_counter()
    model.eval(tokens)  # one batch of many tokens: where a bad build crashes
    evaluated = time.perf_counter()
    generated = 0
    for _token in model.generate(tokens, temp=0.0, reset=False):
        generated += 1
        if generated >= GENERATED_TOKENS:
            break
    finished = time.perf_counter()
    return {
        "ok": True,
        "system_info": system_info,
        "prompt_tokens": len(tokens),
        "prompt_tps": len(tokens) / max(evaluated - started, 1e-9),
        "generated": generated,
        "generated_tps": generated / max(finished - evaluated, 1e-9),
    }


def _model_path(spec: str) -> Path | None:
    from veil.local_models.catalog import load_catalog
    from veil.local_models.paths import models_dir

    candidate = Path(spec).expanduser()
    if spec.endswith(".gguf") or candidate.is_file():
        return candidate
    entry = load_catalog().get(spec)
    directory = models_dir()
    return entry.model_path(directory) if entry.is_installed(directory) else None


def default_model_file() -> Path | None:
    """The embedded default model's file, if it is downloaded (setup.sh's stamp)."""
    return _model_path("default")


def main() -> None:
    parser = argparse.ArgumentParser(description="check that llama.cpp runs a model here")
    parser.add_argument("model", nargs="?", default="default")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--threads", type=int, default=1, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        print(json.dumps(_decode_in_this_process(options.model, options.threads)), flush=True)
        return
    path = _model_path(options.model)
    if path is None:
        print(
            f"smoke check: model {options.model!r} is not downloaded yet; "
            f"run `veil models pull {options.model}`, then this check again",
            file=sys.stderr,
        )
        return
    result = smoke_check(path)
    if not result.ok:
        sys.exit(f"smoke check on {path.name} FAILED: {result.detail}")
    print(f"smoke check on {path.name}: ok, {result.detail}\n  {result.system_info}")


if __name__ == "__main__":
    main()
