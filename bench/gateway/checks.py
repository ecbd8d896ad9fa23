"""What a phase must show: every turn answered, every answer restored, no tenant's value
in another's answer, and nothing personal at the upstream.

The fake upstream echoes the last user message, so a restored answer is exactly
``"You said: " + the user's text``. Tenants share their conversations' opening words,
so only the tenant key keeps their vaults apart; if it did not, a tenant's placeholders
would continue another's numbering. Each request's placeholders must therefore be
numbered 1..k per label, within what its own conversation can hold.
"""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from bench.gateway.load import Phase
from bench.gateway.scripts import Conversation

PLACEHOLDER = re.compile(r"\[\[([A-Z_]+?)_(\d+)\]\]")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"\+1 \d{3}-\d{3}-\d{4}")
NAME_PAIR = re.compile(r"(?=\b([A-Z][a-z]+ [A-Z][a-z]+)\b)")


@dataclass
class Verdict:
    planned: int
    answered: int
    errors: int
    lost: int
    wrong_answers: int  # answered, but not the user's own text restored
    placeholders_in_answers: int
    cross_tenant_answers: int
    first_errors: list[str] = field(default_factory=list)
    first_wrong: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (
            self.errors
            or self.lost
            or self.wrong_answers
            or self.placeholders_in_answers
            or self.cross_tenant_answers
        )


def expected_answer(text: str) -> str:
    return f"You said: {text}"


def _owners(plans: list[list[Conversation]]) -> dict[str, set[str]]:
    owners: dict[str, set[str]] = defaultdict(set)
    for conversations in plans:
        for conversation in conversations:
            for value in conversation.values:
                owners[value].add(conversation.tenant)
    return owners


def _values_in(answer: str) -> set[str]:
    """The candidate personal values an answer holds (e-mails, phones, name pairs)."""
    return {*EMAIL.findall(answer), *PHONE.findall(answer), *NAME_PAIR.findall(answer)}


def judge(phase: Phase, plans: list[list[Conversation]]) -> Verdict:
    planned = sum(len(c.turns) for conversations in plans for c in conversations)
    owners = _owners(plans)
    answered = [t for t in phase.turns if t.answer is not None]
    errored = [t for t in phase.turns if t.error is not None]
    wrong = [t for t in answered if t.answer != expected_answer(t.text)]
    with_placeholders = [t for t in answered if PLACEHOLDER.search(t.answer or "")]
    crossing = [
        t
        for t in answered
        if any(t.tenant not in owners.get(v, {t.tenant}) for v in _values_in(t.answer or ""))
    ]
    return Verdict(
        planned=planned,
        answered=len(answered),
        errors=len(errored),
        lost=planned - len(answered) - len(errored),
        wrong_answers=len(wrong),
        placeholders_in_answers=len(with_placeholders),
        cross_tenant_answers=len(crossing),
        first_errors=[t.error or "" for t in errored[:3]],
        first_wrong=[f"{t.text!r} -> {t.answer!r}" for t in wrong[:3]],
    )


@dataclass
class UpstreamVerdict:
    requests: int
    unfiltered: int  # requests that still held a value of their conversation
    misnumbered: int  # placeholders not numbered 1..k per label: vaults shared
    unknown: int  # requests the bench cannot place (tenant or opening not in its plans)


def judge_upstream(
    received: list[tuple[str, dict]],
    headers: list[dict[str, str]],
    plans: list[list[Conversation]],
) -> UpstreamVerdict:
    by_key = {(c.tenant, c.turns[0]): c for conversations in plans for c in conversations}
    unfiltered = misnumbered = unknown = 0
    for (_, body), sent_headers in zip(received, headers, strict=True):
        tenant = sent_headers.get("authorization", "").removeprefix("Bearer ")
        messages = body.get("messages", [])
        conversation = by_key.get((tenant, messages[0]["content"] if messages else ""))
        if conversation is None:
            unknown += 1
            continue
        wire = json.dumps(body, ensure_ascii=False)
        unfiltered += any(value in wire for value in conversation.values)
        numbers: dict[str, set[int]] = defaultdict(set)
        for label, number in PLACEHOLDER.findall(wire):
            numbers[label].add(int(number))
        people_so_far = sum(m["role"] == "user" for m in messages) - 1
        dense = all(found == set(range(1, len(found) + 1)) for found in numbers.values())
        within = sum(len(found) for found in numbers.values()) <= 3 * people_so_far
        misnumbered += not (dense and within)
    return UpstreamVerdict(len(received), unfiltered, misnumbered, unknown)


def percentiles_ms(seconds: list[float]) -> dict[str, float]:
    if len(seconds) < 2:
        only = seconds[0] * 1e3 if seconds else float("nan")
        return {"p50": only, "p95": only}
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return {"p50": cuts[49] * 1e3, "p95": cuts[94] * 1e3}


def instance_moves(phase: Phase) -> dict:
    """How often a conversation's next turn was served by another instance, and how the
    turns spread over the instances."""
    previous: dict[tuple[str, int], str | None] = {}
    moved = followups = 0
    for turn in phase.turns:
        if turn.answer is None:
            continue
        key = (turn.tenant, turn.conversation)
        if key in previous:
            followups += 1
            moved += turn.instance != previous[key]
        previous[key] = turn.instance
    spread = Counter(t.instance or "direct" for t in phase.turns if t.answer is not None)
    return {
        "followup_turns": followups,
        "moved_instance": moved,
        "per_instance": dict(sorted(spread.items())),
    }
