"""bench/distill: does distillation make the local model a better self-refining
anonymizer? Base student vs distilled student on SynthPAI's eval authors, same run.

    .venv/bin/python -m bench.distill [--teacher SPEC] [--student default]
        [--train-profiles N] [--eval-profiles N] [--max-chars C] [--max-rounds R]
        [--eval-rounds R] [--epochs E] [--max-steps S] [--lora-rank K] [--out DIR]

1. the teacher's trajectories on the first N train-split profiles (resumable, in --work);
2. SFT + DPO records for the student; SFT then DPO with LoRA; merge; GGUF; registered in
   --work's own models dir (the user's catalog is not touched); the untrained student
   takes the same road to GGUF, so both are quantized alike;
3. on the first M eval-split profiles: the original text, the base student and the
   distilled student each as the slow stage in self_refine mode; one evaluation attacker
   (the teacher) guesses each labelled attribute of each result: attribute accuracy
   (lower is more private) and ROUGE-L against the original (higher keeps more).

Writes results/distill.json and distill.md. With the 0.5B embedded model as both teacher
and student on a CPU this shows the pipeline end to end and its cost, not the published
gain: that needs a stronger teacher and an 8B student (README, "Distillation").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import platformdirs
from rich.console import Console
from rich.progress import Progress

from bench.distill.evaluate import anonymizer, score, summarize
from bench.output import publish
from veil.local_models.backend import LLMError
from veil.local_models.distill.collect import CollectSettings, collect
from veil.local_models.distill.convert import convert_to_gguf
from veil.local_models.distill.profiles import EVAL, TRAIN, read_profiles
from veil.local_models.distill.records import build_dataset
from veil.local_models.distill.register import register_model
from veil.local_models.distill.student import (
    StudentSource,
    limits_name,
    load_model,
    load_tokenizer,
    locate_student,
)
from veil.local_models.distill.teacher import load_teacher
from veil.local_models.distill.train import TrainSettings, train
from veil.local_models.distill.trajectory import read_trajectories
from veil.local_models.load import load_llm
from veil.local_models.slow_stage.limits import BY_NAME

PROFILES = Path(__file__).resolve().parents[3] / "shared/data/synthpai/profiles_dev.jsonl"
HERE = Path(__file__).resolve().parent
console = Console(stderr=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.distill",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--teacher", default="default", help="model spec of the teacher and evaluation attacker")
    add("--student", default="default", help="HF directory, .gguf path or catalog name")
    add("--train-profiles", type=int, default=8)
    add("--eval-profiles", type=int, default=6)
    add("--max-chars", type=int, default=400, help="characters of each profile's text")
    add("--max-rounds", type=int, default=2, help="the teacher's rewrites per profile")
    add("--eval-rounds", type=int, default=1, help="self_refine rewrites at evaluation")
    add("--eval-budget", type=float, default=240.0, help="seconds per text at evaluation")
    add("--call-timeout", type=float, default=300.0, help="seconds per teacher call")
    add("--epochs", type=float, default=1.0)
    add("--max-steps", type=int, default=-1, help="cap each training stage's steps")
    add("--grad-accumulation", type=int, default=4, help="sequences per optimizer step")
    add("--lora-rank", type=int, default=8)
    add("--max-length", type=int, default=1536)
    add("--outtype", default="q8_0", choices=["f32", "f16", "bf16", "q8_0"])
    add(
        "--base-as-shipped",
        action="store_true",
        help="evaluate the student's own GGUF as the base, not its round trip at --outtype",
    )
    add("--profiles", type=Path, default=PROFILES)
    add(
        "--work",
        type=Path,
        default=platformdirs.user_cache_path("veil") / "bench-distill",
        help="trajectories, checkpoints, models (gigabytes: outside the repository)",
    )
    add("--out", type=Path, default=HERE / "results")
    return parser.parse_args(argv)  # fmt: skip


def _round_trip(source: StudentSource, run_dir: Path, name: str, outtype: str) -> Path:
    """The untrained student through the path the distilled one takes (HF weights, then
    llama.cpp's converter at ``outtype``), so quantization is not mistaken for learning."""
    hf_dir = run_dir / "base-hf"
    load_model(source).save_pretrained(hf_dir)
    load_tokenizer(source).save_pretrained(hf_dir)
    return convert_to_gguf(hf_dir, run_dir / f"{name}.gguf", outtype)


def _limits_of(spec: str) -> str:
    """A catalog model's own bounds (compact for the small ones); standard for a server."""
    if spec.startswith(("http://", "https://")):
        return "standard"
    return limits_name(locate_student(spec))


def render(results: dict[str, Any]) -> str:
    config, summary = results["config"], results["summary"]
    lines = [
        "# bench/distill: base vs distilled student as a self-refining anonymizer",
        "",
        f"teacher and evaluation attacker: `{config['teacher']}`; student: `{config['student']}`"
        f"; {config['train_profiles']} train / {config['eval_profiles']} eval authors "
        f"(SynthPAI dev, fixed author split), {config['max_chars']} characters each",
        "",
        "| condition | texts | labels | attribute accuracy (lower: more private) | ROUGE-L "
        "| texts changed | s / text |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for condition, row in summary.items():
        lines.append(
            f"| {condition} | {row['texts']} | {row['labels']} | {row['attribute_accuracy']:.3f} "
            f"| {row['rouge_l']:.3f} | {row['changed_texts']} | {row['seconds_per_text']:.1f} |"
        )
    data, trained = results["data"], results["training"]
    lines += [
        "",
        f"trajectories: {results['collect']}; records: SFT {data['sft']}, DPO {data['dpo']}",
        f"training: SFT {trained['sft_steps']} steps (loss {trained['sft_loss']}), DPO "
        f"{trained['dpo_steps']} steps (loss {trained['dpo_loss']}) on {trained['device']}, "
        f"{trained['seconds']:.0f} s; GGUF {config['outtype']}, sha256 {results['sha256'][:12]}",
        f"wall time: {results['wall_seconds'] / 60:.1f} min (stages: "
        + ", ".join(f"{k} {v / 60:.1f}" for k, v in results["stage_seconds"].items())
        + ")",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    started = time.perf_counter()
    stages: dict[str, float] = {}

    def lap(name: str, since: float) -> float:
        now = time.perf_counter()
        stages[name] = round(now - since, 1)
        return now

    profiles = list(read_profiles(args.profiles, args.max_chars))
    train_part = [p for p in profiles if p.split == TRAIN][: args.train_profiles]
    eval_part = [p for p in profiles if p.split == EVAL][: args.eval_profiles]
    source = locate_student(args.student)
    limits = BY_NAME[limits_name(source)]
    teacher_limits = BY_NAME[_limits_of(args.teacher)]
    args.work.mkdir(parents=True, exist_ok=True)
    trajectories = args.work / "trajectories.jsonl"

    teacher = load_teacher(args.teacher, args.call_timeout)
    settings = CollectSettings(max_rounds=args.max_rounds, call_timeout_s=args.call_timeout)
    with Progress(console=console) as progress:
        task = progress.add_task("teacher trajectories", total=len(train_part))
        counts = collect(train_part, teacher, trajectories, settings, teacher_limits,
                         on_progress=lambda *_: progress.advance(task))  # fmt: skip
    mark = lap("collect", started)

    data = build_dataset(read_trajectories(trajectories), load_tokenizer(source), limits)
    mark = lap("build-data", mark)
    name = "bench-distilled"
    run_dir = args.work / "run"
    merged, report = train(source, data.sft, data.dpo, run_dir, TrainSettings(
        sft_epochs=args.epochs, dpo_epochs=args.epochs, max_steps=args.max_steps,
        lora_rank=args.lora_rank, lora_alpha=2 * args.lora_rank, max_length=args.max_length,
        gradient_accumulation=args.grad_accumulation,
    ))  # fmt: skip
    mark = lap("train", mark)
    gguf = convert_to_gguf(merged, run_dir / f"{name}.gguf", args.outtype)
    models = args.work / "models"
    entry = register_model(gguf, name, models, description="bench/distill", base=args.student,
                           limits=limits_name(source))  # fmt: skip
    mark = lap("convert+register", mark)

    attacker = load_llm(args.teacher)
    if args.base_as_shipped:
        base_name, base = args.student, load_llm(args.student)
    else:  # the same road to GGUF as the distilled model: only the training differs
        base_name = "bench-base"
        register_model(_round_trip(source, run_dir, base_name, args.outtype), base_name, models,
                       description="bench/distill base", base=args.student,
                       limits=limits_name(source))  # fmt: skip
        base = load_llm(base_name, models)
        mark = lap("base round trip", mark)
    distilled = load_llm(name, models)
    conditions = {
        "original": lambda text: (text, {}),
        "base student (self_refine)": anonymizer(base, base_name, args.eval_rounds,
                                                 args.eval_budget, limits),
        "distilled student (self_refine)": anonymizer(distilled, name, args.eval_rounds,
                                                      args.eval_budget, limits),
    }  # fmt: skip
    rows = []
    with Progress(console=console) as progress:
        for condition, rewrite in conditions.items():
            task = progress.add_task(condition, total=len(eval_part))
            rows += score(condition, eval_part, rewrite, attacker, teacher_limits,
                          on_text=lambda task=task: progress.advance(task))  # fmt: skip
    lap("evaluate", mark)
    results = {
        "config": {
            **{k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
            "train_profiles": len(train_part),
            "eval_profiles": len(eval_part),
            "student_limits": limits_name(source),
        },
        "collect": counts.as_dict(),
        "data": data.summary(),
        "training": report.as_dict(),
        "sha256": entry.sha256,
        "summary": summarize(rows),
        "stage_seconds": stages,
        "wall_seconds": round(time.perf_counter() - started, 1),
        "rows": rows,
    }
    publish(args.out, "distill", json.loads(json.dumps(results, default=str)), render(results))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (LLMError, FileNotFoundError, ValueError) as error:
        console.print(f"[red]bench/distill: {error}[/]")
        sys.exit(1)
