"""Give the heap back after a large message.

Reading a long paste (spaCy's documents, its parse, the spans) takes memory in
proportion to the text, and glibc's malloc keeps what was freed in the process's heap
instead of returning it to the system: after one 200,000-character prompt veil stayed
about 20 MB larger for good, and larger again after the next. ``malloc_trim`` returns the
free pages; it costs a few milliseconds, so it runs only after a message this large.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache

LARGE_MESSAGE_CHARS = 100_000


@cache
def _malloc_trim():  # -> the C function, or None where the C library has none
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # musl and other C libraries without it
        return None


def release_after(chars: int) -> bool:
    """After a message of ``chars`` characters, return freed heap memory to the system
    when the message was large. True if it did."""
    trim = _malloc_trim()
    if chars < LARGE_MESSAGE_CHARS or trim is None:
        return False
    trim(0)
    return True
