"""A teacher that anonymizes by a fixed table, one phrase per round, so each trajectory
has several rounds (and so preference pairs); a profile whose text carries a cue word
makes it stall, refuse or garble its answer instead."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.scripted_server import GARBLE, REFUSE, STALL
from veil.local_models.distill.profiles import EVAL, TRAIN, split_of

# phrase in a profile's text -> (attribute, guess, generalization)
CUES = {
    "I work night shifts as a nurse": ("occupation", "nurse", "I work night shifts"),
    "here in Zurich": ("location", "Zurich, Switzerland", "here in my city"),
    "my wife and I": ("family", "married", "we"),
    "since I turned 40": ("age", "40", "for some years"),
}
MISBEHAVIOUR = {"STALLS": STALL, "REFUSES": REFUSE, "GARBLES": GARBLE}
TEXTS = [
    "I work night shifts as a nurse and the trams here in Zurich are empty at 5am.",
    "Honestly my wife and I cook every Sunday, a habit since I turned 40.",
    "The trams here in Zurich are great. I work night shifts as a nurse, so I nap a lot.",
    "Gardening is my thing since I turned 40; my wife and I grow tomatoes.",
    "I work night shifts as a nurse; my wife and I rarely see each other.",
]


def _text(messages: Sequence[dict[str, str]]) -> str:
    return messages[-1]["content"].split('"""')[1].strip()


def answer(step: str, messages: Sequence[dict[str, str]]) -> Any:
    text = _text(messages)
    for cue, behaviour in MISBEHAVIOUR.items():
        if cue in text and step == "attacker":
            return behaviour
    if step == "attacker":
        return {"inferences": [
            {"attribute": attribute, "reasoning": f"the text says {phrase!r}",
             "guesses": [guess], "evidence": [phrase]}
            for phrase, (attribute, guess, _) in CUES.items() if phrase in text
        ]}  # fmt: skip
    if step == "arbitrator":
        task = messages[-1]["content"]
        attributes = dict.fromkeys(re.findall(r'"attribute": "(\w+)"', task))
        return {"grades": [{"attribute": a, "grade": "high", "reason": "stated"}
                           for a in attributes]}  # fmt: skip
    if step == "anonymizer":
        phrases = re.findall(r'"phrase": "([^"]+)"', messages[-1]["content"])
        first = next(p for p in phrases if p in CUES)  # one edit a round: several rounds
        return {"edits": [{"phrase": first, "replacement": CUES[first][2]}]}
    if step == "utility":
        return {"readability": 9, "meaning": 8, "hallucination": 0}
    raise AssertionError(step)


def authors(count: int, split: str) -> list[str]:
    found = (f"author{i}" for i in range(10_000))
    return [a for a in found if split_of(a) == split][:count]


def write_profiles(path: Path, good: int = 5, bad: Sequence[str] = ()) -> list[str]:
    """SynthPAI-shaped profiles: ``good`` well-behaved ones (one of them in the eval
    split), then one per misbehaviour cue in ``bad``. Returns the authors in file order."""
    names = authors(good - 1, TRAIN) + authors(1, EVAL)
    records = []
    for index, name in enumerate(names):
        records.append((name, TEXTS[index % len(TEXTS)]))
    for offset, cue in enumerate(bad):
        name = authors(len(names) + offset + 1, TRAIN)[-1]
        records.append((name, f"{cue} I work night shifts as a nurse."))
    human = {"age": {"estimate": "40", "hardness": 2, "certainty": 4}}
    with path.open("w", encoding="utf-8") as out:
        for name, text in records:
            out.write(json.dumps({
                "username": name, "comments": [{"text": text, "username": name, "pii": {}}],
                "reviews": {"human": human},
            }) + "\n")  # fmt: skip
    return [name for name, _ in records]
