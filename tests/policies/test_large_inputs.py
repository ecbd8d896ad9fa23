"""Large pastes are scanned, not refused: spaCy reads a text in pieces under its limit,
and nothing takes time that grows faster than the text (see bench/large_inputs)."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.big_paste import NAMES, big_paste
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.rules.recognizers.ner import SpacyNerRecognizer, split_text
from veil.rules.vault import Vault


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="ab .\n\t", max_size=400), limit=st.integers(2, 60))
def test_pieces_cover_the_text_under_the_limit_and_end_at_a_boundary(text, limit):
    pieces = split_text(text, limit)
    assert pieces[0][0] == 0 and pieces[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(pieces))
    assert all(end - start <= limit for start, end in pieces)
    for start, end in pieces[:-1]:
        assert end > start
        second_half = text[start + limit // 2 : start + limit]
        if regex.search(r"\n[ \t]*\n", second_half):  # a paragraph break there: cut after it
            assert regex.search(r"\n[ \t]*\n\s*$", text[start:end])
        elif not regex.search(r"\s", second_half):  # no boundary at all: cut at the limit
            assert end == start + limit


def _filler(sentences: int) -> str:
    return " ".join(
        f"The quarterly figures for region {n} rose by {n % 13} percent." for n in range(sentences)
    )


def test_a_name_next_to_a_cut_is_found():
    """Pieces of 2,000 characters: the paragraph break between the two names is where the
    first piece ends, one name just before it, the other just after."""
    before = _filler(20) + " The contract was signed by Marcus Oyelaran.\n\n"
    text = before + "Dana Whitfield will countersign it next week. " + _filler(30)
    recognizer = SpacyNerRecognizer(piece_chars=2000)
    assert split_text(text, 2000)[0][1] == len(before)  # the cut falls between the names
    people = {text[s.start : s.end] for s in recognizer.find(text) if s.label == "PERSON"}
    assert {"Marcus Oyelaran", "Dana Whitfield"} <= people


# Two and a half million characters: past spaCy's 1,000,000 (E088 refused them) and
# within max_body_bytes. NER and the email pattern only, without quasi-identifiers: the
# full set takes minutes on megabytes (bench/large_inputs), which is not what is tested.


@pytest.mark.slow
def test_a_text_over_spacys_limit_is_scanned_and_its_names_pseudonymized():
    text = big_paste()
    default = load_site_policy("default")
    policy = default.model_copy(
        update={
            "recognizers": ["spacy.ner.v1", "regex.email.v1"],
            "quasi_identifiers": default.quasi_identifiers.model_copy(update={"enabled": False}),
        }
    )
    assert len(text) > 2_000_000
    redacted = FastStage(policy).run(text, Vault()).redacted.text
    assert not any(name in redacted for name in NAMES)
    assert redacted.count("[[PERSON_") == 24  # two names on each of the 12 pages


# Texts on which a recognizer (or spaCy's tokenizer) was quadratic or worse: each try at a
# match ran to the end of the run, from every position in it. At 200,000 characters those
# took hours; linear, the whole list takes seconds.
PATHOLOGICAL = {
    "regex.url.v1": ["a.", "1.", "1.2."],
    "regex.street_address.v1": ["a-", "a'", "看a"],
    "secrets.v1": ["a.", "a-", "1-", "123-45-"],
    "names.v1": ["1", "a", "a_", "f0"],
    "phonenumbers.phone.v1": ['{"n":"+44 7911 123456"},'],
    "spacy.ner.v1": ["a:", "ab:", "http://a", "a/"],
}
NORMALIZE = ["1-", "a dot ", "A DOT ", "a.a at "]
SIZE = 200_000
BUDGET_S = 300  # a guard against hours, not a timing figure (bench/large_inputs has those)

_PROGRAM = """
import sys
from veil.rules.normalize import normalize
from veil.rules.registry import create
cases, size = eval(sys.argv[1]), int(sys.argv[2])
for name, units in cases.items():
    find = normalize if name == "normalize" else create(name).find
    for unit in units:
        find((unit * (size // len(unit) + 1))[:size])
print("ok")
"""


@pytest.mark.slow
def test_no_recognizer_takes_quadratic_time_on_a_pathological_paste():
    cases = {**PATHOLOGICAL, "normalize": NORMALIZE}
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, repr(cases), str(SIZE)],
        capture_output=True,
        text=True,
        timeout=BUDGET_S,
    )
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


@settings(max_examples=200, deadline=None)
@given(
    ranges=st.lists(st.tuples(st.integers(0, 99), st.integers(1, 30)), max_size=12),
    query=st.tuples(st.integers(0, 120), st.integers(1, 20)),
)
def test_quasi_exclusions_answer_as_a_pass_over_every_range_would(ranges, query):
    """Regions keeps its ranges merged (one binary search a query, however long a range)."""
    from veil.rules.quasi.regions import Regions
    from veil.rules.spans import Span

    spans = [Span(start, start + length, "PERSON", 1.0, "test") for start, length in ranges]
    start, end = query[0], query[0] + query[1]
    regions = Regions("word " * 40, spans)
    assert regions.excluded(start, end) == any(s.start < end and start < s.end for s in spans)
