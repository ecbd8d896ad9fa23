"""After a large message the proxy gives freed heap memory back (glibc's malloc_trim);
after an ordinary one it spends nothing on it."""

from __future__ import annotations

import sys

import pytest

from veil.proxy.memory import LARGE_MESSAGE_CHARS, TRIM_AFTER_CHARS, release_after


def test_an_ordinary_message_does_not_trim() -> None:
    assert release_after(5_000) is False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_a_large_message_returns_freed_memory() -> None:
    held = [bytearray(64) for _ in range(200_000)]  # small blocks: they stay in the heap
    del held
    assert release_after(LARGE_MESSAGE_CHARS) is True


def test_a_large_message_drops_the_reading_of_its_long_texts() -> None:
    from veil.rules import syntax

    long, short = "Jane lives in Leeds. " * 1_000, "Jane lives in Leeds."
    syntax.parses(long, "model", 100_000)  # readings are lazy: nothing loads here
    syntax.parses(short, "model", 100_000)
    release_after(LARGE_MESSAGE_CHARS)
    assert (long, "model", 100_000) not in syntax._cache
    assert (short, "model", 100_000) in syntax._cache


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_a_long_history_trims_but_keeps_its_readings() -> None:
    """A resent history of hundreds of short turns leaves as much freed heap behind as a
    paste; its turns' readings are short and kept for the next turn."""
    from veil.rules import syntax

    turn = "Jane lives in Leeds."
    syntax.parses(turn, "model", 100_000)
    assert release_after(TRIM_AFTER_CHARS) is True
    assert (turn, "model", 100_000) in syntax._cache
