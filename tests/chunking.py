"""Split a text or byte string at arbitrary positions, as a network would."""

import itertools
from typing import TypeVar

T = TypeVar("T", str, bytes)


def split_at(data: T, cuts: list[int]) -> list[T]:
    bounds = sorted({min(c, len(data)) for c in cuts} | {0, len(data)})
    return [data[a:b] for a, b in itertools.pairwise(bounds)]
