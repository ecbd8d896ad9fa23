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
