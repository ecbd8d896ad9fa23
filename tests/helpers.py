"""Helpers shared by the tests: arbitrary chunking, a vault with known pseudonyms."""

import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T", str, bytes)


# Bytes that are not UTF-8 whatever ASCII stands next to them: a stray byte, lone
# continuations, a truncated two-, three- and four-byte sequence, an encoded surrogate,
# an overlong slash.
INVALID_UTF8 = [
    b"\xff",
    b"\x80\x80",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
]


def cpu_seconds(work: Callable[[], object], runs: int = 3) -> float:
    """This process's CPU time for ``work``, the least of ``runs``: other work on a busy
    machine (a parallel test run) neither counts nor spikes one reading, as it would a
    wall-clock timing."""
    times = []
    for _ in range(runs):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def split_at(data: T, cuts: list[int]) -> list[T]:
    bounds = sorted({min(c, len(data)) for c in cuts} | {0, len(data)})
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


def placeholder_vault():
    """A vault with Jane Doe as [[PERSON_1]], her email, and [[PERSON_2]]..[[PERSON_12]]
    (so that [[PERSON_1]] is a prefix of another pseudonym)."""
    from veil.rules.vault import Vault

    vault = Vault()
    vault.pseudonym_for("Jane Doe", "PERSON")
    vault.pseudonym_for("jane@acme.io", "EMAIL")
    for n in range(2, 13):
        vault.pseudonym_for(f"Person {n}", "PERSON")
    return vault


# What API clients send: a request without a key is refused (require_credential).
API_KEY = {"authorization": "Bearer sk-test-0123456789"}


_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A loopback TCP port nobody listens on right now, and not one this process was
    handed before: the system may give a just-freed port out again, and a proxy's listen
    and gateway ports taken one after the other would then be the same."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port
    raise RuntimeError("no free loopback port that was not handed out before")


_HOLD_LOCK = """
import sqlite3, sys
path, begin, journal_mode = sys.argv[1:]
db = sqlite3.connect(path, isolation_level=None)
if journal_mode:
    db.execute(f"PRAGMA journal_mode={journal_mode}")
db.execute(f"BEGIN {begin}")
print("held", flush=True)
sys.stdin.read()  # until the test lets go
db.execute("ROLLBACK")
"""


@contextmanager
def another_process_locks(
    path: Path, begin: str = "IMMEDIATE", journal_mode: str = ""
) -> Iterator[None]:
    """A separate process holds ``BEGIN <begin>`` on the SQLite file (after switching it
    to ``journal_mode``, if given) until the block ends; it changes nothing in it."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(path), begin, journal_mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.stdin.close()
        holder.wait(30)


def read_gemini_frames(wire: str) -> list:
    """gemini.google.com's framing read straight from its rule, independently of veil's
    parser: after ``)]}'``, a decimal length, then exactly that many UTF-16 code units
    counted from right after the digits (the newline after the number is one of them).
    Each frame must be whole JSON; returns the parsed frames."""
    assert wire.startswith(")]}'"), wire[:10]
    rest, frames = wire[4:], []
    while rest.strip():
        rest = rest.lstrip()
        digits = re.match(r"\d+", rest)
        assert digits, f"no length at {rest[:30]!r}"
        units = int(digits.group())
        after = rest[digits.end() :].encode("utf-16-le", "surrogatepass")
        assert len(after) >= 2 * units, "the stream ends inside a frame"
        # strict decoding: a length that ends inside a surrogate pair raises here
        frame = after[: 2 * units].decode("utf-16-le")
        rest = after[2 * units :].decode("utf-16-le")
        assert frame.startswith("\n"), f"the length does not count the newline: {frame[:30]!r}"
        frames.append(json.loads(frame))
    return frames


def anthropic_answer(client, text: str, stream: bool) -> str:
    """The answer text of one user message through the official Anthropic SDK."""
    kwargs = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": text}],
    }
    if stream:
        with client.messages.stream(**kwargs) as events:
            return "".join(events.text_stream)
    return client.messages.create(**kwargs).content[0].text


def require(tool: str) -> None:
    """Skip where a system tool is missing, except in CI, which installs it."""
    if shutil.which(tool) is None:
        if os.environ.get("VEIL_REQUIRE_SYSTEM_TOOLS"):
            pytest.fail(f"{tool} is required here (VEIL_REQUIRE_SYSTEM_TOOLS is set)")
        pytest.skip(f"{tool} is not installed")
