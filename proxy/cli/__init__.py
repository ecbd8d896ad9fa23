"""The `veil` command line: one module per command group, shared options in ``options``.

A command's module is imported when the command runs (or ``veil --help`` lists it), not
at start: `veil check` need not import mitmproxy, the CA tools or the stores."""

from __future__ import annotations

import importlib

import click

# command name -> (module under veil.proxy.cli, attribute)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check", "check"),
    "start": ("start", "start"),
    "dashboard": ("start", "dashboard"),
    "pac": ("start", "pac"),
    "ca": ("ca", "ca"),
    "slow": ("slow", "slow"),
    "policy": ("policy", "policy"),
    "service": ("service", "service"),
    "doctor": ("doctor", "doctor"),
    "log": ("storage", "log_command"),
    "stats": ("storage", "stats"),
    "forget": ("storage", "forget"),
    "models": ("models", "models"),
    "knowledge": ("knowledge", "knowledge"),
    "tables": ("tables", "tables"),
    "distill": ("distill", "distill"),
}


class _LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, attribute = COMMANDS[cmd_name]
            command = getattr(importlib.import_module(f"veil.proxy.cli.{module}"), attribute)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_LazyGroup)
@click.version_option(package_name="veil")
def main() -> None:
    """veil keeps personal data out of what you send to chatbots."""
