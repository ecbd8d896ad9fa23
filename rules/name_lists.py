"""Faker's first and last names as a file in the user cache, so that no process imports
Faker's 150 person-provider modules (about 20 MB and 0.2 s) to read them.

``load(extract)`` returns (first names, last names): read from the file, which
``extract`` (``rules.recognizers.names``' reading of Faker) writes when it is missing.
One name a line, prefixed ``F`` or ``L``; the last line counts both, so a cut-off file
is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from veil.rules import derived

Lists = tuple[frozenset[str], frozenset[str]]
_HEADER = "# veil name lists v1"


def path(extract: Callable[[], tuple[Iterable[str], Iterable[str]]]) -> Path:
    """Named by Faker's version and the source of the module that extracts the lists."""
    import sys

    code = (__file__, sys.modules[extract.__module__].__file__ or __file__)
    return derived.tables_dir() / derived.file_name("names", code, ("faker",), ".txt")


def load(extract: Callable[[], tuple[Iterable[str], Iterable[str]]]) -> Lists:
    file = derived.ensure(path(extract), lambda out: _write(out, *extract()))
    lines = derived.read_lines(file)
    first = frozenset(line[2:] for line in lines if line.startswith("F "))
    last = frozenset(line[2:] for line in lines if line.startswith("L "))
    if lines[:1] != [_HEADER] or lines[-2:] != [f"# end {len(first)} {len(last)}", ""]:
        raise derived.DerivedTableError(f"{file} is incomplete or damaged; {derived.REBUILD}")
    return first, last


def _write(out: Path, first: Iterable[str], last: Iterable[str]) -> None:
    firsts, lasts = sorted(set(first)), sorted(set(last))
    names = [f"F {name}" for name in firsts] + [f"L {name}" for name in lasts]
    if any("\n" in name for name in names):
        raise ValueError("a name with a line break")
    footer = f"# end {len(firsts)} {len(lasts)}"
    out.write_text("\n".join([_HEADER, *names, footer, ""]), "utf-8")
