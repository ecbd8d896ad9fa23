"""Allow-list (never redact these) and deny-list (always redact these)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import regex

from veil.rules.merge import DENY_SOURCE
from veil.rules.spans import Span


class ListPatternError(ValueError):
    pass


def _compile(entry: str, where: str) -> regex.Pattern[str]:
    """``re:<pattern>`` is a regular expression; anything else is an exact term."""
    if entry.startswith("re:"):
        try:
            return regex.compile(entry[3:], regex.IGNORECASE)
        except regex.error as error:
            raise ListPatternError(f"{where}: invalid regex {entry[3:]!r}: {error}") from None
    if not entry.strip():
        raise ListPatternError(f"{where}: empty term")
    return regex.compile(rf"(?<!\w){regex.escape(entry.strip())}(?!\w)", regex.IGNORECASE)


@dataclass
class DenyList:
    """Terms that are always redacted, each with the label its pseudonym carries."""

    entries: dict[str, str] = field(default_factory=dict)  # term or re:pattern -> label

    def __post_init__(self) -> None:
        self._patterns = [(_compile(e, "deny_list"), label) for e, label in self.entries.items()]

    def find(self, text: str) -> list[Span]:
        return [
            Span(m.start(), m.end(), label, 1.0, DENY_SOURCE)
            for pattern, label in self._patterns
            for m in pattern.finditer(text)
            if m.end() > m.start()
        ]


@dataclass
class AllowList:
    """Terms that are never redacted (unless the deny-list names them too)."""

    entries: Iterable[str] = ()

    def __post_init__(self) -> None:
        entries = list(self.entries)
        self._exact = {e.strip().casefold() for e in entries if not e.startswith("re:")}
        self._terms = [_compile(e, "allow_list") for e in entries if not e.startswith("re:")]
        self._patterns = [_compile(e, "allow_list") for e in entries if e.startswith("re:")]

    def allows(self, value: str) -> bool:
        folded = value.strip().casefold()
        return folded in self._exact or any(p.fullmatch(value.strip()) for p in self._patterns)

    def filter(self, text: str, spans: list[Span]) -> list[Span]:
        """Drop spans that are an allowed term, or lie inside one where it occurs
        ("Johnson" inside an allowed "Sarah Johnson")."""
        allowed = [m.span() for term in self._terms for m in term.finditer(text)]
        return [
            s
            for s in spans
            if s.source == DENY_SOURCE
            or not (
                self.allows(text[s.start : s.end])
                or any(start <= s.start and s.end <= end for start, end in allowed)
            )
        ]
