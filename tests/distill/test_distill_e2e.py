"""The whole distillation at tiny scale on the CPU: a scripted teacher's trajectories, SFT
and DPO records in the student's chat format, one SFT and one DPO step with LoRA on a tiny
random Llama, llama.cpp's conversion to GGUF, the catalog entry, and the result loaded
through veil's model worker and run as the slow stage in self_refine mode."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.distill.teacher import CUES, TEXTS, answer, write_profiles
from tests.scripted_server import scripted_server
from tests.tiny_hf import build_tiny_hf
from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.catalog import LOCAL_CATALOG_FILE, load_catalog
from veil.local_models.distill.convert import ConversionError, converter_dir
from veil.local_models.load import clear_cache, load_llm
from veil.local_models.pull import file_digest
from veil.local_models.slow_stage import LoopSettings, SlowStage
from veil.local_models.slow_stage.prompts import available, load_prompt
from veil.local_models.worker.supervisor import stop_workers
from veil.proxy.cli import main

pytest.importorskip("trl")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def converter() -> Path:
    try:
        return converter_dir()
    except ConversionError as error:  # no llama.cpp checkout and PyPI unreachable
        pytest.skip(str(error))


def _corpus() -> list[str]:
    prompts = [load_prompt(name).task.template for name in available() if name != "preamble.v1"]
    answers = [json.dumps(answer("attacker", [{"content": f'"""{t}"""'}])) for t in TEXTS]
    return [load_prompt("preamble.v1").system, *prompts, *TEXTS, *answers] * 3


def run(*args: str) -> dict:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout.strip().splitlines()[-1]) if args[1] != "collect" else {}


def test_collect_build_train_convert_register_and_load(
    tmp_path: Path, converter: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = time.perf_counter()
    models = tmp_path / "models"
    monkeypatch.setenv("VEIL_MODELS_DIR", str(models))
    work = tmp_path / "distill"
    profiles = tmp_path / "profiles.jsonl"
    authors = write_profiles(profiles, good=5)
    student = build_tiny_hf(tmp_path / "student", _corpus())

    with scripted_server(answer) as (url, calls):
        run("distill", "collect", "--teacher", f"{url}#teacher", "--profiles", str(profiles),
            "--work-dir", str(work), "--rounds", "3", "--call-timeout", "10")  # fmt: skip
    trajectories = [json.loads(line) for line in (work / "trajectories.jsonl").open()]
    assert [t["author"] for t in trajectories] == authors
    first = trajectories[0]
    # one edit a round: two leaks take two rewrites, and the third attack finds none
    assert [len(r["leaks"]) for r in first["rounds"]] == [2, 1, 0]
    assert first["rounds"][1]["text"] == first["rounds"][0]["rewrite"]
    assert first["final"]["leaks_after"] == 0 and first["final"]["stop_reason"] == "no_leaks"
    assert not any(phrase in first["final"]["text"] for phrase in CUES)
    assert first["rounds"][0]["utility"]["meaning"] == 8
    assert 0 < first["rounds"][0]["utility"]["rouge_l"] < 1
    assert {"attacker", "arbitrator", "anonymizer", "utility"} <= set(calls)
    assert {t["split"] for t in trajectories} == {"train", "eval"}

    summary = run("distill", "build-data", "--student", str(student), "--work-dir", str(work))
    assert set(summary["sft"]) == {"infer", "anonymize", "judge"}
    assert summary["dpo"] >= 1 and summary["eval_authors"] == 1
    sft = [json.loads(line) for line in (work / "sft.jsonl").open()]
    eval_author = next(t["author"] for t in trajectories if t["split"] == "eval")
    assert eval_author not in {r["author"] for r in sft}
    record = next(r for r in sft if r["task"] == "anonymize")
    assert record["prompt"].startswith("<|im_start|>system\n")
    assert record["prompt"].endswith("<|im_start|>assistant\n")
    assert record["completion"].endswith("<|im_end|>")
    assert json.loads(record["completion"].removesuffix("<|im_end|>"))["edits"]
    pair = json.loads((work / "dpo.jsonl").open().readline())
    chosen = json.loads(pair["chosen"].removesuffix("<|im_end|>"))["edits"]
    rejected = json.loads(pair["rejected"].removesuffix("<|im_end|>"))["edits"]
    assert len(chosen) > len(rejected)  # the rewrite that leaks less: both phrases edited

    trained = run("distill", "train", "--student", str(student), "--name", "tiny-seal",
                  "--work-dir", str(work), "--max-steps", "1", "--outtype", "f32",
                  "--max-length", "1024")  # fmt: skip
    assert trained["sft_steps"] == 1 and trained["dpo_steps"] == 1
    assert trained["device"] == "cpu"
    entry = load_catalog(models).get("tiny-seal")
    digest = file_digest(entry.model_path(models))
    assert (
        (entry.sha256, entry.size)
        == (digest.sha256, digest.size)
        == (trained["sha256"], trained["size"])
    )
    assert entry.source.type == "local" and (models / LOCAL_CATALOG_FILE).is_file()

    clear_cache()
    try:
        model = load_llm("tiny-seal", models)  # through a model worker process
        settings = LoopSettings(
            attributes=("occupation", "location"), tiers=("high", "medium"), max_rounds=1,
            time_budget_s=60, use_arbitrator=True, verify_last_rewrite=False,
            attacker_model="tiny-seal", anonymizer_model="tiny-seal", mode="self_refine",
        )  # fmt: skip
        result = SlowStage(settings, model, model, limits=TINY_MODEL_LIMITS).run(TEXTS[0])
        assert result.rounds and result.rounds[0].calls[0].model == "tiny-seal"
        assert result.stop_reason in {"no_leaks", "no_valid_edits", "max_rounds", "low_utility"}
    finally:
        stop_workers()
        clear_cache()
    assert time.perf_counter() - started < 120
