"""``veil distill collect``: the teacher runs veil's slow-stage loop over the profiles and
each finished run becomes one trajectory line.

The teacher plays attacker, arbitrator and anonymizer (the ``pipeline`` loop, so every
rewrite is kept, also those a self-refining model would drop), then scores each rewrite's
utility with the slow stage's utility prompt; ROUGE-L is computed beside it. A profile
whose run the teacher breaks (a call past its deadline, an answer that is not the JSON
asked for, a refusal) is skipped and counted by reason: nothing of it is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from veil.local_models.backend import LLM, LLMError
from veil.local_models.distill.profiles import Profile
from veil.local_models.distill.teacher import TeacherRefused
from veil.local_models.distill.trajectory import TrajectoryFile
from veil.local_models.distill.utility_figures import rouge_l
from veil.local_models.slow_stage import LoopSettings, SlowStage, StopReason
from veil.local_models.slow_stage.arbitrator import actionable
from veil.local_models.slow_stage.calls import Budget, BudgetSpent
from veil.local_models.slow_stage.limits import Limits
from veil.local_models.slow_stage.utility import UTILITY_TOKENS, judge_utility
from veil.rules.attributes import ASKED

PROMPT_OVERHEAD_CHARS = 1600  # the preamble and the longest task, around the text
TIERS = ("high", "medium")


@dataclass(frozen=True)
class CollectSettings:
    max_rounds: int = 3
    call_timeout_s: float = 120.0
    attributes: tuple[str, ...] = tuple(ASKED)
    tiers: tuple[str, ...] = TIERS


class Skipped(Exception):
    """A trajectory the teacher broke; ``reason`` is how it is counted."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason


@dataclass
class Counts:
    written: int = 0
    resumed: int = 0  # already in the file when the run started
    skipped: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {"written": self.written, "resumed": self.resumed, "skipped": dict(self.skipped)}


@dataclass(frozen=True)
class Estimate:
    profiles: int
    calls: int
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    cost: float

    def describe(self, price_per_mtok: float) -> str:
        cost = (
            f", about {self.cost:.2f} at {price_per_mtok:g} per million tokens" if self.cost else ""
        )
        return (
            f"{self.profiles} profile(s): up to {self.calls} teacher calls, about "
            f"{self.prompt_tokens:,} prompt + {self.completion_tokens:,} completion tokens, "
            f"about {self.seconds / 60:.0f} min at the assumed speed{cost}"
        )


def estimate(
    profiles: Sequence[Profile],
    settings: CollectSettings,
    limits: Limits,
    completion_tokens_per_s: float,
    prompt_tokens_per_s: float,
    price_per_mtok: float = 0.0,
) -> Estimate:
    """An upper-bound plan: every round runs (max_rounds rewrites plus the last attack),
    each answer half its token cap (bounded schemas are rarely filled)."""
    rounds = settings.max_rounds
    per_round = (limits.attacker_tokens + limits.arbitrator_tokens + limits.anonymizer_tokens
                 + UTILITY_TOKENS) // 2  # fmt: skip
    calls = prompt = completion = 0
    for profile in profiles:
        tokens_in = (len(profile.text) + PROMPT_OVERHEAD_CHARS) // 4
        n = 4 * rounds + 2  # 4 per rewriting round, then attack + grade of the last rewrite
        calls += n
        prompt += n * tokens_in
        completion += rounds * per_round + (limits.attacker_tokens + limits.arbitrator_tokens) // 2
    seconds = completion / completion_tokens_per_s + prompt / prompt_tokens_per_s
    return Estimate(len(profiles), calls, prompt, completion, seconds,
                    (prompt + completion) / 1e6 * price_per_mtok)  # fmt: skip


def _skip_reason(result_stop: StopReason, error: str) -> str:
    if result_stop is StopReason.TIME_BUDGET:
        return "timeout"
    if "refused the task" in error:
        return "refusal"
    return "malformed"


def run_teacher(
    profile: Profile, teacher: LLM, settings: CollectSettings, limits: Limits
) -> dict[str, Any]:
    """One profile's trajectory record; ``Skipped`` if the teacher broke the run."""
    loop = LoopSettings(
        attributes=settings.attributes,
        tiers=settings.tiers,
        max_rounds=settings.max_rounds,
        # The deadline is per call (the teacher's); the loop itself may take its time.
        time_budget_s=settings.call_timeout_s * (4 * settings.max_rounds + 2),
        use_arbitrator=True,
        verify_last_rewrite=True,
        attacker_model=teacher.name,
        anonymizer_model=teacher.name,
    )
    result = SlowStage(loop, teacher, teacher, limits=limits).run(profile.text)
    failed = {StopReason.TIME_BUDGET, StopReason.BAD_REPLY, StopReason.MODEL_ERROR}
    if result.stop_reason in failed:
        raise Skipped(_skip_reason(result.stop_reason, result.error), result.error or "deadline")
    rounds = []
    for report in result.rounds:
        scores = None
        if report.rewrite is not None:
            try:
                judged, _ = judge_utility(
                    teacher, profile.text, report.rewrite, Budget(settings.call_timeout_s)
                )
            except BudgetSpent as error:
                raise Skipped("timeout", str(error)) from error
            except TeacherRefused as error:
                raise Skipped("refusal", str(error)) from error
            except LLMError as error:
                raise Skipped("malformed", str(error)) from error
            scores = {"rouge_l": rouge_l(profile.text, report.rewrite), **judged.as_dict(),
                      "score": round(judged.score(), 4)}  # fmt: skip
        leaks = actionable(report.inferences, list(settings.tiers))
        rounds.append({
            "round": report.number,
            "text": report.text,
            "inferences": [g.as_dict() for g in report.inferences],
            "ungrounded": [vars(r) for r in report.ungrounded],
            "leaks": [g.inference.attribute for g in leaks],
            "edits": [e.as_dict() for e in report.edits],
            "rejected_edits": [r.as_dict() for r in report.rejected_edits],
            "rewrite": report.rewrite,
            "utility": scores,
        })  # fmt: skip
    return {
        "author": profile.author,
        "split": profile.split,
        "teacher": teacher.name,
        "attributes": list(settings.attributes),
        "tiers": list(settings.tiers),
        "labels": profile.labels,
        "original": profile.text,
        "rounds": rounds,
        "final": {
            "text": result.text,
            "stop_reason": str(result.stop_reason),
            "leaks_before": result.leaks_before,
            "leaks_after": result.leaks_after,
            "rouge_l": rouge_l(profile.text, result.text),
        },
        "seconds": round(result.seconds, 3),
        "tokens": result.tokens(),
    }


def collect(
    profiles: Sequence[Profile],
    teacher: LLM,
    out: Path,
    settings: CollectSettings,
    limits: Limits,
    on_progress: Callable[[Profile, str], None] = lambda profile, outcome: None,
) -> Counts:
    """Anonymize every profile not yet in ``out``; ``on_progress`` hears each outcome
    ("written" or a skip reason)."""
    store = TrajectoryFile(out)
    store.drop_torn_tail()
    done = store.done()
    counts = Counts(resumed=sum(1 for p in profiles if p.author in done))
    for profile in profiles:
        if profile.author in done:
            continue
        try:
            record = run_teacher(profile, teacher, settings, limits)
        except Skipped as skipped:
            counts.skipped[skipped.reason] += 1
            on_progress(profile, skipped.reason)
            continue
        store.append(record)
        counts.written += 1
        on_progress(profile, "written")
    return counts
