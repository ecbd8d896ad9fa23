"""``veil distill``: make a stronger anonymizer for the slow stage from a teacher model
(SEAL): ``collect`` trajectories, ``build-data`` for training, ``train`` the student,
convert it to GGUF and register it in the model catalog.

    veil distill collect --teacher http://gpu-box:8000/v1#Qwen/Qwen2.5-72B-Instruct
    veil distill build-data --student default
    veil distill train --student default --name qwen0.5b-seal

Files go to ``<data dir>/distill`` unless ``--work-dir`` says otherwise.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import click

from veil.local_models.backend import LLMError
from veil.policies import paths
from veil.proxy.cli import options

# beside the source tree, read-only and never copied into it (../shared/data/README.md)
DEFAULT_PROFILES = Path(__file__).resolve().parents[3] / "shared/data/synthpai/profiles_dev.jsonl"
TRAJECTORIES = "trajectories.jsonl"
SFT, DPO, MANIFEST = "sft.jsonl", "dpo.jsonl", "data.json"


def _work_dir(explicit: str | None) -> Path:
    return Path(explicit).expanduser() if explicit else paths.data_dir() / "distill"


@click.group("distill")
def distill() -> None:
    """Distil a stronger anonymizer into a local model (trajectories, SFT + DPO, GGUF)."""


@distill.command("collect")
@click.option("--teacher", required=True, help="Model spec: URL#model, .gguf path or catalog name.")
@click.option(
    "--profiles",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_PROFILES,
    show_default=True,
    help="SynthPAI profiles (JSONL).",
)
@click.option(
    "--split",
    type=click.Choice(["train", "eval", "all"]),
    default="all",
    show_default=True,
    help="Which part of the fixed author split to collect.",
)
@click.option("--max-profiles", type=click.IntRange(min=1), help="At most N profiles (file order).")
@click.option(
    "--max-chars",
    type=click.IntRange(min=100),
    default=600,
    show_default=True,
    help="Each profile's text: its first comments up to this many characters.",
)
@click.option(
    "--rounds", type=click.IntRange(1, 10), default=3, show_default=True,
    help="The teacher's rewrites per profile at most (its loop's max_rounds).",
)  # fmt: skip
@click.option(
    "--call-timeout",
    type=click.FloatRange(min=1),
    default=120.0,
    show_default=True,
    help="Seconds per teacher call; a call past it skips the profile.",
)
@click.option(
    "--teacher-limits",
    "limits_name",
    type=click.Choice(["standard", "compact"]),
    default="standard",
    show_default=True,
    help="The teacher's output bounds.",
)
@click.option(
    "--tokens-per-s",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Assumed teacher generation speed, for the estimate.",
)
@click.option(
    "--prompt-tokens-per-s",
    type=click.FloatRange(min=0, min_open=True),
    default=500.0,
    show_default=True,
    help="Assumed prompt speed, for the estimate.",
)
@click.option(
    "--price-per-mtok",
    type=click.FloatRange(min=0),
    default=0.0,
    help="The teacher's price per million tokens, for the estimate.",
)
@click.option("--dry-run", is_flag=True, help="Print the estimate and stop.")
@options.distill_dir
def collect_command(
    teacher: str, profiles: Path, split: str, max_profiles: int | None, max_chars: int,
    rounds: int, call_timeout: float, limits_name: str, tokens_per_s: float,
    prompt_tokens_per_s: float, price_per_mtok: float, dry_run: bool, work_dir: str | None,
) -> None:  # fmt: skip
    """Run the attacker -> arbitrator -> anonymizer loop with TEACHER over the profiles and
    write one trajectory per profile (resumes where the file ends)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from veil.local_models.distill.collect import CollectSettings, collect, estimate
    from veil.local_models.distill.profiles import read_profiles
    from veil.local_models.distill.teacher import load_teacher
    from veil.local_models.distill.trajectory import TrajectoryFile
    from veil.local_models.slow_stage.limits import BY_NAME

    console = Console(stderr=True)
    try:
        chosen = [p for p in read_profiles(profiles, max_chars) if split in ("all", p.split)]
    except FileNotFoundError as error:
        raise click.ClickException(str(error)) from error
    chosen = chosen[:max_profiles] if max_profiles else chosen
    out = _work_dir(work_dir) / TRAJECTORIES
    done = TrajectoryFile(out).done()
    todo = [p for p in chosen if p.author not in done]
    settings = CollectSettings(max_rounds=rounds, call_timeout_s=call_timeout)
    limits = BY_NAME[limits_name]
    plan = estimate(todo, settings, limits, tokens_per_s, prompt_tokens_per_s, price_per_mtok)
    console.print(f"[bold]estimate:[/] {plan.describe(price_per_mtok)}")
    console.print(f"{len(chosen) - len(todo)} of {len(chosen)} already in {out}")
    if dry_run or not todo:
        return
    try:
        model = load_teacher(teacher, call_timeout)
    except LLMError as error:
        raise click.ClickException(str(error)) from error
    columns = (*Progress.get_default_columns()[:2], MofNCompleteColumn(), BarColumn(),
               TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, console=console) as progress:
        resumed = len(chosen) - len(todo)
        task = progress.add_task("trajectories", total=len(chosen), completed=resumed)
        skipped: dict[str, int] = {}

        def advance(profile, outcome: str) -> None:
            if outcome != "written":
                skipped[outcome] = skipped.get(outcome, 0) + 1
            note = ", ".join(f"{n} {reason}" for reason, n in sorted(skipped.items()))
            progress.update(
                task,
                advance=1,
                description="trajectories" + (f" (skipped: {note})" if note else ""),
            )

        counts = collect(todo, model, out, settings, limits, on_progress=advance)
    console.print(json.dumps(counts.as_dict()))
    click.echo(str(out))


@distill.command("build-data")
@options.student
@click.option(
    "--trajectories",
    type=click.Path(dir_okay=False, path_type=Path),
    help=f"Default: <work dir>/{TRAJECTORIES}.",
)
@click.option(
    "--student-limits",
    "limits_name",
    type=click.Choice(["auto", "standard", "compact"]),
    default="auto",
    show_default=True,
    help="The student's output bounds (auto: its catalog entry's, else by size).",
)
@options.models_dir
@options.distill_dir
def build_data_command(
    student: str, trajectories: Path | None, limits_name: str, models_dir: str | None,
    work_dir: str | None,
) -> None:  # fmt: skip
    """SFT records (infer, anonymize, judge) and DPO pairs in the student's chat format;
    refuses trajectories with an author in both splits."""
    from veil.local_models.distill.records import SplitLeak, build_dataset, check_split
    from veil.local_models.distill.student import limits_name as student_limits
    from veil.local_models.distill.student import load_tokenizer, locate_student
    from veil.local_models.distill.trajectory import read_trajectories
    from veil.local_models.slow_stage.limits import BY_NAME

    directory = _work_dir(work_dir)
    try:
        records = read_trajectories(trajectories or directory / TRAJECTORIES)
        check_split(records)  # before anything slow: refused data needs no student
        source = locate_student(student, paths.models_dir(models_dir))
        chosen = student_limits(source) if limits_name == "auto" else limits_name
        data = build_dataset(records, load_tokenizer(source), BY_NAME[chosen])
    except SplitLeak as error:
        raise click.ClickException(f"refused: {error}") from error
    except (LLMError, OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    directory.mkdir(parents=True, exist_ok=True)
    for name, rows in ((SFT, data.sft), (DPO, data.dpo)):
        lines = (json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        (directory / name).write_text("".join(lines), "utf-8")
    summary = {**data.summary(), "student": student, "limits": chosen,
               "eval_authors_list": sorted(data.eval_authors)}  # fmt: skip
    (directory / MANIFEST).write_text(json.dumps(summary, indent=1) + "\n")
    click.echo(json.dumps(data.summary()))


@distill.command("train")
@options.student
@click.option("--name", required=True, help="Catalog name of the distilled model.")
@click.option(
    "--epochs",
    type=click.FloatRange(min=0, min_open=True),
    default=1.0,
    show_default=True,
    help="SFT epochs (DPO runs as many).",
)
@click.option("--max-steps", type=int, default=-1, help="Cap each stage's optimizer steps.")
@click.option("--lora-rank", type=click.IntRange(min=1), default=16, show_default=True)
@click.option("--max-length", type=click.IntRange(min=64), default=2048, show_default=True)
@click.option(
    "--outtype",
    type=click.Choice(["f32", "f16", "bf16", "q8_0"]),
    default="q8_0",
    show_default=True,
    help="GGUF weight type.",
)
@click.option(
    "--llama-cpp",
    type=click.Path(file_okay=False),
    help="A llama.cpp checkout for its converter (default: llama-cpp-python's sdist).",
)
@options.models_dir
@options.distill_dir
def train_command(
    student: str, name: str, epochs: float, max_steps: int, lora_rank: int, max_length: int,
    outtype: str, llama_cpp: str | None, models_dir: str | None, work_dir: str | None,
) -> None:  # fmt: skip
    """SFT then DPO with LoRA on build-data's records, merge, convert to GGUF, register
    NAME in the model catalog (unchanged if any step fails)."""
    from veil.local_models.distill.convert import convert_to_gguf
    from veil.local_models.distill.register import register_model
    from veil.local_models.distill.student import locate_student
    from veil.local_models.distill.train import TrainSettings, train

    directory = _work_dir(work_dir)
    models = paths.models_dir(models_dir)
    try:
        manifest = json.loads((directory / MANIFEST).read_text())
        sft = _read_jsonl(directory / SFT)
        dpo = _read_jsonl(directory / DPO)
        source = locate_student(student, models)
    except (OSError, ValueError) as error:
        raise click.ClickException(f"{error}: run `veil distill build-data` first") from error
    except LLMError as error:
        raise click.ClickException(str(error)) from error
    settings = TrainSettings(sft_epochs=epochs, dpo_epochs=epochs, max_steps=max_steps,
                             lora_rank=lora_rank, lora_alpha=2 * lora_rank,
                             max_length=max_length)  # fmt: skip
    run_dir = directory / "runs" / name
    try:
        merged, report = train(source, sft, dpo, run_dir, settings)
        run_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=run_dir) as scratch:
            gguf = convert_to_gguf(merged, Path(scratch) / f"{name}.gguf", outtype, llama_cpp)
            entry = register_model(
                gguf, name, models,
                description=f"{student} distilled by veil distill (SFT {report.sft_steps} "
                f"+ DPO {report.dpo_steps} steps)",
                base=student, limits=manifest.get("limits", "standard"),
            )  # fmt: skip
    except (LLMError, ValueError) as error:
        click.echo(f"veil distill train: {error}", err=True)
        sys.exit(1)
    click.echo(json.dumps({"name": entry.name, "sha256": entry.sha256, "size": entry.size,
                           **report.as_dict()}))  # fmt: skip


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
