"""`veil log`, `veil stats` and `veil forget`: what veil did, and wiping what it keeps."""

from __future__ import annotations

import json
import re
import time
from datetime import datetime
from pathlib import Path

import click

from veil.proxy.cli import options
from veil.proxy.storage import redaction_log as log_file
from veil.proxy.storage import vault_store as vault_file
from veil.proxy.storage.database import StorageError, StorageLocked
from veil.proxy.storage.keys import NoDataKey
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.redaction_log import LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_RELATIVE = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])")


def parse_since(text: str | None, now: float | None = None) -> float | None:
    """A relative age (``90m``, ``2d``) or an ISO date/time (local time unless it says)."""
    if text is None:
        return None
    relative = _RELATIVE.fullmatch(text.strip())
    if relative:
        amount, unit = relative.groups()
        return (now if now is not None else time.time()) - float(amount) * _UNITS[unit]
    try:
        moment = datetime.fromisoformat(text.strip())
        return moment.timestamp() if moment.tzinfo else moment.astimezone().timestamp()
    except (ValueError, OverflowError, OSError):  # not a date, or one no clock can hold
        raise click.BadParameter(
            f"{text!r} is neither an age like 30m, 12h, 7d, 2w nor an ISO date like 2026-05-01",
            param_hint="--since",
        ) from None


def _open_log(location: StorageLocation) -> RedactionLog | None:
    if not location.has_records(log_file.FILE_NAME):
        return None
    try:
        return RedactionLog.open(location, recover=False, create_key=False)
    except (StorageError, NoDataKey) as error:
        raise click.ClickException(f"cannot read the redaction log: {error}") from None


@click.command("log")
@options.since
@options.site("Only this site's entries.", default=None)
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True)
@options.as_json("One JSON object per line.")
@click.option("--values", is_flag=True, help="Decrypt and show logged values (value log only).")
@options.storage
def log_command(
    since: str | None,
    site: str | None,
    limit: int,
    as_json: bool,
    values: bool,
    location: StorageLocation,
) -> None:
    """Show what veil did to recent requests, newest first."""
    start = parse_since(since)
    records = _open_log(location)
    entries = [] if records is None else records.entries(start, site, limit, with_values=values)
    if as_json:
        for entry in entries:
            click.echo(json.dumps(entry.as_dict(), ensure_ascii=False))
        return
    _print_log(entries, values)


def _print_log(entries: list[LogEntry], values: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(entries)} request(s)")
    columns = ("time", "site", "decision", "entities", "actions", "stages (ms)", "risk κ", "reason")
    for column in columns:
        table.add_column(column, overflow="fold")  # wrap narrow cells, never cut them off
    if values:
        table.add_column("values", overflow="fold")
    for entry in entries:
        row = [
            datetime.fromtimestamp(entry.time).strftime("%Y-%m-%d %H:%M:%S"),
            entry.site,
            str(entry.decision),
            _counts(entry.entities),
            _counts(entry.actions),
            ", ".join(f"{name} {ms:.1f}" for name, ms in entry.stages.items()),
            "" if entry.risk is None else f"{entry.risk:.3g}",
            entry.reason or "",
        ]
        if values:
            row.append(
                "\n".join(
                    f"{v['label']}: {v['value']} -> {v.get('replacement') or v['action']}"
                    for v in entry.values or []
                )
            )
        table.add_row(*row)
    Console().print(table)


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in sorted(counts.items()))


@click.command()
@options.since
@options.as_json("Print one JSON object.")
@options.storage
def stats(
    since: str | None,
    as_json: bool,
    location: StorageLocation,
) -> None:
    """Count requests per site and decision, and findings per entity type."""
    start = parse_since(since)
    records = _open_log(location)
    empty: dict[str, dict[str, int]] = {"sites": {}, "entities": {}, "decisions": {}}
    counts = empty if records is None else records.stats(start)
    if as_json:
        click.echo(json.dumps(counts, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for key, name, unit in (
        ("sites", "site", "requests"),
        ("decisions", "decision", "requests"),
        ("entities", "entity type", "findings"),
    ):
        table = Table(title=f"{unit} per {name}", min_width=30)
        table.add_column(name)
        table.add_column(unit, justify="right")
        for value, count in counts[key].items():
            table.add_row(value, str(count))
        console.print(table)


@click.command()
@options.site("Forget only this site's conversations and log entries.", default=None)
@click.option("--all", "everything", is_flag=True, help="Forget every site's.")
@options.yes()
@options.storage
def forget(
    site: str | None,
    everything: bool,
    yes: bool,
    location: StorageLocation,
) -> None:
    """Delete stored conversations (their pseudonym vaults) and redaction log entries.

    Answers in a forgotten chat can no longer be restored. A running proxy lets go of
    forgotten conversations within a minute.
    """
    if bool(site) == everything:
        raise click.UsageError("say what to forget: --site SITE or --all")
    directory = location.data_dir
    names = (vault_file.FILE_NAME, log_file.FILE_NAME)
    files = [directory / name for name in names]
    if not any(location.has_records(name) for name in names):
        click.echo(f"veil forget: nothing stored in {directory}")
        return
    try:
        # Only the files that exist: forgetting must not create empty ones.
        stores = [
            kind.open(location, recover=False, create_key=False)
            for kind, name in zip((VaultStore, RedactionLog), names, strict=True)
            if location.has_records(name)
        ]
    except (StorageError, NoDataKey) as error:
        # A shared database is never deleted wholesale, nor a file another process has open
        # (its conversations would live on in that process, unseen).
        if site or location.shared or isinstance(error, StorageLocked):
            raise click.ClickException(f"cannot open veil's records: {error}") from None
        _delete_files(directory, files, yes, error)
        return
    vaults = next((s for s in stores if isinstance(s, VaultStore)), None)
    records = next((s for s in stores if isinstance(s, RedactionLog)), None)
    scope = f"site {site}" if site else "all sites"
    conversations = vaults.count(site) if vaults else 0
    entries = records.count(site) if records else 0
    question = f"Forget {conversations} conversation(s) and {entries} log entries for {scope}?"
    if not yes and not click.confirm(question, default=False):
        click.echo("veil forget: nothing was deleted")
        return
    forgotten = vaults.forget(site) if vaults else 0
    removed = records.forget(site) if records else 0
    for store in stores:
        store.close()
    click.echo(f"veil forget: deleted {forgotten} conversation(s) and {removed} log entries")


def _delete_files(directory: Path, files: list[Path], yes: bool, error: Exception) -> None:
    # Unreadable records can still be wiped: the user asked for everything to go.
    question = f"veil's records in {directory} cannot be read ({error}). Delete the files?"
    if not yes and not click.confirm(question, default=False):
        click.echo("veil forget: nothing was deleted")
        return
    for path in files:
        for suffix in ("", "-wal", "-shm"):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
    click.echo("veil forget: deleted the record files")
