"""The `veil` command line: one module per command group, shared options in ``options``."""

from __future__ import annotations

import click

from veil.proxy.cli import (
    ca,
    check,
    distill,
    doctor,
    knowledge,
    models,
    policy,
    service,
    slow,
    start,
    storage,
    tables,
)


@click.group()
@click.version_option(package_name="veil")
def main() -> None:
    """veil keeps personal data out of what you send to chatbots."""


for command in (
    check.check,
    start.start,
    start.dashboard,
    start.pac,
    ca.ca,
    slow.slow,
    policy.policy,
    service.service,
    doctor.doctor,
    storage.log_command,
    storage.stats,
    storage.forget,
    models.models,
    knowledge.knowledge,
    tables.tables,
    distill.distill,
):
    main.add_command(command)
