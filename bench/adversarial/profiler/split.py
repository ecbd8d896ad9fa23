"""A deterministic train/test split disjoint by author, also usable as k folds.

Authors (not texts) are ordered by the SHA-256 of their id and dealt round-robin into
``folds`` folds, so folds differ by at most one author, the same authors always land in the
same fold whatever the order of the records, and no author has texts on both sides. The
test split is fold ``test_fold``; training is every other fold.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

DEFAULT_FOLDS = 4
DEFAULT_TEST_FOLD = 0
T = TypeVar("T")


def author_id(identity: Mapping[str, Any] | str) -> str:
    """A stable id: a username as it is, a personality record by its canonical JSON."""
    if isinstance(identity, str):
        return identity
    canonical = json.dumps(identity, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def assign_folds(authors: Iterable[str], folds: int = DEFAULT_FOLDS) -> dict[str, int]:
    if folds < 2:
        raise ValueError(f"a split needs at least 2 folds (got {folds})")
    ordered = sorted(set(authors), key=lambda a: (hashlib.sha256(a.encode()).hexdigest(), a))
    return {author: rank % folds for rank, author in enumerate(ordered)}


def split_by_author(
    items: Sequence[T],
    author: Callable[[T], str],
    folds: int = DEFAULT_FOLDS,
    test_fold: int = DEFAULT_TEST_FOLD,
) -> tuple[list[T], list[T]]:
    """(train, test), each in the items' own order."""
    if not 0 <= test_fold < folds:
        raise ValueError(f"test_fold must be in 0..{folds - 1} (got {test_fold})")
    fold_of = assign_folds((author(item) for item in items), folds)
    train = [item for item in items if fold_of[author(item)] != test_fold]
    test = [item for item in items if fold_of[author(item)] == test_fold]
    return train, test
