"""Faker's first and last names as a file in the user cache, so that no process imports
Faker's 150 person-provider modules (about 20 MB and 0.2 s) to read them.

``load(extract)`` returns (first names, last names): read from the file, which
``extract`` (``rules.recognizers.names``' reading of Faker) writes when it is missing;
``load_all(extract)`` adds the given names of the scripts without capitals, kept apart
(there any word may be a given name: they count only beside a surname). One name a line,
prefixed ``F``, ``L`` or ``G``; the last line counts all three, so a cut-off file is
refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from veil.rules import derived

Lists = tuple[frozenset[str], frozenset[str]]
Extract = Callable[[], tuple[Iterable[str], ...]]
_HEADER = "# veil name lists v2"


def path(extract: Extract) -> Path:
    """Named by Faker's version and the source of the module that extracts the lists."""
    import sys

    code = (__file__, sys.modules[extract.__module__].__file__ or __file__)
    return derived.tables_dir() / derived.file_name("names", code, ("faker",), ".txt")


def load(extract: Extract) -> Lists:
    first, last, _ = load_all(extract)
    return first, last


def load_all(extract: Extract) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(first names, last names, given names of the scripts without capitals)."""
    file = derived.ensure(path(extract), lambda out: _write(out, *extract()))
    lines = derived.read_lines(file)
    first, last, given = (
        frozenset(line[2:] for line in lines if line.startswith(f"{kind} ")) for kind in "FLG"
    )
    footer = f"# end {len(first)} {len(last)} {len(given)}"
    if lines[:1] != [_HEADER] or lines[-2:] != [footer, ""]:
        raise derived.DerivedTableError(f"{file} is incomplete or damaged; {derived.REBUILD}")
    return first, last, given


def _write(out: Path, first: Iterable[str], last: Iterable[str], given: Iterable[str] = ()) -> None:
    lists = {
        kind: sorted(set(names)) for kind, names in zip("FLG", (first, last, given), strict=True)
    }
    lines = [f"{kind} {name}" for kind, names in lists.items() for name in names]
    if any("\n" in line for line in lines):
        raise ValueError("a name with a line break")
    footer = "# end " + " ".join(str(len(names)) for names in lists.values())
    out.write_text("\n".join([_HEADER, *lines, footer, ""]), "utf-8")
