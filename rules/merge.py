"""Overlap resolution: one span per entity.

Spans of the same label that overlap are one entity (their union). Between labels the
more specific one wins (a validated IBAN over the PHONE its digits also parse as, a
STREET_ADDRESS over the city inside it), then the higher score, then the longer span.
Deny-list spans outrank everything: the user said so.
"""

from __future__ import annotations

import bisect

from veil.rules import lazy_regex as regex
from veil.rules.labels import ORGANIZATION, PERSON, specificity
from veil.rules.pattern import SENTENCE_OPENS
from veil.rules.spans import Span

DENY_SOURCE = "deny_list"
INSTITUTION_SOURCE = "institutions."


def _priority(span: Span) -> tuple[int, int, float, int]:
    return (span.source == DENY_SOURCE, specificity(span.label), span.score, len(span))


def union_same_label(spans: list[Span]) -> list[Span]:
    merged: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.label, s.start, -s.end)):
        last = merged[-1] if merged else None
        if last and last.label == span.label and span.start < last.end:
            sources = (
                last.source
                if span.source in last.source.split("+")
                else (f"{last.source}+{span.source}")
            )
            merged[-1] = Span(
                last.start,
                max(last.end, span.end),
                last.label,
                max(last.score, span.score),
                sources,
                last.validator or span.validator,
            )
        else:
            merged.append(span)
    return merged


def _inside_an_institution(text: str, spans: list[Span]) -> list[Span]:
    """Drop the names an institution's name holds ("Wróbel" in "Biuro Rachunkowe Wróbel i
    Syn", "Brigid" in "St. Brigid's Parish"): the head noun says the whole is the school,
    the church or the firm, though a person's name outranks an organisation's otherwise."""
    institutions = sorted(
        (s for s in spans if s.label == ORGANIZATION and INSTITUTION_SOURCE in s.source),
        key=lambda s: s.start,
    )
    if not institutions:
        return spans
    starts = [s.start for s in institutions]
    kept = []
    for span in spans:
        if span.label == PERSON:
            index = bisect.bisect_right(starts, span.start) - 1
            holder = institutions[index] if index >= 0 else None
            if holder is not None and span.end <= holder.end and len(span) <= len(holder):
                continue
            # NER's person running into an institution's opening words ("Kepala Cabang PT"
            # of "... Kepala Cabang PT Sinar Lestari Abadi"): the head is the firm's
            following = institutions[index + 1] if index + 1 < len(institutions) else None
            if (
                following is not None
                and span.start < following.start < span.end <= following.end
                and all(source.startswith(NER_SOURCE) for source in span.source.split("+"))
            ):
                end = len(text[: following.start].rstrip())
                if end <= span.start:
                    continue
                span = Span(span.start, end, span.label, span.score, span.source)
        kept.append(span)
    return kept


PLACES_SOURCE = "places."
NAMED_STREET = "named street"  # the places recognizer's validator for a street's name
NER_SOURCE = "spacy."


_ONE_WORD = regex.compile(r"\S+[ \t]+")


def _first_word_before(text: str, span: Span, town: Span) -> bool:
    """``span`` is a sentence's first word and then ``town``."""
    return (
        span.start < town.start
        and _ONE_WORD.fullmatch(text, span.start, town.start) is not None
        and SENTENCE_OPENS.search(text, max(0, span.start - 8), span.start) is not None
    )


def _towns_where_a_place_goes(text: str, spans: list[Span]) -> list[Span]:
    """Drop NER's person or firm within a town the places recognizer found
    where the grammar puts a place ("w Słupsku", "à Remiremont", "em Pinheiros"): the small
    model's guess at a foreign word's type loses to a gazetteer and a preposition, unless
    the name rules also read it as a person."""
    towns = [s for s in spans if PLACES_SOURCE in s.source]
    if not towns:
        return spans

    def loses(span: Span) -> bool:
        if span.label not in (PERSON, ORGANIZATION):
            return False
        ner_only = all(source.startswith(NER_SOURCE) for source in span.source.split("+"))
        return any(
            # a piece of a longer town, whoever read it ("Campo" of "São Bernardo do
            # Campo"), or the same words NER alone read as a person or firm
            (town.contains(span) and len(town) > len(span))
            or ((town.start, town.end) == (span.start, span.end) and ner_only)
            # or NER's guess that runs over a street's whole name ("J'habite rue X")
            or (ner_only and town.validator == NAMED_STREET and span.contains(town))
            # or over a sentence's first word and the town after it, a capital for a
            # sentence read as a name's ("Asun Jyväskylässä", "Ailece Gebze'ye")
            or (ner_only and town.end == span.end and _first_word_before(text, span, town))
            for town in towns
        )

    return [s for s in spans if not loses(s)]


def resolve_overlaps(text: str, spans: list[Span]) -> list[Span]:
    """Non-overlapping spans, sorted by start."""
    accepted: list[Span] = []  # disjoint and sorted by start: only neighbours can overlap
    starts: list[int] = []
    merged = _inside_an_institution(text, _towns_where_a_place_goes(text, union_same_label(spans)))
    for span in sorted(merged, key=_priority, reverse=True):
        index = bisect.bisect_left(starts, span.start)
        neighbours = accepted[max(0, index - 1) : index + 1]
        if not any(span.overlaps(other) for other in neighbours):
            accepted.insert(index, span)
            starts.insert(index, span.start)
    return accepted


def join_adjacent_names(text: str, spans: list[Span]) -> list[Span]:
    """Two PERSON spans with only a space between them are one name: a first name one
    recognizer knows and a surname another does ("Olumide" + "McAllister"). Left apart,
    the surname would read as a surname alone, which is how public figures are named."""
    joined: list[Span] = []
    for span in spans:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.label == span.label == PERSON
            and 0 < span.start - last.end <= 2
            and text[last.end : span.start].strip(" ") == ""
        ):
            source = last.source if last.source == span.source else f"{last.source}+{span.source}"
            joined[-1] = Span(last.start, span.end, PERSON, max(last.score, span.score), source)
        else:
            joined.append(span)
    return joined
