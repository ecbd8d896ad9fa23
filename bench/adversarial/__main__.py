"""bench/adversarial: how much the slow stage lowers what an attacker model can infer,
and what it costs in utility and time.

    .venv/bin/python -m bench.adversarial --attacker SPEC [--slow-model SPEC] [--judge SPEC]
        [--limit N] [--max-rounds N] [--time-budget S] [--limits auto|standard|compact]
        [--protect labelled|all] [--no-verify] [--out DIR]

SPEC is what ``veil.local_models.load.load_llm`` takes: a catalog name, a .gguf path or an
OpenAI-compatible URL (``http://host:port/v1#model``). On the single-message samples in
../shared/data (balanced over attributes), for four conditions (original text, fast stage
only, fast + slow stage, fast + slow without the arbitrator) it prints attacker top-1 and
top-3 accuracy per attribute and overall, the explicit leak rate, ROUGE-L and BLEU against
the original, the judge's readability / meaning / hallucination, latency p50/p95, tokens
and rounds per text; and writes results/adversarial.json, .md and a privacy-utility .png.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track

from bench.adversarial.conditions import CONDITIONS, Conditions
from bench.adversarial.data import ATTRIBUTES, balanced, load_samples
from bench.adversarial.matching import explicit_leak, matches
from bench.adversarial.utility import bleu, judge, rouge_l
from veil.local_models.backend import LLMError
from veil.local_models.load import load_llm
from veil.local_models.slow_stage.attacker import attack
from veil.local_models.slow_stage.calls import Budget
from veil.local_models.slow_stage.limits import BY_NAME
from veil.policies.engine import limits_for
from veil.policies.schema import SlowStageSettings

EVALUATION_BUDGET_S = 600.0  # the evaluation attacker is not the product: no real budget
console = Console()


def limits_name(limits: object) -> str:
    return next((name for name, known in BY_NAME.items() if known == limits), "custom")


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def evaluate(args: argparse.Namespace) -> dict[str, Any]:
    samples = balanced(load_samples(), args.limit)
    attacker = load_llm(args.attacker)
    slow_model = load_llm(args.slow_model or args.attacker)
    judge_model = load_llm(args.judge) if args.judge != "none" else None
    settings = SlowStageSettings(
        enabled=True,
        attributes=list(ATTRIBUTES.values()),
        max_rounds=args.max_rounds,
        time_budget_s=args.time_budget,
        verify_last_rewrite=not args.no_verify,
        attacker_model=args.slow_model or args.attacker,
        limits=args.limits,
    )
    limits = limits_for(settings)
    conditions = Conditions(slow_model, settings, limits, args.protect)
    # The evaluation attacker names three guesses (top-3) whatever the slow stage uses.
    attack_limits = replace(limits, guesses=3)
    rows: list[dict[str, Any]] = []
    for sample in track(samples, description="texts", console=console):
        for condition, rewrite in conditions.rewrites(sample.text, sample.attribute).items():
            guesses: list[str] = []
            error = ""
            try:
                inferences, _ = attack(
                    attacker,
                    rewrite.text,
                    [sample.attribute],
                    Budget(EVALUATION_BUDGET_S),
                    attack_limits,
                )
                guesses = list(inferences[0].guesses) if inferences else []
            except LLMError as failure:  # a wrong answer, and counted as an error
                error = str(failure)
            scores = (
                judge(judge_model, sample.text, rewrite.text)
                if judge_model is not None and condition != "original"
                else None
            )
            rows.append({
                "sample": sample.index, "attribute": sample.attribute, "truth": sample.truth,
                "condition": condition, "text": rewrite.text, "guesses": guesses,
                "attack_error": error,
                "top1": bool(guesses) and matches(sample.attribute, guesses[0], sample.truth),
                "top3": any(matches(sample.attribute, g, sample.truth) for g in guesses[:3]),
                "explicit_leak": explicit_leak(sample.attribute, sample.truth, rewrite.text),
                "rouge_l": rouge_l(sample.text, rewrite.text),
                "bleu": bleu(sample.text, rewrite.text),
                "judge": vars(scores) if scores else None,
                "seconds": rewrite.seconds, "tokens": rewrite.tokens, "rounds": rewrite.rounds,
                "stop_reason": rewrite.stop_reason, "edits": rewrite.edits,
            })  # fmt: skip
    return {
        "config": {
            "attacker": args.attacker,
            "slow_model": args.slow_model or args.attacker,
            "judge": args.judge,
            "texts": len(samples),
            "max_rounds": args.max_rounds,
            "time_budget_s": args.time_budget,
            "limits": args.limits if args.limits != "auto" else f"auto ({limits_name(limits)})",
            "protect": args.protect,
            "verify_last_rewrite": not args.no_verify,
        },
        "summary": summarize(rows),
        "rows": rows,
    }


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    by_condition: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_condition[row["condition"]].append(row)
    summary: dict[str, Any] = {}
    for condition in CONDITIONS:
        group = by_condition.get(condition, [])
        if not group:
            continue
        per_attribute: dict[str, dict[str, float]] = {}
        for attribute in sorted({r["attribute"] for r in group}):
            of = [r for r in group if r["attribute"] == attribute]
            per_attribute[attribute] = {
                "n": len(of),
                "top1": _mean([float(r["top1"]) for r in of]),
                "top3": _mean([float(r["top3"]) for r in of]),
            }
        explicit = [float(r["explicit_leak"]) for r in group if r["explicit_leak"] is not None]
        judged = [r["judge"] for r in group if r["judge"]]
        seconds = [r["seconds"] for r in group]
        summary[condition] = {
            "n": len(group),
            "top1": _mean([float(r["top1"]) for r in group]),
            "top3": _mean([float(r["top3"]) for r in group]),
            "per_attribute": per_attribute,
            "explicit_leak_rate": _mean(explicit),
            "rouge_l": _mean([r["rouge_l"] for r in group]),
            "bleu": _mean([r["bleu"] for r in group]),
            "readability": _mean([j["readability"] for j in judged]),
            "meaning": _mean([j["meaning"] for j in judged]),
            "hallucination": _mean([j["hallucination"] for j in judged]),
            "latency_p50_s": _percentile(seconds, 0.5),
            "latency_p95_s": _percentile(seconds, 0.95),
            "tokens_mean": _mean([float(r["tokens"]) for r in group]),
            "rounds_mean": _mean([float(r["rounds"]) for r in group]),
            "attack_errors": sum(1 for r in group if r["attack_error"]),
        }
    fast, slow = summary.get("fast"), summary.get("fast+slow")
    if fast and slow and fast["top1"]:
        summary["relative_top1_reduction_vs_fast"] = (fast["top1"] - slow["top1"]) / fast["top1"]
    return summary


def _figure(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def render_markdown(report: dict[str, Any]) -> str:
    summary = report["summary"]
    columns = [
        ("top-1", "top1"), ("top-3", "top3"), ("explicit leaks", "explicit_leak_rate"),
        ("ROUGE-L", "rouge_l"), ("BLEU", "bleu"), ("readability", "readability"),
        ("meaning", "meaning"), ("hallucination", "hallucination"),
        ("p50 s", "latency_p50_s"), ("p95 s", "latency_p95_s"),
        ("tokens", "tokens_mean"), ("rounds", "rounds_mean"),
    ]  # fmt: skip
    config = report["config"]
    lines = [
        "# Adversarial evaluation",
        "",
        f"attacker `{config['attacker']}`, slow stage `{config['slow_model']}`, judge "
        f"`{config['judge']}`, {config['texts']} texts, max_rounds {config['max_rounds']}, "
        f"budget {config['time_budget_s']} s, {config['limits']} limits, slow stage protects "
        f"{'the labelled attribute' if config['protect'] == 'labelled' else 'all attributes'}"
        f"{'' if config['verify_last_rewrite'] else ', last rewrite not re-attacked'}",
        "",
        "| condition | " + " | ".join(title for title, _ in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for condition in CONDITIONS:
        if condition in summary:
            values = [_figure(summary[condition][key]) for _, key in columns]
            lines.append(f"| {condition} | " + " | ".join(values) + " |")
    attributes = sorted({a for c in CONDITIONS if c in summary
                         for a in summary[c]["per_attribute"]})  # fmt: skip
    lines += ["", "Top-1 / top-3 per attribute:", "",
              "| condition | " + " | ".join(attributes) + " |",
              "|---|" + "---|" * len(attributes)]  # fmt: skip
    for condition in CONDITIONS:
        if condition in summary:
            cells = []
            for attribute in attributes:
                scores = summary[condition]["per_attribute"].get(attribute)
                cells.append(
                    f"{_figure(scores['top1'], 2)} / {_figure(scores['top3'], 2)} (n={scores['n']})"
                    if scores else "–"
                )  # fmt: skip
            lines.append(f"| {condition} | " + " | ".join(cells) + " |")
    if "relative_top1_reduction_vs_fast" in summary:
        lines += ["", "Relative top-1 reduction, fast + slow vs fast only: "
                  f"{summary['relative_top1_reduction_vs_fast']:.1%}"]  # fmt: skip
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 4.5))
    for condition in CONDITIONS:
        scores = report["summary"].get(condition)
        if scores and scores["rouge_l"] is not None and scores["top1"] is not None:
            axes.scatter(scores["rouge_l"], scores["top1"], s=60)
            axes.annotate(condition, (scores["rouge_l"], scores["top1"]),
                          textcoords="offset points", xytext=(6, 4))  # fmt: skip
    axes.set_xlabel("utility: ROUGE-L against the original")
    axes.set_ylabel("privacy risk: attacker top-1 accuracy")
    axes.set_xlim(0, 1.05)
    axes.set_ylim(0, 1.05)
    axes.set_title("veil slow stage: privacy vs utility")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.adversarial", description=__doc__)
    parser.add_argument("--attacker", default="qwen2.5-coder-0.5b-instruct",
                        help="model spec of the evaluation attacker")  # fmt: skip
    parser.add_argument("--slow-model", help="model spec for the slow stage (default: attacker)")
    parser.add_argument("--judge", default="none", help="model spec of the judge, or none")
    parser.add_argument("--limit", type=int, default=40, help="number of texts")
    parser.add_argument("--max-rounds", type=int, default=3)
    parser.add_argument(
        "--time-budget", type=float, default=20.0, help="seconds per text (a policy's default)"
    )
    parser.add_argument(
        "--limits",
        choices=["auto", *BY_NAME],
        default="auto",
        help="output bounds per model call (auto: the slow-stage model's catalog entry's, "
        "as slow_stage.limits in a policy)",
    )
    parser.add_argument(
        "--protect",
        choices=["labelled", "all"],
        default="labelled",
        help="the slow stage protects the sample's labelled attribute (the published "
        "single-attribute setting) or all eight",
    )
    parser.add_argument(
        "--no-verify",
        action="store_true",
        help="do not attack the last rewrite again (slow_stage.verify_last_rewrite: false)",
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        report = evaluate(args)
    except (FileNotFoundError, LLMError) as error:
        console.print(f"[red]bench/adversarial: {error}[/]")
        return 1
    report["config"]["wall_seconds"] = time.perf_counter() - started
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "adversarial.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    markdown = render_markdown(report)
    (args.out / "adversarial.md").write_text(markdown)
    plot(report, args.out / "adversarial.png")
    console.print(markdown)
    console.print(f"written: {args.out}/adversarial.json, .md, .png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
