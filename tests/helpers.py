"""Helpers shared by the tests: arbitrary chunking, a vault with known pseudonyms."""

import itertools
import socket
from typing import TypeVar

T = TypeVar("T", str, bytes)


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
