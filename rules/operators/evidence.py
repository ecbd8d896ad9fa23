"""Reading the slow stage's evidence: the words inside a phrase the attacker quoted for an
attribute that an operator can rewrite.

The attacker has already said whose attribute it is (the writer's) and which one, so no
subject cues are needed here, only the value: a year or an age, a known place, a job
title, a family or gendered word, an amount, a degree. The recognizers of rules.quasi
are asked first (they know the most shapes); these readings catch what their subject
rules leave out of a bare phrase ("the ER nurses on my ward" -> "nurses").
"""

from __future__ import annotations

from dataclasses import dataclass

from veil.rules import geography
from veil.rules import lazy_regex as regex
from veil.rules.operators.generalizations import degree_level, income_amount, neutral_family
from veil.rules.spans import Span

SOURCE = "evidence.v1"


@dataclass(frozen=True, slots=True)
class EvidenceDisclosure:
    span: Span
    attribute: str
    subject: str = "writer"
    value: str | int | None = None
    detail: str = ""


_YEAR = regex.compile(r"(?<!\d)(19[3-9]\d|200\d|201[0-5])(?!\d)")
_AGE = regex.compile(
    r"(?<![\d.,$€£])(1[3-9]|[2-9]\d)(?:[- ]?(?:years?|yrs?|y/?o)(?:[- ]old)?)?(?![\d.,%])"
)
_CAPITALIZED_RUN = regex.compile(r"\b\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}")
_AMOUNT = regex.compile(
    r"(?:[$€£¥]\s*\d[\d,.]*\s*(?:k|K|m|M|thousand|million)?|\d[\d,.]*\s*(?:k|K|thousand|grand)"
    r"\b)(?:\s*(?:a|per|/)\s*(?:year|yr|month|mo|hour|hr))?"
)


def read_evidence(phrase: str, attribute: str) -> list[EvidenceDisclosure]:
    """Non-overlapping values of ``attribute`` inside ``phrase``, by start."""
    found = _from_recognizers(phrase, attribute) or _READERS.get(attribute, _nothing)(phrase)
    chosen: list[EvidenceDisclosure] = []
    for item in sorted(found, key=lambda d: (d.span.start, -len(d.span))):
        if not any(item.span.overlaps(c.span) for c in chosen):
            chosen.append(item)
    return chosen


def _from_recognizers(phrase: str, attribute: str) -> list:
    from veil.rules.quasi import find_disclosures

    return [d for d in find_disclosures(phrase) if d.attribute == attribute]


def _span(match: regex.Match[str], attribute: str, group: int = 0) -> Span:
    return Span(match.start(group), match.end(group), attribute.upper(), 0.5, SOURCE)


def _nothing(phrase: str) -> list[EvidenceDisclosure]:
    return []


def _ages(phrase: str) -> list[EvidenceDisclosure]:
    years = [
        EvidenceDisclosure(_span(m, "age"), "age", value=int(m.group(0)), detail="birth_year")
        for m in _YEAR.finditer(phrase)
    ]
    ages = [
        EvidenceDisclosure(_span(m, "age"), "age", value=int(m.group(1)), detail="age")
        for m in _AGE.finditer(phrase)
    ]
    return years + ages


def _places(attribute: str):
    def read(phrase: str) -> list[EvidenceDisclosure]:
        out = []
        for match in _CAPITALIZED_RUN.finditer(phrase):
            words = match.group(0).split()
            # The longest leading run of the capitalized words that names a place.
            for size in range(len(words), 0, -1):
                name = " ".join(words[:size])
                if geography.population_of(name) is not None:
                    end = match.start() + len(name)
                    span = Span(match.start(), end, "LOCATION", 0.5, SOURCE)
                    out.append(EvidenceDisclosure(span, attribute, value=name, detail="city"))
                    break
        return out

    return read


def _occupations(phrase: str) -> list[EvidenceDisclosure]:
    from veil.rules.quasi import occupation_group

    out = []
    words = list(regex.finditer(r"[\p{L}'-]+", phrase))
    taken: list[tuple[int, int]] = []
    for size in (3, 2, 1):
        for i in range(len(words) - size + 1):
            start, end = words[i].start(), words[i + size - 1].end()
            if any(s < end and start < e for s, e in taken):
                continue
            title = phrase[start:end].casefold()
            singular = title[:-1] if title.endswith("s") else title
            if occupation_group(title) or occupation_group(singular):
                taken.append((start, end))
                span = Span(start, end, "OCCUPATION", 0.5, SOURCE)
                detail = "plural" if title != singular and not occupation_group(title) else ""
                out.append(EvidenceDisclosure(span, "occupation", value=title, detail=detail))
    return out


def _family(phrase: str) -> list[EvidenceDisclosure]:
    out = []
    for match in regex.finditer(r"[\p{L}]+", phrase):
        if neutral_family(match.group(0)) is not None:
            out.append(EvidenceDisclosure(_span(match, "family"), "family"))
    return out


def _gender(phrase: str) -> list[EvidenceDisclosure]:
    from veil.rules.operators.generalizations import GENDER_WORDS

    return [
        EvidenceDisclosure(_span(m, "gender"), "gender")
        for m in regex.finditer(r"[\p{L}]+", phrase)
        if m.group(0).casefold() in GENDER_WORDS
    ]


def _income(phrase: str) -> list[EvidenceDisclosure]:
    return [
        EvidenceDisclosure(_span(m, "income"), "income")
        for m in _AMOUNT.finditer(phrase)
        if income_amount(m.group(0)) is not None
    ]


def _education(phrase: str) -> list[EvidenceDisclosure]:
    pattern = regex.compile(
        r"\b(?:(?:a|an|my)\s+)?(?:ph\.?\s?d|doctorate|master'?s?|bachelor'?s?|mba|b\.?sc|m\.?sc|"
        r"associate'?s?)(?:\s+degree)?(?:\s+(?:in|of)\s+[\p{L}]+(?:\s+[\p{L}]+)?)?",
        regex.IGNORECASE,
    )
    return [
        EvidenceDisclosure(_span(m, "education"), "education", detail="degree")
        for m in pattern.finditer(phrase)
        if degree_level(m.group(0))
    ]


_READERS = {
    "age": _ages,
    "location": _places("location"),
    "birthplace": _places("birthplace"),
    "occupation": _occupations,
    "family": _family,
    "gender": _gender,
    "income": _income,
    "education": _education,
}
