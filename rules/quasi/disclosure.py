"""The result type of the quasi-identifier finder."""

from __future__ import annotations

from dataclasses import dataclass

from veil.rules import labels
from veil.rules.spans import Span

SOURCE = "quasi.v1"
WRITER = "writer"
ACQUAINTANCE = "acquaintance"

# Which label a disclosure's span carries. Places and nationalities keep the PII
# stage's labels: they mean the same thing there.
LABEL_OF: dict[str, str] = {
    "age": labels.AGE,
    "location": labels.LOCATION,
    "birthplace": labels.LOCATION,
    "occupation": labels.OCCUPATION,
    "employer": labels.EMPLOYER,
    "education": labels.EDUCATION,
    "family": labels.FAMILY,
    "gender": labels.GENDER,
    "income": labels.INCOME,
    "health": labels.HEALTH,
    "ethnicity": labels.ETHNICITY,
    "nationality": labels.NORP,
    "religion": labels.RELIGION,
    "orientation": labels.ORIENTATION,
}
ATTRIBUTES: tuple[str, ...] = tuple(LABEL_OF)


@dataclass(frozen=True, slots=True)
class Disclosure:
    """An attribute of the writer or of someone they know, disclosed by ``span``'s words."""

    span: Span
    attribute: str
    subject: str  # WRITER | ACQUAINTANCE
    value: str | int | None
    detail: str


@dataclass(frozen=True, slots=True)
class Candidate:
    """What one recognizer found, before exclusions and overlap resolution."""

    start: int
    end: int
    attribute: str
    subject: str
    value: str | int | None
    detail: str
    score: float = 0.8

    def disclosure(self) -> Disclosure:
        span = Span(self.start, self.end, LABEL_OF[self.attribute], self.score, SOURCE)
        return Disclosure(span, self.attribute, self.subject, self.value, self.detail)
