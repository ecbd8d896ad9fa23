"""A function's last results, by argument, that another process's results can join.

``functools.lru_cache`` cannot be given a value: the fast stage's reading of a text may
be made in the reader process (proxy/reader.py) and handed back, and the next ``run`` of
that text must find it as if it had been read here.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

# A text this long is kept by its digest, not itself: a long paste's reading is kept for
# the history that resends it, but the paste itself need not be (megabytes of it
# stayed in memory until 4,096 newer texts pushed its reading out).
DIGEST_CHARS = 10_000


def _stored(key: tuple) -> tuple:
    """``key`` as kept: its long texts by their SHA-256 (a tuple: never equal to a text)."""
    if not any(isinstance(part, str) and len(part) >= DIGEST_CHARS for part in key):
        return key
    return tuple(
        ("sha256", hashlib.sha256(part.encode("utf-8", "surrogatepass")).digest())
        if isinstance(part, str) and len(part) >= DIGEST_CHARS
        else part
        for part in key
    )


class Memo(Generic[V]):
    """``function(*key)``, the last ``maxsize`` keys kept (thread-safe; two threads may
    both compute a missing key, as with lru_cache)."""

    def __init__(self, function: Callable[..., V], maxsize: int) -> None:
        self.function, self.maxsize = function, maxsize
        self.hits = 0
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, *key: Hashable) -> V:
        stored = _stored(key)
        with self._lock:
            if stored in self._kept:
                self._kept.move_to_end(stored)
                self.hits += 1
                return self._kept[stored]
        value = self.function(*key)
        self._put(stored, value)
        return value

    def __contains__(self, key: tuple) -> bool:
        stored = _stored(key)
        with self._lock:
            return stored in self._kept

    def put(self, key: tuple, value: V) -> None:
        self._put(_stored(key), value)

    def _put(self, stored: tuple, value: V) -> None:
        with self._lock:
            self._kept[stored] = value
            self._kept.move_to_end(stored)
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
