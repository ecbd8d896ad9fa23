"""The result type of the quasi-identifier finder."""

from __future__ import annotations

from dataclasses import dataclass

from veil.rules.attributes import BY_NAME
from veil.rules.spans import Span

SOURCE = "quasi.v1"
WRITER = "writer"
ACQUAINTANCE = "acquaintance"


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
        span = Span(self.start, self.end, BY_NAME[self.attribute].label, self.score, SOURCE)
        return Disclosure(span, self.attribute, self.subject, self.value, self.detail)
