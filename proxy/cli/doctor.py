"""`veil doctor`: what is broken in this setup and how to fix it."""

from __future__ import annotations

import json
import sys

import click

from veil.proxy.cli import options


@click.command()
@options.proxy_setup
@options.as_json("Print JSON instead of a table.")
def doctor(
    listen_host: str, listen_port: int, config_dir: str | None, data_dir: str | None, as_json: bool
) -> None:
    """Check every piece veil needs and say how to fix what is broken."""
    from veil.proxy.system.doctor import run_checks, setup_from

    results = run_checks(setup_from(config_dir, data_dir, listen_host, listen_port))
    if as_json:
        click.echo(json.dumps([r.__dict__ for r in results], ensure_ascii=False))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="veil doctor")
        for column in ("check", "", "detail", "fix"):
            table.add_column(column, overflow="fold")
        for r in results:
            table.add_row(r.name, "[green]ok[/]" if r.ok else "[red]broken[/]", r.detail, r.fix)
        Console(width=140).print(table)
    sys.exit(0 if all(r.ok for r in results) else 1)
