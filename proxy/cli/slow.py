"""`veil slow`: run the slow stage on a text and show what it found and changed.

For trying models, prompts and settings before turning the stage on for a site: it runs
the site's policy through the same pipeline as the proxy, with the slow stage switched on
(whether or not the site has it enabled) and the command's overrides applied to it.
"""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.table import Table

from veil.local_models.backend import LLMError
from veil.policies.pipeline import Piece, Pipeline
from veil.policies.schema import SitePolicy
from veil.proxy.cli import options, site_policy
from veil.proxy.cli.check import BLOCKED
from veil.rules.vault import Vault


@click.command("slow")
@click.argument("text")
@options.site()
@click.option("--model", help="Model spec for every step (default: the policy's models).")
@click.option("--max-rounds", type=click.IntRange(1, 10), help="Override the policy's.")
@click.option("--budget", type=click.FloatRange(min=0, min_open=True), help="Seconds.")
@click.option("--no-arbitrator", is_flag=True, help="Edit every grounded inference.")
@options.as_json("Print the full report as JSON.")
def slow(
    text: str, site: str, model: str | None, max_rounds: int | None, budget: float | None,
    no_arbitrator: bool, as_json: bool,
) -> None:  # fmt: skip
    """Run the fast and slow stages on TEXT (- for stdin) and report each round.

    Exit code 1 if a model cannot be loaded or gives nothing to go on, 3 if the site's
    policy would stop the message (a label it blocks, the risk limit, or the slow stage's
    budget with on_budget_exhausted: block).
    """
    if text == "-":
        text = sys.stdin.read()
    if not text.strip():
        raise click.UsageError("empty input: nothing to check")
    policy = _slow_stage_on(site_policy.effective(site), model, max_rounds, budget, no_arbitrator)
    try:
        outcome = Pipeline(policy).run([Piece(text, "user")], Vault(style=policy.pseudonym_style))
    except (LLMError, ValueError) as error:
        click.echo(f"veil slow: {error}", err=True)
        sys.exit(1)
    if outcome.blocked:
        click.echo(f"veil slow: the policy would stop this message: {outcome.blocked}", err=True)
        sys.exit(BLOCKED)
    if not outcome.slow:  # the policy reads the user's text with its format recognizers only
        raise click.UsageError(f"site {site!r} does not read what users write (its roles)")
    fast_text = outcome.stages[0].redacted.text
    ran = outcome.slow[0]
    if as_json:
        report = {"fast_stage": fast_text, **ran.result.as_dict()}
        report |= {"sent": outcome.texts[0], "fallback": ran.fallback or None}
        click.echo(json.dumps(report, ensure_ascii=False))
        return
    _print_report(fast_text, ran.result, outcome.texts[0], ran.fallback)


def _slow_stage_on(
    policy: SitePolicy,
    model: str | None,
    max_rounds: int | None,
    budget: float | None,
    no_arbitrator: bool,
) -> SitePolicy:
    """POLICY with its slow stage on and the command's overrides (not in dry run: the
    point is to see what the stage would do)."""
    changes: dict[str, object] = {"enabled": True}
    if model:
        changes |= {"attacker_model": model, "anonymizer_model": model}
    if max_rounds:
        changes["max_rounds"] = max_rounds
    if budget:
        changes["time_budget_s"] = budget
    if no_arbitrator:
        changes["use_arbitrator"] = False
    settings = policy.slow_stage.model_copy(update=changes)
    return policy.model_copy(update={"slow_stage": settings, "dry_run": False})


def _print_report(fast_text: str, result, sent: str, fallback: str) -> None:
    console = Console()
    console.print(f"[bold]fast stage:[/] {fast_text}")
    for report in result.rounds:
        table = Table(title=f"round {report.number}: {report.leaks_found} leak(s) in the tiers")
        for column in ("attribute", "guesses", "evidence", "grade"):
            table.add_column(column)
        for graded in report.inferences:
            table.add_row(
                graded.inference.attribute, ", ".join(graded.inference.guesses),
                " | ".join(graded.inference.evidence), str(graded.grade),
            )  # fmt: skip
        for rejection in report.ungrounded:
            table.add_row(rejection.attribute, "", rejection.evidence, "[dim]not in text[/]")
        console.print(table)
        for edit in report.edits:
            console.print(f"  edit: {edit.phrase!r} -> {edit.replacement!r}")
        for rejected in report.rejected_edits:
            console.print(f"  [red]rejected[/] {rejected.edit.phrase!r}: {rejected.reason}")
    tokens = result.tokens()
    console.print(
        f"[bold]stop:[/] {result.stop_reason} after {len(result.rounds)} round(s), "
        f"{result.seconds:.1f} s, {tokens['prompt']}+{tokens['completion']} tokens, "
        f"leaks {result.leaks_before} -> {result.leaks_after}"
    )
    if result.error:
        console.print(f"[red]{result.error}[/]")
    if fallback:  # the budget ran out: the policy's on_budget_exhausted chose what is sent
        console.print(f"[bold]budget ran out:[/] on_budget_exhausted: {fallback}")
    console.print(f"[bold]sent:[/] {sent}")
