"""The independent attacker of bench/adversarial: split by author, cue rules, naive Bayes,
the profiler's determinism, and the benchmark end to end on a slice of the real data."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.adversarial.__main__ import main
from bench.adversarial.data import SAMPLES, load_samples
from bench.adversarial.profiler import Profiler
from bench.adversarial.profiler.bayes import NaiveBayes
from bench.adversarial.profiler.cues import find_cue
from bench.adversarial.profiler.model import Document
from bench.adversarial.profiler.split import assign_folds, author_id, split_by_author
from bench.adversarial.profiler.targets import age_answer, age_bucket, to_class
from veil.policies.loader import load_site_policy

PROFILER = Path(__file__).resolve().parents[2] / "bench" / "adversarial" / "profiler"
needs_data = pytest.mark.skipif(
    not SAMPLES.is_file(), reason=f"{SAMPLES} not found: the evaluation data is not here"
)

# --- split --------------------------------------------------------------------------------

records = st.lists(
    st.tuples(st.text(min_size=1, max_size=6), st.integers()), min_size=2, max_size=60
)


@settings(max_examples=200, deadline=None)
@given(records, st.integers(min_value=2, max_value=6), st.data())
def test_no_author_is_on_both_sides_of_the_split(items, folds, data):
    test_fold = data.draw(st.integers(min_value=0, max_value=folds - 1))
    train, test = split_by_author(items, lambda r: r[0], folds, test_fold)
    assert not {a for a, _ in train} & {a for a, _ in test}
    assert sorted(train + test) == sorted(items)  # every record on exactly one side


@settings(max_examples=100, deadline=None)
@given(records, st.randoms(use_true_random=False))
def test_the_split_does_not_depend_on_the_records_order(items, rng):
    shuffled = list(items)
    rng.shuffle(shuffled)
    _, test = split_by_author(items, lambda r: r[0])
    _, test_shuffled = split_by_author(shuffled, lambda r: r[0])
    assert sorted(test) == sorted(test_shuffled)


@given(st.sets(st.text(min_size=1), min_size=1, max_size=50), st.integers(2, 6))
def test_folds_differ_by_at_most_one_author(authors, folds):
    sizes = [list(assign_folds(authors, folds).values()).count(f) for f in range(folds)]
    assert max(sizes) - min(sizes) <= 1


def test_a_personality_record_is_one_author_whatever_its_key_order():
    assert author_id({"age": 36, "sex": "male"}) == author_id({"sex": "male", "age": 36})
    assert author_id({"age": 36, "sex": "male"}) != author_id({"age": 37, "sex": "male"})


def test_a_split_needs_two_folds_and_a_test_fold_among_them():
    with pytest.raises(ValueError, match="at least 2 folds"):
        split_by_author([("a", 1)], lambda r: r[0], folds=1)
    with pytest.raises(ValueError, match="test_fold"):
        split_by_author([("a", 1)], lambda r: r[0], folds=3, test_fold=3)


# --- cue rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attribute", "text", "answer"),
    [
        ("age", "Honestly I'm 34 and still figuring it out", "34"),
        ("age", "being a broke 23-year-old film editor", "23"),
        ("age", "I just turned 40 last month", "40"),
        ("age", "now that I'm in my late 30s", "38"),
        ("gender", "my husband thinks I'm crazy", "female"),
        ("gender", "as a guy who never cooks", "male"),
        ("family", "my wife and I went hiking", "married"),
        ("family", "I'm single and loving it", "single"),
        ("family", "since the passing of my husband", "widowed"),
        ("family", "my fiancée picked the venue", "engaged"),
        ("income", "on my middle income life you know", "middle"),
        ("occupation", "as a museum curator I love old maps", "museum curator"),
        ("occupation", "I work as a nurse on nights", "nurse"),
        ("education", "I have a master's in public health", "Masters in public health"),
        ("location", "I live here in Madrid with two cats", "Madrid"),
        ("location", "back here in Cape Town it rains", "Cape Town"),
        ("birthplace", "I was born in Turku, then moved", "Turku"),
    ],
)  # fmt: skip
def test_cue_rules_fire_on_explicit_statements(attribute, text, answer):
    cue = find_cue(text, attribute)
    assert cue is not None and cue.answer == answer


@pytest.mark.parametrize(
    ("attribute", "text"),
    [
        ("age", "I'm 100% sure the train takes 45 minutes"),
        ("age", "I'm 5 minutes away from the station"),
        ("age", "The year I turned 14 I discovered Radiohead"),
        ("gender", "Women's football is growing fast"),
        ("family", "Marriage rates are falling across Europe"),
        ("family", "Singles bars are a thing of the past"),
        ("income", "Income inequality is a hot topic"),
        ("occupation", "Nurses are underpaid everywhere"),
        ("occupation", "I'm a big fan of jazz, as a kid I played drums"),
        ("education", "A degree in law is expensive"),
        ("location", "The history of Madrid is fascinating"),
        ("location", "here in the land of sushi we grow up fast"),
        ("birthplace", "Turku is a lovely old town"),
    ],
)  # fmt: skip
def test_cue_rules_stay_silent_on_topic_sentences(attribute, text):
    assert find_cue(text, attribute) is None


def test_the_profiler_imports_nothing_from_veil():
    """Its independence from veil's recognizers is the point of this attacker."""
    for path in PROFILER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += [alias.name for alias in node.names]
                assert not any(n.startswith("veil") for n in names), f"{path.name}: {names}"


# --- naive Bayes and the profiler --------------------------------------------------------


def test_naive_bayes_learns_unigrams_and_bigrams():
    model = NaiveBayes().fit([
        ("we went sailing on the fjord", "Norway"), ("the fjord was cold", "Norway"),
        ("tapas and siesta in the sun", "Spain"), ("late tapas again", "Spain"),
    ])  # fmt: skip
    assert model.predict("a cold fjord morning") == "Norway"
    assert model.predict("tapas at midnight") == "Spain"
    assert model.predict("nothing in common") in {"Norway", "Spain"}


def test_ages_are_answered_within_five_years_of_every_age_in_their_bucket():
    for age in range(13, 90):
        assert abs(int(age_answer(age_bucket(age))) - age) <= 5
    assert to_class("family", "In Relationship") == "in a relationship"
    assert to_class("gender", "unknown") is None


def _documents() -> list[Document]:
    texts = [
        ("a", "my husband and I love gardening", {"gender": "female", "age": "41"}),
        ("a", "tulips again this spring", {"gender": "female", "age": "41"}),
        ("b", "lifting weights after work", {"gender": "male", "age": "29"}),
        ("c", "gardening with my tulips", {"gender": "female", "age": "60"}),
        ("d", "weights and protein shakes", {"gender": "male", "age": "24"}),
        ("e", "football with the lads", {"gender": "male", "age": "27"}),
        ("f", "new running shoes", {"gender": "male", "age": "33"}),
    ]
    return [Document(author, text, labels) for author, text, labels in texts]


def test_the_profiler_is_deterministic_whatever_the_training_order():
    documents = _documents()
    shuffled = list(documents)
    random.Random(7).shuffle(shuffled)
    first, second = Profiler().fit(documents), Profiler().fit(shuffled)
    for text in ["tulips in the garden", "weights at the gym", "as a guy I lift", ""]:
        for attribute in ["gender", "age"]:
            assert first.guess(text, attribute) == second.guess(text, attribute)


def test_a_cue_fires_before_naive_bayes_and_the_baseline_ignores_the_text():
    profiler = Profiler().fit(_documents())
    assert profiler.guess("tulips, says my wife", "gender").source == "cue:gender.partner_is_female"
    assert profiler.guess("tulips, says my wife", "gender").answer == "male"
    assert profiler.guess("tulips and gardening", "gender").answer == "female"
    assert profiler.guess("tulips and gardening", "gender").source == "bayes"
    assert profiler.majority("gender") == "male"  # 4 of the 7 texts
    with pytest.raises(ValueError, match="no training labels"):
        profiler.guess("text", "income")


# --- end to end on the real data ---------------------------------------------------------


@needs_data
def test_the_benchmark_runs_end_to_end_on_a_slice_of_the_real_data(tmp_path, capsys):
    # Every 4th record keeps all authors (so both sides of the split are populated);
    # the fast stage uses a light policy (e-mail only) so spaCy does not load here.
    lines = SAMPLES.read_text(encoding="utf-8").splitlines()[::4]
    (tmp_path / "samples.jsonl").write_text("\n".join(lines), encoding="utf-8")
    light = load_site_policy().model_copy(update={"recognizers": ["regex.email.v1"]})
    argv = ["--no-slow", "--limit", "16", "--samples", str(tmp_path / "samples.jsonl"),
            "--profiles", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "out")]  # fmt: skip
    assert main(argv, policy=light) == 0
    report = json.loads((tmp_path / "out" / "adversarial.json").read_text())
    samples = load_samples(tmp_path / "samples.jsonl")
    train_authors = {s.author for s in samples} - {r["author"] for r in report["rows"]}
    assert train_authors, "the profiler must have trained on other authors"
    conditions = report["summary"]["conditions"]
    assert list(conditions) == ["original", "fast", "fast+QI", "fast+QI decoy"]
    assert conditions["original"]["rouge_l"] == 1.0
    assert conditions["fast"]["fast_p50_ms"] > 0
    assert conditions["fast"]["profiler_drop_vs_fast"] == 0.0
    assert len(report["rows"]) == 4 * report["config"]["texts"] == 64
    assert 0.0 <= report["summary"]["majority"]["top1"] <= 1.0
    markdown = (tmp_path / "out" / "adversarial.md").read_text()
    assert "| majority baseline |" in markdown and "| fast |" in markdown
    assert (tmp_path / "out" / "adversarial.png").read_bytes().startswith(b"\x89PNG")
    assert "Profiler top-1 per hardness" in capsys.readouterr().out
