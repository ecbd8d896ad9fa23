"""`veil start` runs the proxy; `veil dashboard` and `veil pac` say where clients find it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from veil.proxy.cli import options
from veil.proxy.safe_errors import scrub_log_handlers

if TYPE_CHECKING:
    from veil.proxy.storage.location import StorageLocation


@click.command()
@options.listen_host
@options.listen_port
@options.config_dir
@options.data_dir
@click.option(
    "--upstream-ca",
    type=click.Path(dir_okay=False, exists=True),
    help="Also trust this CA for upstream TLS (a self-hosted endpoint with a private CA).",
)
@click.option(
    "--gateway-host",
    default="127.0.0.1",
    show_default=True,
    help="Where the gateway's base-URL routes listen (a team server binds its address).",
)
@click.option("--gateway-port", default=8788, show_default=True, type=click.IntRange(1, 65535))
@click.option("--no-gateway", is_flag=True, help="Serve no base-URL routes.")
@options.vault
@options.data_key_file
@options.as_location
def start(
    listen_host: str,
    listen_port: int,
    config_dir: str | None,
    upstream_ca: str | None,
    gateway_host: str,
    gateway_port: int,
    no_gateway: bool,
    location: StorageLocation,
) -> None:
    """Run the filtering proxy and its API gateway (loopback only unless told otherwise)."""
    import logging

    from veil.policies import paths
    from veil.policies.loader import PolicyError
    from veil.proxy import server
    from veil.proxy.storage.database import StorageError, StorageLocked
    from veil.proxy.storage.keys import NoDataKey

    logging.basicConfig(level=logging.INFO, format="%(asctime)s veil %(levelname)s %(message)s")
    scrub_log_handlers()  # mitmproxy's lines may quote bytes of a body
    # mitmproxy says "client connect/disconnect" for every connection: noise in veil's log
    logging.getLogger("mitmproxy.proxy.server").setLevel(logging.WARNING)
    directory = paths.config_dir(config_dir)
    gateway = None if no_gateway else (gateway_host, gateway_port)
    if gateway is not None and gateway_port == listen_port:
        raise click.UsageError("--gateway-port must differ from --listen-port (or --no-gateway)")
    click.echo(f"veil: proxy on {listen_host}:{listen_port}, config in {directory}")
    click.echo(f"veil: vault and redaction log in {location.describe()}")
    click.echo(f"veil: clients must trust {directory / 'mitmproxy' / 'mitmproxy-ca-cert.pem'}")
    click.echo(f"veil: dashboard at {_dashboard_location(listen_host, listen_port)}")
    _check_knowledge()
    try:
        if gateway is not None:
            click.echo(_gateway_lines(directory, gateway_host, gateway_port))
        server.run(
            listen_host,
            listen_port,
            directory,
            upstream_ca,
            location.data_dir,
            gateway,
            location.vault,
            location.key_file,
        )
    except PolicyError as error:
        raise click.ClickException(str(error)) from None
    except StorageLocked as error:  # a healthy file in use: never run as if it were not there
        raise click.ClickException(
            f"cannot start: {error}. Start veil again once that process lets go of it"
            " (or stop it), or give this veil a --data-dir of its own."
        ) from None
    except (StorageError, NoDataKey) as error:  # a shared vault veil cannot use
        raise click.ClickException(f"cannot open the vault: {error}") from None
    except KeyboardInterrupt:
        pass


def _gateway_lines(directory: Path, host: str, port: int) -> str:
    """Where the gateway listens and the base URL of each route, for the startup output."""
    from veil.proxy.adapters import ADAPTERS
    from veil.proxy.gateway_routes import build_routes
    from veil.proxy.site_policies import SitePolicies

    shown = f"[{host}]" if ":" in host else host
    routes = build_routes(SitePolicies.load(directory).active(), set(ADAPTERS))
    lines = [f"veil: API gateway on http://{shown}:{port} (no CA needed); base URLs:"]
    lines += [
        f"veil:   http://{shown}:{port}{r.prefix}  ->  {r.policy.gateway.upstream}"
        for r in routes
        if r.policy.gateway is not None
    ]
    return "\n".join(lines if routes else [lines[0].replace("; base URLs:", ": no routes")])


def _dashboard_location(listen_host: str, listen_port: int) -> str:
    from veil.proxy.dashboard import LOOPBACK_NAMES, dashboard_url

    url = dashboard_url(listen_port)
    if listen_host in LOOPBACK_NAMES or listen_host in ("", "0.0.0.0", "::"):
        return url
    # The dashboard answers on loopback only, and this proxy does not listen there.
    return f"{url} (unavailable: the proxy listens on {listen_host}, not on loopback)"


@click.command()
@options.listen_port
@click.option("--open", "open_it", is_flag=True, help="Also open it in the default browser.")
def dashboard(listen_port: int, open_it: bool) -> None:
    """Print the address of the running proxy's dashboard (or open it)."""
    from veil.proxy.dashboard import dashboard_url

    url = dashboard_url(listen_port)
    click.echo(url)
    if open_it:
        import webbrowser

        webbrowser.open(url)


@click.command()
@options.listen_host
@options.listen_port
@options.config_dir
def pac(listen_host: str, listen_port: int, config_dir: str | None) -> None:
    """Print a PAC file that sends only chat hosts to veil."""
    from veil.policies import paths
    from veil.proxy.pac import pac_file
    from veil.proxy.site_policies import SitePolicies

    policies = SitePolicies.load(paths.config_dir(config_dir))
    click.echo(pac_file(policies, listen_host, listen_port))


def _check_knowledge() -> None:
    """Say at start-up when the public/private decision cannot run: it needs the knowledge
    index. The proxy still starts; each message meets the error and its site's on_error
    decides (blocked by default), never a silent fallback to keeping names."""
    from veil.rules.knowledge import KnowledgeIndexError, knowledge

    try:
        knowledge()
    except KnowledgeIndexError as error:
        click.echo(
            f"veil: ERROR {error}. Until then every message gets its site's on_error.",
            err=True,
        )
