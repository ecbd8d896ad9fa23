"""Repair name spans with the encyclopedia: a span is widened to the entry it is part of,
or cut where it runs two entries together.

Statistical NER cuts unfamiliar names short or in two ("[Monk]" for Thelonious Monk,
"[Sault Ste]. [Marie]"); the name rules may miss a given name in front. When the span
together with the capitalised words or the span right beside it spells an entry's title
or alias, the wider span is the name. NER also runs a famous name into the word after it
("[Aziz Sancar Nobel]'i", "[Selma Lagerlöfs Nils Holgerssons] underbara resa"): where the
span's first words are a famous person's entry and the rest an entry of its own, it is
cut in two. No span is created from nothing: the knowledge only says where a name found
by a recognizer ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from veil.rules import knowledge, labels
from veil.rules import lazy_regex as regex
from veil.rules.declension import name_forms
from veil.rules.notability import fold
from veil.rules.pattern import TITLES
from veil.rules.spans import Span

LINKED_LABELS = frozenset({labels.PERSON, labels.LOCATION, labels.ORGANIZATION})
MAX_EXTRA_WORDS = 2  # entries hold at most three words
# A capitalised word as names are written: "Ste.", "O'Neill", "Jean-Michel", "Lloyd",
# with the lower-case words that join the words of titles and names ("Game of Thrones",
# "Rogier van der Weyden", "Pride and Prejudice", "Ben & Jerry's").
_JOINER = r"(?:of|the|of the|and|&|de|du|des|la|le|van|von|der|den|da|di|del|y|al|bin|el)"
# (a possessive may join them too: "Lloyd's of London", "Sotheby's Hong Kong", and the
# nouns eponyms are made with: "Parkinson's disease", "Occam's razor")
_EPONYM_NOUN = r"disease|syndrome|palsy|theorem|principle|paradox|razor|constant"
_WORD_AFTER = regex.compile(
    rf"(?:['’]s[ \t]+(?:{_EPONYM_NOUN})(?![\p{{L}}])|(?:['’]s)?(?:[ \t]|\.[ \t]?)"
    rf"(?:{_JOINER}[ \t]+)?(\p{{Lu}}[\p{{L}}'’\-]*\.?))"
)
_POSSESSIVE_INSIDE = regex.compile(r"\p{L}['’]s[ \t]")
_WORD_BEFORE = regex.compile(rf"(\p{{Lu}}[\p{{L}}'’\-]*\.?)[ \t](?:{_JOINER}[ \t])?$")


def link(text: str, spans: Sequence[Span]) -> list[Span]:
    """``spans`` (sorted, disjoint) with names widened to the entries they are part of;
    names a widened one now covers are absorbed into it. A name never grows into another
    kind of span, nor into part of another name."""
    if not any(s.label in LINKED_LABELS for s in spans):
        return list(spans)
    index = knowledge.knowledge()
    spans = [part for span in spans for part in _cut_between_entries(text, span, index)]
    spans = sorted(spans, key=lambda s: s.start)
    out: list[Span] = []
    for i, span in enumerate(spans):
        if out and out[-1].start <= span.start and span.end <= out[-1].end:
            continue  # absorbed by a widened name before it
        if span.label in LINKED_LABELS and len(text[span.start : span.end].split()) < 3:
            span = _widen(text, spans, i, out[-1].end if out else 0, index)
            while out and out[-1].start >= span.start:
                out.pop()  # "Thelonious" found apart, inside "Thelonious Monk"
        out.append(span)
    return out


_WORD_IN_SPAN = regex.compile(r"\S+")
_TITLE = regex.compile(rf"(?:{TITLES})\.?")


def _cut_between_entries(text: str, span: Span, index: knowledge.Knowledge) -> list[Span]:
    """A person's span of three or more words whose first words are a famous person's
    entry (by ``knowledge.FAME_CHANCE_LIMIT``, in the nominative if declined) and whose
    other words are an entry too, as two spans; otherwise the span."""
    if span.label != labels.PERSON:
        return [span]
    words = list(_WORD_IN_SPAN.finditer(text, span.start, span.end))
    if len(words) < 3 or index.is_known(text[span.start : span.end]):
        return [span]
    # (a title and one name is no head to cut at: "Dr. Lisa", an alias, then "Kaminski")
    first_word = 1 if _TITLE.fullmatch(words[0].group()) else 0
    for cut in range(len(words) - 1, 1 + first_word, -1):
        head = text[span.start : words[cut - 1].end()]
        tail_start = words[cut].start()
        tail = text[tail_start : span.end]
        if _given_then_surname(words[cut - 1].group(), tail):
            continue  # "Dr. Lisa Kaminski": a title's alias ("Dr. Lisa"), then a surname
        if _famous(head, index) and (_famous(tail, index) or _entry_but_no_name(tail, index)):
            return [
                span.shifted(span.start, words[cut - 1].end()),
                span.shifted(tail_start, span.end),
            ]
    return [span]


def _given_then_surname(given: str, tail: str) -> bool:
    """A first name the lists hold, then one word they hold as a surname: one person's
    name, whatever entries its parts are."""
    from veil.rules.recognizers.names import known_name_words

    first, _ = known_name_words()
    return (
        " " not in tail
        and given.strip(".,").title() in first
        and fold(tail.strip(".,'’")) in _folded_surnames()
    )


@cache
def _folded_surnames() -> frozenset[str]:
    """The lists' surnames as written without accents too ("Kaminski" for Kamiński)."""
    from veil.rules.recognizers.names import known_name_words

    return frozenset(fold(name) for name in known_name_words()[1])


def _entry_but_no_name(words: str, index: knowledge.Knowledge) -> bool:
    """An entry that is no part of a person's name ("Nobel" after "Aziz Sancar"; not
    "Contreras" after "Pablo Neruda", a namesake's second surname)."""
    from veil.rules.recognizers.names import known_name_words

    first, last = known_name_words()
    forms = (words, *name_forms(words))
    return any(index.is_known(f) for f in forms) and not any(
        w.strip(".,'’").title() in first or w.strip(".,'’").title() in last
        for f in forms
        for w in f.split()
    )


def _famous(name: str, index: knowledge.Knowledge) -> bool:
    if any(len(word.strip(".")) < 2 for word in name.split()):
        return False  # an initial: "josé a", whose entry is anyone's
    return any(
        index.canonical(form) is not None
        and index.chance_entries(form) < knowledge.FAME_CHANCE_LIMIT
        for form in (name, *name_forms(name))
    )


def _widen(text: str, spans: list[Span], i: int, floor: int, index: knowledge.Knowledge) -> Span:
    span = spans[i]
    best: tuple[int, int] | None = None
    for left in _starts_before(text, span.start, MAX_EXTRA_WORDS):
        for right in _ends_after(text, span.end, MAX_EXTRA_WORDS):
            if (left, right) == (span.start, span.end) or left < floor:
                continue
            if best is not None and right - left <= best[1] - best[0]:
                continue
            candidate = text[left:right]
            if len(candidate.split()) > 4 or not _fits(spans, i, left, right):
                continue
            if index.is_known(candidate.rstrip(".")):
                best = (left, right)
    if best is None:
        return span
    label = span.label
    if label == labels.PERSON and _POSSESSIVE_INSIDE.search(text, best[0], best[1]):
        # what is named after a person is no person: "Monk's House", "Lloyd's of London"
        label = labels.ORGANIZATION
    return Span(best[0], best[1], label, span.score, span.source + "+linking", span.validator)


def _fits(spans: list[Span], i: int, left: int, right: int) -> bool:
    """Every other span the range touches is a name wholly inside it."""
    for j in range(i - 1, -1, -1):
        other = spans[j]
        if other.end <= left:
            break
        if other.label not in LINKED_LABELS or other.start < left:
            return False
    for other in spans[i + 1 :]:
        if other.start >= right:
            break
        if other.label not in LINKED_LABELS or other.end > right:
            return False
    return True


def _starts_before(text: str, start: int, limit: int) -> list[int]:
    starts = [start]
    for _ in range(limit):
        match = _WORD_BEFORE.search(text, max(0, starts[-1] - 40), starts[-1])
        if match is None:
            break
        starts.append(match.start())
    return starts


def _ends_after(text: str, end: int, limit: int) -> list[int]:
    ends = [end]
    for _ in range(limit):
        match = _WORD_AFTER.match(text, ends[-1])
        if match is None:
            break
        ends.append(match.end())
    return ends
