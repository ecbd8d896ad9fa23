"""`veil check`: what veil would send for a text on a site, and why (or why not at all)."""

from __future__ import annotations

import atexit
import functools
import gc
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

import click

from veil.policies.loader import PolicyError
from veil.policies.pipeline import Outcome, Piece, Pipeline
from veil.proxy.cli import options, site_policy
from veil.proxy.cli.check_output import print_table, result_record
from veil.proxy.safe_errors import describe
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

BLOCKED = 3  # the exit code when the site's policy would stop the message


@click.command()
@click.argument("text", required=False)
@options.site()
@options.as_json("Print JSON instead of a table.")
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
    """Show what veil would send for TEXT (or - for stdin), and why.

    TEXT goes through the site's policy as the proxy runs it: the fast stage, the
    quasi-identifier operators and the residual risk, and the slow stage where the site
    turns it on.

    \b
    Exit codes:
      0  the message may be sent (as shown)
      1  veil could not check it (a recognizer or model failed; with --jsonl, a bad line)
      2  empty input, input that is not UTF-8, or a bad site or policy file
      3  the policy would stop the message: a label it blocks, or a re-identification
         risk above quasi_identifiers.risk.block_above (with --jsonl: any record)
    """
    _end_without_collecting()
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
    pipeline = _pipeline(site)
    try:
        outcome = _run(pipeline, text, Vault(style=pipeline.policy.pseudonym_style))
    except Exception as error:  # a recognizer that cannot run: say which (never the text)
        click.echo(f"veil check: {describe(error)}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(result_record(outcome, text), ensure_ascii=False))
    else:
        print_table(text, outcome)
    if outcome.blocked:
        sys.exit(BLOCKED)


@functools.cache  # registered once, however often the command runs in one process
def _end_without_collecting() -> None:
    """At exit, leave what the command made to the operating system: the interpreter's
    last garbage collections walk every object spaCy and the name lists made (a tenth of
    a second of a cold `veil check`), and the process ends right after. Nothing of the
    command's needs a finalizer (its output is flushed at exit all the same)."""
    atexit.register(gc.freeze)


def _pipeline(site: str) -> Pipeline:
    policy = site_policy.effective(site)
    try:
        return Pipeline(policy)
    except PolicyError as error:
        raise click.UsageError(str(error)) from None


def _run(pipeline: Pipeline, text: str, vault: Vault) -> Outcome:
    """TEXT as the newest turn a user types, the way the proxy reads a prompt."""
    return pipeline.run([Piece(text, "user")], vault)


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
    line gets one output line, in order, with its record's id (null where none is read).
    Exit code 1 if a line failed, else 3 if the policy would stop a record, else 0."""
    pipeline = _pipeline(site)
    vaults: dict[Any, Vault] = {}
    failures = blocked = 0

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
        vault = vaults.setdefault(key, Vault(style=pipeline.policy.pseudonym_style))
        try:
            outcome = _run(pipeline, record["text"], vault)
        except Exception as error:  # one record's failure must not stop the others
            fail(number, ident, describe(error))
            continue
        blocked += bool(outcome.blocked)
        output = {"id": ident, **result_record(outcome, record["text"])}
        click.echo(json.dumps(output, ensure_ascii=False))
    return 1 if failures else BLOCKED if blocked else 0
