"""One row of the national identifier table: how the identifier is written, what proves it,
and which words name it.

A rule accepts a candidate of its written shape when its check passes (a python-stdnum
module, or a validator written here from the published specification) and, where the rule
needs one, a word naming the identifier stands within the context window before it. A
format with no check digit and no distinctive shape (a passport, a licence, a postcode)
always needs that word; a weak check (one digit, mod 10 or 11, over a bare digit run) does
too, since one in ten of any digit run passes it.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import CONTEXT_WINDOW, WORD

# Not inside a longer run of digits or letters: a 10,000-digit number yields no candidate,
# and the scan stays linear (each pattern is bounded). A shape written with spaces must not
# start or end inside a number written in groups either ("12 345 678 901": no 9-digit id
# starts at "345"); one without spaces may (a list of ids separated by spaces).
_EDGE_BEFORE = r"(?<![\p{L}\p{N}\-+.])"
_EDGE_AFTER = r"(?![\p{L}\p{N}]|[\-+.]\p{N})"
_GROUP_EDGE_BEFORE = r"(?<!\p{N} )"
_GROUP_EDGE_AFTER = r"(?! \p{N})"
_SEPARATOR = regex.compile(r"[ .\-/]")

Check = Callable[[str], bool]  # takes the value with its separators removed, upper case


def grouped(count: int, char: str = r"\d") -> str:
    """``count`` characters of class ``char`` split by spaces, dots or dashes in any
    grouping ("51 824 753 556", "518-2475-3556", "51824753556")."""
    return rf"{char}(?:[ .\-]?{char}){{{count - 1}}}"


_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)


def ascii_upper(text: str) -> str:
    return text.translate(_ASCII_UPPER)


def context_pattern(words: Iterable[str]) -> regex.Pattern[str]:
    """``words`` as whole words, case-insensitively except those written in capitals."""
    alternatives = [
        f"(?-i:{regex.escape(word)})" if word.isupper() else regex.escape(word)
        for word in sorted(words, key=len, reverse=True)
    ]
    return regex.compile(rf"(?<!{WORD})(?:{'|'.join(alternatives)})(?!{WORD})", regex.IGNORECASE)


def compact(value: str) -> str:
    return _SEPARATOR.sub("", value).upper()


@dataclass(frozen=True)
class NationalId:
    name: str  # country.identifier: python-stdnum's module name where it has one
    shape: str  # the written form, in upper case (see ``searched``)
    # A python-stdnum module name, a validator of the compact value, or None: the shape
    # is all there is to check.
    check: str | Check | None
    # Words that name the identifier, in any case; one written in capitals (an acronym
    # that is also a word: SIN, PAN, FIN, CF) names it only in capitals.
    context: tuple[str, ...] = ()
    needs_context: bool = True  # False: the shape and check alone are proof enough
    # A postcode is part of an address: labelled as one, it joins the address around it.
    label: str = labels.ID_NUMBER
    pattern: regex.Pattern[str] = field(init=False, repr=False, compare=False)
    context_words: regex.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.needs_context and not self.context:
            raise ValueError(f"{self.name}: a rule that needs a context word must name some")
        # Made with the rule (at import, where the tables are defined), so they go into
        # the table of compiled patterns; each still compiles on its first use.
        spaced = " " in self.shape
        before = _EDGE_BEFORE + (_GROUP_EDGE_BEFORE if spaced else "")
        after = _EDGE_AFTER + (_GROUP_EDGE_AFTER if spaced else "")
        object.__setattr__(self, "pattern", regex.compile(f"{before}(?:{self.shape}){after}"))
        words = context_pattern(self.context) if self.context else None
        object.__setattr__(self, "context_words", words)

    def searched(self, text: str, upper: str) -> str:
        """With a context word the value may be typed in lower case ("passaporto
        ya1234567"); alone it may not. (``upper`` is ``text`` with ASCII letters upper
        cased: the same offsets, and one case-sensitive scan instead of a case-folding
        one, which costs several times more.)"""
        return upper if self.needs_context else text

    @cached_property
    def validator(self) -> Check | None:
        if not isinstance(self.check, str):
            return self.check
        module = importlib.import_module(f"stdnum.{self.check}")
        # stdnum reads some separators (a HETU's century sign, a Steuernummer's slashes):
        # the value as written first, then without the separators it does not know.
        return lambda value: bool(module.is_valid(value) or module.is_valid(compact(value)))

    @property
    def described(self) -> str:
        """What accepted a value, as `veil check` shows it."""
        if isinstance(self.check, str):
            how = f"stdnum.{self.check}"
        elif self.check is not None:
            how = f"{self.check.__name__} (the published check)"
        else:
            how = "its written shape"
        return f"{self.name}: {how}" + (" after a word naming it" if self.needs_context else "")

    def is_valid(self, value: str) -> bool:
        validator = self.validator
        if validator is None:
            return True
        return validator(value if isinstance(self.check, str) else compact(value))

    def named_before(self, text: str, start: int) -> bool:
        words = self.context_words
        return words is not None and bool(words.search(text, max(0, start - CONTEXT_WINDOW), start))
