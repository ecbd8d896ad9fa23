"""Operators: what happens to each recognized span (pseudonymize, mask, block, warn, allow),
and to each quasi-identifier (generalize, decoy: rules/operators)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from veil.rules.choices import Action
from veil.rules.spans import Span
from veil.rules.subject import Reason
from veil.rules.vault import PseudonymStyle, Vault


def mask(label: str) -> str:
    # Fixed text per label: a mask that kept the original's length would leak it.
    return f"[REDACTED {label}]"


@dataclass(frozen=True, slots=True)
class Rewrite:
    """A span whose replacement is already decided (a quasi-identifier's operator)."""

    span: Span
    action: Action
    replacement: str | None
    start: int | None = None  # where the replaced text starts, if before the span (an article)


@dataclass(frozen=True, slots=True)
class Finding:
    """A span and what was done with it; offsets are into the original text."""

    start: int
    end: int
    label: str
    source: str
    score: float
    action: Action
    replacement: str | None
    reason: str | None = None  # why a span was kept as public, in words
    validator: str | None = None  # the check that accepted the value (Span.validator)

    def as_dict(self) -> dict[str, object]:
        record: dict[str, object] = {
            "start": self.start,
            "end": self.end,
            "label": self.label,
            "source": self.source,
            "score": round(self.score, 3),
            "action": str(self.action),
            "replacement": self.replacement,
        }
        if self.reason is not None:
            record["reason"] = self.reason
        if self.validator is not None:
            record["validator"] = self.validator
        return record


@dataclass
class RedactedText:
    text: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def blocked(self) -> bool:
        return any(f.action is Action.BLOCK for f in self.findings)


def redact(
    text: str,
    spans: Sequence[Span],
    vault: Vault,
    actions: Mapping[str, Action] | None = None,
    default_action: Action = Action.PSEUDONYMIZE,
    style: PseudonymStyle | None = None,
    kept: Sequence[tuple[Span, Reason]] = (),
    rewrites: Sequence[Rewrite] = (),
) -> RedactedText:
    """Apply each span's action; ``spans`` must not overlap (see merge.resolve_overlaps).
    ``kept`` are public entities, with the reason: reported (in words), never changed.
    ``rewrites`` (which overlap no span) come with their replacement decided."""
    actions = actions or {}
    pieces: list[str] = []
    findings: list[Finding] = []
    position = 0
    for span, reason in kept:
        where = (span.start, span.end, span.label, span.source, span.score)
        findings.append(Finding(*where, Action.KEEP, None, reason.text, span.validator))
    planned = [(s, None) for s in spans] + [(r.span, r) for r in rewrites]
    for span, rewrite in sorted(planned, key=lambda item: item[0].start):
        cut = rewrite.start if rewrite is not None and rewrite.start is not None else span.start
        if cut < position:
            raise ValueError(f"overlapping spans at {span.start}; resolve overlaps first")
        value = text[cut : span.end]
        replacement: str | None
        if rewrite is not None:
            action, replacement = rewrite.action, rewrite.replacement
        else:
            action = Action(actions.get(span.label, default_action))
            if action is Action.PSEUDONYMIZE:
                replacement = vault.pseudonym_for(value, span.label, style)
            elif action is Action.MASK:
                replacement = mask(span.label)
            else:
                replacement = None
        pieces.append(text[position:cut])
        pieces.append(value if replacement is None else replacement)
        position = span.end
        findings.append(
            Finding(
                span.start,
                span.end,
                span.label,
                span.source,
                span.score,
                action,
                replacement,
                validator=span.validator,
            )
        )
    pieces.append(text[position:])
    return RedactedText("".join(pieces), sorted(findings, key=lambda f: f.start))
