"""Faker's first and last names as a file in the user cache, so that no process imports
Faker's 150 person-provider modules (about 20 MB and 0.2 s) to read them.

``load(extract)`` returns (first names, last names): read from the file, which
``extract`` (``rules.recognizers.names``' reading of Faker) writes when it is missing;
``load_all(extract)`` adds the given names of the scripts without capitals, kept apart
(there any word may be a given name: they count only beside a surname). Three blocks of
one name a line, each opened by a line with its kind (``F``, ``L``, ``G``) and count, so a
block is read as a slice of the file's lines (a prefix on every line took twice as long
to strip as the rest of the reading); the last line closes the file, so a cut-off file
is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from veil.rules import derived

Lists = tuple[frozenset[str], frozenset[str]]
Extract = Callable[[], tuple[Iterable[str], ...]]
_HEADER = "# veil name lists v3"
_KINDS = "FLG"


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
    blocks, at = [], 1
    if lines[:1] == [_HEADER]:
        for kind in _KINDS:
            count = _block_count(lines, at, kind)
            if count is None:
                break
            blocks.append(frozenset(lines[at + 1 : at + 1 + count]))
            at += 1 + count
    if len(blocks) != len(_KINDS) or lines[at:] != ["# end", ""]:
        raise derived.DerivedTableError(f"{file} is incomplete or damaged; {derived.REBUILD}")
    first, last, given = blocks
    return first, last, given


def _block_count(lines: list[str], at: int, kind: str) -> int | None:
    """The count on the line opening a block of ``kind`` at ``at``, where one does and
    the file holds that many lines more."""
    opener = lines[at].split(" ") if at < len(lines) else []
    if len(opener) != 3 or opener[:2] != ["#", kind] or not opener[2].isdigit():
        return None
    count = int(opener[2])
    return count if at + 1 + count <= len(lines) else None


def _write(out: Path, first: Iterable[str], last: Iterable[str], given: Iterable[str] = ()) -> None:
    lines = [_HEADER]
    for kind, names in zip(_KINDS, (first, last, given), strict=True):
        block = sorted(set(names))
        if any("\n" in name for name in block):
            raise ValueError("a name with a line break")
        lines += [f"# {kind} {len(block)}", *block]
    out.write_text("\n".join([*lines, "# end", ""]), "utf-8")
