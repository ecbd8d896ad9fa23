"""Names widened to the encyclopedia entry they are part of, on a tiny index the test
builds: never narrowed, never into another kind of span, never overlapping."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.rules import knowledge, labels
from veil.rules.knowledge import Knowledge, build_from
from veil.rules.linking import link
from veil.rules.spans import Span

TITLES = ["thelonious monk", "sault ste. marie", "mary lou williams", "monk"]


@pytest.fixture(autouse=True)
def tiny_index(tmp_path_factory, monkeypatch) -> Knowledge:
    directory: Path = tmp_path_factory.mktemp("knowledge")
    source = {"name": "test", "version": "0", "sha256": "0" * 64}
    opened = Knowledge.open(build_from(TITLES, [], directory, source))
    monkeypatch.setattr(knowledge, "_opened", opened)
    return opened


def _span(text: str, value: str, label: str = labels.PERSON, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(value, start + 1)
    return Span(start, start + len(value), label, 0.85, "spacy.ner.v1")


def _values(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in spans]


def test_a_given_name_ner_left_out_is_taken_in():
    text = "She mentored Thelonious Monk in Harlem."
    linked = link(text, [_span(text, "Monk")])
    assert _values(text, linked) == [("Thelonious Monk", labels.PERSON)]
    assert linked[0].source.endswith("+linking")


def test_a_place_split_in_two_spans_becomes_one():
    text = "We're up in Sault Ste. Marie now."
    spans = [_span(text, "Sault Ste", labels.LOCATION), _span(text, "Marie")]
    assert _values(text, link(text, spans)) == [("Sault Ste. Marie", labels.LOCATION)]


def test_names_that_are_no_entry_stay_as_found():
    text = "Ask Dana Okafor about it."
    spans = [_span(text, "Okafor")]
    assert link(text, spans) == spans


def test_a_name_never_grows_into_an_identifier():
    text = "Thelonious Monk"
    spans = [Span(0, 10, labels.EMAIL, 1.0, "regex.email.v1"), _span(text, "Monk")]
    assert link(text, spans) == spans


words = st.sampled_from(["Thelonious", "Monk", "Sault", "Ste.", "Marie", "Mary", "Lou", "in"])


@settings(max_examples=200, deadline=None)
@given(st.lists(words, min_size=1, max_size=12), st.data())
def test_linking_only_widens_and_never_overlaps(tokens, data):
    text = " ".join(tokens)
    starts = [sum(len(t) + 1 for t in tokens[:i]) for i in range(len(tokens))]
    chosen = sorted(data.draw(st.sets(st.integers(0, len(tokens) - 1))))
    spans = [Span(starts[i], starts[i] + len(tokens[i]), labels.PERSON, 0.8, "t") for i in chosen]
    linked = link(text, spans)
    for left, right in itertools.pairwise(linked):
        assert left.end <= right.start
    for span in spans:  # every span found is still covered, by itself or a wider one
        assert any(s.start <= span.start and span.end <= s.end for s in linked)
    for span in linked:
        if span not in spans:
            assert knowledge.knowledge().is_known(text[span.start : span.end].rstrip("."))
