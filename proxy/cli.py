"""The `veil` command line."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import click

from veil.policies.loader import PolicyError
from veil.proxy.cli_storage import key_file_option, storage_location, vault_option
from veil.proxy.safe_errors import describe, scrub_log_handlers
from veil.rules.vault import Vault

SAMPLE_PROMPT = """\
Hi, I'm Dana Whitfield (dana.whitfield@northwind-health.org, +1 415-867-5309).
Please draft a note to my landlord Marcus Oyelaran at 1842 Larkspur Lane, Apt 3,
Sacramento, CA 95814 saying rent will come from IBAN GB33BUKB20201555555555.
Our staging config, in case it matters:
    DATABASE_URL=postgres://dana:Tr0ub4dor&3@10.4.2.17:5432/clinic
    OPENAI_API_KEY=sk-proj-Xq4v9TmL2cW8bN3rZp7Kd1Fh6Js0Ay5Eu
    request id 9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f, build v2.14.3, port 8080
"""


@click.group()
@click.version_option(package_name="veil")
def main() -> None:
    """veil keeps personal data out of what you send to chatbots."""


def _fast_stage(site: str):
    from veil.policies import paths
    from veil.policies.engine import FastStage
    from veil.proxy.site_policies import effective_policy

    try:
        return FastStage(effective_policy(site, paths.config_dir()))
    except PolicyError as error:
        raise click.UsageError(str(error)) from None


@main.command()
@click.argument("text", required=False)
@click.option("--site", default="default", show_default=True, help="Site policy to apply.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option(
    "--jsonl",
    "jsonl",
    type=click.File("rb"),
    help='Read {"id", "text"} records, one per line (- for stdin); write one result per line.',
)
@click.option("--sample", is_flag=True, help="Check a built-in sample prompt.")
def check(
    text: str | None, site: str, as_json: bool, jsonl: IO[bytes] | None, sample: bool
) -> None:
    """Run the fast stage on TEXT (or - for stdin) and show what it would redact."""
    if jsonl is not None:
        if text is not None or sample:
            raise click.UsageError("--jsonl reads its records from FILE; give no TEXT")
        sys.exit(_check_jsonl(jsonl, site))
    if sample:
        text = SAMPLE_PROMPT
    elif text is None or text == "-":
        text = _read_stdin_text()
    if not text.strip():
        click.echo("veil check: empty input: nothing to check", err=True)
        sys.exit(2)
    stage = _fast_stage(site)
    try:
        result = stage.run(text, Vault(style=stage.policy.pseudonym_style))
    except Exception as error:  # a recognizer that cannot run: say which (never the text)
        click.echo(f"veil check: {describe(error)}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(_result_record(result, text), ensure_ascii=False))
    else:
        _print_table(text, result, stage.policy)


def _read_stdin_text() -> str:
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        click.echo(
            f"veil check: input is not valid UTF-8 (byte {error.start} of {len(data)}); "
            "nothing was checked",
            err=True,
        )
        sys.exit(2)


@main.command()
@click.option("--listen-host", default="127.0.0.1", show_default=True)
@click.option("--listen-port", default=8080, show_default=True, type=int)
@click.option(
    "--config-dir",
    type=click.Path(file_okay=False),
    help="Default: $VEIL_CONFIG_DIR or the user config dir.",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    help="Vault and redaction log. Default: $VEIL_DATA_DIR or the user data dir.",
)
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
@vault_option
@key_file_option
def start(
    listen_host: str,
    listen_port: int,
    config_dir: str | None,
    data_dir: str | None,
    upstream_ca: str | None,
    gateway_host: str,
    gateway_port: int,
    no_gateway: bool,
    vault: str | None,
    data_key_file: str | None,
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
    location = storage_location(data_dir, vault, data_key_file)
    gateway = None if no_gateway else (gateway_host, gateway_port)
    if gateway is not None and gateway_port == listen_port:
        raise click.UsageError("--gateway-port must differ from --listen-port (or --no-gateway)")
    click.echo(f"veil: proxy on {listen_host}:{listen_port}, config in {directory}")
    click.echo(f"veil: vault and redaction log in {location.describe()}")
    click.echo(f"veil: clients must trust {directory / 'mitmproxy' / 'mitmproxy-ca-cert.pem'}")
    click.echo(f"veil: dashboard at {_dashboard_location(listen_host, listen_port)}")
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


@main.command()
@click.option("--listen-port", default=8080, show_default=True, type=int)
@click.option("--open", "open_it", is_flag=True, help="Also open it in the default browser.")
def dashboard(listen_port: int, open_it: bool) -> None:
    """Print the address of the running proxy's dashboard (or open it)."""
    from veil.proxy.dashboard import dashboard_url

    url = dashboard_url(listen_port)
    click.echo(url)
    if open_it:
        import webbrowser

        webbrowser.open(url)


@main.command()
@click.option("--listen-host", default="127.0.0.1", show_default=True)
@click.option("--listen-port", default=8080, show_default=True, type=int)
@click.option("--config-dir", type=click.Path(file_okay=False))
def pac(listen_host: str, listen_port: int, config_dir: str | None) -> None:
    """Print a PAC file that sends only chat hosts to veil."""
    from veil.policies import paths
    from veil.proxy.pac import pac_file
    from veil.proxy.site_policies import SitePolicies

    policies = SitePolicies.load(paths.config_dir(config_dir))
    click.echo(pac_file(policies, listen_host, listen_port))


def _result_record(result, original: str) -> dict[str, Any]:
    """A StageResult as JSON: the text, PII spans, quasi-identifiers and residual risk."""
    redacted = result.redacted
    quasi = result.quasi
    disclosed = (
        {(o.disclosure.span.start, o.disclosure.span.end) for o in quasi.operations}
        if (quasi)
        else set()
    )
    spans = [f.as_dict() for f in redacted.findings if (f.start, f.end) not in disclosed]
    record: dict[str, Any] = {"text": redacted.text, "blocked": redacted.blocked, "spans": spans}
    if quasi is not None:
        record["quasi_identifiers"] = [_operation_record(o, original) for o in quasi.operations]
        record["risk"] = quasi.risk.as_dict()
    return record


def _operation_record(operation, original: str) -> dict[str, Any]:
    span = operation.disclosure.span
    return {
        "start": span.start,
        "end": span.end,
        "attribute": operation.disclosure.attribute,
        "whose": operation.disclosure.subject,
        "original": original[span.start : span.end],
        "operator": str(operation.operator),
        "asked": str(operation.asked),
        "replacement": operation.replacement,
    }


def _parse_records(stream: IO[bytes]) -> Iterator[tuple[int, Any, dict[str, Any] | str]]:
    """(line number, id, record) for good lines, (line number, id, error message) for bad
    ones: one per line, blank ones too. The id is None only where none can be read."""
    for number, raw in enumerate(stream, start=1):
        if not raw.strip():
            yield number, None, "empty line: no record"
            continue
        try:
            raw.decode("utf-8")
            not_utf8 = None
        except UnicodeDecodeError as error:
            not_utf8 = f"not valid UTF-8 at byte {error.start}"
        try:  # bytes that are not UTF-8 ride along as surrogates: the id may still be read
            record = json.loads(raw.decode("utf-8", "surrogateescape"))
        except json.JSONDecodeError as error:
            yield number, None, not_utf8 or f"not valid JSON: {error.msg} at column {error.colno}"
            continue
        ident = record.get("id") if isinstance(record, dict) else None
        if not_utf8:
            yield number, ident, not_utf8
        elif not isinstance(record, dict):
            yield number, None, "expected a JSON object with 'id' and 'text'"
        elif not isinstance(record.get("text"), str):
            yield number, ident, "missing 'text' (a string)"
        elif not record["text"].strip():
            yield number, ident, "empty 'text': nothing to check"
        else:
            yield number, ident, record


def _check_jsonl(stream: IO[bytes], site: str) -> int:
    """Each record is processed on its own; a bad line fails only its own record. Every
    line gets one output line, in order, with its record's id (null where none is read)."""
    stage = _fast_stage(site)
    vaults: dict[Any, Vault] = {}
    failures = 0

    def fail(number: int, ident: Any, message: str) -> None:
        nonlocal failures
        failures += 1
        click.echo(f"veil check: line {number}: {message}", err=True)
        click.echo(json.dumps({"id": ident, "line": number, "error": message}))

    for number, ident, record in _parse_records(stream):
        if isinstance(record, str):
            fail(number, ident, record)
            continue
        # Records that name the same conversation share pseudonyms, as in a chat.
        conversation = record.get("conversation", ("line", number))
        key = json.dumps(conversation, sort_keys=True, default=str)
        vault = vaults.setdefault(key, Vault(style=stage.policy.pseudonym_style))
        try:
            result = stage.run(record["text"], vault)
        except Exception as error:  # one record's failure must not stop the others
            fail(number, ident, describe(error))
            continue
        output = {"id": ident, **_result_record(result, record["text"])}
        click.echo(json.dumps(output, ensure_ascii=False))
    return 1 if failures else 0


def _print_table(original: str, stage_result, policy) -> None:
    from rich.console import Console
    from rich.panel import Panel
    from rich.table import Table

    console = Console()
    result, quasi = stage_result.redacted, stage_result.quasi
    console.print(Panel(result.text, title="redacted", expand=False))
    disclosed = (
        {(o.disclosure.span.start, o.disclosure.span.end) for o in quasi.operations}
        if (quasi)
        else set()
    )
    protected = [
        f for f in result.findings if f.action != "keep" and (f.start, f.end) not in disclosed
    ]
    kept = [f for f in result.findings if f.action == "keep"]
    table = Table(title=f"{len(protected)} finding(s)")
    for column in ("label", "original", "replacement", "action", "source", "score"):
        table.add_column(column)
    for finding in protected:
        table.add_row(
            finding.label,
            original[finding.start : finding.end],
            finding.replacement or "",
            str(finding.action),
            finding.source,
            f"{finding.score:.2f}",
        )
    console.print(table)
    if kept:
        public = Table(title=f"{len(kept)} public entit{'y' if len(kept) == 1 else 'ies'} kept")
        for column in ("label", "original", "why it is public"):
            public.add_column(column)
        for finding in kept:
            public.add_row(finding.label, original[finding.start : finding.end], finding.reason)
        console.print(public)
    if quasi is not None and quasi.operations:
        _print_quasi(console, original, quasi, policy)
    if result.blocked:
        console.print("[bold red]this message would be blocked by the site's policy[/]")


def _people(count: float) -> str:
    return "1 person" if round(count) <= 1 else f"{count:,.0f} people"


def _print_quasi(console, original: str, quasi, policy) -> None:
    from rich.table import Table

    table = Table(title=f"{len(quasi.operations)} quasi-identifier(s) the writer discloses")
    for column in ("attribute", "whose", "original", "replacement", "operator"):
        table.add_column(column)
    for operation in quasi.operations:
        span = operation.disclosure.span
        operator = str(operation.operator)
        if operation.operator is not operation.asked:
            operator += f" (asked {operation.asked}: none fits)"
        table.add_row(
            operation.disclosure.attribute,
            operation.disclosure.subject,
            original[span.start : span.end],
            operation.replacement if operation.replacement is not None else "(unchanged)",
            operator,
        )
    console.print(table)
    risk = quasi.risk
    console.print(
        f"residual re-identification risk κ = {risk.kappa:.3g} "
        f"(about {_people(risk.matching)} fit what is sent; "
        f"as written κ = {risk.kappa_before:.3g}, {_people(risk.matching_before)})"
    )
    limits = policy.quasi_identifiers.risk
    if limits.block_above is not None and risk.kappa > limits.block_above:
        console.print(f"[bold red]above this site's block limit {limits.block_above:g}[/]")
    elif limits.warn_above is not None and risk.kappa > limits.warn_above:
        console.print(f"[yellow]above this site's warning limit {limits.warn_above:g}[/]")


from veil.proxy import cli_storage  # noqa: E402  (commands register after main exists)
from veil.proxy.cli_ca import ca  # noqa: E402
from veil.proxy.cli_models import models  # noqa: E402
from veil.proxy.cli_policy import policy  # noqa: E402
from veil.proxy.cli_setup import doctor, service  # noqa: E402
from veil.proxy.cli_slow import slow  # noqa: E402

main.add_command(ca)
main.add_command(slow)
main.add_command(policy)
main.add_command(service)
main.add_command(doctor)
main.add_command(cli_storage.log_command)
main.add_command(cli_storage.stats)
main.add_command(cli_storage.forget)
main.add_command(models)

if __name__ == "__main__":
    main()
