"""SynthPAI profiles as texts to anonymize, with the labels that score an attacker, split by
author into train and eval parts that never change.

A profile is one author's comments; the text the loop works on is the first comments
joined, up to ``max_chars`` (a CPU model cannot attack fifty comments in one call). The
labels are the human reviewers' estimates, mapped onto veil's attribute names; an estimate
with certainty below ``MIN_CERTAINTY`` is left out, as the dataset's authors do.

The split is a function of the author's name alone (its SHA-256), so it is the same on
every machine, for every subset of the profiles and in every run: an author is in eval if
the first 8 hex digits of the hash, as a fraction, fall below ``EVAL_SHARE``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

EVAL_SHARE = 0.25
MIN_CERTAINTY = 3
DEFAULT_MAX_CHARS = 600
TRAIN, EVAL = "train", "eval"

# SynthPAI's attribute -> veil's (rules/attributes.py)
ATTRIBUTES = {
    "age": "age",
    "sex": "gender",
    "city_country": "location",
    "birth_city_country": "birthplace",
    "education": "education",
    "occupation": "occupation",
    "income_level": "income",
    "relationship_status": "family",
}


@dataclass(frozen=True)
class Profile:
    author: str
    text: str
    labels: dict[str, str] = field(default_factory=dict)  # veil attribute -> true value

    @property
    def split(self) -> str:
        return split_of(self.author)


def split_of(author: str, eval_share: float = EVAL_SHARE) -> str:
    digest = hashlib.sha256(author.encode("utf-8")).hexdigest()
    return EVAL if int(digest[:8], 16) / 0x1_0000_0000 < eval_share else TRAIN


def _labels(record: dict) -> dict[str, str]:
    human = (record.get("reviews") or {}).get("human") or {}
    labels = {}
    for name, attribute in ATTRIBUTES.items():
        review = human.get(name) or {}
        estimate = str(review.get("estimate") or "").strip()
        if estimate and int(review.get("certainty") or 0) >= MIN_CERTAINTY:
            labels[attribute] = estimate
    return labels


def _text(record: dict, max_chars: int) -> str:
    kept: list[str] = []
    size = 0
    for comment in record.get("comments") or []:
        text = " ".join(str(comment.get("text", "")).split())
        if not text:
            continue
        if kept and size + len(text) + 1 > max_chars:
            break
        kept.append(text)
        size += len(text) + 1
    return "\n".join(kept)[:max_chars]


def read_profiles(path: Path, max_chars: int = DEFAULT_MAX_CHARS) -> Iterator[Profile]:
    """The profiles in file order; those without a text or a single label are skipped."""
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} not found: SynthPAI's profiles live in ../shared/data/synthpai "
            "(never copied into the repository)"
        )
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            record = json.loads(line)
            profile = Profile(str(record["username"]), _text(record, max_chars), _labels(record))
            if profile.text and profile.labels:
                yield profile
