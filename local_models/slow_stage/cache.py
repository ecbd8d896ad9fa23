"""Slow-stage results by content hash: a chat client resends the whole history every
turn, and a text already rewritten must cost nothing (and read the same) the next time."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, Generic, TypeVar

Result = TypeVar("Result")
DEFAULT_SIZE = 4096


def content_key(
    text: str, settings: dict[str, Any], models: Iterable[str], prompts: Iterable[str],
    pseudonyms: Iterable[str],
) -> str:  # fmt: skip
    """Everything the result depends on: the text, the settings, the models and prompts by
    name and version, and the pseudonyms edits must respect."""
    document = json.dumps(
        {
            "text": text,
            "settings": settings,
            "models": list(models),
            "prompts": sorted(prompts),
            "pseudonyms": sorted(set(pseudonyms)),
        },
        sort_keys=True,
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(document.encode("utf-8")).hexdigest()


class ResultCache(Generic[Result]):
    """In memory, least recently used out; thread-safe."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self._items: OrderedDict[str, Result] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> Result | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return item

    def put(self, key: str, result: Result) -> None:
        with self._lock:
            self._items[key] = result
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def discard(self, key: str) -> None:
        with self._lock:
            self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)
