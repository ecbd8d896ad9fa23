"""bench/models: what a local model costs on this machine, by build and by way of serving.

    .venv/bin/python -m bench.models [--model default] [--calls 5] [--compare-native]

1. The llama.cpp build: prompt and generation tokens/s of a plain decode with the build
   setup.sh installs (portable flags, install/llama_wheel.py) and, with
   ``--compare-native``, llama.cpp's default native build (``GGML_NATIVE=ON``, compiled
   once into the wheel cache, a few minutes), each in a child process.
2. Serving: a structured call like the slow stage's attacker (its COMPACT schema) made
   in process (veil's backend, grammar-first sampler), through veil's model worker, and
   through llama-cpp-python's own OpenAI-compatible server (stock sampler): p50/p95
   latency, completion tokens/s, the worker's start time and its per-call overhead.

Writes bench/models/results/models.{json,md}. The model must be pulled first.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path
from typing import Any

from bench.output import publish

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = [
    {"role": "system", "content": "You infer where the author of a text lives."},
    {
        "role": "user",
        "content": "Took the tram past the Brandenburg Gate to the office again; the Spree "
        "was frozen at the edges. Where does the author live? Answer in JSON.",
    },
]


def _calls(llm: Any, calls: int, schema: dict) -> dict[str, float]:
    from veil.local_models.backend import last_usage

    latencies, tokens = [], 0
    llm.complete(MESSAGES, schema=schema, max_tokens=160)  # warm: weights paged in
    for _ in range(calls):
        started = time.perf_counter()
        llm.complete(MESSAGES, schema=schema, max_tokens=160)
        latencies.append(time.perf_counter() - started)
        usage = last_usage(llm)
        tokens += usage.completion_tokens if usage else 0
    latencies.sort()
    return {
        "p50_s": statistics.median(latencies),
        "p95_s": latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))],
        "completion_tokens_per_s": tokens / sum(latencies),
    }


def serving(model: str, calls: int) -> dict[str, Any]:
    from veil.local_models.llama_cpp_backend import LlamaCppLLM, default_threads
    from veil.local_models.load import load_llm
    from veil.local_models.openai_http_backend import OpenAICompatibleLLM
    from veil.local_models.slow_stage.attacker import attacker_schema
    from veil.local_models.slow_stage.limits import COMPACT

    schema = attacker_schema(["location", "age"], COMPACT)
    worker_llm = load_llm(model)
    path = worker_llm.model_path
    rows: dict[str, Any] = {}

    in_process = LlamaCppLLM(path, probe=False)
    started = time.perf_counter()
    in_process.load()
    start_s = time.perf_counter() - started
    rows["in_process"] = {"start_s": start_s, **_calls(in_process, calls, schema)}
    del in_process

    started = time.perf_counter()
    worker_llm.load()
    start_s = time.perf_counter() - started
    rows["veil_worker"] = {"start_s": start_s, **_calls(worker_llm, calls, schema)}
    worker_llm.worker.stop()

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(path), "--host", "127.0.0.1",
        "--port", str(port), "--n_ctx", "4096", "--n_threads", str(default_threads()),
    ]  # fmt: skip
    started = time.perf_counter()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = OpenAICompatibleLLM(f"http://127.0.0.1:{port}/v1", path.name, timeout_s=600)
        client.prefer_json_object()
        while True:
            try:
                client.complete(MESSAGES, max_tokens=1)
                break
            except Exception:
                if server.poll() is not None or time.perf_counter() - started > 300:
                    raise
                time.sleep(0.2)
        rows["llama_cpp_server"] = {
            "start_s": time.perf_counter() - started,
            **_calls(client, calls, schema),
        }
    finally:
        server.terminate()
        server.wait(30)
    return rows


def native_python(work: Path) -> str:
    """A venv holding llama.cpp's default native build of the pinned llama-cpp-python."""
    built = subprocess.run(
        [sys.executable, str(ROOT / "install" / "llama_wheel.py")],
        env={**os.environ, "VEIL_LLAMA_CMAKE_ARGS": "-DGGML_NATIVE=ON"},
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    environment = work / "native"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = str(environment / "bin" / "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--find-links", built, "--only-binary", "llama-cpp-python",
         "-c", str(ROOT / "install" / "constraints.txt"), "llama-cpp-python"],
        check=True,
    )  # fmt: skip
    return python


def builds(model: str, compare_native: bool, repeats: int) -> dict[str, Any]:
    from veil.local_models.load import load_llm
    from veil.local_models.smoke import smoke_check

    path = load_llm(model).model_path
    pythons = {"portable (setup.sh)": sys.executable}
    work = Path(tempfile.mkdtemp(prefix="veil-bench-models-"))
    try:
        if compare_native:
            pythons["native (GGML_NATIVE=ON)"] = native_python(work)
        # interleaved, so that whatever else the machine does falls on every build alike
        all_runs: dict[str, list] = {label: [] for label in pythons}
        for _ in range(repeats):
            for label, python in pythons.items():
                all_runs[label].append(smoke_check(path, python=python))
        rows = {}
        for label, runs in all_runs.items():
            failed = [r for r in runs if not r.ok]
            rows[label] = (
                {"error": failed[0].detail}
                if failed
                else {
                    "prompt_tokens_per_s": statistics.median(r.prompt_tokens_per_s for r in runs),
                    "generated_tokens_per_s": statistics.median(
                        r.generated_tokens_per_s for r in runs
                    ),
                    "system_info": runs[0].system_info,
                }
            )
        return rows
    finally:
        shutil.rmtree(work, ignore_errors=True)


def render(results: dict[str, Any]) -> str:
    lines = [
        f"### local model costs: {results['model']}, {results['threads']} thread(s), "
        f"load average {results['load_average']:.1f}",
        "",
        "| llama.cpp build | prompt tokens/s | generated tokens/s | instruction sets |",
        "|---|---:|---:|---|",
    ]
    for label, row in results["builds"].items():
        if "error" in row:
            lines.append(f"| {label} | failed | | {row['error'][:80]} |")
            continue
        sets = row["system_info"].split("|")
        flags = " ".join(s.split("=")[0].strip() for s in sets if s.strip().endswith("= 1"))
        lines.append(
            f"| {label} | {row['prompt_tokens_per_s']:.0f} | "
            f"{row['generated_tokens_per_s']:.1f} | {flags.replace('CPU : ', '')} |"
        )
    lines += [
        "",
        "| serving (attacker-schema call) | start s | p50 s | p95 s | completion tokens/s |",
        "|---|---:|---:|---:|---:|",
    ]
    names = {
        "in_process": "in process (grammar-first)",
        "veil_worker": "veil model worker",
        "llama_cpp_server": "llama_cpp.server (stock sampler)",
    }
    serving_rows = results["serving"]
    for key, label in names.items():
        row = serving_rows[key]
        lines.append(
            f"| {label} | {row['start_s']:.2f} | {row['p50_s']:.2f} | {row['p95_s']:.2f} | "
            f"{row['completion_tokens_per_s']:.1f} |"
        )
    overhead = serving_rows["veil_worker"]["p50_s"] - serving_rows["in_process"]["p50_s"]
    server_ratio = serving_rows["llama_cpp_server"]["p50_s"] / serving_rows["veil_worker"]["p50_s"]
    lines += [
        "",
        f"- the worker's per-call overhead over in-process: {overhead * 1e3:+.0f} ms p50",
        f"- llama_cpp.server takes {server_ratio:.2f}x the worker's time per call "
        "(the grammar-first sampler is what the worker keeps)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--model", default="default")
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5, help="decodes per build")
    parser.add_argument("--compare-native", action="store_true")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    args = parser.parse_args()
    from veil.local_models.llama_cpp_backend import default_threads

    results: dict[str, Any] = {
        "model": args.model,
        "threads": default_threads(),
        "load_average": os.getloadavg()[0],
        "builds": builds(args.model, args.compare_native, args.repeats),
        "serving": serving(args.model, args.calls),
    }
    report = render(results)
    publish(args.out, "models", results, report)


if __name__ == "__main__":
    main()
