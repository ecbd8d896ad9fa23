"""``veil distill build-data``: trajectories -> SFT records for three tasks and DPO pairs,
rendered with the student's chat template.

The prompts are the slow stage's own (the same functions build them), so the student
learns exactly the calls it will answer at run time; the targets are the teacher's answers
in the JSON shape the student's schema asks for under its limits (compact: no reasoning,
one guess, evidence chosen among the text's phrases).

- infer: the attacker prompt of each round's text -> the teacher's grounded inferences;
- anonymize: the anonymizer prompt with that round's leaks -> the teacher's applied edits;
- judge: the utility prompt of (original, rewrite) -> the teacher's utility scores;
- DPO: for an original text, two of the teacher's rewrites (each written as edits of the
  original): the one that leaks less is chosen when its utility is no more than
  ``UTILITY_SLACK`` below the other's.

Only train-split authors become records. An author found in both splits, or in a split
other than the fixed one (profiles.split_of), stops the build: that would evaluate the
student on texts it was trained on.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from veil.local_models.distill.profiles import EVAL, TRAIN, split_of
from veil.local_models.slow_stage.anonymizer import Edit, anonymizer_messages, apply_edits
from veil.local_models.slow_stage.arbitrator import Grade, GradedInference
from veil.local_models.slow_stage.attacker import Inference, attacker_messages
from veil.local_models.slow_stage.grounding import locate
from veil.local_models.slow_stage.limits import Limits
from veil.local_models.slow_stage.phrases import quotable_phrases
from veil.local_models.slow_stage.utility import utility_messages

UTILITY_SLACK = 0.1  # of the 0..1 utility score


class SplitLeak(ValueError):
    """Trajectories that would put an author on both sides of the split."""


@dataclass
class Dataset:
    sft: list[dict[str, Any]] = field(default_factory=list)
    dpo: list[dict[str, Any]] = field(default_factory=list)
    train_authors: set[str] = field(default_factory=set)
    eval_authors: set[str] = field(default_factory=set)

    def summary(self) -> dict[str, Any]:
        return {
            "sft": dict(Counter(r["task"] for r in self.sft)),
            "dpo": len(self.dpo),
            "train_authors": len(self.train_authors),
            "eval_authors": len(self.eval_authors),
        }


def check_split(trajectories: Sequence[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """(train authors, eval authors); ``SplitLeak`` if one author is in both or moved."""
    sides: dict[str, set[str]] = {}
    for record in trajectories:
        sides.setdefault(record["author"], set()).add(record["split"])
    both = sorted(a for a, s in sides.items() if len(s) > 1)
    if both:
        raise SplitLeak(f"author(s) in both train and eval: {', '.join(both[:5])}")
    moved = sorted(a for a, s in sides.items() if s != {split_of(a)})
    if moved:
        raise SplitLeak(
            f"author(s) recorded outside their fixed split: {', '.join(moved[:5])} "
            "(the split is a function of the author's name: see veil.local_models.distill.profiles)"
        )
    return ({a for a, s in sides.items() if s == {TRAIN}},
            {a for a, s in sides.items() if s == {EVAL}})  # fmt: skip


def graded(item: dict[str, Any]) -> GradedInference:
    inference = Inference(
        item["attribute"],
        item.get("reasoning", ""),
        tuple(item.get("guesses", ())),
        tuple(item.get("evidence", ())),
    )
    return GradedInference(inference, Grade(item["grade"]), item.get("grade_reason", ""))


def _chosen_phrase(quote: str, phrases: Sequence[str]) -> str | None:
    """The text's own phrase (as offered to a compact model) that holds ``quote``."""
    folded = quote.casefold()
    return next((p for p in phrases if folded in p.casefold()), None) or next(
        (p for p in phrases if p.casefold() in folded), None
    )


def infer_target(text: str, inferences: Sequence[GradedInference], limits: Limits) -> dict:
    phrases = quotable_phrases(text, limits.choice_words) if limits.evidence_choice else []
    items = []
    for g in inferences:
        evidence = [e for e in g.inference.evidence if locate(e, text) is not None]
        if limits.evidence_choice:
            evidence = [p for p in (_chosen_phrase(e, phrases) for e in evidence) if p]
        evidence = list(dict.fromkeys(evidence))[: limits.evidence_phrases]
        guesses = list(g.inference.guesses)[: limits.guesses]
        if not evidence or not guesses:
            continue
        item: dict[str, Any] = {"attribute": g.inference.attribute, "evidence": evidence}
        if limits.reasoning_chars:
            item["reasoning"] = g.inference.reasoning[: limits.reasoning_chars]
        item["guesses"] = guesses
        items.append(item)
    return {"inferences": items}


def render(tokenizer: Any, messages: Sequence[dict[str, str]], answer: dict) -> dict[str, str]:
    """The prompt up to the assistant's turn and the answer with its end-of-turn token,
    both as the student's chat template writes them."""
    conversation = [dict(m) for m in messages]
    reply = json.dumps(answer, ensure_ascii=False)
    prompt = tokenizer.apply_chat_template(conversation, tokenize=False, add_generation_prompt=True)
    full = tokenizer.apply_chat_template(
        [*conversation, {"role": "assistant", "content": reply}], tokenize=False
    )
    if not full.startswith(prompt):
        raise ValueError("the student's chat template does not extend the prompt with the answer")
    completion = full[len(prompt) :]
    eos = tokenizer.eos_token or ""
    if eos and eos in completion:  # end at the end-of-turn token (TRL adds none then)
        completion = completion[: completion.rindex(eos) + len(eos)]
    return {"prompt": prompt, "completion": completion}


def _sft_records(record: dict[str, Any], tokenizer: Any, limits: Limits) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(task: str, messages: list, answer: dict) -> None:
        rendered = render(tokenizer, messages, answer)
        out.append({"task": task, "author": record["author"], **rendered})

    for round_ in record["rounds"]:
        text = round_["text"]
        inferences = [graded(i) for i in round_["inferences"]]
        target = infer_target(text, inferences, limits)
        if target["inferences"]:
            add("infer", attacker_messages(text, record["attributes"]), target)
        leaks = [g for g in inferences if g.inference.attribute in round_["leaks"]]
        edits = [{"phrase": e["phrase"], "replacement": e["replacement"]}
                 for e in round_["edits"] if "by" not in e]  # fmt: skip
        if edits and leaks:
            add("anonymize", anonymizer_messages(text, leaks), {"edits": edits})
        if round_["rewrite"] is not None and round_["utility"]:
            scores = {k: round_["utility"][k] for k in ("readability", "meaning", "hallucination")}
            add("judge", utility_messages(record["original"], round_["rewrite"]), scores)
    return out


@dataclass(frozen=True)
class _Rewrite:
    edits: tuple[dict[str, str], ...]  # edits of the original text
    leaks: int
    utility: float


def _rewrites(record: dict[str, Any]) -> list[_Rewrite]:
    """Each round's rewrite that its edits, applied to the original, reproduce, with the
    leaks the next attack found in it and its utility."""
    original, rounds = record["original"], record["rounds"]
    cumulative: list[dict[str, str]] = []
    found = []
    for index, round_ in enumerate(rounds):
        cumulative += [{"phrase": e["phrase"], "replacement": e["replacement"]}
                       for e in round_["edits"]]  # fmt: skip
        rewrite = round_["rewrite"]
        if rewrite is None or not round_["utility"] or index + 1 >= len(rounds):
            continue
        edits = [Edit(e["phrase"], e["replacement"]) for e in cumulative]
        if apply_edits(original, edits)[0] != rewrite:
            continue  # a later edit rewrote an earlier replacement: not edits of the original
        found.append(_Rewrite(tuple(cumulative), len(rounds[index + 1]["leaks"]),
                              float(round_["utility"]["score"])))  # fmt: skip
    return found


def _dpo_pairs(record: dict[str, Any], tokenizer: Any) -> list[dict[str, Any]]:
    original = record["original"]
    # every leak any round found whose evidence the original holds, one entry per attribute
    leaks: dict[str, GradedInference] = {}
    for round_ in record["rounds"]:
        for item in round_["inferences"]:
            if item["attribute"] not in round_["leaks"]:
                continue
            g = graded(item)
            kept = tuple(e for e in g.inference.evidence if locate(e, original) == e)
            if not kept:
                continue
            if g.inference.attribute in leaks:
                previous = leaks[g.inference.attribute]
                kept = tuple(dict.fromkeys(previous.inference.evidence + kept))
                g = previous
            leaks[g.inference.attribute] = replace(g, inference=replace(g.inference, evidence=kept))
    if not leaks:
        return []
    listed = {p for g in leaks.values() for p in g.inference.evidence}
    pairs = []
    for a, b in combinations(_rewrites(record), 2):
        if a.leaks == b.leaks:
            continue
        better, worse = (a, b) if a.leaks < b.leaks else (b, a)
        if better.utility < worse.utility - UTILITY_SLACK:
            continue  # leaks less only by losing the text
        if not all(e["phrase"] in listed for e in better.edits + worse.edits):
            continue
        rendered_good = render(tokenizer, anonymizer_messages(original, list(leaks.values())),
                               {"edits": list(better.edits)})  # fmt: skip
        rendered_bad = render(tokenizer, anonymizer_messages(original, list(leaks.values())),
                              {"edits": list(worse.edits)})  # fmt: skip
        pairs.append({"author": record["author"], "prompt": rendered_good["prompt"],
                      "chosen": rendered_good["completion"],
                      "rejected": rendered_bad["completion"]})  # fmt: skip
    return pairs


def build_dataset(
    trajectories: Sequence[dict[str, Any]], tokenizer: Any, limits: Limits
) -> Dataset:
    train, evaluation = check_split(trajectories)
    if getattr(tokenizer, "chat_template", None) is None:
        raise ValueError("the student's tokenizer has no chat template")
    data = Dataset(train_authors=train, eval_authors=evaluation)
    for record in trajectories:
        if record["split"] != TRAIN:
            continue
        data.sft += _sft_records(record, tokenizer, limits)
        data.dpo += _dpo_pairs(record, tokenizer)
    return data
