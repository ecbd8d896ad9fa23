"""bench/models: what a local model costs per call on this machine.

    .venv/bin/python -m bench.models [--model default] [--calls 5] [--threads 1 2]

For each thread count: the probe (child-process load check), the load, and p50/p95
latency of a schema-constrained call like the slow stage's (infer a city with evidence),
plus generated characters per second. Each thread count runs in its own process so the
model is loaded fresh. The model must be pulled first (`veil models pull default`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "maxLength": 40},
        "evidence": {"type": "array", "items": {"type": "string", "maxLength": 80}, "maxItems": 3},
        "certainty": {"enum": ["high", "medium", "low"]},
    },
    "required": ["city", "evidence", "certainty"],
    "additionalProperties": False,
}
MESSAGES = [
    {"role": "system", "content": "You infer where the author of a text lives."},
    {
        "role": "user",
        "content": "Took the tram past the Brandenburg Gate to the office again; the Spree "
        "was frozen at the edges. Where does the author live? Answer in JSON.",
    },
]


def _measure(model: str, calls: int) -> dict:
    from veil.local_models.load import load_llm
    from veil.local_models.probe import probe_gguf

    llm = load_llm(model)
    started = time.perf_counter()
    probe_gguf(llm.model_path)
    probe_s = time.perf_counter() - started
    started = time.perf_counter()
    llm.load()
    load_s = time.perf_counter() - started
    latencies, chars = [], 0
    for _ in range(calls):
        started = time.perf_counter()
        answer = llm.complete(MESSAGES, schema=SCHEMA, max_tokens=160)
        latencies.append(time.perf_counter() - started)
        chars += len(answer)
    latencies.sort()
    return {
        "probe_s": round(probe_s, 2),
        "load_s": round(load_s, 2),
        "p50_s": round(statistics.median(latencies), 2),
        "p95_s": round(latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))], 2),
        "chars_per_s": round(chars / sum(latencies), 1),
        "answer": answer,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="default")
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_measure(args.model, args.calls)))
        return
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    print(f"model {args.model}, {args.calls} calls per row, load average {load:.1f}")
    print(f"{'threads':>7} {'probe s':>8} {'load s':>7} {'p50 s':>6} {'p95 s':>6} {'chars/s':>8}")
    for threads in args.threads:
        completed = subprocess.run(
            [
                sys.executable,
                "-m",
                "bench.models",
                "--child",
                "--model",
                args.model,
                "--calls",
                str(args.calls),
            ],
            env={**os.environ, "VEIL_LLM_THREADS": str(threads)},
            capture_output=True,
            text=True,
            check=False,
        )
        if completed.returncode != 0:
            print(f"{threads:>7} failed: {completed.stderr.strip().splitlines()[-1:]}")
            continue
        row = json.loads(completed.stdout.strip().splitlines()[-1])
        print(
            f"{threads:>7} {row['probe_s']:>8} {row['load_s']:>7} {row['p50_s']:>6} "
            f"{row['p95_s']:>6} {row['chars_per_s']:>8}   {row['answer']}"
        )


if __name__ == "__main__":
    main()
