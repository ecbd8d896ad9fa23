"""Normalization, overlap resolution and the allow/deny lists."""

import pytest

from tests.conftest import found
from veil.rules.analyzer import Analyzer
from veil.rules.lists import AllowList, DenyList, ListPatternError
from veil.rules.merge import resolve_overlaps
from veil.rules.normalize import normalize
from veil.rules.spans import Span


@pytest.mark.parametrize(
    ("text", "label", "value"),
    [
        (
            "mail john dot smith at gmail dot com tonight",
            "EMAIL",
            "john dot smith at gmail dot com",
        ),
        ("j.smith [at] protonmail [dot] com", "EMAIL", "j.smith [at] protonmail [dot] com"),
        (
            "call four one five, eight six seven, five three zero nine",
            "PHONE",
            "four one five, eight six seven, five three zero nine",
        ),
        (
            "card 4 5 2 6 0 1 8 1 5 9 0 8 3 0 1 2 thanks",
            "CREDIT_CARD",
            "4 5 2 6 0 1 8 1 5 9 0 8 3 0 1 2",
        ),
        ("card 4526 0181\n5908 3012 thanks", "CREDIT_CARD", "4526 0181\n5908 3012"),
        ("it shows 4O33 5586 O821 44O9 on the slip", "CREDIT_CARD", "4O33 5586 O821 44O9"),
        (
            "Contact: hello AT dunmore-clay DOT studio\n",
            "EMAIL",
            "hello AT dunmore-clay DOT studio",
        ),
        (
            'Is "m i r a . k o v a c s @ g m a i l . c o m" safe?',
            "EMAIL",
            "m i r a . k o v a c s @ g m a i l . c o m",
        ),
        (
            "It's N L 5 6 I N G B 0 0 7 0 7 3 0 5 3 9.",
            "IBAN",
            "N L 5 6 I N G B 0 0 7 0 7 3 0 5 3 9",
        ),
        (
            "boxes too small: seven seven four, two six, two four two five",
            "US_SSN",
            "seven seven four, two six, two four two five",
        ),
    ],
)
def test_obfuscated_identifiers_map_back_to_what_was_typed(analyzer, text, label, value):
    assert (label, value) in found(analyzer, text)


def test_normalized_offsets_point_into_the_original():
    text = "x john dot smith at gmail dot com y"
    normalized = normalize(text)
    assert normalized.text == "x john.smith@gmail.com y"
    start = normalized.text.index("john")
    span = normalized.to_original(Span(start, start + len("john.smith@gmail.com"), "EMAIL", 1, "t"))
    assert text[span.start : span.end] == "john dot smith at gmail dot com"


def test_prose_with_number_words_is_not_rewritten():
    assert not normalize("I have one or two cats and meet them at home").changed


def test_more_specific_label_wins_an_overlap():
    spans = [
        Span(0, 19, "PHONE", 0.9, "a"),
        Span(0, 19, "CREDIT_CARD", 0.85, "b"),
        Span(20, 30, "LOCATION", 0.99, "c"),
        Span(5, 40, "STREET_ADDRESS", 0.8, "d"),
    ]
    # The card beats the phone and the address it overlaps; the city, freed from the
    # losing address, no longer overlaps anything that was kept.
    assert [(s.label, s.start, s.end) for s in resolve_overlaps(" " * 40, spans)] == [
        ("CREDIT_CARD", 0, 19),
        ("LOCATION", 20, 30),
    ]


def test_same_label_overlaps_become_one_entity():
    merged = resolve_overlaps(
        " " * 10, [Span(0, 4, "PERSON", 0.7, "a"), Span(2, 10, "PERSON", 0.9, "b")]
    )
    assert [(s.start, s.end, s.score, s.source) for s in merged] == [(0, 10, 0.9, "a+b")]


def test_deny_list_always_redacts_and_outranks_everything():
    analyzer = Analyzer.from_names(
        ["regex.email.v1"],
        deny_list=DenyList({"Project Falcon": "CODENAME", "re:\\bOkafor\\b": "PERSON"}),
    )
    text = "project falcon ships; ask Okafor"
    assert [(s.label, text[s.start : s.end]) for s in analyzer.analyze(text)] == [
        ("CODENAME", "project falcon"),
        ("PERSON", "Okafor"),
    ]


def test_allow_list_keeps_terms_exact_and_regex(analyzer):
    allowing = Analyzer(
        recognizers=analyzer.recognizers,
        allow_list=AllowList(["Sarah Johnson", "re:.*@acme\\.io"]),
    )
    text = "Sarah Johnson wrote to ops@acme.io and bob@gmail.com"
    assert [(s.label, text[s.start : s.end]) for s in allowing.analyze(text)] == [
        ("EMAIL", "bob@gmail.com")
    ]


def test_bad_list_regex_is_a_clear_error():
    with pytest.raises(ListPatternError, match="invalid regex"):
        DenyList({"re:([": "PERSON"})
