"""National identity numbers that carry their own proof: a check digit, usually over an
encoded birth date. A candidate of the right shape is accepted only when python-stdnum
validates it (the number's published algorithm), so no context word is needed and a
number that fails its check is never labelled.

Each rule names the stdnum module that implements the identifier's specification, and
the written shape people use (digits with the separators the issuing country prints).
Separators are removed before validation (stdnum's ``compact``). Spanish DNI and NIE
numbers are regex.id_number.v1's, by the same check letter.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

import regex

from veil.rules import labels
from veil.rules.registry import register
from veil.rules.spans import Span

# Not inside a longer run of digits or letters: a 10,000-digit number yields no candidate,
# and the scan stays linear (each pattern is bounded).
_EDGE_BEFORE = r"(?<![\p{L}\p{N}\-+.])"
_EDGE_AFTER = r"(?![\p{L}\p{N}]|[\-+.]\p{N})"


@dataclass(frozen=True)
class NationalId:
    name: str  # the python-stdnum module implementing the specification
    shape: str  # the written form: digits and the country's own separators

    @cached_property
    def pattern(self) -> regex.Pattern[str]:
        return regex.compile(_EDGE_BEFORE + self.shape + _EDGE_AFTER)

    @cached_property
    def validator(self) -> ModuleType:
        return importlib.import_module(f"stdnum.{self.name}")

    def is_valid(self, value: str) -> bool:
        return bool(self.validator.is_valid(value))


NATIONAL_IDS: tuple[NationalId, ...] = (
    # YYMMDD-NNNC (or + past 100 years), or YYYYMMDDNNNC: Luhn over the last ten digits.
    NationalId("se.personnummer", r"(?:\d{8}[\-+ ]?\d{4}|\d{6}[\-+]\d{4})"),
    # DDMMYY, century sign (+ - A, and B-F, U-Y since 2023), NNN, check character mod 31.
    NationalId("fi.hetu", r"\d{6}[\-+A-FU-Y]\d{3}[0-9A-Y]"),
    # 11 digits, no leading zero, two check digits.
    NationalId("tr.tckimlik", r"[1-9]\d{10}"),
    # YYMMDD with month +20/+40/... for the century, serial, weighted check digit.
    NationalId("pl.pesel", r"\d{11}"),
    # YYMMDD-GNNNNNC: the seventh digit is century and sex; weighted check digit.
    NationalId("kr.rrn", r"\d{6}[\- ]?\d{7}"),
    # YYMMDD SSSS C A Z: date of birth, sequence, citizenship, Luhn check digit.
    NationalId("za.idnr", r"\d{6}[ ]?\d{4}[ ]?\d[ ]?\d{2}"),
    # X-XXXX-XXXXX-XX-X: first digit 1-8 (the kind of holder), mod 11 check digit.
    NationalId("th.pin", r"[1-8](?:[\- ]?\d{4}[\- ]?\d{5}[\- ]?\d{2}[\- ]?\d|\d{12})"),
)


class NationalIdRecognizer:
    """National identity numbers, by their shape and their check digits."""

    name = "stdnum.national_id.v1"
    labels = (labels.ID_NUMBER,)

    def find(self, text: str) -> list[Span]:
        # A number may be valid under two countries' rules (13 digits: South African and
        # Thai, say): one span for it.
        found: dict[tuple[int, int], None] = {}
        for rule in NATIONAL_IDS:
            for match in rule.pattern.finditer(text):
                if match.span() not in found and rule.is_valid(match.group(0)):
                    found[match.span()] = None
        return [Span(start, end, labels.ID_NUMBER, 0.85, self.name) for start, end in sorted(found)]


register("stdnum.national_id.v1")(NationalIdRecognizer)
