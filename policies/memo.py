"""A function's last results, by argument, that another process's results can join.

``functools.lru_cache`` cannot be given a value: the fast stage's reading of a text may
be made in the reader process (proxy/reader.py) and handed back, and the next ``run`` of
that text must find it as if it had been read here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    """``function(*key)``, the last ``maxsize`` keys kept (thread-safe; two threads may
    both compute a missing key, as with lru_cache)."""

    def __init__(self, function: Callable[..., V], maxsize: int) -> None:
        self.function, self.maxsize = function, maxsize
        self.hits = 0
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, *key: Hashable) -> V:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                self.hits += 1
                return self._kept[key]
        value = self.function(*key)
        self.put(key, value)
        return value

    def __contains__(self, key: tuple) -> bool:
        with self._lock:
            return key in self._kept

    def put(self, key: tuple, value: V) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
