"""bench/large_inputs: how the fast stage's time grows with the size of a paste.

    .venv/bin/python -m bench.large_inputs [--sizes 250000 1000000 2500000]
        [--kinds prose code log line attachment] [--out DIR]

For each kind of paste (bench/large_inputs/texts) and size: the seconds the default
policy's fast stage takes on it, split by step, and the characters per second. Linear time
shows as a steady rate across sizes; a rate that falls as the size grows is a step whose
time grows faster than the text. Writes results/large_inputs.{json,md}.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench.large_inputs.texts import large_text
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.rules.vault import Vault

SIZES = (250_000, 1_000_000, 2_500_000)
KINDS = ("prose", "code", "log", "line", "attachment")


def measure(stage: FastStage, kind: str, size: int) -> dict[str, object]:
    text = large_text(size, kind)
    started = time.perf_counter()
    result = stage.run(text, Vault())
    seconds = time.perf_counter() - started
    return {
        "kind": kind,
        "chars": len(text),
        "seconds": round(seconds, 2),
        "chars_per_s": round(len(text) / seconds),
        "steps_s": {step: round(ms / 1e3, 2) for step, ms in result.timings_ms.items()},
        "findings": len(result.redacted.findings),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    stage = FastStage(load_site_policy("default"))
    stage.warm_up()
    rows = []
    for kind in args.kinds:
        for size in args.sizes:
            row = measure(stage, kind, size)
            print(json.dumps(row), flush=True)
            rows.append(row)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "large_inputs.json").write_text(json.dumps(rows, indent=2) + "\n")
    lines = [
        "| kind | characters | seconds | characters/s | recognize s | quasi s | findings |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        steps = row["steps_s"]
        lines.append(
            f"| {row['kind']} | {row['chars']:,} | {row['seconds']} | {row['chars_per_s']:,} "
            f"| {steps.get('recognize', '')} | {steps.get('quasi', '')} | {row['findings']} |"
        )
    (args.out / "large_inputs.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
