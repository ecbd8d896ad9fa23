"""Given names the encyclopedia attests (rules.given_names): words that open many entry
titles ending in a surname, kept in a file in the user cache, and read by the name rules
beside Faker's lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from veil.rules import derived, given_names
from veil.rules.recognizers import names


def _titles(first: str, people: int, things: int) -> list[str]:
    """Titles opened by ``first``: ``people`` ending in a surname, ``things`` not."""
    surnames = ["sharma", "shetty", "berg", "nowak", "okafor", "silva"]
    full_names = [f"{first} {chr(97 + i)} {surnames[i % 6]}" for i in range(people)]
    return full_names + [f"{first} thing{i}" for i in range(things)]


LAST = frozenset({"Sharma", "Shetty", "Berg", "Nowak", "Okafor", "Silva"})


def test_a_word_that_opens_many_full_names_is_a_given_name() -> None:
    titles = _titles("rohit", 12, 10) + _titles("new", 12, 200) + _titles("dawn", 3, 0)
    # "new" opens titles of every kind; "dawn" too few to tell
    assert given_names.attested(titles, frozenset(), LAST) == ["Rohit"]


def test_known_first_names_surnames_and_ordinary_words_are_left_out() -> None:
    titles = _titles("anna", 20, 0) + _titles("berg", 20, 0) + _titles("grace", 20, 0)
    # Faker has Anna; Berg is a surname; "grace" is a name and an English word
    assert given_names.attested(titles, frozenset({"Anna"}), LAST) == []


def test_the_file_round_trips_and_a_cut_off_one_is_refused(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VEIL_TABLES_DIR", str(tmp_path))
    monkeypatch.setattr(given_names, "_title_keys", lambda: _titles("priyanka", 15, 5))
    assert given_names.load(frozenset(), LAST) == {"Priyanka"}
    given_names.path().write_text("# veil given names from the encyclopedia v1\nPriyanka\n")
    with pytest.raises(derived.DerivedTableError, match="incomplete or damaged"):
        given_names.load(frozenset(), LAST)


def test_the_name_rules_read_them_beside_fakers_lists() -> None:
    first, _ = names.known_name_words()
    assert {"Rohit", "Priyanka", "Maddie"} <= first


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my manager priyanka keeps pinging me on slack at 11pm", "priyanka"),
        ("legal notice ka draft bana do, mera naam Rohit Malhotra hai", "Rohit Malhotra"),
    ],
)
def test_a_name_faker_lacks_is_protected(analyzer, text, name):
    assert name in {text[s.start : s.end] for s in analyzer.analyze(text)}
