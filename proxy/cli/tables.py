"""``veil tables``: build and check the tables veil derives from installed packages
(GeoNames and ISO names, Faker's name lists, the given names the knowledge index
attests) into the user cache (rules.derived)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import click


@click.group("tables")
def tables() -> None:
    """The places and name tables and the compiled patterns, read from the user cache."""


def _tables() -> list[tuple[str, Path, Callable[[], str]]]:
    """(what, file, read it and say what it holds) for each table."""
    from veil.rules import given_names, lazy_regex, name_lists, places_table
    from veil.rules.recognizers import names

    def places() -> str:
        places_table._connection.cache_clear()
        meta = places_table.status()
        return f"{int(meta['count.names']):,} names, {int(meta['count.cities']):,} cities"

    def name_words() -> str:
        first, last = name_lists.load(names._faker_name_lists)
        return f"{len(first):,} first names, {len(last):,} last names"

    def encyclopedia_names() -> str:
        first, last = name_lists.load(names._faker_name_lists)
        return f"{len(given_names.load(first, last)):,} given names"

    def patterns() -> str:
        return f"{lazy_regex.build_table():,} compiled patterns"

    return [
        ("places", places_table.path(), places),
        ("names", name_lists.path(names._faker_name_lists), name_words),
        ("given names", given_names.path(), encyclopedia_names),
        ("patterns", lazy_regex.table_path(), patterns),
    ]


@tables.command("build")
def build() -> None:
    """Write every table anew from the installed packages (a few seconds)."""
    from veil.rules.derived import DerivedTableError

    for what, path, read in _tables():
        started = time.monotonic()
        path.unlink(missing_ok=True)
        try:
            holds = read()  # missing: built on first use
        except DerivedTableError as error:
            raise click.ClickException(str(error)) from error
        click.echo(f"{what}: {path}: {holds}, {time.monotonic() - started:.1f} s")


@tables.command("prune")
def prune() -> None:
    """Delete the tables an earlier version of veil built, which this one does not read
    (each code or package change names a new file; the old ones stay behind)."""
    from veil.rules.derived import stale_files

    current = [path for _, path, _ in _tables()]
    freed = 0
    for path in stale_files(current):
        size = path.stat().st_size
        path.unlink(missing_ok=True)
        freed += size
        click.echo(f"deleted {path}")
    click.echo(f"freed {freed / 1e6:.1f} MB")


@tables.command("status")
def status() -> None:
    """Read every table (building a missing one); exit code 1 if one is unreadable."""
    from veil.rules.derived import DerivedTableError

    failed = False
    for what, path, read in _tables():
        try:
            click.echo(f"{what}: {path}: {read()}")
        except DerivedTableError as error:
            click.echo(f"{what}: {error}", err=True)
            failed = True
    sys.exit(1 if failed else 0)
