"""`veil service` (start at login) and `veil doctor` (what is broken and how to fix it)."""

from __future__ import annotations

import json
import sys

import click

from veil.policies import paths


def _dirs(function):
    function = click.option("--data-dir", type=click.Path(file_okay=False))(function)
    function = click.option("--config-dir", type=click.Path(file_okay=False))(function)
    function = click.option("--listen-port", default=8080, show_default=True, type=int)(function)
    return click.option("--listen-host", default="127.0.0.1", show_default=True)(function)


@click.group()
def service() -> None:
    """Start veil at login and restart it when it fails (systemd, launchd, Task Scheduler)."""


@service.command("install")
@_dirs
def service_install(
    listen_host: str, listen_port: int, config_dir: str | None, data_dir: str | None
) -> None:
    """Install and start the service, running `veil start` with these options."""
    from veil.proxy.service import ServiceError, platform_service, start_command

    chosen = platform_service()
    command = start_command(
        listen_host, listen_port, paths.config_dir(config_dir), paths.data_dir(data_dir)
    )
    click.echo(f"{chosen.label}: writing {chosen.path}")
    try:
        chosen.install(command)
    except ServiceError as error:
        raise click.ClickException(str(error)) from None
    click.echo("installed; veil starts at login. Undo with: veil service uninstall")


@service.command("uninstall")
def service_uninstall() -> None:
    """Stop the service and remove it."""
    from veil.proxy.service import ServiceError, platform_service

    chosen = platform_service()
    try:
        chosen.uninstall()
    except ServiceError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{chosen.label} removed ({chosen.path})")


@service.command("status")
def service_status() -> None:
    """Is the service installed, and is it running?"""
    from veil.proxy.service import ServiceError, platform_service

    chosen = platform_service()
    try:
        status = chosen.status()
    except ServiceError as error:
        raise click.ClickException(str(error)) from None
    running = {True: "running", False: "not running", None: "state unknown"}[status.running]
    installed = "installed" if status.installed else "not installed"
    click.echo(f"{chosen.label}: {installed}, {running} ({status.detail})")
    sys.exit(0 if status.installed else 1)


@click.command()
@_dirs
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def doctor(
    listen_host: str, listen_port: int, config_dir: str | None, data_dir: str | None, as_json: bool
) -> None:
    """Check every piece veil needs and say how to fix what is broken."""
    from veil.proxy.doctor import run_checks, setup_from

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
