"""National identifiers: identity, tax, health, licence and registration numbers of the
countries in ``europe``, ``asia_pacific`` and ``americas_africa``.

A candidate of a rule's written shape is accepted when its check passes (python-stdnum's
module for the identifier, or a validator in ``checks`` written from the specification)
and, where the rule needs one, a word naming the identifier stands just before it (see
``rule``). Separators in any grouping are removed before validation. A number that fails
the check of an identifier the text names is nobody's phone number either
(``named_but_invalid``). Spanish DNI/NIE and UK NINO are regex.id_number.v1's (the DNI
is named here only so that a wrong check letter after "DNI" is refuted), US SSNs are
regex.us_ssn.v1's.
"""

from __future__ import annotations

from functools import cache

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import CONTEXT_WINDOW
from veil.rules.recognizers.national_ids import americas_africa, asia_pacific, europe
from veil.rules.recognizers.national_ids.rule import NationalId, ascii_upper, context_pattern
from veil.rules.registry import register
from veil.rules.spans import Span

NATIONAL_IDS: tuple[NationalId, ...] = europe.RULES + asia_pacific.RULES + americas_africa.RULES

__all__ = [
    "NATIONAL_IDS",
    "NationalId",
    "NationalIdRecognizer",
    "identifier_goes_on",
    "named_but_invalid",
    "shaped_but_invalid",
]

_DIGIT = regex.compile(r"\d")
_ALONE = tuple(rule for rule in NATIONAL_IDS if not rule.needs_context)


def _all_words() -> frozenset[str]:
    return frozenset(word for rule in NATIONAL_IDS for word in rule.context)


# Every rule's context words at once: most texts name no identifier at all.
_ANY_CONTEXT = context_pattern(_all_words())


@cache
def _words_by_lowered() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every context word under its lower-case form (lowered once, not once a text)."""
    by_lowered: dict[str, list[str]] = {}
    for word in sorted(_all_words()):
        by_lowered.setdefault(word.lower(), []).append(word)
    return tuple((lowered, tuple(words)) for lowered, words in by_lowered.items())


class NationalIdRecognizer:
    """National identifiers, by their shape, their check digits and the words naming them."""

    name = "stdnum.national_id.v1"
    labels = (labels.ID_NUMBER, labels.STREET_ADDRESS)

    def find(self, text: str) -> list[Span]:
        if not _DIGIT.search(text):
            return []  # every identifier here has digits
        upper = ascii_upper(text)
        # Substring tests first (a few microseconds for all the words): a rule that needs a
        # word runs only where one of its words occurs somewhere in the text.
        lower = text.lower()
        present = {
            word for lowered, words in _words_by_lowered() if lowered in lower for word in words
        }
        # A number may be valid under two countries' rules (13 digits: South African and
        # Thai, say): one span for it.
        found: dict[tuple[int, int], NationalId] = {}
        for rule in NATIONAL_IDS:
            if rule.needs_context and present.isdisjoint(rule.context):
                continue
            for match in rule.pattern.finditer(rule.searched(text, upper)):
                span = match.span()
                if span in found:
                    continue
                if rule.needs_context and not rule.named_before(text, span[0]):
                    continue
                if not rule.is_valid(match.group(0)):
                    continue
                if not rule.needs_context and named_but_invalid(text, *span):
                    continue  # "ABN 123 456 782": another identifier's number is not valid here
                found[span] = rule
        return [
            Span(start, end, rule.label, 0.85, self.name, rule.described)
            for (start, end), rule in sorted(found.items())
        ]


def named_but_invalid(text: str, start: int, end: int) -> bool:
    """Whether the text names an identifier just before ``start`` whose written shape
    covers ``text[start:end]`` but whose check it fails ("ABN 51 824 753 557", "SVNR 23
    290685 D183"): then it is not that identifier, and the word says it is not a phone
    number either. A number valid under any identifier named there, or of the shape of one
    with no check to fail, is not refuted."""
    # Read only around the number: callers ask once per candidate, in texts of any length.
    offset = max(0, start - CONTEXT_WINDOW - 8)
    around = text[offset : end + 64]  # longer than any identifier
    start, end = start - offset, end - offset
    if not _ANY_CONTEXT.search(around, max(0, start - CONTEXT_WINDOW), start):
        return False
    upper = ascii_upper(around)
    refuted = False
    for rule in NATIONAL_IDS:
        if not rule.named_before(around, start):
            continue
        match = rule.pattern.match(rule.searched(around, upper), start)
        if match is None or match.end() < end:
            continue
        if rule.check is None or rule.is_valid(match.group(0)):
            return False  # a format-only identifier of that name, or a valid one
        refuted = True
    return refuted


def shaped_but_invalid(value: str) -> bool:
    """Whether ``value``, alone, has the written shape of identifiers with a check, and
    fails every one of their checks ("CLABT9483CQ" of a PAN's shape): then its shape says
    what it would be, and the check that it is not. One a rule could accept, or of a
    shape with no check, is not refuted."""
    refuted = False
    for rule in NATIONAL_IDS:
        match = rule.pattern.fullmatch(value)
        if match is None:
            continue
        if rule.check is None or rule.is_valid(value):
            return False
        refuted = True
    return refuted


def identifier_goes_on(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is the beginning of a longer identifier of a shape that
    needs no word (the digits of "23 020466 D183", a Rentenversicherungsnummer)."""
    stop = min(len(text), end + 64)  # longer than any identifier
    return any(
        (match := rule.pattern.match(text, start, stop)) is not None and match.end() > end
        for rule in _ALONE
    )


register("stdnum.national_id.v1")(NationalIdRecognizer)
