"""Needles: the literal words a pattern cannot match without, tested in a text folded
(rules.pattern.may_contain) before the pattern runs. Skipping the pattern where none is
present must never lose a match."""

from __future__ import annotations

import importlib
import pkgutil
import re._parser as parser
import sys
from functools import cache

import pytest
import regex

import veil.rules
from veil.rules import pattern


@cache
def _all_needle_letters() -> frozenset[str]:
    for module in pkgutil.walk_packages(veil.rules.__path__, "veil.rules."):
        importlib.import_module(module.name)
    # (as written; a pattern that minds case matches only its own letters, which fold
    # as the needles do)
    return frozenset("".join("".join(w) for w, ignore_case in pattern.NEEDLE_SETS if ignore_case))


@cache
def _cased() -> tuple[str, ...]:
    """Every character with a case mapping or a fold of its own (the only ones that can
    match another character ignoring case)."""
    return tuple(
        ch
        for ch in map(chr, range(sys.maxunicode + 1))
        if ch.lower() != ch or ch.upper() != ch or ch.casefold() != ch
    )


def _fold(text: str) -> str:
    return text.casefold().replace("\u0307", "")


def test_every_character_matching_a_needle_letter_ignoring_case_folds_to_it():
    letters = _all_needle_letters()
    assert letters
    for letter in letters:
        same = regex.compile(regex.escape(letter), regex.IGNORECASE)
        for ch in (*_cased(), letter):
            if same.fullmatch(ch):
                assert _fold(ch) == _fold(letter), (letter, ch)


def _shortest(items) -> list[str]:
    """Strings a simple pattern's parse matches: each optional part once, each repeat its
    minimum, every alternative (nested ones too)."""
    out = [""]
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out = [s + chr(arg) for s in out]
        elif name == "IN":
            kind, first = arg[0]
            if str(kind) == "NEGATE":
                char = " "  # (the classes negated here leave spaces in: "[^\n]")
            elif str(kind) == "CATEGORY":
                char = {"CATEGORY_SPACE": " ", "CATEGORY_DIGIT": "0"}.get(str(first), "x")
            else:
                char = chr(first if str(kind) == "LITERAL" else first[0])
            out = [s + char for s in out]
        elif name == "NOT_LITERAL":
            out = [s + " " for s in out]  # ("[^\n]": a space is in it)
        elif name == "AT":
            continue  # \b, ^, $: nothing to write
        elif name in ("MAX_REPEAT", "MIN_REPEAT"):
            low, high, sub = arg
            out = [s + _shortest(sub)[0] * max(low, min(1, high)) for s in out]
        elif name == "SUBPATTERN":
            out = [s + t for s in out for t in _shortest(arg[-1])]
        elif name == "BRANCH":
            out = [s + t for s in out for b in arg[1] for t in _shortest(b)]
        else:
            raise AssertionError(name)
    return out


def _each_alternative(source: str) -> list[str]:
    return _shortest(list(parser.parse(source)))


def _named(reference: str):
    module, _, name = reference.rpartition(".")
    return getattr(importlib.import_module(f"veil.rules.{module}"), name)


# (the alternation a pattern needs one of, the needles it is gated on, whether it ignores
# case)
@pytest.mark.parametrize(
    ("words", "needles", "ignore_case"),
    [
        ("recognizers.dates._BIRTH_WORDS", "recognizers.dates._BIRTH_NEEDLES", True),
        (
            "recognizers.institutions._HEADS_FIRST",
            "recognizers.institutions._HEADS_FIRST_NEEDLES",
            False,
        ),
        (
            "recognizers.institutions._HEADS_LAST",
            "recognizers.institutions._HEADS_LAST_NEEDLES",
            False,
        ),
        ("pattern.WORK_VERBS_ABROAD", "recognizers.institutions._WORK_VERB_NEEDLES", True),
        ("recognizers.places._LOCALITY_WORDS", "recognizers.places._LOCALITY_NEEDLES", True),
        (
            "recognizers.places._MUNICIPALITY_WORDS",
            "recognizers.places._MUNICIPALITY_NEEDLES",
            True,
        ),
        ("recognizers.contact._LOG_CUES", "recognizers.contact._ACCOUNT_IN_LOGS_NEEDLES", True),
    ],
)
def test_each_alternative_of_a_gated_pattern_holds_a_needle(words, needles, ignore_case):
    _check_alternatives(_named(words), _named(needles), ignore_case)


def test_each_slavic_relation_is_cyrillic_or_holds_a_polish_needle():
    from veil.rules.recognizers import names

    _check_alternatives(
        names.SLAVIC_RELATIONS, names._POLISH_RELATION_NEEDLES, True, or_not_ascii=True
    )


def test_each_nordic_relation_holds_a_nordic_needle():
    from veil.rules.recognizers import names

    _check_alternatives(names.NORDIC_RELATIONS, names._NORDIC_RELATION_NEEDLES, True)


def _check_alternatives(
    source: str, wanted: tuple[str, ...], ignore_case: bool, or_not_ascii: bool = False
) -> None:
    alternatives = _each_alternative(source)
    assert len(alternatives) > source.count("|")  # every alternative, nested ones too
    for text in alternatives:
        assert regex.fullmatch(source, text, regex.IGNORECASE), text
        if or_not_ascii and not text.isascii():
            continue
        assert pattern.may_contain(text, wanted), text
        if ignore_case:
            assert pattern.may_contain(text.upper(), wanted), text
