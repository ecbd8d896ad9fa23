"""Quasi-identifiers: what a text discloses about the writer or someone they know.

An age, a city, a job, an employer, a degree, a family, a gender, an income, a health
condition, an ethnicity, a nationality, a religion or an orientation is not a name, but a
few of them together single a person out. ``find_disclosures`` finds them by the rules of
the language (a first-person or relation subject, a copula or a verb of living, working,
studying; units and cue frames) plus closed vocabularies where the attribute has one
(ISCO-08 occupation groups, ISCED degree levels, ICD-11 chapters, family terms).

Relation to the PII spans of the same text: the fast stage's spans (names, places,
organisations it protects) are passed in as ``protected``; a disclosure never overlaps
one, so the operators that rewrite disclosures never touch a pseudonym. Code, quoted text
and third parties who are topics ("the 34-year-old suspect", "nurses in the UK earn")
yield nothing. The cue frames are compiled patterns and dictionary lookups; where they do
not reach ("I turned 34 last week", "since my divorce"), ``grammar`` reads the sentence's
dependency parse, the one the public/private decision reads (rules/syntax.py), made only
for sentences with a first-person word and an attribute-bearing word.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence

import regex

from veil.rules.quasi import age, education, family, grammar, identity, levels, place, work
from veil.rules.quasi.disclosure import SOURCE, Candidate, Disclosure
from veil.rules.quasi.lexicon import degree_level, health_category, occupation_group
from veil.rules.quasi.regions import Regions
from veil.rules.spans import Span

__all__ = [
    "SOURCE",
    "Disclosure",
    "degree_level",
    "find_disclosures",
    "health_category",
    "implied_gender",
    "occupation_group",
    "repeats",
    "with_echoes",
]

_RECOGNIZERS = (age, place, work, education, family, identity, levels, grammar)


def find_disclosures(
    text: str, protected: Sequence[Span] = (), year: int | None = None
) -> list[Disclosure]:
    """Disclosures in ``text`` that do not overlap ``protected`` (the PII spans the fast
    stage already replaces). Non-overlapping, sorted by start. ``year`` is the current
    year that derived ages are computed with (today's if None)."""
    if not text:
        return []
    current_year = year if year is not None else datetime.date.today().year
    regions = Regions(text, protected)
    candidates: list[Candidate] = []
    for recognizer in _RECOGNIZERS:
        for found in recognizer.find(text, current_year):
            if found.start < found.end and not regions.excluded(found.start, found.end):
                candidates.append(found)
    return [c.disclosure() for c in _without_overlaps(candidates)]


# Attributes whose value is a proper name: a later mention of the same name is the same
# place or people, and says the same about the writer ("born in Cork ... Cork beef stew").
_NAMED = frozenset({"location", "birthplace", "nationality"})
_ECHO_SCORE = 0.6


def with_echoes(
    text: str, disclosures: Sequence[Disclosure], protected: Sequence[Span] = ()
) -> list[Disclosure]:
    """``disclosures`` and every other mention, as a whole word, of a name that one of
    ``_NAMED`` gave: each is that disclosure again (same attribute, subject and value), so
    the operator treats all of them alike. Mentions inside ``protected`` spans, quotations
    or code are not. A mention in lower case repeats a capitalised name only if the writer
    wrote that one in lower case too ("nice" is not "Nice"). Sorted by start."""
    regions: Regions | None = None
    echoes: list[Disclosure] = []
    taken = [d.span for d in disclosures]
    seen: set[str] = set()
    for found in disclosures:
        surface = text[found.span.start : found.span.end]
        if found.attribute not in _NAMED or len(surface) < 4 or surface.casefold() in seen:
            continue
        seen.add(surface.casefold())
        for start, end in repeats(text, surface, taken):
            regions = regions or Regions(text, protected)
            if regions.excluded(start, end):
                continue
            span = Span(start, end, found.span.label, _ECHO_SCORE, SOURCE)
            taken.append(span)
            echoes.append(
                Disclosure(span, found.attribute, found.subject, found.value, found.detail)
            )
    return sorted([*disclosures, *echoes], key=lambda d: d.span.start)


def repeats(text: str, surface: str, taken: Sequence[Span]) -> Iterator[tuple[int, int]]:
    """Every mention of ``surface`` in ``text`` as a whole word that overlaps none of
    ``taken`` (read anew at each mention: the caller may add to it). A mention in lower
    case repeats a capitalised name only if the writer wrote that one in lower case too
    ("nice" is not "Nice")."""
    pattern = regex.compile(rf"(?<![\w-]){regex.escape(surface)}(?![\w-])", regex.IGNORECASE)
    for m in pattern.finditer(text):
        if m.group(0)[:1].islower() and not surface[:1].islower():
            continue
        if not any(m.start() < s.end and s.start < m.end() for s in taken):
            yield m.start(), m.end()


def _without_overlaps(candidates: list[Candidate]) -> list[Candidate]:
    """Greedy: the most confident, then the longest candidate keeps its words."""
    ranked = sorted(candidates, key=lambda c: (-c.score, c.start - c.end, c.start, c.attribute))
    kept: list[Candidate] = []
    for candidate in ranked:
        if all(candidate.end <= k.start or k.end <= candidate.start for k in kept):
            kept.append(candidate)
    return sorted(kept, key=lambda c: c.start)


def implied_gender(disclosure: Disclosure) -> str | None:
    """The writer's gender a disclosure implies ("male" for "as a dad of two", "female"
    for "(34F)"), or None. A spouse term says nothing about the writer's own gender."""
    if disclosure.attribute == "gender":
        return disclosure.value if isinstance(disclosure.value, str) else None
    if disclosure.attribute == "family" and disclosure.detail in ("parent", "self"):
        return family.gender_of(disclosure)
    return None
