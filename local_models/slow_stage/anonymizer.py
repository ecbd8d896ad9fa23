"""The anonymizer: a list of minimal edits, checked and applied without trusting the model.

The model proposes ``{phrase, replacement}`` pairs for the leaking evidence phrases; the
edits are applied to the exact occurrences of each phrase in the text, never as a free
rewrite. An edit is rejected if its phrase is not in the text, if it would touch a
pseudonym (the fast stage's placeholders and masks, or the vault's known pseudonyms), if
its replacement brings in something that looks like one (restoring depends on them), and
where a small model's paraphrase is caught inventing: a replacement that keeps its
phrase, adds a number, or turns a statement into its opposite.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from veil.local_models.backend import LLM
from veil.local_models.slow_stage.arbitrator import GradedInference
from veil.local_models.slow_stage.calls import Budget, CallRecord, call_model
from veil.local_models.slow_stage.json_reply import parse_object, text_field
from veil.local_models.slow_stage.limits import STANDARD, Limits
from veil.local_models.slow_stage.phrases import FAST_STAGE_TOKEN
from veil.local_models.slow_stage.prompts import load_prompt

PROMPT = "anonymizer.v2"


@dataclass(frozen=True)
class Edit:
    phrase: str
    replacement: str
    # Made by the policy's quasi-identifier operators, not proposed by a model: exempt
    # from the checks that catch a model inventing ("34" -> "30-something" adds a number).
    by_operator: bool = False

    def as_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {"phrase": self.phrase, "replacement": self.replacement}
        if self.by_operator:
            record["by"] = "operator"
        return record


@dataclass(frozen=True)
class RejectedEdit:
    edit: Edit
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {**self.edit.as_dict(), "reason": self.reason}


def evidence_phrases(leaks: Sequence[GradedInference]) -> list[str]:
    return list(dict.fromkeys(p for leak in leaks for p in leak.inference.evidence))


def anonymizer_schema(phrases: Sequence[str], limits: Limits = STANDARD) -> dict[str, Any]:
    # The phrase is one of the evidence quotes, so a schema-following model can only edit
    # what the attacker cited; the checks below still hold for backends that ignore it.
    edit = {
        "type": "object",
        "properties": {
            "phrase": {"type": "string", "enum": list(phrases)},
            "replacement": {"type": "string", "maxLength": limits.replacement_chars},
        },
        "required": ["phrase", "replacement"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "edits": {
                "type": "array",
                "items": edit,
                "minItems": 1,
                "maxItems": min(len(phrases), limits.edits),
            }
        },
        "required": ["edits"],
        "additionalProperties": False,
    }


def parse_edits(reply: str, limits: Limits = STANDARD) -> list[Edit]:
    return [
        Edit(
            item["phrase"] if isinstance(item.get("phrase"), str) else "",
            text_field(item, "replacement", limits.replacement_chars),
        )
        for item in parse_object(reply, "edits", "anonymizer")[: limits.edits]
    ]


def anonymizer_messages(text: str, leaks: Sequence[GradedInference]) -> list:
    listing = json.dumps(
        [{"phrase": p, "reveals": [leak.inference.attribute for leak in leaks
                                   if p in leak.inference.evidence]}
         for p in evidence_phrases(leaks)],
        ensure_ascii=False,
        indent=1,
    )  # fmt: skip
    return load_prompt(PROMPT).messages(text=text, leaks=listing)


def propose_edits(
    llm: LLM,
    text: str,
    leaks: Sequence[GradedInference],
    budget: Budget,
    limits: Limits = STANDARD,
) -> tuple[list[Edit], CallRecord]:
    phrases = evidence_phrases(leaks)
    messages = anonymizer_messages(text, leaks)
    schema = anonymizer_schema(phrases, limits)
    reply, record = call_model(
        llm, "anonymizer", messages, schema, limits.anonymizer_tokens, budget
    )
    return parse_edits(reply, limits), record


def _occurrences(phrase: str, text: str) -> list[tuple[int, int]]:
    # Whole words only: the quote "NY" must not edit the inside of "SUNNY".
    before = r"(?<!\w)" if phrase[0].isalnum() else ""
    after = r"(?!\w)" if phrase[-1].isalnum() else ""
    pattern = re.compile(before + re.escape(phrase) + after)
    return [m.span() for m in pattern.finditer(text)]


def _protected_tokens(text: str, pseudonyms: Iterable[str]) -> Counter[str]:
    tokens = Counter(m.group(0) for m in FAST_STAGE_TOKEN.finditer(text))
    for pseudonym in pseudonyms:
        if pseudonym and not FAST_STAGE_TOKEN.fullmatch(pseudonym):
            tokens[pseudonym] += len(_occurrences(pseudonym, text))
    return +tokens


def _protected_spans(text: str, pseudonyms: Iterable[str]) -> list[tuple[int, int]]:
    spans = [m.span() for m in FAST_STAGE_TOKEN.finditer(text)]
    for pseudonym in pseudonyms:
        if pseudonym:
            spans.extend(_occurrences(pseudonym, text))
    return spans


def _overlaps(span: tuple[int, int], others: Iterable[tuple[int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in others)


def _invents_pseudonym(replacement: str, pseudonyms: Iterable[str]) -> bool:
    if "[[" in replacement or "]]" in replacement or FAST_STAGE_TOKEN.search(replacement):
        return True
    folded = replacement.casefold()
    return any(p and p.casefold() in folded for p in pseudonyms)


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_NEGATION = re.compile(r"\b(?:not|no|never|nothing|none|nobody|nowhere|neither|nor)\b|n't\b", re.I)
_COPIED_RUN = 4  # words in a row; three would catch everyday runs such as "in the same"


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z]+", text.casefold())
    return {tuple(words[i : i + _COPIED_RUN]) for i in range(len(words) - _COPIED_RUN + 1)}


@cache
def _instruction_runs() -> frozenset[tuple[str, ...]]:
    return frozenset(_runs(load_prompt(PROMPT).task.template))


def _copies_instructions(replacement: str) -> bool:
    """A field name, or four words in a row taken from the anonymizer's own task."""
    if re.search(r"\b[a-z]+_[a-z_]+\b", replacement):
        return True
    return not _runs(replacement).isdisjoint(_instruction_runs())


def _new_numbers(edit: Edit) -> bool:
    return bool(set(_NUMBER.findall(edit.replacement)) - set(_NUMBER.findall(edit.phrase)))


def _negated(text: str) -> bool:
    """Whether ``text`` says no an odd number of times (a small model's paraphrase of
    "you ain't seen it" is often "you've seen it")."""
    return len(_NEGATION.findall(text.replace("’", "'"))) % 2 == 1


def apply_edits(
    text: str, edits: Sequence[Edit], pseudonyms: Iterable[str] = ()
) -> tuple[str, list[Edit], list[RejectedEdit]]:
    """Apply the acceptable edits to every exact occurrence of their phrase in ``text``.

    Occurrences are found in the original text, so one edit never rewrites another's
    replacement; the first edit to claim a stretch of text wins it.
    """
    pseudonyms = [p for p in pseudonyms if p]
    protected = _protected_spans(text, pseudonyms)
    claimed: list[tuple[int, int, str]] = []
    applied: list[Edit] = []
    rejected: list[RejectedEdit] = []
    for edit in edits:
        occurrences = _occurrences(edit.phrase, text) if edit.phrase.strip() else []
        reason = None
        if not occurrences:
            reason = "phrase not in the text"
        elif edit.replacement == edit.phrase:
            reason = "replacement equals the phrase"
        elif edit.phrase.casefold() in edit.replacement.casefold():
            # "school" -> "school, near the bridge": the evidence stays, and more is added
            reason = "replacement keeps the phrase (it must generalize or remove it)"
        elif any(_overlaps(o, protected) for o in occurrences):
            reason = "phrase touches a pseudonym"
        elif _invents_pseudonym(edit.replacement, pseudonyms):
            reason = "replacement contains or imitates a pseudonym"
        elif edit.by_operator:
            pass  # deterministic words from rules/operators: nothing invented to catch
        elif _copies_instructions(edit.replacement):
            # seen with a 0.5B anonymizer: "relationship_status", "a kind of place, a rough one"
            reason = "replacement copies the instructions, not the text"
        elif _new_numbers(edit):
            # "in my thirties" generalizes "34"; "29" or "since 2015" invents a fact
            reason = "replacement adds a number the phrase does not have"
        elif _negated(edit.phrase) != _negated(edit.replacement):
            reason = "replacement turns a statement into its opposite"
        elif any(_overlaps(o, [(s, e) for s, e, _ in claimed]) for o in occurrences):
            reason = "phrase overlaps an earlier edit"
        if reason:
            rejected.append(RejectedEdit(edit, reason))
            continue
        claimed.extend((start, end, edit.replacement) for start, end in occurrences)
        applied.append(edit)
    pieces, position = [], 0
    for start, end, replacement in sorted(claimed):
        pieces += [text[position:start], replacement]
        position = end
    edited = "".join([*pieces, text[position:]])
    if _protected_tokens(edited, pseudonyms) != _protected_tokens(text, pseudonyms):
        # Two harmless edits can still join into something that reads as a pseudonym.
        return text, [], [RejectedEdit(e, "together the edits change a pseudonym") for e in applied]
    return edited, applied, rejected
