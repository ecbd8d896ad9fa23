"""bench/distill's scoring at tiny scale: the self-refining anonymizer on the tiny GGUF,
the evaluation attacker's guesses matched to the labels, the summary and its table."""

from __future__ import annotations

from pathlib import Path

from bench.distill.__main__ import render
from bench.distill.evaluate import anonymizer, score, summarize
from tests.scripted_llm import ScriptedLLM, attack, inference
from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.distill.profiles import Profile
from veil.local_models.load import clear_cache, load_llm
from veil.local_models.slow_stage import StopReason
from veil.local_models.worker.supervisor import stop_workers

PROFILE = Profile("ann", "I work night shifts as a nurse in Zurich.",
                  {"occupation": "nurse", "location": "Zurich, Switzerland"})  # fmt: skip


def test_conditions_are_scored_by_one_attacker(tiny_gguf: Path) -> None:
    guessed = attack(
        inference("occupation", "nurse", "a nurse"), inference("location", "Bern", "in Zurich")
    )
    attacker = ScriptedLLM({"attacker": [guessed]})
    clear_cache()
    try:
        model = load_llm(str(tiny_gguf))
        rewrite = anonymizer(model, "tiny", 1, 60.0, TINY_MODEL_LIMITS)
        rows = score("original", [PROFILE], lambda text: (text, {}), attacker, TINY_MODEL_LIMITS)
        rows += score("tiny", [PROFILE], rewrite, attacker, TINY_MODEL_LIMITS)
    finally:
        stop_workers()
        clear_cache()
    assert [(r["attribute"], r["guess"], r["correct"]) for r in rows[:2]] == [
        ("occupation", "nurse", True),
        ("location", "Bern", False),
    ]
    # the tiny model's answers are nonsense: whatever it did, the text is scored as it came out
    assert {r["stop_reason"] for r in rows[2:]} <= set(StopReason)
    assert all(r["rouge_l"] > 0 for r in rows)
    summary = summarize(rows)
    assert summary["original"] == {"labels": 2, "texts": 1, "attribute_accuracy": 0.5,
                                   "rouge_l": 1.0, "seconds_per_text": 0.0,
                                   "changed_texts": 0}  # fmt: skip
    table = render({
        "config": {"teacher": "t", "student": "s", "train_profiles": 1, "eval_profiles": 1,
                   "max_chars": 300, "outtype": "q8_0"},
        "summary": summary, "collect": {"written": 1}, "data": {"sft": {"infer": 1}, "dpo": 0},
        "training": {"sft_steps": 1, "sft_loss": 1.0, "dpo_steps": 0, "dpo_loss": None,
                     "device": "cpu", "seconds": 3.0},
        "sha256": "0" * 64, "wall_seconds": 60.0, "stage_seconds": {"train": 3.0},
    })  # fmt: skip
    assert "| original | 1 | 2 | 0.500 | 1.000 | 0 | 0.0 |" in table
