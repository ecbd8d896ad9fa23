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


def test_a_bad_pattern_fails_when_first_used():
    bad = lazy_regex.LazyPattern(r"(unclosed")  # not registered: compile_all would fail
    with pytest.raises(regex.error):
        bad.search("x")


def test_every_pattern_of_the_rules_compiles():
    """What eager compilation checked at import: every module's patterns are valid."""
    for module in pkgutil.walk_packages(veil.rules.__path__, "veil.rules."):
        importlib.import_module(module.name)
    assert lazy_regex.compile_all() > 300
