"""``veil models``: list, pull, locate and verify the local models in the catalog."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from veil.local_models.backend import LLMError
from veil.local_models.catalog import Catalog, CatalogEntry, load_catalog
from veil.policies import paths
from veil.proxy.cli import options


@click.group("models")
def models() -> None:
    """Local models for the slow stage and GLiNER: list, pull, path, verify."""


@models.command("list")
@options.models_dir
def list_models(models_dir: str | None) -> None:
    """Show the catalog and what is installed."""
    from rich.console import Console
    from rich.table import Table

    directory = paths.models_dir(models_dir)
    catalog = _catalog(directory)
    table = Table(title=f"models in {directory}")
    table.add_column("name", no_wrap=True)
    for column in ("role", "size", "licence", "source", "installed"):
        table.add_column(column)
    for entry in catalog.entries:
        name = entry.name + (" (default)" if entry.name == catalog.default else "")
        table.add_row(
            name,
            ", ".join(entry.roles),
            _display_size(entry),
            entry.license,
            entry.source.describe(),
            "yes" if entry.is_installed(directory) else "no",
        )
    Console().print(table)


@models.command("pull")
@click.argument("name")
@click.option("--force", is_flag=True, help="Fetch again even if an intact copy is installed.")
@options.models_dir
def pull(name: str, force: bool, models_dir: str | None) -> None:
    """Fetch NAME (or `default`), check its size and sha256, install it."""
    from veil.local_models.pull import pull_model

    entry = _entry(name, models_dir)
    try:
        path = pull_model(entry, paths.models_dir(models_dir), force=force)
    except LLMError as error:
        raise click.ClickException(str(error)) from error
    click.echo(str(path))


@models.command("path")
@click.argument("name")
@options.models_dir
def path(name: str, models_dir: str | None) -> None:
    """Print where NAME is installed (exit code 1 if it is not)."""
    entry = _entry(name, models_dir)
    directory = paths.models_dir(models_dir)
    if not entry.is_installed(directory):
        raise click.ClickException(
            f"{entry.name} is not installed in {directory}: run `veil models pull {name}`"
        )
    click.echo(str(entry.model_path(directory)))


@models.command("verify")
@click.argument("names", nargs=-1)
@options.models_dir
def verify(names: tuple[str, ...], models_dir: str | None) -> None:
    """Re-hash installed models and probe-load GGUF files in a child process.

    Without NAMES, checks every installed model. Exit code 1 if any check fails.
    """
    from rich.console import Console
    from rich.table import Table

    from veil.local_models.probe import probe_gguf
    from veil.local_models.pull import verify_files

    directory = paths.models_dir(models_dir)
    catalog = _catalog(directory)
    if names:
        entries = [_entry(name, models_dir) for name in names]
    else:
        entries = [entry for entry in catalog.entries if entry.is_installed(directory)]
    if not entries:
        click.echo(f"no models installed in {directory}; try `veil models pull default`")
        return
    table = Table(title="verify")
    for column in ("name", "files", "loads", "problem"):
        table.add_column(column)
    failed = False
    for entry in entries:
        problems = verify_files(entry, directory)
        loads = "-"
        if not problems and entry.format == "gguf":
            try:
                probe_gguf(entry.model_path(directory))
                loads = "ok"
            except LLMError as error:
                loads = "FAILED"
                problems.append(str(error))
        failed = failed or bool(problems)
        table.add_row(
            entry.name,
            "FAILED" if problems and loads != "FAILED" else "ok",
            loads,
            "; ".join(problems),
        )
    Console().print(table)
    if failed:
        sys.exit(1)


def _catalog(directory: Path | None = None) -> Catalog:
    # the models dir's own catalog.local.toml (models `veil distill train` made) included
    try:
        return load_catalog(directory)
    except LLMError as error:
        raise click.ClickException(str(error)) from error


def _entry(name: str, models_dir: str | None = None) -> CatalogEntry:
    try:
        return _catalog(paths.models_dir(models_dir)).get(name)
    except LLMError as error:
        raise click.ClickException(str(error)) from error


def _display_size(entry: CatalogEntry) -> str:
    if entry.size:
        return _human_size(entry.size)
    return f"~{entry.approx_size}" if entry.approx_size else "?"


def _human_size(size: float) -> str:
    for unit in ("B", "KB", "MB"):
        if size < 1000:
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{size:.1f} GB"
