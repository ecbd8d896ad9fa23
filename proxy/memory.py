"""Give the heap back after a large message.

Reading a long paste (spaCy's documents, its parse, the spans) takes memory in
proportion to the text, and glibc's malloc keeps what was freed in the process's heap
instead of returning it to the system: after one 200,000-character prompt veil stayed
about 20 MB larger for good, and larger again after the next. ``malloc_trim`` returns the
free pages; it costs a few milliseconds, so it runs only after a long message.

Trimming cannot return a page that still holds one live block, so the proxy also keeps
large blocks out of the heap (``keep_large_blocks_apart``): glibc serves a block of 128
KiB or more with a mapping of its own, returned whole when freed, but each time such a
block is freed it raises that limit to the block's size (up to 32 MB). After a long
paste (spaCy's arrays of a 100,000-character piece are megabytes each) every later large
block then came from the heap, between small blocks that live on, and stayed there:
`bench.proxy`'s bad input left the proxy 34-100 MB larger, 12-14 MB with the limit fixed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache

LARGE_MESSAGE_CHARS = 100_000
# Freed heap memory is given back after a message of this many characters or more: a
# long resent history (500 turns: 70,000 characters) leaves as much behind as a paste.
TRIM_AFTER_CHARS = 20_000
# texts whose spaCy reading is dropped after a large message (a reading costs about
# 0.3 KB per character; readings of shorter texts are cheap to keep for resent histories)
LONG_TEXT_CHARS = 10_000


# mallopt's parameter for the size from which a block gets a mapping of its own
_M_MMAP_THRESHOLD = -3
# glibc's own starting value: fixed, so that no freed block raises it
MMAP_THRESHOLD_BYTES = 128 * 1024


@cache
def _libc(name: str):  # -> the C function, or None where the C library has none
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6"), name)
    except (OSError, AttributeError):  # musl and other C libraries without it
        return None


def keep_large_blocks_apart() -> bool:
    """Give every block of ``MMAP_THRESHOLD_BYTES`` or more a mapping of its own, for
    good (call once, before the models load); True if the C library took it."""
    mallopt = _libc("mallopt")
    if mallopt is None:
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))


def release_after(chars: int) -> bool:
    """After a message of ``chars`` characters, when it was long: return freed heap
    memory to the system, and after a large one first drop spaCy's reading of its long
    texts (kept for the message's own recognizers and decision, not needed once it is
    filtered). True if it trimmed."""
    if chars < TRIM_AFTER_CHARS:
        return False
    if chars >= LARGE_MESSAGE_CHARS:
        from veil.rules import syntax

        syntax.forget_long(LONG_TEXT_CHARS)
    return give_back()


def give_back() -> bool:
    """Return the heap's free memory to the system; True if the C library can. First let
    go of what only grows: the regex module's notes on patterns compiled uncached."""
    from veil.rules import lazy_regex

    lazy_regex.forget_uncached_sources()
    trim = _libc("malloc_trim")
    if trim is None:
        return False
    trim(0)
    return True
