"""The policy schema: what veil does on one site.

This is the fast-stage core of it (recognizers, thresholds, actions, lists, pseudonym
style, on_error); the policies issue extends it with the slow stage, size limits and
uploads. Unknown keys are errors, so a typo in a policy file never silently does nothing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from veil.rules.analyzer import DEFAULT_RECOGNIZERS, DEFAULT_THRESHOLD
from veil.rules.labels import ALL_LABELS
from veil.rules.redact import Action
from veil.rules.vault import PseudonymStyle


class OnError(StrEnum):
    BLOCK = "block"
    PASS = "pass"


class ValidityTier(StrEnum):
    """How strongly the text supports an inference (DESIGN.md §8)."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class BudgetFallback(StrEnum):
    """What to send when the slow stage's time budget runs out."""

    BEST_SO_FAR = "best_so_far"  # the best rewrite finished in time (else the fast stage's)
    FAST_STAGE = "fast_stage"  # the fast stage's output, ignoring partial rewrites
    BLOCK = "block"  # do not send; tell the user


class SlowStageSettings(BaseModel):
    """The local-model stage: attacker -> arbitrator -> anonymizer on the fast stage's output."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    attributes: list[str] = Field(
        default_factory=lambda: [
            "age", "sex", "location", "birthplace", "education",
            "occupation", "income_level", "relationship_status", "health",
        ]
    )  # fmt: skip
    tiers: list[ValidityTier] = Field(
        default_factory=lambda: [ValidityTier.HIGH, ValidityTier.MEDIUM]
    )
    max_rounds: int = Field(3, ge=1, le=10)
    time_budget_s: float = Field(20.0, gt=0)
    on_budget_exhausted: BudgetFallback = BudgetFallback.BEST_SO_FAR
    use_arbitrator: bool = True
    # catalog names or paths of GGUF files; an "http(s)://" URL means an OpenAI-compatible server
    attacker_model: str = "qwen2.5-coder-0.5b-instruct"
    anonymizer_model: str = "qwen2.5-coder-0.5b-instruct"


class RecordSettings(BaseModel):
    """What veil keeps on disk about this site's conversations (veil.proxy.storage)."""

    model_config = ConfigDict(extra="forbid")

    # Vaults of conversations unused for this long, and log entries this old, are deleted.
    retention_days: float = Field(30.0, gt=0, le=36500)
    # Also keep the replaced values in the redaction log, sealed with the data key.
    log_values: bool = False


class SitePolicy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    hosts: list[str] = Field(default_factory=list)
    adapter: str | None = None
    recognizers: list[str] = Field(default_factory=lambda: list(DEFAULT_RECOGNIZERS))
    # per-recognizer settings, e.g. {"gliner.v1": {"model_dir": "...", "threshold": 0.6}}
    recognizer_options: dict[str, dict[str, Any]] = Field(default_factory=dict)
    threshold: float = Field(DEFAULT_THRESHOLD, ge=0.0, le=1.0)
    thresholds: dict[str, float] = Field(default_factory=dict)
    default_action: Action = Action.PSEUDONYMIZE
    actions: dict[str, Action] = Field(default_factory=dict)
    allow_list: list[str] = Field(default_factory=list)
    # term (or "re:<pattern>") -> the label its pseudonym carries
    deny_list: dict[str, str] = Field(default_factory=dict)
    pseudonym_style: PseudonymStyle = PseudonymStyle.PLACEHOLDER
    on_error: OnError = OnError.BLOCK
    # Bodies larger than this are not scanned (and on_error decides what happens).
    max_body_bytes: int = Field(8 * 1024 * 1024, gt=0)
    slow_stage: SlowStageSettings = Field(default_factory=SlowStageSettings)
    records: RecordSettings = Field(default_factory=RecordSettings)

    @field_validator("thresholds", "actions")
    @classmethod
    def _known_labels(cls, value: dict) -> dict:
        unknown = sorted(set(value) - set(ALL_LABELS))
        if unknown:
            raise ValueError(f"unknown label(s) {unknown}; known: {list(ALL_LABELS)}")
        return value

    @field_validator("recognizers")
    @classmethod
    def _registered(cls, value: list[str]) -> list[str]:
        from veil.rules.registry import registered_names

        unknown = sorted(set(value) - set(registered_names()))
        if unknown:
            raise ValueError(f"unknown recognizer(s) {unknown}; known: {registered_names()}")
        return value

    @field_validator("thresholds")
    @classmethod
    def _scores(cls, value: dict[str, float]) -> dict[str, float]:
        for label, threshold in value.items():
            if not 0.0 <= threshold <= 1.0:
                raise ValueError(f"threshold for {label} must be within 0..1, got {threshold}")
        return value
