"""The one owner of a message: a site's policy applied to one request's texts, end to end.

    texts -> fast stage per text (recognizers, public/private decision, quasi-identifier
    operators, redaction) -> labels the policy blocks -> the conversation's residual risk
    -> slow stage on the new turn -> the texts to send, or why the policy stops them

The proxy (MITM and gateway), ``veil check``, ``veil slow`` and the benches call
``Pipeline.run``, so each shows what the others would send. The caller says where each
text came from (``Piece``: its role and whether it is the newest turn); the policy decides
how it is read (``Reading``). Failures raise; the caller applies the site's ``on_error``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from veil.local_models.slow_stage.cache import ResultCache
from veil.local_models.slow_stage.limits import Limits
from veil.policies.engine import (
    FastStage,
    LLMLoader,
    SlowOutcome,
    SlowStageBlocked,
    SlowStageRunner,
    StageResult,
)
from veil.policies.schema import SitePolicy, normalize_role
from veil.rules.analyzer import reads_language
from veil.rules.operators import Operation
from veil.rules.redact import Action
from veil.rules.risk import Risk, estimate
from veil.rules.vault import Vault

if TYPE_CHECKING:
    from veil.local_models.slow_stage import SlowStageResult

# The role of a string no adapter field covers (proxy/adapters/residual).
FIELD_ROLE = "field"


class Reading(StrEnum):
    """How much of the pipeline a text goes through."""

    FULL = "full"  # a role the policy reads: every recognizer, quasi-identifiers, slow stage
    FIELD = "field"  # a field no adapter reads: every recognizer, then the vault's values
    FORMATS = "formats"  # a role the policy does not read: format recognizers, vault values


@dataclass(frozen=True, slots=True)
class Piece:
    text: str
    role: str  # the adapter's role name ("user", "tool", "assistant", "field", ...)
    new: bool = True  # in the newest turn (a resent history's earlier turns are not)


@dataclass
class Report:
    """What the fast stage did (for the redaction log and ``veil check``): labels and
    counts, values only when the policy keeps the value log."""

    labels: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    actions_by_label: Counter[str] = field(default_factory=Counter)  # "PERSON (mask)": n
    timings_ms: Counter[str] = field(default_factory=Counter)
    values: list[dict[str, Any]] = field(default_factory=list)
    blocked_labels: set[str] = field(default_factory=set)
    # what the writer disclosed in every text read in full (the history included: a
    # profile builds up over a conversation), for the residual risk
    disclosures: list[Operation] = field(default_factory=list)


@dataclass
class Outcome:
    texts: list[str]  # what to send, one per piece (the input where nothing changed)
    report: Report
    stages: list[StageResult]  # the fast stage's result per piece
    blocked: str = ""  # why the policy stops the message ("" when it may be sent)
    risk: Risk | None = None  # None when quasi-identifiers are off
    risk_warning: str = ""
    slow: list[SlowOutcome] = field(default_factory=list)

    @property
    def slow_ms(self) -> float:
        return 1e3 * sum(o.result.seconds for o in self.slow if o.result and not o.result.cached)


class Pipeline:
    """Built once per policy (models load once, results are cached); ``run`` is safe to
    call from several threads."""

    def __init__(
        self,
        policy: SitePolicy,
        *,
        load_llm: LLMLoader | None = None,
        slow_cache: ResultCache[SlowStageResult] | None = None,
        slow_limits: Limits | None = None,
    ) -> None:
        self.policy = policy
        self.fast = FastStage(policy, load_llm)
        self.formats = FastStage(_formats_only(policy))
        self.slow = (
            SlowStageRunner(
                policy.slow_stage,
                load_llm,
                slow_cache,
                slow_limits,
                quasi=policy.quasi_identifiers,
            )
            if policy.slow_stage.enabled
            else None
        )

    def warm_up(self) -> None:
        """Load the recognizers now rather than on the first message."""
        self.fast.warm_up()

    def read_ahead(self, messages: Sequence[Sequence[Piece]]) -> None:
        """Read the new texts of several messages (that arrived together) with spaCy's NER
        in one batch, where the fast stage will read them: the same entities, less time
        than one by one. Each message's ``run`` then finds its text read."""
        texts = [
            piece.text
            for pieces in messages
            for piece in pieces
            if piece.new and piece.text.strip() and self.reading(piece) is not Reading.FORMATS
        ]
        self.fast.read_ahead(list(dict.fromkeys(texts)))

    def unread(self, pieces: Sequence[Piece]) -> list[str]:
        """The texts of ``pieces`` the fast stage (not the formats-only one) has yet to
        read: those another process may read for it (``FastStage.read`` / ``learn``)."""
        return self.fast.unread(p.text for p in pieces if self.reading(p) is not Reading.FORMATS)

    def reading(self, piece: Piece) -> Reading:
        if piece.role == FIELD_ROLE:
            return Reading.FIELD
        return Reading.FULL if normalize_role(piece.role) in self.policy.roles else Reading.FORMATS

    def run(self, pieces: Sequence[Piece], vault: Vault, *, slow: bool = True) -> Outcome:
        """The texts to send for ``pieces`` (one conversation's, sharing ``vault``).
        ``slow``: run the slow stage where the policy turns it on (the proxy and ``veil
        check``); off for a caller that wants the fast stage's texts alone."""
        report = Report()
        texts: list[str] = []
        stages: list[StageResult] = []
        for piece in pieces:
            reading = self.reading(piece)
            stage = self.fast if reading is not Reading.FORMATS else self.formats
            result = stage.run(piece.text, vault)
            text = result.redacted.text
            if reading is not Reading.FULL:
                # text veil does not read in full may be the model's own earlier words,
                # with values veil restored in them: back to their pseudonyms
                text = vault.pseudonymize_known(text)
            _count(report, result, piece.text, self.policy.records.log_values)
            texts.append(text)
            stages.append(result)
        outcome = Outcome(texts, report, stages)
        if report.blocked_labels:
            outcome.blocked = (
                f"it contains {', '.join(sorted(report.blocked_labels))}, which this site's "
                "policy blocks"
            )
            return outcome
        if self.fast.quasi is not None:
            self._judge_risk(outcome)
            if outcome.blocked:
                return outcome
        if slow and self.slow is not None and not self.policy.dry_run:
            self._rewrite(pieces, outcome, vault)
        return outcome

    def _judge_risk(self, outcome: Outcome) -> None:
        """Warn (or stop) when what is sent still points at few people (rules/risk)."""
        risk = outcome.risk = estimate(outcome.report.disclosures)
        limits = self.policy.quasi_identifiers.risk
        if limits.block_above is not None and risk.kappa > limits.block_above:
            outcome.blocked = (
                f"what it says about you (the {', '.join(risk.attributes)} left) fits about "
                f"{risk.matching:,.0f} people: re-identification risk {risk.kappa:.3g} is above "
                f"this site's limit {limits.block_above:g}"
            )
        elif limits.warn_above is not None and risk.kappa > limits.warn_above:
            outcome.risk_warning = (
                f"it still points at about {risk.matching:,.0f} people "
                f"({', '.join(risk.attributes)}): re-identification risk {risk.kappa:.3g} is "
                f"above the warning limit {limits.warn_above:g}"
            )

    def _rewrite(self, pieces: Sequence[Piece], outcome: Outcome, vault: Vault) -> None:
        """The slow stage on the user's own words (not system prompts or tool output): the
        new turn is rewritten, a resent turn gets what the cache holds for it."""
        assert self.slow is not None
        pseudonyms = [entry.pseudonym for entry in vault.entries()]
        started = time.perf_counter()
        for i, piece in enumerate(pieces):
            if piece.role != "user" or self.reading(piece) is not Reading.FULL:
                continue
            run = self.slow.rewrite if piece.new else self.slow.resent
            try:
                result = run(outcome.texts[i], pseudonyms)
            except SlowStageBlocked as stopped:
                outcome.blocked = str(stopped)
                return
            outcome.texts[i] = result.text
            outcome.slow.append(result)
        if outcome.slow:
            outcome.report.timings_ms["slow"] = (time.perf_counter() - started) * 1e3


def _formats_only(policy: SitePolicy) -> SitePolicy:
    """The policy's format recognizers alone (e-mail, phone, card, secrets, ...), for
    text whose author the policy does not read: a key or an address in it is caught even
    so; names are left to the vault (FastStage builds its own recognizers from this)."""
    quasi_off = policy.quasi_identifiers.model_copy(update={"enabled": False})
    patterns = [name for name in policy.recognizers if not reads_language(name)]
    return policy.model_copy(update={"recognizers": patterns, "quasi_identifiers": quasi_off})


def _count(report: Report, result: StageResult, original: str, keep_values: bool) -> None:
    report.timings_ms.update(result.timings_ms)
    if result.quasi is not None:
        report.disclosures.extend(result.quasi.operations)
    for finding in result.redacted.findings:
        if finding.action == Action.KEEP:  # a public entity: counted, never a finding
            report.actions[str(Action.KEEP)] += 1
            continue
        report.labels[finding.label] += 1
        report.actions[str(finding.action)] += 1
        if finding.action != Action.ALLOW:
            report.actions_by_label[f"{finding.label} ({finding.action})"] += 1
        if finding.action == Action.BLOCK:
            report.blocked_labels.add(finding.label)
        if keep_values:
            report.values.append(
                {
                    "label": finding.label,
                    "value": original[finding.start : finding.end],
                    "replacement": finding.replacement,
                    "action": str(finding.action),
                }
            )
