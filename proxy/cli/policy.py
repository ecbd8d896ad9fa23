"""`veil policy`: list the sites, show one site's effective policy, check a file."""

from __future__ import annotations

import sys
from pathlib import Path

import click
import yaml

from veil.policies import paths
from veil.policies.loader import site_names
from veil.policies.profile import Profile
from veil.policies.user_config import UserConfig
from veil.policies.yaml_source import PolicyError
from veil.proxy.cli import options
from veil.proxy.site_policies import SitePolicies


@click.group()
def policy() -> None:
    """See and check what veil does on each site."""


def _load(config_dir: str | None) -> tuple[SitePolicies, UserConfig]:
    policies = SitePolicies.load(paths.config_dir(config_dir), strict=False)
    assert policies.config is not None
    for problem in policies.config.problems():
        click.secho(f"{problem}\n(this file is not in force until it is fixed)", fg="red", err=True)
    return policies, policies.config


def _source(name: str, config: UserConfig) -> str:
    path = config.file_for(name)
    if name in site_names():
        return f"shipped, overridden by {config.where(path)}" if path else "shipped"
    return config.where(path) if path else "?"


@policy.command("list")
@options.config_dir
def list_sites(config_dir: str | None) -> None:
    """The sites veil knows, their hosts, adapter, switch and where their policy comes from."""
    from rich.console import Console
    from rich.table import Table

    policies, config = _load(config_dir)
    table = Table(title=f"site policies (config dir {config.config_dir})")
    for column in ("site", "hosts", "adapter", "state", "source"):
        table.add_column(column, overflow="fold")
    for site in policies.all():
        if not site.enabled:
            state = "[dim]off[/]"
        else:
            state = "[yellow]dry run[/]" if site.dry_run else "[green]on[/]"
        table.add_row(
            site.name, "\n".join(site.hosts), site.adapter or "-", state, _source(site.name, config)
        )
    console = Console()
    console.print(table)
    if config.profile != Profile():
        console.print(
            f"profile: {config.where(config.config_dir / 'profile.yaml')} applies to every site"
        )


@policy.command()
@click.argument("site")
@options.config_dir
def show(site: str, config_dir: str | None) -> None:
    """SITE's effective policy as YAML; comments say where overridden fields come from."""
    policies, config = _load(config_dir)
    found = policies.get(site)
    if found is None:
        known = ", ".join(p.name for p in policies.all())
        raise click.UsageError(f"unknown site {site!r}; known: {known}")
    origins = config.origins(site)
    shipped = "policies/defaults/default.yaml"
    if site in site_names():
        shipped += f" + policies/defaults/{site}.yaml"
    lines = [f"# {site}: {_source(site, config)}; defaults from {shipped} (in the package)"]
    for key, value in found.model_dump(mode="json").items():
        block = yaml.safe_dump(
            {key: value}, sort_keys=False, allow_unicode=True, width=1_000_000
        ).rstrip("\n")
        first, *rest = block.split("\n")
        if key in origins:
            first += f"  # from {', '.join(origins[key])}"
        lines += [first, *rest]
    click.echo("\n".join(lines))


@policy.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@options.config_dir
def check(file: Path, config_dir: str | None) -> None:
    """Validate a policy file (or profile.yaml); exit 1 with file:line: field: problem."""
    config = UserConfig(paths.config_dir(config_dir))
    config.scan()  # so a second file for the same site is caught
    try:
        result = config.check_file(file)
    except PolicyError as error:
        click.echo(str(error), err=True)
        sys.exit(1)
    if isinstance(result, Profile):
        click.echo(f"{file}: ok (profile: {len(result.deny_list())} term(s) always redacted)")
    else:
        base = "overrides the shipped" if result.name in site_names() else "adds the"
        click.echo(f"{file}: ok ({base} site {result.name!r})")


@policy.command()
@click.argument("site")
@click.argument("state", type=click.Choice(["on", "off"]))
@options.config_dir
def switch(site: str, state: str, config_dir: str | None) -> None:
    """Switch SITE on or off (writes `enabled:` into your override file for it)."""
    policies, _ = _load(config_dir)
    try:
        path = policies.set_enabled(site, state == "on")
    except PolicyError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{site}: {state} (saved in {path}; a running veil picks it up within a second)")
