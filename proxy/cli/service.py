"""`veil service`: start veil at login and restart it when it fails."""

from __future__ import annotations

import sys

import click

from veil.policies import paths
from veil.proxy.cli import options


@click.group()
def service() -> None:
    """Start veil at login and restart it when it fails (systemd, launchd, Task Scheduler)."""


@service.command("install")
@options.proxy_setup
def service_install(
    listen_host: str, listen_port: int, config_dir: str | None, data_dir: str | None
) -> None:
    """Install and start the service, running `veil start` with these options."""
    from veil.proxy.system.service import ServiceError, platform_service, start_command

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
    from veil.proxy.system.service import ServiceError, platform_service

    chosen = platform_service()
    try:
        chosen.uninstall()
    except ServiceError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{chosen.label} removed ({chosen.path})")


@service.command("status")
def service_status() -> None:
    """Is the service installed, and is it running?"""
    from veil.proxy.system.service import ServiceError, platform_service

    chosen = platform_service()
    try:
        status = chosen.status()
    except ServiceError as error:
        raise click.ClickException(str(error)) from None
    running = {True: "running", False: "not running", None: "state unknown"}[status.running]
    installed = "installed" if status.installed else "not installed"
    click.echo(f"{chosen.label}: {installed}, {running} ({status.detail})")
    sys.exit(0 if status.installed else 1)
