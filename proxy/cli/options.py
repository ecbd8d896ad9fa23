"""Every option more than one command takes, declared once: the same name, default, help
and environment variable wherever it appears. A command's own options stay beside it.

Most are decorators; where the help must say what the option does for one command
(``--json``, ``--yes``, ``--site`` as a filter), a function takes that help.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

if TYPE_CHECKING:
    from veil.proxy.storage.location import StorageLocation

F = TypeVar("F", bound=Callable[..., Any])

config_dir = click.option(
    "--config-dir",
    type=click.Path(file_okay=False),
    help="Default: $VEIL_CONFIG_DIR or the user config dir.",
)
data_dir = click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    help="Vault and redaction log. Default: $VEIL_DATA_DIR or the user data dir.",
)
vault = click.option(
    "--vault",
    envvar="VEIL_VAULT",
    metavar="postgresql://USER@HOST:PORT/DB",
    help="A PostgreSQL database shared by several veil processes, instead of the SQLite"
    " files in the data dir ($VEIL_VAULT).",
)
data_key_file = click.option(
    "--data-key-file",
    envvar="VEIL_DATA_KEY_FILE",
    type=click.Path(dir_okay=False),
    help="The data key (made if missing, mode 0600); every process sharing a vault needs"
    " the same file ($VEIL_DATA_KEY_FILE). Default: the OS keyring or the data dir's key.",
)
listen_host = click.option("--listen-host", default="127.0.0.1", show_default=True)
listen_port = click.option("--listen-port", default=8080, show_default=True, type=int)
models_dir = click.option(
    "--models-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Where models live (default: $VEIL_MODELS_DIR, else <data dir>/models).",
)
# veil distill: where its files go, and the model it trains
distill_dir = click.option(
    "--work-dir",
    "work_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Trajectories, training data and checkpoints (default: <data dir>/distill).",
)
student = click.option(
    "--student",
    required=True,
    help="The model to train: a Hugging Face directory, a .gguf path or a catalog name.",
)
knowledge_dir = click.option(
    "--dir",
    "knowledge_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="The knowledge index (default: $VEIL_KNOWLEDGE_DIR, else <cache dir>/knowledge).",
)
since = click.option(
    "--since", metavar="1h|2d|ISO", help="Only entries since then (30m, 12h, 7d, 2w or a date)."
)
STORE_KEYS = ("system", "chromium", "firefox", "macos", "windows")
store = click.option(
    "--store",
    "store_keys",
    multiple=True,
    type=click.Choice(STORE_KEYS),
    help="Only this store (repeatable). Default: every store found on this machine.",
)


def site(
    help: str = "Site policy to apply.", *, default: str | None = "default"
) -> Callable[[F], F]:
    """``--site``: the policy a text is run through (default: the default site), or with
    ``default=None`` a filter on stored records (default: every site)."""
    return click.option("--site", default=default, show_default=default is not None, help=help)


def as_json(help: str) -> Callable[[F], F]:
    return click.option("--json", "as_json", is_flag=True, help=help)


def yes(help: str = "Do not ask for confirmation.") -> Callable[[F], F]:
    return click.option("--yes", is_flag=True, help=help)


def storage(command: F) -> F:
    """--data-dir, --vault and --data-key-file: where the records are, which key opens them
    (the command gets them as one ``location``)."""
    return data_dir(vault(data_key_file(as_location(command))))


def as_location(command: F) -> F:
    """Hands COMMAND ``location`` in place of --data-dir, --vault and --data-key-file (for a
    command that lists them apart; ``storage`` declares and converts them together)."""

    @functools.wraps(command)
    def with_location(*args: Any, data_dir: str | None, vault: str | None,
                      data_key_file: str | None, **kwargs: Any) -> Any:  # fmt: skip
        return command(*args, location=_location(data_dir, vault, data_key_file), **kwargs)

    return cast(F, with_location)


def _location(data_dir: str | None, vault: str | None, key_file: str | None) -> StorageLocation:
    from veil.policies import paths
    from veil.proxy.storage.database import StorageError
    from veil.proxy.storage.location import StorageLocation

    try:
        return StorageLocation(
            paths.data_dir(data_dir), vault or None, Path(key_file) if key_file else None
        )
    except StorageError as error:
        raise click.UsageError(str(error)) from None


def proxy_setup(command: F) -> F:
    """--listen-host, --listen-port, --config-dir, --data-dir: the proxy a command installs
    as a service or checks."""
    return listen_host(listen_port(config_dir(data_dir(command))))
