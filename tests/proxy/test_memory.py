"""After a large message the proxy gives freed heap memory back (glibc's malloc_trim);
after an ordinary one it spends nothing on it. Large blocks keep mappings of their own,
also after a long paste freed larger ones."""

from __future__ import annotations

import subprocess
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


# In a fresh interpreter: whether a 1 MB block gets a mapping of its own (glibc's
# mallinfo2 counts the bytes in such mappings) after an 8 MB one was freed.
_AFTER_A_FREED_LARGE_BLOCK = """
import ctypes, sys
from veil.proxy.memory import keep_large_blocks_apart

class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
        "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = Info
if sys.argv[1] == "apart":
    assert keep_large_blocks_apart()
large = bytearray(8 << 20)
del large
mapped = libc.mallinfo2().hblkhd
block = bytearray(1 << 20)
print(libc.mallinfo2().hblkhd - mapped >= 1 << 20)
"""


def _mapped_after_a_freed_large_block(mode: str) -> bool:
    out = subprocess.run(
        [sys.executable, "-c", _AFTER_A_FREED_LARGE_BLOCK, mode],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return out.stdout.strip() == "True"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_large_blocks_keep_their_own_mappings_after_a_long_paste() -> None:
    """glibc raises the size from which a block is mapped apart to that of each such
    block freed: after a long paste's arrays, megabyte blocks came from the heap and
    stayed. The proxy fixes the size, so they are still mapped apart and given back."""
    try:
        by_default = _mapped_after_a_freed_large_block("default")
    except subprocess.CalledProcessError:  # a C library without mallinfo2 (glibc < 2.33)
        pytest.skip("no mallinfo2")
    assert not by_default  # glibc's own behaviour: what the proxy turns off
    assert _mapped_after_a_freed_large_block("apart")


def test_the_proxy_keeps_large_blocks_apart_before_anything_loads(monkeypatch, tmp_path) -> None:
    import veil.proxy.server as server

    class Called(Exception):
        pass

    def keep_apart() -> None:
        raise Called  # first: nothing of the proxy is built yet

    monkeypatch.setattr(server, "keep_large_blocks_apart", keep_apart)
    with pytest.raises(Called):
        server.build_master("127.0.0.1", 0, tmp_path / "config")
    assert not (tmp_path / "config").exists()
