"""What `veil check` prints for one text: a JSON record, or tables for a person to read."""

from __future__ import annotations

from typing import Any

from veil.policies.pipeline import Outcome
from veil.rules.redact import Action
from veil.rules.risk import Risk


def result_record(outcome: Outcome, original: str) -> dict[str, Any]:
    """The text to send, PII spans, quasi-identifiers and residual risk, and whether (and
    why) the policy stops the message."""
    result = outcome.stages[0]
    redacted, quasi = result.redacted, result.quasi
    disclosed = _disclosed(quasi)
    spans = [f.as_dict() for f in redacted.findings if (f.start, f.end) not in disclosed]
    record: dict[str, Any] = {
        "text": outcome.texts[0],
        "blocked": bool(outcome.blocked),
        "blocked_reason": outcome.blocked or None,
        "spans": spans,
    }
    if quasi is not None:
        record["quasi_identifiers"] = [_operation_record(o, original) for o in quasi.operations]
        record["risk"] = (outcome.risk or quasi.risk).as_dict()  # the message's, as judged
    slow = _slow_result(outcome)
    if slow is not None:
        record["slow_stage"] = slow.as_dict()
    return record


def _disclosed(quasi) -> set[tuple[int, int]]:
    """The spans the quasi-identifier operators own (listed once, not among the PII)."""
    if not quasi:
        return set()
    return {(o.disclosure.span.start, o.disclosure.span.end) for o in quasi.operations}


def _slow_result(outcome: Outcome):
    return outcome.slow[0].result if outcome.slow else None


def _operation_record(operation, original: str) -> dict[str, Any]:
    span = operation.disclosure.span
    return {
        "start": span.start,
        "end": span.end,
        "attribute": operation.disclosure.attribute,
        "whose": operation.disclosure.subject,
        "original": original[span.start : span.end],
        "operator": str(operation.operator),
        "asked": str(operation.asked),
        "replacement": operation.replacement,
    }


def print_table(original: str, outcome: Outcome) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table

    console = Console()
    stage = outcome.stages[0]
    result, quasi = stage.redacted, stage.quasi
    console.print(Panel(outcome.texts[0], title="redacted", expand=False))
    disclosed = _disclosed(quasi)
    protected = [
        f for f in result.findings if f.action != Action.KEEP and (f.start, f.end) not in disclosed
    ]
    kept = [f for f in result.findings if f.action == Action.KEEP]
    table = Table(title=f"{len(protected)} finding(s)")
    for column in ("label", "original", "replacement", "action", "source (validator)", "score"):
        table.add_column(column)
    for finding in protected:
        table.add_row(
            finding.label,
            original[finding.start : finding.end],
            finding.replacement or "",
            str(finding.action),
            finding.source + (f" ({finding.validator})" if finding.validator else ""),
            f"{finding.score:.2f}",
        )
    console.print(table)
    if kept:
        public = Table(title=f"{len(kept)} public entit{'y' if len(kept) == 1 else 'ies'} kept")
        for column in ("label", "original", "why it is public"):
            public.add_column(column)
        for finding in kept:
            public.add_row(finding.label, original[finding.start : finding.end], finding.reason)
        console.print(public)
    if quasi is not None and quasi.operations:
        _print_quasi(console, original, quasi, outcome.risk or quasi.risk)
        if outcome.risk_warning:  # a risk block is the last line's reason
            console.print(f"[yellow]{escape(outcome.risk_warning)}[/]")
    slow = _slow_result(outcome)
    if slow is not None:
        console.print(
            f"slow stage: {slow.stop_reason} after {len(slow.rounds)} round(s), "
            f"leaks {slow.leaks_before} -> {slow.leaks_after}"
        )
    if outcome.blocked:
        console.print(
            f"[bold red]this message would be blocked by the site's policy: "
            f"{escape(outcome.blocked)}[/]"
        )


def _people(count: float) -> str:
    return "1 person" if round(count) <= 1 else f"{count:,.0f} people"


def _print_quasi(console, original: str, quasi, risk: Risk) -> None:
    from rich.table import Table

    table = Table(title=f"{len(quasi.operations)} quasi-identifier(s) the writer discloses")
    for column in ("attribute", "whose", "original", "replacement", "operator"):
        table.add_column(column)
    for operation in quasi.operations:
        span = operation.disclosure.span
        operator = str(operation.operator)
        if operation.operator is not operation.asked:
            operator += f" (asked {operation.asked}: none fits)"
        table.add_row(
            operation.disclosure.attribute,
            operation.disclosure.subject,
            original[span.start : span.end],
            operation.replacement if operation.replacement is not None else "(unchanged)",
            operator,
        )
    console.print(table)
    console.print(
        f"residual re-identification risk κ = {risk.kappa:.3g} "
        f"(about {_people(risk.matching)} fit what is sent; "
        f"as written κ = {risk.kappa_before:.3g}, {_people(risk.matching_before)})"
    )
