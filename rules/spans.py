"""The span type every recognizer returns."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Span:
    """A labelled character range ``text[start:end]``; ``source`` names the recognizer,
    ``validator`` the check that accepted the value where the recognizer has several (a
    national identifier's specification, a token format, a checksum)."""

    start: int
    end: int
    label: str
    score: float
    source: str
    validator: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise ValueError(f"empty or negative span {self.start}:{self.end}")

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end

    def shifted(self, start: int, end: int) -> Span:
        return replace(self, start=start, end=end)
