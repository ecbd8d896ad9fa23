"""Training documents for the profiler, from ../shared/data (read in place, never copied).

- personal-reddit-synthetic: one document per message, labelled with every attribute of
  its author's personality and focused on the attribute the message leaks;
- SynthPAI: one document per profile (its comments joined), labelled with the human
  reviewers' estimates that they were at least fairly sure of; no focus.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from bench.adversarial.data import ATTRIBUTES, PROFILES, Sample
from bench.adversarial.profiler.model import Document
from bench.adversarial.profiler.split import author_id

MIN_CERTAINTY = 3  # SynthPAI reviewers rate their certainty 0-5


def sample_documents(samples: Iterable[Sample]) -> list[Document]:
    return [Document(s.author, s.text, s.labels, s.attribute) for s in samples]


def profile_documents(path: Path = PROFILES) -> list[Document]:
    """SynthPAI profiles; none when the file is missing (the benchmark still runs)."""
    if not path.is_file():
        return []
    documents = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            reviews = record.get("reviews", {}).get("human", {})
            labels = {
                ATTRIBUTES[key]: str(review["estimate"])
                for key, review in reviews.items()
                if key in ATTRIBUTES
                and isinstance(review, dict)
                and str(review.get("estimate", "")).strip()
                and review.get("certainty", 0) >= MIN_CERTAINTY
            }
            text = "\n".join(c["text"] for c in record.get("comments", []) if c.get("text"))
            if labels and text:
                author = author_id(f"synthpai:{record['username']}")
                documents.append(Document(author, text, labels))
    return documents
