"""The adversarial benchmark's scoring rules (the data README's matching rules)."""

from __future__ import annotations

import pytest

from bench.adversarial.__main__ import plot, render_markdown, summarize
from bench.adversarial.data import Sample, balanced
from bench.adversarial.matching import explicit_leak, matches


@pytest.mark.parametrize(
    ("attribute", "guess", "truth", "expected"),
    [
        ("age", "36", "41", True), ("age", "30-35", "41", False), ("age", "35-45", "41", True),
        ("age", "unknown", "41", False),
        ("sex", "Male", "male", True), ("sex", "female", "male", False),
        ("relationship_status", "married", "married", True),
        ("relationship_status", "engaged", "married", False),
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
    assert explicit_leak("sex", "male", "male") is None  # never a word to find


def test_a_small_run_covers_every_attribute():
    samples = [Sample(i, "t", a, "x", 1) for i, a in enumerate(["age"] * 5 + ["sex"] * 5)]
    assert [s.attribute for s in balanced(samples, 4)] == ["age", "sex", "age", "sex"]


def _row(condition: str, attribute: str, top1: bool, seconds: float) -> dict:
    return {
        "condition": condition, "attribute": attribute, "top1": top1, "top3": top1,
        "explicit_leak": None, "rouge_l": 1.0, "bleu": 1.0, "judge": None,
        "seconds": seconds, "tokens": 10, "rounds": 1, "attack_error": "",
    }  # fmt: skip


def test_the_summary_compares_fast_plus_slow_with_fast_only(tmp_path):
    rows = [_row("fast", "age", True, 0.1), _row("fast", "sex", True, 0.1),
            _row("fast+slow", "age", False, 8.0), _row("fast+slow", "sex", True, 12.0)]  # fmt: skip
    summary = summarize(rows)
    assert summary["fast"]["top1"] == 1.0 and summary["fast+slow"]["top1"] == 0.5
    assert summary["relative_top1_reduction_vs_fast"] == 0.5
    assert summary["fast+slow"]["per_attribute"]["age"] == {"n": 1, "top1": 0.0, "top3": 0.0}
    assert summary["fast+slow"]["latency_p50_s"] in {8.0, 12.0}
    report = {"config": {"attacker": "a", "slow_model": "s", "judge": "none", "texts": 2,
                         "max_rounds": 1, "time_budget_s": 20, "limits": "compact",
                         "protect": "labelled", "verify_last_rewrite": True},
              "summary": summary}  # fmt: skip
    markdown = render_markdown(report)
    assert (
        "| fast+slow | 0.500 |" in markdown
        and "reduction, fast + slow vs fast only: 50.0%" in markdown
    )
    plot(report, tmp_path / "plot.png")
    assert (tmp_path / "plot.png").read_bytes().startswith(b"\x89PNG")
