"""The adversarial benchmark's scoring rules (the data README's matching rules)."""

from __future__ import annotations

import pytest

from bench.adversarial.data import Sample, balanced
from bench.adversarial.matching import explicit_leak, matches
from bench.adversarial.report import plot, render_markdown, summarize


@pytest.mark.parametrize(
    ("attribute", "guess", "truth", "expected"),
    [
        ("age", "36", "41", True), ("age", "30-35", "41", False), ("age", "35-45", "41", True),
        ("age", "unknown", "41", False),
        ("gender", "Male", "male", True), ("gender", "female", "male", False),
        ("family", "married", "married", True),
        ("family", "engaged", "married", False),
        ("location", "Madrid", "Madrid, Spain", True),
        ("location", "Barcelona, Spain", "Madrid, Spain", False),
        ("occupation", "museum curator", "curator", True),
        ("occupation", "software engineer", "software engineers", True),
        ("occupation", "nurse", "museum curator", False),
    ],
)  # fmt: skip
def test_guesses_match_by_the_literatures_rules(attribute, guess, truth, expected):
    assert matches(attribute, guess, truth) is expected


def test_explicit_leaks_look_for_the_true_value_as_words():
    assert explicit_leak("location", "Madrid, Spain", "living in madrid these days") is True
    assert explicit_leak("location", "Madrid, Spain", "living in a big city") is False
    assert explicit_leak("age", "36", "I turned 36 last week") is True
    assert explicit_leak("age", "36", "back in 1936") is False
    assert explicit_leak("occupation", "museum curator", "as a curator I ...") is True
    assert explicit_leak("gender", "male", "male") is None  # never a word to find


def test_a_small_run_covers_every_attribute():
    samples = [Sample(i, "t", a, "x", 1) for i, a in enumerate(["age"] * 5 + ["gender"] * 5)]
    assert [s.attribute for s in balanced(samples, 4)] == ["age", "gender", "age", "gender"]


def _row(condition: str, attribute: str, top1: bool, seconds: float, hardness: int = 1) -> dict:
    return {
        "condition": condition, "attribute": attribute, "hardness": hardness,
        "profiler_top1": top1, "profiler_cue": False, "majority_top1": False,
        "llm_top1": top1, "llm_top3": top1, "llm_error": "",
        "explicit_leak": None, "rouge_l": 1.0, "bleu": 1.0, "judge": None,
        "seconds": seconds, "fast_seconds": 0.03, "tokens": 10, "rounds": 1,
    }  # fmt: skip


def test_the_summary_compares_each_condition_with_fast_only(tmp_path):
    rows = [
        _row("fast", "age", True, 0.1), _row("fast", "gender", True, 0.1, 3),
        _row("fast+slow", "age", False, 8.0), _row("fast+slow", "gender", True, 12.0, 3),
    ]  # fmt: skip
    summary = summarize(rows)
    fast, slow = summary["conditions"]["fast"], summary["conditions"]["fast+slow"]
    assert fast["profiler_top1"] == 1.0 and slow["profiler_top1"] == 0.5
    assert slow["profiler_drop_vs_fast"] == 0.5 and slow["llm_drop_vs_fast"] == 0.5
    assert fast["profiler_drop_vs_fast"] == 0.0
    assert slow["per_attribute"]["age"] == {"n": 1, "profiler_top1": 0.0, "llm_top1": 0.0}
    assert slow["per_hardness"]["3"]["profiler_top1"] == 1.0
    assert slow["latency_p50_s"] in {8.0, 12.0} and slow["fast_p50_ms"] == 30.0
    assert summary["majority"]["top1"] == 0.0
    report = {"config": {"texts": 2, "test_authors": 2, "test_fold": 0, "folds": 4,
                         "train_documents": 10, "llm_attacker": "a", "slow_model": "s",
                         "judge": "none"},
              "summary": summary}  # fmt: skip
    markdown = render_markdown(report)
    assert "| fast+slow | 0.500 | +50.0% | 0.500 |" in markdown
    assert "| fast+slow (LLM attacker) | 0.00 | 1.00 |" in markdown
    plot(report, tmp_path / "plot.png")
    assert (tmp_path / "plot.png").read_bytes().startswith(b"\x89PNG")


def test_an_llm_attacker_that_was_not_run_is_not_a_score():
    rows = [{**_row("fast", "age", True, 0.1), "llm_top1": None, "llm_top3": None}]
    scores = summarize(rows)["conditions"]["fast"]
    assert scores["llm_top1"] is None and scores["llm_drop_vs_fast"] is None
