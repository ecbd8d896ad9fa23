"""bench/scaling: what a larger slow-stage model would cost on this machine.

    .venv/bin/python -m bench.scaling [--shapes 0.5b 1.5b 3b 7b] [--threads 2]
        [--cache DIR] [--out DIR]

The hubs with real 1.5B-7B files are unreachable here, so each row is a random-weight GGUF
with that Qwen2.5 model's shape and usual quantization (see ``synthetic``), which runs as
fast as the real one. The baseline row is veil's real default model, measured the same way
in the same run; the 0.5B-shaped row checks the method against it. For each: load time,
prompt evaluation and free generation in tokens per second, generation under the slow
stage's attacker schema, and the seconds one slow-stage text would take (the workload
below: one attack, grade and rewrite, then the verifying attack and grade, with the text's
prefix evaluated once). Writes results/scaling.json and .md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.scaling.synthetic import SHAPES, build

# One slow-stage text (labelled attribute, one rewrite, verified), as bench/adversarial
# measured it for the 0.5B model: the text evaluated once, each call's task and answer.
WORKLOAD = {"text_tokens": 300, "calls": 5, "task_tokens_per_call": 90, "answer_tokens": 35}
PROMPT = "Summarize this report in one line: " + " ".join(
    f"Item {i}: the quarterly figures for region {i % 7} rose by {i % 13} percent."
    for i in range(40)
)
ASK = [{"role": "user", "content": "Where does the author live? I took the tram past the "
        "Brandenburg Gate to work again; the Spree was frozen at the edges."}]  # fmt: skip


def _measure(spec: str) -> dict[str, Any]:
    from veil.local_models.llama_cpp_backend import LlamaCppLLM
    from veil.local_models.load import load_llm
    from veil.local_models.slow_stage.attacker import attacker_schema
    from veil.local_models.slow_stage.limits import COMPACT

    # llama.cpp in this (child) process: the figures are the model's, without the worker
    llm = LlamaCppLLM(load_llm(spec).model_path)
    started = time.perf_counter()
    llm.load()
    load_s = time.perf_counter() - started
    model = llm._model  # the llama.cpp object, for free-text timing without the chat layer
    tokens = model.tokenize(PROMPT.encode())[:400]
    model.reset()
    started = time.perf_counter()
    model.eval(tokens)
    prompt_tps = len(tokens) / (time.perf_counter() - started)
    started = time.perf_counter()
    generated = 0
    for _ in model.generate([], temp=0.0, reset=False):
        generated += 1
        if generated == 64:
            break
    generate_tps = generated / (time.perf_counter() - started)
    schema = attacker_schema(["location", "age"], COMPACT)
    started = time.perf_counter()
    # the answer itself is not checked: random weights write nonsense within the grammar
    reply = model.create_chat_completion(
        ASK, max_tokens=96, temperature=0.0,
        response_format={"type": "json_object", "schema": schema},
    )  # fmt: skip
    schema_tps = reply["usage"]["completion_tokens"] / (time.perf_counter() - started)
    return {"load_s": load_s, "prompt_tps": prompt_tps, "generate_tps": generate_tps,
            "schema_tps": schema_tps}  # fmt: skip


def projected_seconds(row: dict[str, Any], schema_tps: float | None = None) -> float:
    evaluated = WORKLOAD["text_tokens"] + WORKLOAD["calls"] * WORKLOAD["task_tokens_per_call"]
    answered = WORKLOAD["calls"] * WORKLOAD["answer_tokens"]
    return evaluated / row["prompt_tps"] + answered / (schema_tps or row["schema_tps"])


def _child(spec: str, threads: int) -> dict[str, Any]:
    completed = subprocess.run(
        [sys.executable, "-m", "bench.scaling", "--child", spec],
        env={**os.environ, "VEIL_LLM_THREADS": str(threads)},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if completed.returncode != 0:
        raise RuntimeError(completed.stderr.strip().splitlines()[-1:])
    return json.loads(completed.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scaling", description=__doc__)
    parser.add_argument(
        "--shapes", nargs="+", choices=sorted(SHAPES), default=["0.5b", "1.5b", "3b"]
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--baseline", default="default", help="a real model spec, or none")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "veil-bench")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(_measure(args.child)))
        return 0
    rows = []
    specs = [] if args.baseline == "none" else [(f"{args.baseline} (real)", args.baseline, "")]
    for name in args.shapes:
        shape = SHAPES[name]
        print(f"building {shape.name} ({shape.parameters() / 1e9:.2f} B parameters, "
              f"{shape.quant}) in {args.cache} ...", flush=True)  # fmt: skip
        specs.append((shape.name, str(build(shape, args.cache, args.threads)), shape.quant))
    # Random weights rarely pick a token the grammar allows, so their schema-constrained
    # speed is not a real model's: theirs is their free speed times the real model's
    # schema/free ratio (a real model's best token nearly always fits the grammar).
    ratio = None
    for label, spec, quant in specs:
        row = {"model": label, "quant": quant, **_child(spec, args.threads)}
        row["size_gb"] = Path(spec).stat().st_size / 1e9 if Path(spec).is_file() else None
        if not quant:  # the real baseline
            ratio = row["schema_tps"] / row["generate_tps"]
        row["schema_tps_used"] = (
            row["generate_tps"] * ratio if quant and ratio else row["schema_tps"]
        )
        row["projected_text_s"] = projected_seconds(row, row["schema_tps_used"])
        rows.append(row)
    header = ("| model | quant | load s | prompt tok/s | free tok/s | schema tok/s "
              "| projected s per text |\n|---|---|---|---|---|---|---|")  # fmt: skip
    lines = [
        f"# Slow-stage model scaling on this machine ({args.threads} threads)", "",
        f"workload per text: {json.dumps(WORKLOAD)}",
        "~: free speed x the real model's schema/free ratio (random weights miss the grammar)",
        "", header,
    ]  # fmt: skip
    for row in rows:
        lines.append(
            f"| {row['model']} | {row['quant'] or '-'} | {row['load_s']:.1f} | "
            f"{row['prompt_tps']:.0f} | {row['generate_tps']:.1f} | "
            f"{'~' if row['quant'] and ratio else ''}{row['schema_tps_used']:.1f} | "
            f"{row['projected_text_s']:.1f} |"
        )
    markdown = "\n".join(lines) + "\n"
    args.out.mkdir(parents=True, exist_ok=True)
    report = {"threads": args.threads, "workload": WORKLOAD, "rows": rows}
    (args.out / "scaling.json").write_text(json.dumps(report, indent=1))
    (args.out / "scaling.md").write_text(markdown)
    print(markdown)
    print(f"written: {args.out}/scaling.json, .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
