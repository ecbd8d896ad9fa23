"""Building blocks for regex recognizers: a compiled pattern, a validator, context words."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import regex

from veil.rules.spans import Span

# Characters either side of a match that are searched for context words.
CONTEXT_WINDOW = 48


def context_before(text: str, start: int, window: int = CONTEXT_WINDOW) -> str:
    return text[max(0, start - window) : start].lower()


def context_around(text: str, start: int, end: int, window: int = CONTEXT_WINDOW) -> str:
    return text[max(0, start - window) : min(len(text), end + window)].lower()


def compile_words(words: Iterable[str]) -> regex.Pattern[str]:
    """A pattern that finds any of ``words`` as whole words, case-insensitively."""
    alternatives = "|".join(sorted((regex.escape(w) for w in words), key=len, reverse=True))
    return regex.compile(rf"(?<![\w])(?:{alternatives})(?![\w])", regex.IGNORECASE)


# Returns a score, or None to reject the match.
Validator = Callable[[regex.Match[str], str], float | None]


class PatternRecognizer:
    """One regex, one label, and a validator that scores or rejects each match."""

    def __init__(
        self,
        name: str,
        label: str,
        pattern: regex.Pattern[str],
        validate: Validator,
        group: int | str = 0,
    ) -> None:
        self.name = name
        self.label = label
        self.labels = (label,)
        self._pattern = pattern
        self._validate = validate
        self._group = group

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in self._pattern.finditer(text):
            score = self._validate(match, text)
            if score is None:
                continue
            start, end = match.span(self._group)
            if end > start:
                spans.append(Span(start, end, self.label, score, self.name))
        return spans
