"""A small multinomial naive Bayes over word unigrams and bigrams.

Each feature counts once per document (binarized counts): a long SynthPAI profile then
weighs like a few messages rather than like hundreds, and repeated words in one text do
not swamp the rest, which is what works best for short texts in the literature.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
SMOOTHING = 0.5  # Lidstone's alpha, for unseen n-grams


def ngrams(text: str) -> set[str]:
    words = _WORD.findall(text.casefold())
    return set(words) | {f"{a} {b}" for a, b in itertools.pairwise(words)}


class NaiveBayes:
    def __init__(self, smoothing: float = SMOOTHING) -> None:
        self.smoothing = smoothing
        self.class_counts: Counter[str] = Counter()
        self._feature_counts: dict[str, Counter[str]] = defaultdict(Counter)
        self._log_prior: dict[str, float] = {}
        self._log_unseen: dict[str, float] = {}
        self._log_likelihood: dict[str, dict[str, float]] = {}

    def fit(self, examples: Iterable[tuple[str, str]]) -> NaiveBayes:
        """``examples``: (text, class label) pairs."""
        for text, label in examples:
            self.class_counts[label] += 1
            self._feature_counts[label].update(ngrams(text))
        if not self.class_counts:
            raise ValueError("naive Bayes needs at least one training example")
        vocabulary = set().union(*self._feature_counts.values())
        total_docs = sum(self.class_counts.values())
        for label, docs in self.class_counts.items():
            counts = self._feature_counts[label]
            denominator = math.log(sum(counts.values()) + self.smoothing * len(vocabulary))
            self._log_prior[label] = math.log(docs / total_docs)
            self._log_unseen[label] = math.log(self.smoothing) - denominator
            self._log_likelihood[label] = {
                f: math.log(c + self.smoothing) - denominator for f, c in counts.items()
            }
        self._vocabulary = vocabulary
        return self

    def scores(self, text: str) -> dict[str, float]:
        """Log posterior (unnormalized) per class; n-grams never seen in training are
        ignored, as they carry no evidence for any class."""
        features = [f for f in ngrams(text) if f in self._vocabulary]
        return {
            label: prior
            + sum(self._log_likelihood[label].get(f, self._log_unseen[label]) for f in features)
            for label, prior in self._log_prior.items()
        }

    def predict(self, text: str) -> str:
        scores = self.scores(text)
        # ties go to the alphabetically first class, so predictions never depend on order
        return min(scores, key=lambda label: (-scores[label], label))

    def majority(self) -> str:
        return min(self.class_counts, key=lambda label: (-self.class_counts[label], label))
