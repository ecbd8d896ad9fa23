"""rules.lazy_regex: patterns compiled on first use behave as compiled ones."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
import regex

import veil.rules
from veil.rules import lazy_regex


def test_a_lazy_pattern_compiles_on_first_use_and_then_is_the_compiled_one():
    lazy = lazy_regex.compile(r"\b(?P<word>fo+)\b", regex.IGNORECASE)
    assert "_compiled" not in vars(lazy)
    assert lazy.pattern == r"\b(?P<word>fo+)\b"  # read without compiling
    assert "_compiled" not in vars(lazy)
    found = lazy.search("a FOO b")
    assert found is not None and found.group("word") == "FOO"
    compiled = regex.compile(r"\b(?P<word>fo+)\b", regex.IGNORECASE)
    assert lazy.flags == compiled.flags and lazy.groupindex == compiled.groupindex
    assert [m.span() for m in lazy.finditer("foo fooo")] == [(0, 3), (4, 8)]
    assert lazy.sub("x", "foo bar") == "x bar"


def test_the_module_functions_take_a_lazy_pattern_or_a_string():
    lazy = lazy_regex.compile(r"\d+")
    assert lazy_regex.findall(lazy, "a1b22") == ["1", "22"]
    assert lazy_regex.sub(r"\d", "#", "a1") == "a#"
    assert lazy_regex.compile(lazy).pattern == r"\d+"
    assert lazy_regex.IGNORECASE is regex.IGNORECASE and lazy_regex.escape is regex.escape


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("search", (r"b+", "abbc")),
        ("search", (r"B+", "abbc", regex.IGNORECASE)),
        ("match", (r"a", "abc")),
        ("fullmatch", (r"\p{Ll}{3,}", "abc")),
        ("fullmatch", (r"x", "abc", 0, 1)),  # pos: regex's own function
        ("findall", (r"\d", "a1b2")),
        ("finditer", (r"\d", "a1b2")),
        ("sub", (r"\d", "#", "a1b2")),
        ("sub", (r"\d", "#", "a1b2", 1)),  # a count, not flags
        ("subn", (r"\d", "#", "a1b2")),
        ("split", (r"[ ,]", "a b,c")),
        ("split", (r"[ ,]", "a b,c", 1)),  # maxsplit, not flags
    ],
)
def test_the_module_functions_answer_as_the_regex_modules_own(name, args):
    # a string pattern is compiled once and kept: the answers are regex's
    ours, theirs = getattr(lazy_regex, name)(*args), getattr(regex, name)(*args)
    if name == "finditer":
        ours, theirs = [m.span() for m in ours], [m.span() for m in theirs]
    elif name in ("search", "match", "fullmatch"):
        ours, theirs = ours and ours.span(), theirs and theirs.span()
    assert ours == theirs


def test_a_bad_pattern_fails_when_first_used():
    bad = lazy_regex.LazyPattern(r"(unclosed")  # not registered: compile_all would fail
    with pytest.raises(regex.error):
        bad.search("x")


def test_every_pattern_of_the_rules_compiles():
    """What eager compilation checked at import: every module's patterns are valid."""
    for module in pkgutil.walk_packages(veil.rules.__path__, "veil.rules."):
        importlib.import_module(module.name)
    assert lazy_regex.compile_all() > 300


def _made_in_a_function():
    return lazy_regex.compile(r"Siobhán Kearney")


def test_only_the_patterns_modules_make_at_import_may_be_kept_in_the_table():
    from veil.rules.recognizers import address

    assert address._ADDRESS._stored
    # one made while a text is read (a name from a message) is never written to disk
    assert not _made_in_a_function()._stored


@pytest.fixture
def table_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_TABLES_DIR", str(tmp_path))
    monkeypatch.setattr(lazy_regex, "_loaded", None)
    return tmp_path


def test_a_pattern_read_from_the_table_is_the_one_compiled(table_dir):
    source = r"(?<!\w)(?P<n>\d{1,6})[ \t]+(?:Elm|Oak)[ \t]+(?:Street|St)\b"
    stored = lazy_regex.LazyPattern(source, regex.IGNORECASE, stored=True)
    with lazy_regex._made_lock:
        lazy_regex._made.add(stored)
    lazy_regex.compile_all(save=True)
    assert lazy_regex.table_path().exists()
    lazy_regex._loaded = None  # as a new process: read the file
    again = lazy_regex.LazyPattern(source, regex.IGNORECASE, stored=True)
    from_table = lazy_regex._from_table(source, int(regex.IGNORECASE))
    assert from_table is not None
    compiled = regex.compile(source, regex.IGNORECASE)
    text = "I live at 12 elm st and she at 4 Oak Street"
    assert again.flags == compiled.flags and again.groupindex == compiled.groupindex
    assert [m.span("n") for m in again.finditer(text)] == [
        m.span("n") for m in compiled.finditer(text)
    ]


def test_a_damaged_table_is_ignored(table_dir):
    path = lazy_regex.table_path()
    path.write_bytes(b"\0" * 32 + b"not a table")
    assert lazy_regex._table() == {}
    lazy = lazy_regex.LazyPattern(r"\d+", stored=True)
    assert lazy.findall("a1b22") == ["1", "22"]


def _regex_notes() -> dict:
    """The regex module's notes on which sources are locale-sensitive, by source."""
    return vars(importlib.import_module(regex.compile.__module__))["_locale_sensitive"]


def test_a_pattern_compiled_now_leaves_no_note_of_its_source_behind():
    # a vault's values: a new pattern each time its conversation's vault grows
    source = r"(?<!\w)Oyelaran-compile-now(?!\w)|(?<!\w)Whitfield-compile-now(?!\w)"
    compiled = lazy_regex.compile_now(source, regex.IGNORECASE)
    assert compiled.search("dear WHITFIELD-compile-now,").span() == (5, 26)
    assert (str, source) not in _regex_notes()


def test_the_notes_on_uncached_sources_are_dropped_and_cached_patterns_still_work():
    uncached = r"(?<![\w@.])(Siobhán-uncached|Kearney-uncached)(?![\w@])"
    cached = r"\bcached-note-(\d+)\b"
    regex.compile(uncached, regex.IGNORECASE, cache_pattern=False)
    regex.compile(cached)
    assert (str, uncached) in _regex_notes()
    assert lazy_regex.forget_uncached_sources() >= 1
    assert (str, uncached) not in _regex_notes()
    assert (str, cached) in _regex_notes()
    assert regex.compile(cached).findall("cached-note-12 cached-note-3") == ["12", "3"]
