"""Given names the encyclopedia attests, beside Faker's lists.

Faker's first-name lists miss many names people have ("Rohit", "Priyanka", "Maddie"):
its Indian locales list few, and nicknames hardly any. The knowledge index knows them by
their bearers: a given name opens many two- and three-word entry titles, and a good share
of those end in a surname ("Rohit Sharma", "Rohit Shetty"), where a word of the language
opens titles of every kind ("New York", "New Order"). A word counts when it opens at
least ``MIN_TITLES`` such titles and at least ``MIN_PERSON_SHARE`` of them end in a
surname Faker knows; a surname itself, and a name that is an ordinary English word
(``name_common_words``), are left to the rules that read those.

Built once from the index into a file in the user cache (rules.derived), like Faker's
lists (rules.name_lists): a scan of the index's titles takes seconds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from veil.rules import derived, gazetteer, knowledge

MIN_TITLES = 10
MIN_PERSON_SHARE = 0.3
_HEADER = "# veil given names from the encyclopedia v1"
_COMMON = "name_common_words"


def path() -> Path:
    """Named by the index's source and format, Faker's version (its surnames decide) and
    the code and word list that make it."""
    source = f"{knowledge.SOURCE_NAME}-{knowledge.SOURCE_VERSION}-f{knowledge.FORMAT_VERSION}"
    stem = f"given-names-{source}"
    common = Path(gazetteer.__file__).with_name("data") / f"{_COMMON}.txt"
    return derived.tables_dir() / derived.file_name(
        stem, (__file__, str(common)), ("faker",), ".txt"
    )


def load(first_names: frozenset[str], last_names: frozenset[str]) -> frozenset[str]:
    """The attested given names (title-cased) that are not in ``first_names``."""
    file = derived.ensure(
        path(), lambda out: _write(out, attested(_title_keys(), first_names, last_names))
    )
    lines = derived.read_lines(file)
    names = lines[1:-2]
    if lines[:1] != [_HEADER] or lines[-2:] != [f"# end {len(names)}", ""]:
        raise derived.DerivedTableError(f"{file} is incomplete or damaged; {derived.REBUILD}")
    return frozenset(names)


def attested(
    titles: Iterable[str], first_names: frozenset[str], last_names: frozenset[str]
) -> list[str]:
    """The words that open enough titles ending in a surname (titles folded, lower case)."""
    surnames = {name.casefold() for name in last_names}
    known = {name.casefold() for name in first_names}
    common = gazetteer.load(_COMMON)
    opened: Counter[str] = Counter()
    of_people: Counter[str] = Counter()
    for title in titles:
        words = title.split(" ")
        if not 2 <= len(words) <= 3 or not (words[0].isascii() and words[0].isalpha()):
            continue
        opened[words[0]] += 1
        if words[-1] in surnames:
            of_people[words[0]] += 1
    return sorted(
        word.title()
        for word, people in of_people.items()
        if people >= MIN_TITLES
        and people >= MIN_PERSON_SHARE * opened[word]
        and len(word) >= 3
        and word not in known
        and word not in surnames
        and word not in common
    )


def _title_keys() -> Iterable[str]:
    return knowledge.knowledge().title_keys()


def _write(out: Path, names: list[str]) -> None:
    out.write_text("\n".join([_HEADER, *names, f"# end {len(names)}", ""]), "utf-8")
