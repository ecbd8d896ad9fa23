"""Applies a site policy to text: the fast stage (recognize -> merge -> act)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

from veil.policies.schema import SitePolicy
from veil.rules.analyzer import Analyzer
from veil.rules.lists import AllowList, DenyList
from veil.rules.redact import RedactedText, redact
from veil.rules.registry import create
from veil.rules.spans import Span
from veil.rules.vault import Vault

RECOGNITION_CACHE_SIZE = 4096


@dataclass
class StageResult:
    redacted: RedactedText
    timings_ms: dict[str, float] = field(default_factory=dict)


class FastStage:
    """Built once per policy (models load once); ``run`` is safe to call from threads."""

    def __init__(self, policy: SitePolicy) -> None:
        self.policy = policy
        self.analyzer = Analyzer(
            recognizers=[
                create(name, **policy.recognizer_options.get(name, {}))
                for name in policy.recognizers
            ],
            allow_list=AllowList(policy.allow_list),
            deny_list=DenyList(policy.deny_list),
            thresholds=policy.thresholds,
            default_threshold=policy.threshold,
        )
        # Chat clients resend the whole history every turn: recognizing a text once is
        # enough (the spans depend on the text and the policy only, not on the vault).
        self._recognize = lru_cache(maxsize=RECOGNITION_CACHE_SIZE)(self._recognize_uncached)

    def _recognize_uncached(self, text: str) -> tuple[Span, ...]:
        return tuple(self.analyzer.analyze(text))

    def warm_up(self) -> None:
        """Load models now rather than on the first message."""
        if self.policy.fast_stage.enabled:
            self.analyzer.analyze("warm up: Jane Doe lives in Paris.")

    def run(self, text: str, vault: Vault) -> StageResult:
        if not self.policy.fast_stage.enabled:
            return StageResult(RedactedText(text))  # switched off: the text as it is
        started = time.perf_counter()
        spans = list(self._recognize(text))
        recognized = time.perf_counter()
        redacted = self._redact(text, spans, vault)
        done = time.perf_counter()
        return StageResult(
            redacted,
            {"recognize": (recognized - started) * 1e3, "redact": (done - recognized) * 1e3},
        )

    def _redact(self, text, spans, vault: Vault) -> RedactedText:
        return redact(
            text,
            spans,
            vault,
            actions=self.policy.actions,
            default_action=self.policy.default_action,
            style=self.policy.pseudonym_style,
        )
