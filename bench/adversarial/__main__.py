"""bench/adversarial: how much veil lowers what attackers can infer about a text's author,
and what it costs in utility and time.

    .venv/bin/python -m bench.adversarial [--no-slow] [--llm-attacker [SPEC]]
        [--slow-model SPEC] [--judge SPEC] [--limit N] [--folds K] [--test-fold I]
        [--max-rounds N] [--time-budget S] [--limits auto|standard|compact]
        [--protect labelled|all] [--no-verify] [--out DIR]

The single-message samples in ../shared/data are split by author (profiler/split.py); the
profiler (cue rules, then naive Bayes: profiler/) learns from the training authors and the
SynthPAI profiles. Every condition (original, fast stage, fast + slow stage, fast + slow
without the arbitrator: conditions.py) rewrites each test text, and for each it prints the
profiler's top-1 (overall, per attribute, per hardness) against its majority baseline, the
LLM attacker's top-1/top-3 when ``--llm-attacker`` is given, ROUGE-L and BLEU against the
original, the fast stage's p50 ms per message, and each attacker's relative drop against
the fast stage alone; it writes results/adversarial.json, .md and a privacy-utility .png.
SPEC is what ``veil.local_models.load.load_llm`` takes: a catalog name, a .gguf path or an
OpenAI-compatible URL (``http://host:port/v1#model``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track

from bench.adversarial.conditions import Condition, SlowSetup, build_conditions
from bench.adversarial.data import ATTRIBUTES, PROFILES, SAMPLES, Sample, balanced, load_samples
from bench.adversarial.matching import explicit_leak, matches
from bench.adversarial.profiler import Profiler
from bench.adversarial.profiler.corpus import profile_documents, sample_documents
from bench.adversarial.profiler.split import DEFAULT_FOLDS, DEFAULT_TEST_FOLD, split_by_author
from bench.adversarial.report import plot, render_markdown, summarize
from bench.adversarial.utility import bleu, judge, rouge_l
from veil.local_models.backend import LLM, LLMError
from veil.local_models.load import load_llm
from veil.local_models.slow_stage.attacker import attack
from veil.local_models.slow_stage.calls import Budget
from veil.local_models.slow_stage.limits import BY_NAME, Limits
from veil.policies.engine import limits_for
from veil.policies.schema import SitePolicy, SlowStageSettings

DEFAULT_MODEL = "qwen2.5-coder-0.5b-instruct"
EVALUATION_BUDGET_S = 600.0  # the evaluation attacker is not the product: no real budget
console = Console()


def limits_name(limits: object) -> str:
    return next((name for name, known in BY_NAME.items() if known == limits), "custom")


class LLMAttacker:
    """The product's attacker prompt as an evaluation attacker: three guesses (top-3)."""

    def __init__(self, model: LLM, limits: Limits) -> None:
        self.model, self.limits = model, replace(limits, guesses=3)

    def guesses(self, text: str, attribute: str) -> tuple[list[str], str]:
        try:
            inferences, _ = attack(
                self.model, text, [attribute], Budget(EVALUATION_BUDGET_S), self.limits
            )
        except LLMError as failure:  # a wrong answer, and counted as an error
            return [], str(failure)
        return (list(inferences[0].guesses) if inferences else []), ""


def _slow_settings(args: argparse.Namespace, model_spec: str) -> SlowStageSettings:
    return SlowStageSettings(
        enabled=True,
        attributes=list(ATTRIBUTES.values()),
        max_rounds=args.max_rounds,
        time_budget_s=args.time_budget,
        verify_last_rewrite=not args.no_verify,
        attacker_model=model_spec,
        limits=args.limits,
    )


def score(
    sample: Sample,
    condition: Condition,
    profiler: Profiler,
    llm: LLMAttacker | None,
    judge_model: LLM | None,
) -> dict[str, Any]:
    rewrite = condition.rewrite(sample.text, sample.attribute)
    guess = profiler.guess(rewrite.text, sample.attribute)
    row: dict[str, Any] = {
        "sample": sample.index, "author": sample.author, "attribute": sample.attribute,
        "truth": sample.truth, "hardness": sample.hardness, "condition": condition.name,
        "text": rewrite.text,
        "profiler_guess": guess.answer, "profiler_source": guess.source,
        "profiler_evidence": guess.evidence,
        "profiler_top1": matches(sample.attribute, guess.answer, sample.truth),
        "profiler_cue": guess.source.startswith("cue:"),
        "majority_top1": matches(sample.attribute, profiler.majority(sample.attribute),
                                 sample.truth),
        "llm_guesses": None, "llm_top1": None, "llm_top3": None, "llm_error": "",
        "explicit_leak": explicit_leak(sample.attribute, sample.truth, rewrite.text),
        "rouge_l": rouge_l(sample.text, rewrite.text),
        "bleu": bleu(sample.text, rewrite.text),
        "judge": None,
        "seconds": rewrite.seconds, "fast_seconds": rewrite.fast_seconds,
        "tokens": rewrite.tokens, "rounds": rewrite.rounds,
        "stop_reason": rewrite.stop_reason, "edits": rewrite.edits,
    }  # fmt: skip
    if llm is not None:
        guesses, error = llm.guesses(rewrite.text, sample.attribute)
        row.update({
            "llm_guesses": guesses, "llm_error": error,
            "llm_top1": bool(guesses) and matches(sample.attribute, guesses[0], sample.truth),
            "llm_top3": any(matches(sample.attribute, g, sample.truth) for g in guesses[:3]),
        })  # fmt: skip
    if judge_model is not None and condition.name != "original":
        scores = judge(judge_model, sample.text, rewrite.text)
        row["judge"] = vars(scores) if scores else None
    return row


def evaluate(args: argparse.Namespace, policy: SitePolicy | str = "default") -> dict[str, Any]:
    """``policy``: the site policy of the fast stage (tests pass a light one)."""
    samples = load_samples(args.samples or SAMPLES)
    train, test = split_by_author(samples, lambda s: s.author, args.folds, args.test_fold)
    if args.limit:
        test = balanced(test, args.limit)
    documents = sample_documents(train) + profile_documents(args.profiles or PROFILES)
    profiler = Profiler().fit(documents)
    slow_spec = None if args.no_slow else (args.slow_model or DEFAULT_MODEL)
    slow, limits = None, None
    if slow_spec is not None:
        settings = _slow_settings(args, slow_spec)
        limits = limits_for(settings)
        slow = SlowSetup(load_llm(slow_spec), settings, limits, args.protect)
    llm = None
    if args.llm_attacker:
        llm_limits = limits or limits_for(_slow_settings(args, args.llm_attacker))
        llm = LLMAttacker(load_llm(args.llm_attacker), llm_limits)
    judge_model = load_llm(args.judge) if args.judge != "none" else None
    conditions = build_conditions(slow, policy)
    if args.skip:
        skipped = set(args.skip) - {"original", "fast"}  # the baselines always run
        unknown = skipped - {c.name for c in conditions}
        if unknown:
            raise SystemExit(f"--skip: no condition named {', '.join(sorted(unknown))}")
        conditions = [c for c in conditions if c.name not in skipped]
    rows = [
        score(sample, condition, profiler, llm, judge_model)
        for sample in track(test, description="texts", console=console)
        for condition in conditions
    ]
    return {
        "config": {
            "texts": len(test),
            "test_authors": len({s.author for s in test}),
            "train_documents": len(documents),
            "folds": args.folds,
            "test_fold": args.test_fold,
            "conditions": [c.name for c in conditions],
            "llm_attacker": args.llm_attacker,
            "slow_model": slow_spec,
            "judge": args.judge,
            "max_rounds": args.max_rounds,
            "time_budget_s": args.time_budget,
            "limits": None if limits is None else f"{args.limits} ({limits_name(limits)})",
            "protect": args.protect,
            "verify_last_rewrite": not args.no_verify,
        },
        "summary": summarize(rows),
        "rows": rows,
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.adversarial",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--no-slow",
        action="store_true",
        help="only the original and fast-stage conditions (minutes, no model)",
    )
    parser.add_argument(
        "--llm-attacker",
        nargs="?",
        const=DEFAULT_MODEL,
        default=None,
        metavar="SPEC",
        help=f"also attack with the product's LLM attacker (slow; default model {DEFAULT_MODEL})",
    )
    parser.add_argument("--slow-model", help=f"model spec for the slow stage ({DEFAULT_MODEL})")
    parser.add_argument("--judge", default="none", help="model spec of the judge, or none")
    parser.add_argument(
        "--limit",
        type=int,
        default=None,
        help="at most N test texts, attributes taken in turn (default: all)",
    )
    parser.add_argument(
        "--folds", type=int, default=DEFAULT_FOLDS, help="authors are dealt into K folds"
    )
    parser.add_argument(
        "--test-fold",
        type=int,
        default=DEFAULT_TEST_FOLD,
        help="the fold that is tested; the others train the profiler",
    )
    parser.add_argument("--max-rounds", type=int, default=3)
    parser.add_argument(
        "--time-budget", type=float, default=20.0, help="seconds per text (a policy's default)"
    )
    parser.add_argument(
        "--limits",
        choices=["auto", *BY_NAME],
        default="auto",
        help="output bounds per model call (auto: the slow-stage model's "
        "catalog entry's, as slow_stage.limits in a policy)",
    )
    parser.add_argument(
        "--protect",
        choices=["labelled", "all"],
        default="labelled",
        help="the slow stage protects the sample's labelled attribute (the "
        "published single-attribute setting) or all eight",
    )
    parser.add_argument(
        "--no-verify",
        action="store_true",
        help="do not attack the last rewrite again (slow_stage.verify_last_rewrite: false)",
    )
    parser.add_argument(
        "--skip",
        nargs="*",
        default=[],
        metavar="CONDITION",
        help="conditions not to run (e.g. 'fast+slow greedy'); original and fast always run",
    )
    parser.add_argument("--samples", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--profiles", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    return parser.parse_args(argv)  # fmt: skip


def main(argv: list[str] | None = None, policy: SitePolicy | str = "default") -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    try:
        report = evaluate(args, policy)
    except (FileNotFoundError, ValueError, LLMError) as error:
        console.print(f"[red]bench/adversarial: {error}[/]")
        return 1
    report["config"]["wall_seconds"] = time.perf_counter() - started
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "adversarial.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    markdown = render_markdown(report)
    (args.out / "adversarial.md").write_text(markdown)
    plot(report, args.out / "adversarial.png")
    print(markdown)  # plain: rich would wrap the table's rows
    console.print(f"written: {args.out}/adversarial.json, .md, .png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
