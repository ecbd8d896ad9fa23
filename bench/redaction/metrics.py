"""Token-level precision / recall / F1 per label, as presidio-research scores them.

Each token takes the label of the gold (or predicted) span that covers it. Gold labels
that neither tool is asked to find (ages, titles, plain dates) are ignored: a prediction
on such a token is neither right nor wrong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import regex

IGNORE = "IGNORE"
OUTSIDE = "O"
_TOKEN = regex.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True)
class LabelledSpan:
    start: int
    end: int
    label: str


def token_labels(text: str, spans: list[LabelledSpan]) -> list[str]:
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
    labels = [OUTSIDE] * len(tokens)
    for span in spans:
        for index, (start, end) in enumerate(tokens):
            # a scored label beats IGNORE where they overlap
            if start < span.end and span.start < end and labels[index] in (OUTSIDE, IGNORE):
                labels[index] = span.label
    return labels


@dataclass
class Scores:
    tp: Counter
    fp: Counter
    fn: Counter

    @classmethod
    def empty(cls) -> Scores:
        return cls(Counter(), Counter(), Counter())

    def add(self, text: str, gold: list[LabelledSpan], predicted: list[LabelledSpan]) -> None:
        for g, p in zip(token_labels(text, gold), token_labels(text, predicted), strict=True):
            if g == IGNORE:
                continue
            if p == g and g != OUTSIDE:
                self.tp[g] += 1
            else:
                if p not in (OUTSIDE, IGNORE):
                    self.fp[p] += 1
                if g != OUTSIDE:
                    self.fn[g] += 1

    def label(self, label: str) -> dict[str, float]:
        return _prf(self.tp[label], self.fp[label], self.fn[label])

    def overall(self, labels: set[str]) -> dict[str, float]:
        return _prf(
            sum(self.tp[x] for x in labels),
            sum(self.fp[x] for x in labels),
            sum(self.fn[x] for x in labels),
        )


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "support": tp + fn}


def entity_found(text: str, gold: LabelledSpan, predicted: list[LabelledSpan]) -> bool:
    """A gold entity is found when same-label predictions cover every one of its
    non-space characters (partial coverage still leaks the rest)."""
    return all(
        any(p.label == gold.label and p.start <= i < p.end for p in predicted)
        for i in range(gold.start, gold.end)
        if not text[i].isspace()
    )
