"""The slow stage's loop: attack -> ground -> arbitrate -> anonymize, with rational stopping.

In ``self_refine`` mode one model plays every role and also judges each of its rewrites'
utility (slow_stage.utility); a rewrite it scores too low is dropped and the loop stops.

Stops when no leak in the policy's tiers is left, after ``max_rounds`` rewrites, or when
the time budget is spent, and returns the best candidate by actionable leaks: never one
worse than its input. On a tie the rewrite wins if its edits removed evidence of a leak
(what the attacker relied on is gone, and it found no more than before), else the earlier,
less edited text. A rewrite is scored by the next attack; one the budget leaves unscored
counts the leaks whose evidence it still holds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from itertools import pairwise
from typing import Any, Protocol

from veil.local_models.backend import LLM, LLMError
from veil.local_models.slow_stage import anonymizer, arbitrator, attacker, utility
from veil.local_models.slow_stage.anonymizer import Edit, RejectedEdit, apply_edits
from veil.local_models.slow_stage.arbitrator import Grade, GradedInference, actionable, greedy
from veil.local_models.slow_stage.cache import ResultCache, content_key
from veil.local_models.slow_stage.calls import Budget, BudgetSpent, CallRecord
from veil.local_models.slow_stage.grounding import Rejection, ground, locate
from veil.local_models.slow_stage.json_reply import BadReply
from veil.local_models.slow_stage.limits import STANDARD, Limits
from veil.local_models.slow_stage.prompts import PREAMBLE
from veil.local_models.slow_stage.settings import SELF_REFINE, LoopSettings
from veil.local_models.slow_stage.utility import UtilityScores

PROMPTS = (PREAMBLE, attacker.PROMPT, arbitrator.PROMPT, anonymizer.PROMPT, utility.PROMPT)


class StopReason(StrEnum):
    NO_LEAKS = "no_leaks"  # nothing in the policy's tiers is left
    MAX_ROUNDS = "max_rounds"
    TIME_BUDGET = "time_budget"
    NO_VALID_EDITS = "no_valid_edits"  # at temperature 0 another round would repeat this one
    BAD_REPLY = "bad_reply"  # a model answered with something that is not the JSON asked for
    MODEL_ERROR = "model_error"  # a model failed to answer (see ``error``)
    EMPTY_TEXT = "empty_text"
    LOW_UTILITY = "low_utility"  # self_refine: the model judged its own rewrite too lossy


@dataclass
class RoundReport:
    number: int
    inferences: list[GradedInference] = field(default_factory=list)
    ungrounded: list[Rejection] = field(default_factory=list)
    leaks_found: int | None = None  # actionable leaks in this round's text
    leaks_fixed: int = 0  # of those, how many the edits removed every evidence phrase of
    edits: list[Edit] = field(default_factory=list)
    rejected_edits: list[RejectedEdit] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    text: str = ""  # what this round attacked
    rewrite: str | None = None  # what its edits made of it (None: no valid edits)
    utility: UtilityScores | None = None  # self_refine: the model's score of the rewrite

    def as_dict(self) -> dict[str, Any]:
        extra = {"utility": self.utility.as_dict()} if self.utility is not None else {}
        return extra | {
            "round": self.number,
            "leaks_found": self.leaks_found,
            "leaks_fixed": self.leaks_fixed,
            "inferences": [g.as_dict() for g in self.inferences],
            "ungrounded": [vars(r) for r in self.ungrounded],
            "edits": [e.as_dict() for e in self.edits],
            "rejected_edits": [r.as_dict() for r in self.rejected_edits],
            "calls": [c.as_dict() for c in self.calls],
        }


@dataclass(frozen=True)
class Candidate:
    text: str
    leaks: int | None  # None until attacked (the input) or estimated (a rewrite)
    verified: bool  # leaks counted by an attack rather than estimated
    edits: tuple[Edit, ...] = ()
    # leaks of the text it was made from that lost evidence to its edits (some or all)
    touched: int = 0


@dataclass(frozen=True)
class SlowStageResult:
    input_text: str
    text: str  # the best candidate; the input if nothing improved on it
    stop_reason: StopReason
    rounds: tuple[RoundReport, ...]
    leaks_before: int | None  # actionable leaks in the input (None: never attacked)
    leaks_after: int | None
    verified: bool  # leaks_after was counted by an attack, not estimated
    edits: tuple[Edit, ...]  # the edits that turn the input into ``text``
    seconds: float
    cached: bool = False
    error: str = ""  # why a model's reply could not be used (bad_reply, model_error)

    @property
    def changed(self) -> bool:
        return self.text != self.input_text

    @property
    def checked(self) -> bool:
        """Whether the input was attacked at all (not so if the first call failed)."""
        return self.leaks_before is not None

    @property
    def budget_exhausted(self) -> bool:
        return self.stop_reason is StopReason.TIME_BUDGET

    @property
    def calls(self) -> list[CallRecord]:
        return [call for r in self.rounds for call in r.calls]

    def tokens(self) -> dict[str, int]:
        calls = self.calls
        return {
            "prompt": sum(c.prompt_tokens for c in calls),
            "completion": sum(c.completion_tokens for c in calls),
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "changed": self.changed,
            "stop_reason": str(self.stop_reason),
            "leaks_before": self.leaks_before,
            "leaks_after": self.leaks_after,
            "verified": self.verified,
            "edits": [e.as_dict() for e in self.edits],
            "seconds": round(self.seconds, 3),
            "cached": self.cached,
            "tokens": self.tokens(),
            "error": self.error,
            "rounds": [r.as_dict() for r in self.rounds],
        }


class EvidenceEditor(Protocol):
    """Edits for the leaks whose evidence a rule can rewrite (policies.quasi_stage); the
    leaks it returns are left for the anonymizer model. Results are cached across
    conversations, so an editor must not depend on one conversation's vault."""

    def edits(
        self, text: str, leaks: list[GradedInference]
    ) -> tuple[list[Edit], list[GradedInference]]: ...

    def key(self) -> object:
        """What the edits depend on besides the text (part of the cache key)."""


class SlowStage:
    """Built once per policy and models; ``run`` is safe to call from several threads.
    ``settings``: LoopSettings, or an object with its fields (a policy's slow_stage)."""

    def __init__(
        self,
        settings: LoopSettings | object,
        attacker_llm: LLM,
        anonymizer_llm: LLM,
        cache: ResultCache[SlowStageResult] | None = None,
        clock: Callable[[], float] = time.monotonic,
        limits: Limits = STANDARD,
        evidence_editor: EvidenceEditor | None = None,
    ) -> None:
        self.settings = LoopSettings.read(settings)
        self.evidence_editor = evidence_editor
        self.limits = limits
        self.attributes = attacker.check_attributes(self.settings.attributes)
        self.attacker_llm = attacker_llm
        self.anonymizer_llm = anonymizer_llm
        if self.settings.mode == SELF_REFINE and anonymizer_llm is not attacker_llm:
            raise ValueError("self_refine runs one model in every role: pass the same LLM twice")
        self.cache: ResultCache[SlowStageResult] = cache if cache is not None else ResultCache()
        self._clock = clock

    def cache_key(self, text: str, pseudonyms: Iterable[str]) -> str:
        settings = asdict(self.settings)
        settings["limits"] = self.limits.as_dict()
        models = [
            getattr(self.attacker_llm, "name", type(self.attacker_llm).__name__),
            getattr(self.anonymizer_llm, "name", type(self.anonymizer_llm).__name__),
        ]
        present = [p for p in pseudonyms if p and p in text]
        if self.evidence_editor is not None:
            settings["evidence_editor"] = self.evidence_editor.key()
        return content_key(text, settings, models, PROMPTS, present)

    def cached(self, text: str, pseudonyms: Iterable[str] = ()) -> SlowStageResult | None:
        hit = self.cache.get(self.cache_key(text, list(pseudonyms)))
        return replace(hit, cached=True) if hit is not None else None

    def forget(self, text: str, pseudonyms: Iterable[str] = ()) -> None:
        """Drop a result so the next request runs the loop again (e.g. it was blocked)."""
        self.cache.discard(self.cache_key(text, list(pseudonyms)))

    def run(self, text: str, pseudonyms: Iterable[str] = ()) -> SlowStageResult:
        pseudonyms = list(pseudonyms)
        key = self.cache_key(text, pseudonyms)
        hit = self.cache.get(key)
        if hit is not None:
            return replace(hit, cached=True)
        result = self._run(text, pseudonyms)
        if result.stop_reason is not StopReason.MODEL_ERROR:  # may work on a retry
            self.cache.put(key, result)
        return result

    def _run(self, text: str, pseudonyms: list[str]) -> SlowStageResult:
        budget = Budget(self.settings.time_budget_s, self._clock)
        if not text.strip():
            return SlowStageResult(
                text, text, StopReason.EMPTY_TEXT, (), 0, 0, True, (), budget.elapsed()
            )
        candidates = [Candidate(text, None, False)]
        rounds: list[RoundReport] = []
        error = ""
        rewrites = 0
        while True:
            current = candidates[-1]
            report = RoundReport(len(rounds) + 1, text=current.text)
            rounds.append(report)
            try:
                leaks = self._find_leaks(current.text, pseudonyms, report, budget)
                candidates[-1] = replace(current, leaks=len(leaks), verified=True)
                report.leaks_found = len(leaks)
                if not leaks:
                    stop = StopReason.NO_LEAKS
                    break
                if rewrites >= self.settings.max_rounds:
                    stop = StopReason.MAX_ROUNDS
                    break
                # The policy's operators rewrite the evidence they can read (an age, a
                # town, a job title); the model is asked only about the rest.
                edits, left = (
                    self.evidence_editor.edits(current.text, leaks)
                    if self.evidence_editor is not None
                    else ([], leaks)
                )
                if left:
                    proposed, call = anonymizer.propose_edits(
                        self.anonymizer_llm, current.text, left, budget, self.limits
                    )
                    report.calls.append(call)
                    edits = [*edits, *proposed]
                edited, report.edits, report.rejected_edits = apply_edits(
                    current.text, edits, pseudonyms
                )
                if not report.edits:
                    stop = StopReason.NO_VALID_EDITS
                    break
                report.rewrite = edited
                if self.settings.mode == SELF_REFINE:
                    report.utility, call = utility.judge_utility(
                        self.attacker_llm, text, edited, budget
                    )
                    report.calls.append(call)
                    if (report.utility.meaning < self.settings.min_meaning
                            or report.utility.hallucination):  # fmt: skip
                        stop = StopReason.LOW_UTILITY
                        break
                rewrites += 1
                # per leak: which of its evidence phrases the edited text still holds
                kept = [[locate(p, edited) is not None for p in g.inference.evidence]
                        for g in leaks]  # fmt: skip
                left = sum(1 for phrases in kept if any(phrases))
                report.leaks_fixed = len(leaks) - left
                touched = sum(1 for phrases in kept if not all(phrases))
                candidates.append(Candidate(
                    edited, left, False, current.edits + tuple(report.edits), touched,
                ))  # fmt: skip
                if rewrites >= self.settings.max_rounds and not self.settings.verify_last_rewrite:
                    stop = StopReason.MAX_ROUNDS
                    break
            except BudgetSpent:
                stop = StopReason.TIME_BUDGET
                break
            except LLMError as failure:
                bad = isinstance(failure, BadReply)
                stop = StopReason.BAD_REPLY if bad else StopReason.MODEL_ERROR
                error = str(failure)
                break
        if not rounds[-1].calls:
            rounds.pop()  # the budget ran out before this round made any call
        best = _best(candidates)
        return SlowStageResult(
            input_text=text,
            text=best.text,
            stop_reason=stop,
            rounds=tuple(rounds),
            leaks_before=candidates[0].leaks,
            leaks_after=best.leaks,
            verified=best.verified,
            edits=best.edits,
            seconds=budget.elapsed(),
            error=error,
        )

    def _find_leaks(
        self, text: str, pseudonyms: list[str], report: RoundReport, budget: Budget
    ) -> list[GradedInference]:
        inferences, call = attacker.attack(
            self.attacker_llm, text, self.attributes, budget, self.limits, pseudonyms
        )
        report.calls.append(call)
        grounded, report.ungrounded = ground(inferences, text)
        if not grounded:
            return []
        # reported as ungraded until the arbitrator answers (the budget may end first)
        report.inferences = [GradedInference(i, Grade.UNGRADED, "not graded") for i in grounded]
        if self.settings.use_arbitrator:
            graded, call = arbitrator.arbitrate(
                self.attacker_llm, text, grounded, budget, self.limits
            )
            report.calls.append(call)
        else:
            graded = greedy(grounded)
        report.inferences = graded
        return actionable(graded, list(self.settings.tiers))


def _best(candidates: list[Candidate]) -> Candidate:
    """Fewest actionable leaks; a tie goes to a rewrite of the best so far that removed
    evidence of a leak (each candidate is made from the one before it); unscored candidates
    and other ties keep the earlier text."""
    best = candidates[0]
    if best.leaks is None:
        return best  # the input was never attacked: nothing is known to be better
    for previous, candidate in pairwise(candidates):
        if candidate.leaks is None:
            continue
        progress = candidate.leaks == best.leaks and previous is best and candidate.touched > 0
        if candidate.leaks < best.leaks or progress:
            best = candidate
    return best
