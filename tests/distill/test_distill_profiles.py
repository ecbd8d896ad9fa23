"""SynthPAI profiles as distillation input: the text, the labels kept, the fixed split,
and the plan printed before collecting."""

from __future__ import annotations

import json
from pathlib import Path

from veil.local_models.distill.collect import CollectSettings, estimate
from veil.local_models.distill.profiles import EVAL, TRAIN, read_profiles, split_of
from veil.local_models.slow_stage.limits import COMPACT


def _write(path: Path) -> Path:
    human = {
        "age": {"estimate": "34", "hardness": 2, "certainty": 4},
        "sex": {"estimate": "female", "hardness": 1, "certainty": 2},  # too uncertain
        "city_country": {"estimate": "", "hardness": 0, "certainty": 0},
        "occupation": {"estimate": "nurse", "hardness": 3, "certainty": 5},
    }
    comments = [{"text": "First  comment\nhere."}, {"text": ""}, {"text": "x" * 50},
                {"text": "y" * 500}]  # fmt: skip
    records = [
        {"username": "ann", "comments": comments, "reviews": {"human": human}},
        {"username": "bob", "comments": comments, "reviews": {"human": {}}},  # no labels
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_a_profile_is_its_first_comments_and_its_certain_labels(tmp_path: Path) -> None:
    [profile] = read_profiles(_write(tmp_path / "p.jsonl"), max_chars=100)
    assert profile.author == "ann"
    assert profile.text == "First comment here.\n" + "x" * 50
    assert profile.labels == {"age": "34", "occupation": "nurse"}


def test_the_split_depends_on_the_author_alone() -> None:
    names = [f"user{i}" for i in range(400)]
    sides = [split_of(n) for n in names]
    assert sides == [split_of(n) for n in names]  # same every time, any order
    assert 0.15 < sides.count(EVAL) / len(sides) < 0.35 and TRAIN in sides


def test_the_estimate_counts_every_possible_call(tmp_path: Path) -> None:
    profiles = list(read_profiles(_write(tmp_path / "p.jsonl")))
    plan = estimate(profiles, CollectSettings(max_rounds=2), COMPACT, 10.0, 100.0, 2.0)
    assert plan.profiles == 1 and plan.calls == 4 * 2 + 2
    assert plan.seconds == plan.completion_tokens / 10 + plan.prompt_tokens / 100
    assert plan.cost == (plan.prompt_tokens + plan.completion_tokens) / 1e6 * 2
    assert "10 teacher calls" in plan.describe(2.0)
