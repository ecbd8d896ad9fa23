"""`veil slow`: run the slow stage on a text and show what it found and changed.

For trying models, prompts and settings before turning the stage on for a site: it runs
the fast stage with the site's policy, then the attacker -> arbitrator -> anonymizer loop
on its output (whether or not the site has the slow stage enabled).
"""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.table import Table

from veil.local_models.backend import LLMError
from veil.policies import paths
from veil.policies.loader import PolicyError
from veil.proxy.site_policies import effective_policy
from veil.rules.vault import Vault


@click.command("slow")
@click.argument("text")
@click.option("--site", default="default", show_default=True, help="Site policy to apply.")
@click.option("--model", help="Model spec for every step (default: the policy's models).")
@click.option("--max-rounds", type=click.IntRange(1, 10), help="Override the policy's.")
@click.option("--budget", type=click.FloatRange(min=0, min_open=True), help="Seconds.")
@click.option("--no-arbitrator", is_flag=True, help="Edit every grounded inference.")
@click.option("--json", "as_json", is_flag=True, help="Print the full report as JSON.")
def slow(
    text: str, site: str, model: str | None, max_rounds: int | None, budget: float | None,
    no_arbitrator: bool, as_json: bool,
) -> None:  # fmt: skip
    """Run the fast and slow stages on TEXT (- for stdin) and report each round."""
    from veil.local_models.slow_stage import SlowStage
    from veil.policies.engine import FastStage, default_llm_loader, limits_for
    from veil.policies.quasi_stage import EvidenceGeneralizer

    if text == "-":
        text = sys.stdin.read()
    if not text.strip():
        raise click.UsageError("empty input: nothing to check")
    try:
        policy = effective_policy(site, paths.config_dir())
    except PolicyError as error:
        raise click.UsageError(str(error)) from None
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
    vault = Vault(style=policy.pseudonym_style)
    try:
        fast_text = FastStage(policy).run(text, vault).redacted.text
        attacker = default_llm_loader(settings.attacker_model)
        anonymizer = default_llm_loader(settings.anonymizer_model)
        quasi = policy.quasi_identifiers
        editor = EvidenceGeneralizer(quasi) if quasi.enabled else None
        stage = SlowStage(
            settings, attacker, anonymizer, limits=limits_for(settings), evidence_editor=editor
        )
        result = stage.run(fast_text, [e.pseudonym for e in vault.entries()])
    except (LLMError, ValueError) as error:
        click.echo(f"veil slow: {error}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps({"fast_stage": fast_text, **result.as_dict()}, ensure_ascii=False))
        return
    _print_report(fast_text, result)


def _print_report(fast_text: str, result) -> None:
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
    console.print(f"[bold]sent:[/] {result.text}")
