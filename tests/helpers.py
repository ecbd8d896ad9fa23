"""Helpers shared by the tests: arbitrary chunking, a vault with known pseudonyms."""

import itertools
import json
import re
import socket
from typing import TypeVar

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


def free_port() -> int:
    """A loopback TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
