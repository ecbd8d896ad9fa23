"""Give the heap back after a large message.

Reading a long paste (spaCy's documents, its parse, the spans) takes memory in
proportion to the text, and glibc's malloc keeps what was freed in the process's heap
instead of returning it to the system: after one 200,000-character prompt veil stayed
about 20 MB larger for good, and larger again after the next. ``malloc_trim`` returns the
free pages; it costs a few milliseconds, so it runs only after a long message.
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


@cache
def _malloc_trim():  # -> the C function, or None where the C library has none
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # musl and other C libraries without it
        return None


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
    """Return the heap's free memory to the system; True if the C library can."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
