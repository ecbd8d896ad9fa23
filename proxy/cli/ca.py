"""`veil ca install | uninstall | status`: trust veil's CA where browsers and tools look."""

from __future__ import annotations

import sys

import click

from veil.policies import paths
from veil.proxy.cli import options
from veil.proxy.system.trust import TrustError, TrustStore, ensure_ca, stores


def _chosen(keys: tuple[str, ...]) -> list[TrustStore]:
    known = stores()
    return [store for store in known if not keys or store.key in keys]


@click.group()
def ca() -> None:
    """Trust (or stop trusting) veil's CA, which signs the chat sites' certificates."""


@ca.command()
@options.config_dir
def status(config_dir: str | None) -> None:
    """Show where veil's CA is trusted."""
    from rich.console import Console
    from rich.table import Table

    ca_file = ensure_ca(paths.config_dir(config_dir))
    table = Table(title=f"veil CA: {ca_file}")
    for column in ("store", "trusted", "detail"):
        table.add_column(column)
    for store in stores():
        result = store.status(ca_file)
        mark = {True: "[green]yes[/]", False: "[red]no[/]", None: "[dim]–[/]"}[result.trusted]
        table.add_row(result.store, mark, result.detail)
    Console().print(table)


def _apply(config_dir: str | None, store_keys: tuple[str, ...], yes: bool, install: bool) -> None:
    ca_file = ensure_ca(paths.config_dir(config_dir))
    chosen = [store for store in _chosen(store_keys) if store.available()]
    if not chosen:
        raise click.ClickException(
            "no trust store found here"
            + (f" among {', '.join(store_keys)}" if store_keys else "")
            + " (Linux: install libnss3-tools for certutil)"
        )
    failures = 0
    for store in chosen:
        before = store.status(ca_file).trusted
        if install and before:
            click.echo(f"{store.label}: already trusted")
            continue
        if not install and not before:
            click.echo(f"{store.label}: not trusted, nothing to remove")
            continue
        what = store.change(ca_file) if install else f"remove veil's CA from {store.label}"
        root = " (needs root: sudo will ask for your password)" if store.needs_root else ""
        click.echo(f"{store.label}: will {what}{root}")
        if not yes and not click.confirm("  go ahead?", default=True):
            continue
        try:
            store.install(ca_file) if install else store.uninstall(ca_file)
        except TrustError as error:
            failures += 1
            click.echo(f"  failed: {error}", err=True)
            continue
        click.echo("  done")
    if install:
        click.echo("Restart the browser so it reads its certificate store again.")
    if failures:
        sys.exit(1)


@ca.command()
@options.config_dir
@options.store
@options.yes("Do not ask before each change.")
def install(config_dir: str | None, store_keys: tuple[str, ...], yes: bool) -> None:
    """Trust veil's CA in the system, browser and Firefox stores (asks before each)."""
    _apply(config_dir, store_keys, yes, install=True)


@ca.command()
@options.config_dir
@options.store
@options.yes("Do not ask before each change.")
def uninstall(config_dir: str | None, store_keys: tuple[str, ...], yes: bool) -> None:
    """Remove veil's CA from every store it was added to."""
    _apply(config_dir, store_keys, yes, install=False)
