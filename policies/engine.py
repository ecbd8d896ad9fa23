"""Applies a site policy to text: the fast stage (recognize -> merge -> act), then the
optional slow stage (local models rewrite what still reveals the author's attributes)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from veil.local_models.backend import LLM, LLMError
from veil.local_models.slow_stage.cache import ResultCache
from veil.local_models.slow_stage.limits import BY_NAME, STANDARD, Limits
from veil.policies.memo import Memo
from veil.policies.quasi_stage import EvidenceGeneralizer, QuasiIdentifierStage, QuasiResult
from veil.policies.schema import (
    BudgetFallback,
    QuasiIdentifierSettings,
    SitePolicy,
    SlowStageSettings,
)
from veil.rules import truecase
from veil.rules.analyzer import Analysis, Analyzer, RefereeSettings
from veil.rules.lists import AllowList, DenyList
from veil.rules.redact import RedactedText, redact
from veil.rules.registry import create
from veil.rules.vault import Vault

if TYPE_CHECKING:  # the loop and the model catalog load with the slow stage, on first use
    from veil.local_models.slow_stage import SlowStage, SlowStageResult

RECOGNITION_CACHE_SIZE = 4096
log = logging.getLogger("veil")


@dataclass(frozen=True, slots=True)
class TextReading:
    """What the fast stage makes of a text whatever the conversation: its analysis and,
    where quasi-identifiers are on, the disclosures outside the analysis's protected
    spans (``QuasiIdentifierStage.key``). Made where ``FastStage.read`` runs (the reader
    process), kept where ``FastStage.learn`` puts it."""

    text: str
    analysis: Analysis
    quasi_key: tuple | None = None
    disclosures: tuple | None = None


@dataclass
class StageResult:
    redacted: RedactedText
    timings_ms: dict[str, float] = field(default_factory=dict)
    # The quasi-identifiers found and what was done with them, and the residual risk
    # (None when the policy turns quasi_identifiers off).
    quasi: QuasiResult | None = None


class FastStage:
    """Built once per policy (models load once); ``run`` is safe to call from threads."""

    def __init__(
        self,
        policy: SitePolicy,
        load_llm: LLMLoader | None = None,
        cache_size: int = RECOGNITION_CACHE_SIZE,
    ) -> None:
        """``cache_size``: the texts whose readings are kept (the reader process hands
        each to the proxy, which keeps it: the reader needs few)."""
        self.policy = policy
        public = policy.public_entities
        referee = None
        if public.referee is not None:
            from veil.local_models.referee import LLMReferee

            referee = RefereeSettings(
                LLMReferee(public.referee, load_llm or default_llm_loader),
                max_calls=public.referee_max_calls,
                budget_s=public.referee_budget_s,
            )
        self.analyzer = Analyzer(
            recognizers=[
                create(name, **policy.recognizer_options.get(name, {}))
                for name in policy.recognizers
            ],
            allow_list=AllowList(policy.allow_list),
            deny_list=DenyList(policy.deny_list),
            thresholds=policy.thresholds,
            default_threshold=policy.threshold,
            public_entities=public.by_label(),
            referee=referee,
        )
        # Chat clients resend the whole history every turn: recognizing a text once is
        # enough (the spans depend on the text and the policy only, not on the vault).
        self._recognize = Memo(self._recognize_uncached, cache_size)
        settings = policy.quasi_identifiers
        # None when quasi-identifiers are off, or the whole fast stage is
        self.quasi = (
            QuasiIdentifierStage(settings, cache_size)
            if settings.enabled and policy.fast_stage.enabled
            else None
        )

    def ner_recognizer(self):  # -> SpacyNerRecognizer | None
        """The policy's spaCy NER recognizer, where the fast stage runs it."""
        if not self.policy.fast_stage.enabled:
            return None
        return next((r for r in self.analyzer.recognizers if r.name == "spacy.ner.v1"), None)

    def _recognize_uncached(self, text: str) -> Analysis:
        return self.analyzer.analyze_subjects(text)

    def unread(self, texts: Iterable[str]) -> list[str]:
        """Those of ``texts`` (once each) that ``run`` would have to read."""
        if not self.policy.fast_stage.enabled:
            return []
        return [t for t in dict.fromkeys(texts) if (t,) not in self._recognize]

    def read_ahead(self, texts: list[str]) -> None:
        """NER over several texts in one batch, and the parse of what it leaves untagged in
        another (``SpacyNerRecognizer.read_ahead``), where ``run`` and ``read`` will find
        them: the same entities, less time than one by one."""
        ner = self.ner_recognizer()
        if ner is not None:
            ner.read_ahead(texts)

    def read(self, text: str) -> TextReading:
        """What ``run`` reads of ``text`` before the conversation's vault has a say."""
        analysis = self._recognize(text)
        if self.quasi is None:
            return TextReading(text, analysis)
        key = self.quasi.key(text, analysis.protected)
        return TextReading(text, analysis, key, self.quasi.find(text, analysis.protected))

    def learn(self, reading: TextReading) -> None:
        """Keep a reading made elsewhere, for ``run`` to find."""
        self._recognize.put((reading.text,), reading.analysis)
        if self.quasi is not None and reading.quasi_key is not None:
            self.quasi.learn(reading.quasi_key, reading.disclosures)

    def warm_up(self) -> None:
        """Load models now rather than on the first message."""
        if self.policy.fast_stage.enabled:
            # an address too: its domain rule loads the public-suffix list
            self.analyzer.analyze("warm up: my friend Jane Doe (jane@northwind.io) lives in Paris.")
            # the word list recasing reads (a damaged one fails here, not on a message);
            # recasing alone: the sentence above has loaded everything else
            truecase.recase("warm up: dinner w jane in paris")
            if self.quasi is not None:
                self.quasi.warm_up()

    def run(self, text: str, vault: Vault) -> StageResult:
        if not self.policy.fast_stage.enabled:
            return StageResult(RedactedText(text))  # switched off: the text as it is
        started = time.perf_counter()
        analysis = _private_in_conversation(text, self._recognize(text), vault)
        recognized = time.perf_counter()
        timings = {"recognize": (recognized - started) * 1e3}
        quasi = None
        if self.quasi is not None:
            quasi = self.quasi.apply(text, analysis.protected, vault, analysis.kept)
            analysis = Analysis(quasi.protected, quasi.kept)
            timings["quasi"] = (time.perf_counter() - recognized) * 1e3
        redacting = time.perf_counter()
        redacted = self._redact(text, analysis, vault, quasi.rewrites if quasi else ())
        timings["redact"] = (time.perf_counter() - redacting) * 1e3
        return StageResult(redacted, timings, quasi)

    def _redact(self, text, analysis: Analysis, vault: Vault, rewrites=()) -> RedactedText:
        return redact(
            text,
            analysis.protected,
            vault,
            actions=self.policy.actions,
            default_action=self.policy.default_action,
            style=self.policy.pseudonym_style,
            kept=[(k.span, k.reason) for k in analysis.kept],
            rewrites=rewrites,
        )


def _private_in_conversation(text: str, analysis: Analysis, vault: Vault) -> Analysis:
    """A name protected earlier in the conversation stays protected in later turns, even
    where a turn alone says nothing of whose it is ("And Siobhán's phone?"); it keeps
    the label, and so the pseudonym, it was first given."""
    if not analysis.kept or not len(vault):
        return analysis
    known = {entry.value.casefold(): entry.label for entry in vault.entries()}
    protected, kept = list(analysis.protected), []
    for entry in analysis.kept:
        label = known.get(text[entry.span.start : entry.span.end].casefold())
        if label is None:
            kept.append(entry)
        else:
            protected.append(replace(entry.span, label=label))
    if len(kept) == len(analysis.kept):
        return analysis
    return Analysis(tuple(sorted(protected, key=lambda s: s.start)), tuple(kept))


class SlowStageBlocked(Exception):
    """The slow stage's budget ran out and the policy says not to send the message."""


LLMLoader = Callable[[str], LLM]


def default_llm_loader(spec: str) -> LLM:
    try:
        from veil.local_models.load import load_llm  # the backends and the model catalog
    except ImportError as error:
        raise LLMError(f"no model backends installed to load {spec!r}: {error}") from None
    return load_llm(spec)


@dataclass
class SlowOutcome:
    text: str  # what is sent
    result: SlowStageResult | None  # None: an earlier turn that was never rewritten
    fallback: str = ""  # the on_budget_exhausted choice, when the budget ran out


def limits_for(settings: SlowStageSettings) -> Limits:
    """The policy's ``limits``; ``auto``: what the attacker model's catalog entry says,
    standard for a path or a server (their size is not known here)."""
    if settings.limits != "auto":
        return BY_NAME[settings.limits]
    from veil.local_models.catalog import load_catalog

    try:
        catalog = load_catalog()
    except (OSError, ValueError):  # a broken catalog is reported by veil doctor
        return STANDARD
    model = settings.attacker_model
    return BY_NAME[catalog.get(model).limits] if model in catalog else STANDARD


class SlowStageRunner:
    """A policy's slow stage on the fast stage's output: models load on first use, once."""

    def __init__(
        self,
        settings: SlowStageSettings,
        load_llm: LLMLoader | None = None,
        cache: ResultCache[SlowStageResult] | None = None,
        limits: Limits | None = None,
        quasi: QuasiIdentifierSettings | None = None,
    ) -> None:
        """``quasi``: the policy's quasi-identifier operators, which then rewrite the
        evidence they can read before the anonymizer model is asked."""
        self.settings = settings
        self.quasi = quasi
        self._load = load_llm or default_llm_loader
        self._cache = cache
        self._limits = limits or limits_for(settings)
        self._stage: SlowStage | None = None
        self._lock = threading.Lock()

    def stage(self) -> SlowStage:
        with self._lock:
            if self._stage is None:
                from veil.local_models.slow_stage import SlowStage

                attacker = self._load(self.settings.attacker_model)
                anonymizer = (
                    attacker
                    if self.settings.anonymizer_model == self.settings.attacker_model
                    else self._load(self.settings.anonymizer_model)
                )
                editor = (
                    EvidenceGeneralizer(self.quasi)
                    if self.quasi is not None and self.quasi.enabled
                    else None
                )
                self._stage = SlowStage(
                    self.settings.loop_settings(),
                    attacker,
                    anonymizer,
                    self._cache,
                    limits=self._limits,
                    evidence_editor=editor,
                )
            return self._stage

    def rewrite(self, text: str, pseudonyms: Iterable[str]) -> SlowOutcome:
        """The user's new text: run the loop (or reuse its result) and apply the fallback."""
        pseudonyms = list(pseudonyms)
        stage = self.stage()
        result = stage.run(text, pseudonyms)
        log.info(
            "slow stage: %s after %d round(s), leaks %s -> %s, %d edit(s), %.1f s%s",
            result.stop_reason, len(result.rounds), result.leaks_before, result.leaks_after,
            len(result.edits), result.seconds, " (cached)" if result.cached else "",
        )  # fmt: skip
        if not result.checked and not result.budget_exhausted and result.error:
            # Not a single answer to go on: the site's on_error decides, as for any failure.
            raise LLMError(f"the slow stage could not check the message: {result.error}")
        if not result.budget_exhausted:
            return SlowOutcome(result.text, result)
        fallback = self.settings.on_budget_exhausted
        if fallback is BudgetFallback.BLOCK:
            stage.forget(text, pseudonyms)  # a retry gets a fresh budget
            raise SlowStageBlocked(
                f"the slow stage's {self.settings.time_budget_s:g} s budget ran out "
                "before it could check the message (on_budget_exhausted: block)"
            )
        sent = text if fallback is BudgetFallback.FAST_STAGE else result.text
        return SlowOutcome(sent, result, str(fallback))

    def resent(self, text: str, pseudonyms: Iterable[str]) -> SlowOutcome:
        """An earlier turn of a resent history: only what the cache holds, never a new run
        (the model saw this turn as it was rewritten then, or unrewritten)."""
        result = self.stage().cached(text, pseudonyms)
        if result is None:
            return SlowOutcome(text, None)
        fallback = self.settings.on_budget_exhausted
        if result.budget_exhausted and fallback is BudgetFallback.FAST_STAGE:
            return SlowOutcome(text, result, str(BudgetFallback.FAST_STAGE))
        return SlowOutcome(result.text, result)
