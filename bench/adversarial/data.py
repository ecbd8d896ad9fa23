"""The evaluation texts: single-message samples that each leak one labelled attribute.

Read from ../shared/data (never copied into the repository). Each sample is a Reddit-style
reply (``response``), the attribute it leaks (``feature``) and the author's true
attributes (``personality``), whose names are mapped onto veil's (rules/attributes.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from bench.adversarial.profiler.split import author_id

# the dataset's attribute names -> veil's, as the distillation reads the same data
from veil.local_models.distill.profiles import ATTRIBUTES

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
SAMPLES = DATA / "personal-reddit-synthetic" / "samples_dev.jsonl"
PROFILES = DATA / "synthpai" / "profiles_dev.jsonl"


@dataclass(frozen=True)
class Sample:
    index: int
    text: str
    attribute: str  # veil's name for the leaked attribute
    truth: str
    hardness: int
    author: str = ""  # a hash of the author's personality record (see profiler/split.py)
    labels: dict[str, str] = field(default_factory=dict)  # every attribute of the author


def load_samples(path: Path = SAMPLES, limit: int | None = None) -> list[Sample]:
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} not found: the evaluation data lives in ../shared/data (see its README)"
        )
    samples = []
    with path.open(encoding="utf-8") as lines:
        for index, line in enumerate(lines):
            record = json.loads(line)
            feature = record["feature"]
            if feature not in ATTRIBUTES or not record.get("response", "").strip():
                continue
            personality = record["personality"]
            samples.append(
                Sample(
                    index,
                    record["response"].strip(),
                    ATTRIBUTES[feature],
                    str(personality[feature]),
                    int(record.get("hardness", 0)),
                    author_id(personality),
                    {ATTRIBUTES[k]: str(v) for k, v in personality.items() if k in ATTRIBUTES},
                )
            )
    return samples[:limit] if limit else samples


def balanced(samples: list[Sample], count: int) -> list[Sample]:
    """``count`` samples taking attributes in turn, so a small run covers all of them."""
    by_attribute: dict[str, list[Sample]] = {}
    for sample in samples:
        by_attribute.setdefault(sample.attribute, []).append(sample)
    chosen: list[Sample] = []
    while len(chosen) < count and any(by_attribute.values()):
        for queue in by_attribute.values():
            if queue and len(chosen) < count:
                chosen.append(queue.pop(0))
    return chosen
