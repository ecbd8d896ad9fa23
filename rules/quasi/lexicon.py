"""The closed vocabularies the recognizers look words up in (rules/data/*.txt), and a
longest-match lookup of multi-word terms at a position in a text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from veil.rules import lazy_regex as regex
from veil.rules.notability import fold


def _lines(name: str) -> list[str]:
    text = resources.files("veil.rules.data").joinpath(f"{name}.txt").read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def _rows(name: str) -> list[list[str]]:
    return [line.split("\t") for line in _lines(name)]


@lru_cache(maxsize=65536)
def key(words: str) -> str:
    """Lookup key: case and accents folded, dots dropped ("B.Sc." -> "bsc"), spaces single."""
    return fold(words.replace(".", "").replace("’", "'"))


def plural(word: str) -> str:
    """English plural of the last word of a title ("nurse" -> "nurses", "salesman" -> "...men")."""
    head, _, last = word.rpartition(" ")
    if last.endswith("man") and not last.endswith("human"):
        last = last[:-3] + "men"
    elif last.endswith("person"):
        last = last[:-6] + "people"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "o", "u"):
        last = last[:-1] + "ies"
    elif last.endswith(("s", "sh", "ch", "x", "z")):
        last = last + "es"
    else:
        last = last + "s"
    return f"{head} {last}" if head else last


@cache
def _occupation_tables() -> tuple[dict[str, str], dict[str, str]]:
    groups: dict[str, str] = {}
    group = ""
    for line in _lines("occupations"):
        if line.startswith("["):
            name = line.strip("[]")
            group = name.split(" ", 1)[1] if name[:1].isdigit() else name
            continue
        groups.setdefault(key(line), group)
    plurals = {plural(t): t for t in groups if plural(t) not in groups}
    return {**{p: groups[s] for p, s in plurals.items()}, **groups}, plurals


def occupations() -> dict[str, str]:
    """Title (singular and plural, folded) -> the ISCO-08 major group it belongs to."""
    return _occupation_tables()[0]


def singular_titles() -> dict[str, str]:
    """Plural title -> its singular ("nurses" -> "nurse")."""
    return _occupation_tables()[1]


def occupation_group(title: str) -> str | None:
    """The ISCO-08 major group of an occupation title ("ICU nurse" -> "Professionals"),
    or None. Modifier words before a known title are ignored."""
    words = key(title).split()
    table = occupations()
    for i in range(len(words)):
        found = table.get(" ".join(words[i:]))
        if found:
            return found
    return None


@cache
def degrees() -> dict[str, str]:
    """Degree or school-leaving term -> ISCED level name."""
    return {key(term): level for term, level in _rows("degrees")}


def degree_level(value: str) -> str | None:
    """The level of an education value ("Masters in finance" -> "master"), or None."""
    words = key(value).replace("'s", "").split()
    table = degrees()
    for n in range(min(3, len(words)), 0, -1):
        for i in range(len(words) - n + 1):
            level = table.get(" ".join(words[i : i + n])) or table.get(
                " ".join(words[i : i + n]) + "'s"
            )
            if level:
                return level
    for word, level in (("university", "bachelor"), ("college", "bachelor"), ("uni", "bachelor")):
        if word in words:
            return level
    return None


@dataclass(frozen=True, slots=True)
class FamilyTerm:
    kind: str  # spouse | child | parent | ex | status
    gender: str | None  # "male" | "female" | None
    status: str | None  # the relationship status it implies for whoever has it


_GENDER = {"m": "male", "f": "female"}


@cache
def family_terms() -> dict[str, FamilyTerm]:
    return {
        key(term): FamilyTerm(kind, _GENDER.get(gender), None if status == "-" else status)
        for term, kind, gender, status in _rows("family_terms")
    }


@cache
def health_conditions() -> dict[str, str]:
    """Condition term -> its coarse ICD-11 chapter."""
    return {key(term): category for term, category in _rows("health_conditions")}


def health_category(value: str) -> str | None:
    """The coarse category of a condition ("type 2 diabetes" -> "endocrine"), or None."""
    return health_conditions().get(key(value))


@cache
def identity_terms() -> dict[str, tuple[str, str]]:
    """Self-description -> (attribute, value): "catholic" -> ("religion", "christian")."""
    return {key(term): (attribute, value) for term, attribute, value in _rows("identity_terms")}


@cache
def informal_demonyms() -> dict[str, tuple[str, str]]:
    """ "kiwi" -> ("nationality", "New Zealand"), "londoner" -> ("location", "London")."""
    return {key(term): (kind, place) for term, kind, place in _rows("demonyms_informal")}


_GAP = regex.compile(r"[ \t]+")
_WORD = regex.compile(r"[\p{L}\d][\p{L}\d'’.\-]*(?<![.\-'’])")


def words_at(text: str, position: int, count: int) -> list[tuple[int, int]]:
    """Up to ``count`` word (start, end) pairs from ``position``, stopping at punctuation
    other than a hyphen, an apostrophe, a dot inside a word, or a line break."""
    found: list[tuple[int, int]] = []
    pos = position
    while len(found) < count:
        match = _WORD.match(text, pos)
        if match is None:
            break
        found.append(match.span())
        gap = _GAP.match(text, match.end())
        if gap is None:
            break
        pos = gap.end()
    return found


_FIRST_WORDS: dict[int, tuple[object, frozenset[str]]] = {}


def _first_words(table: dict[str, object]) -> frozenset[str]:
    """The first words of a table's entries (cached per table object)."""
    known = _FIRST_WORDS.get(id(table))
    if known is None or known[0] is not table:
        known = (table, frozenset(entry.split(" ", 1)[0] for entry in table))
        _FIRST_WORDS[id(table)] = known
    return known[1]


def longest_term(
    text: str, position: int, table: dict[str, object], max_words: int = 4
) -> tuple[int, int, str] | None:
    """The longest entry of ``table`` starting at ``position`` as (start, end, key)."""
    spans = words_at(text, position, max_words)
    if not spans:
        return None
    first, firsts = key(text[spans[0][0] : spans[0][1]]), _first_words(table)
    if first not in firsts and first.removesuffix("'s") not in firsts:
        return None
    for n in range(len(spans), 0, -1):
        start, end = spans[0][0], spans[n - 1][1]
        found = key(text[start:end])
        if found in table:
            return start, end, found
        if found.endswith("'s") and found[:-2] in table:  # "son's": the possessive ending
            return start, end - 2, found[:-2]
    return None
