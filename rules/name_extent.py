"""A protected name covers the whole name it is part of.

Recognizers and NER often find part of a proper name: "Physio Fremantle" of "Align Physio
Fremantle", "Velvet Kettles" of "The Velvet Kettles", "St. Brigid" of "St. Brigid's NS",
"Lettings Direct" of "Lettings Direct Manchester". Once the decision has made the part
private, the rest of the name leaks as much as the part would: a name is written as one
run of capitalised words on one line, so the protected span is widened to that run.

A word joins where English writes a name on: a capitalised word beside the span with one
space, " & " or (for a firm or a place) a possessive "'s" between, not across punctuation
or a line; not a closed-class word ("Can", "At") nor a day or a month ("Meadowside Physio
Thursday"); not a sentence's first word, whose capital says nothing. A person's name
grows to the right, not over a word in capitals ("Priya OOO", "Reed DOB"), and to the
left only after "at" or "in", where the whole is a firm's ("a cook at Phở Hà Thành"):
elsewhere what stands before a person is a greeting or a title ("Hi", "Dear Ms.",
"Reverend"), no part of the name. A leading "The" mid-sentence belongs to a name
("playing The Crown & Anchor", "our band The Velvet Kettles"), of a firm or a band,
whatever its label; so does the period of an initial ("S.A. de C.V.") or of a short
abbreviation that the clause's next word follows ("Hnos. in Apodaca"). Spans the
decision kept as public, and the other protected spans, stop it.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.locatives import IN_OR_AT, english_closed_words
from veil.rules.pattern import CALENDAR_WORDS, KIN_TITLES, TITLES
from veil.rules.recognizers import address_runs
from veil.rules.spans import Span

_NAMED_LABELS = frozenset({labels.PERSON, labels.ORGANIZATION, labels.LOCATION})
_WORD = r"\p{Lu}[\p{L}\p{M}'’\-]*"
# The word right before a span ("St." abbreviates a name's part).
_WORD_BEFORE = regex.compile(rf"(?<![\p{{L}}\p{{M}}\d])({_WORD}\.?)[ \t]$")
# The word right after: beside it, after "&", or after the span's possessive "'s".
_WORD_AFTER = regex.compile(
    rf"([ \t]&[ \t]|['’]s[ \t]|[ \t])({_WORD})(?![\p{{L}}\p{{M}}\d])", regex.VERSION1
)
_OF_WORD_AFTER = regex.compile(
    rf"([ \t]of[ \t](?:the[ \t])?)({_WORD})(?![\p{{L}}\p{{M}}\d])", regex.VERSION1
)


def _ends_in_a_head(text: str, end: int) -> bool:
    from veil.rules.recognizers.institutions import HEAD_WORD

    last = regex.search(r"(\p{L}+)\.?$", text[max(0, end - 30) : end])
    return last is not None and HEAD_WORD.fullmatch(last.group(1)) is not None


# A period after a short word that the clause's next word, a closed-class one, follows
# closes an abbreviation, not a sentence ("Hnos. in Apodaca"; chat starts sentences in
# lower case: "at Halvorsen Freight. last day", "in Life Camp. fees are")
_ABBREVIATION_DOT = regex.compile(r"(?<=(?<![\p{L}])\p{L}{1,4})\.[ \t]+(\p{Ll}+)")
# An initial's period: "S.A. de C.V."
_INITIAL_DOT = regex.compile(r"(?<=(?<![\p{L}])\p{Lu})\.")
# A name's first word after "at" or "in" is a firm's ("a line cook at Phở Hà Thành"); a
# person's name there has a title before it ("at Dr Lydon's")
_PLACE_PREPOSITION_BEFORE = regex.compile(r"(?<![\p{L}])(?:at|in)[ \t]+$", regex.IGNORECASE)
_TITLE = regex.compile(rf"(?:{TITLES}|{KIN_TITLES})\.?", regex.IGNORECASE)
# What ends a sentence before a word: that word's capital says nothing.
_SENTENCE_END = frozenset('.!?:;\n\r"“”«»()[]|•*-')
_APOSTROPHE = regex.compile(r"['’]")


def widen(text: str, protected: list[Span], others: list[Span]) -> list[Span]:
    """``protected`` with each name widened to the capitalised run it is part of; spans
    in ``others`` (kept public) and the other protected spans are not crossed."""
    taken = _Taken([*protected, *others])
    out = []
    for span in protected:
        if span.label not in _NAMED_LABELS:
            out.append(span)
            continue
        person = span.label == labels.PERSON
        start, end = span.start, span.end
        while (found := _word_before(text, start, taken, span, person)) is not None:
            start = found
        while (found := _word_after(text, end, taken, span, person)) is not None:
            end = found
        dot = _ABBREVIATION_DOT.match(text, end) if not person else None
        if (dot is not None and dot.group(1) in english_closed_words()) or (
            not person and _INITIAL_DOT.match(text, end)
        ):
            end += 1  # "Transportes Villarreal Hnos. in Apodaca": no sentence ends there
        out.append(
            span if (start, end) == (span.start, span.end) else replace(span, start=start, end=end)
        )
    return out


class _Taken:
    """The spans a name may not grow into, found by position (a long text has thousands:
    a scan of all of them per word would make widening quadratic)."""

    _NEIGHBOURS = 4  # spans before a point that may reach it (spans seldom nest)

    def __init__(self, spans: list[Span]) -> None:
        self.spans = sorted(spans, key=lambda s: (s.start, s.end))
        self.starts = [s.start for s in self.spans]

    def free(self, start: int, end: int, own: Span) -> bool:
        last = bisect.bisect_left(self.starts, end)
        return not any(
            s is not own and start < s.end
            for s in self.spans[max(0, last - self._NEIGHBOURS) : last]
        )


def _joins(word: str) -> bool:
    folded = _APOSTROPHE.split(word.casefold())[0]  # "I'm", "We'll"
    return folded not in english_closed_words() and folded not in CALENDAR_WORDS


def _word_before(text: str, start: int, taken: _Taken, own: Span, person: bool) -> int | None:
    window = max(0, start - 40)
    match = _WORD_BEFORE.search(text[window:start])
    if match is None or (match.start(1) == 0 and window > 0):
        return None
    word_start = window + match.start(1)
    word = match.group(1).rstrip(".")
    if match.group(1).endswith(".") and len(word) > 3:
        return None  # a sentence's last word; "St.", "Dr." abbreviate a name's part
    mark = text[max(0, word_start - 40) : word_start].rstrip(" \t")[-1:]
    if person and _TITLE.fullmatch(word):
        return None  # "at Dr Lydon's"
    # a first name before a surname is the name's first word, wherever it stands ("To:
    # Siobhán Kearney <skearney@...>", where NER found the surname)
    given = person and _given_name(word)
    if (not mark or mark in _SENTENCE_END) and not given:
        return None  # a capital at a sentence's start
    if word != "The" and not _joins(word):
        return None  # "At", "In", "I"
    if (
        person
        and word != "The"
        and not given
        and not _PLACE_PREPOSITION_BEFORE.search(text, max(0, word_start - 10), word_start)
    ):
        return None  # before a person, a greeting or a title: "Hi Jonas", "Dear Ms. Okafor"
    if not taken.free(word_start, start, own):
        return None
    return word_start


def _word_after(text: str, end: int, taken: _Taken, own: Span, person: bool) -> int | None:
    if text[end - 1] in ".!?":
        return None  # the span ends a sentence
    match = _WORD_AFTER.match(text, end)
    if match is None and own.label == labels.ORGANIZATION and _ends_in_a_head(text, end):
        # an institution's head, then "of" and its place or patron: "Rotary Club of
        # Jaipur Amber Heights", "Friends of Hallam Park"
        match = _OF_WORD_AFTER.match(text, end)
    if match is None:
        return None
    joint, word = match.group(1), match.group(2)
    stem = regex.split(r"['’]", word, maxsplit=1)[0]  # (a Turkish case ending: "LGS'ye")
    if person and (stem.isupper() or joint.strip() not in ("", "&")):
        return None  # "Priya OOO", "Taylor Swift's Eras Tour", "Emir LGS'ye"
    if not _joins(word):
        return None  # "thanks Sarah Can you": the next sentence, typed without a stop
    if not taken.free(match.start(2), match.end(2), own):
        return None
    return match.end(2)


# A lower-case word NER took in before a name ("av Gillis Lundgren", "de Neruda"): a
# closed-class word of some language, which no name opens with, unless it is a surname's
# particle and the name without it is no entry ("van Gogh" stays whole).
_LEADING_LOWER = regex.compile(r"(\p{Ll}+)[ \t]+(?=\p{Lu})")
_PARTICLES = frozenset(
    [
        "da",
        "das",
        "de",
        "del",
        "della",
        "der",
        "den",
        "di",
        "do",
        "dos",
        "du",
        "la",
        "le",
        "ten",
        "ter",
        "van",
        "von",
        "zu",
        "bin",
        "ibn",
        "al",
        "el",
    ]
)


# Quotation marks that open a quotation; a name holds one only with its closing mark
# (a nickname: "Walter 'Buddy' Kowalski").
_OPENING_QUOTE = regex.compile(r"[„“«‹\"‚‘']")
_CLOSING_FOR = {"„": "“”", "“": "”“", "«": "»", "‹": "›", '"': '"', "‚": "‘’", "‘": "’", "'": "'"}


_LEADING_PARTICLE = regex.compile(r"^\p{Ll}+[ \t]+")


def cut_at_quotations(text: str, spans: list[Span]) -> list[Span]:
    """NER's people cut before a quotation they run into ("von Pina Bauschs „Café Müller"
    is a name and a title's opening): a quotation that opens in a person's name and does
    not close in it is something else (an institution's name may end in a quoted one:
    "Kopalnia Soli „Wieliczka”")."""
    out = []
    for span in spans:
        if span.label == labels.PERSON and span.source.startswith("spacy."):
            for mark in _OPENING_QUOTE.finditer(text, span.start + 1, span.end):
                if text[mark.start() - 1] not in " \t":
                    continue  # an apostrophe in a word ("O'Brien", "Bausch's")
                closing = _CLOSING_FOR[mark.group()]
                end = mark.start()  # (the blanks before the mark are no part of the name)
                while end > span.start and text[end - 1].isspace():
                    end -= 1
                if (
                    not any(c in text[mark.end() : span.end] for c in closing)
                    and end > span.start
                    # a name the encyclopedia has, then a title ("Pina Bauschs „Café
                    # Müller"), not a kind and its quoted name ("Kopalnię Soli „Wieliczka")
                    and _known_in_any_form(_LEADING_PARTICLE.sub("", text[span.start : end]))
                ):
                    span = replace(span, end=end)
                break
        out.append(span)
    return out


def _known_in_any_form(name: str) -> bool:
    """An entry's name as written or declined ("Pina Bauschs" is Pina Bausch's)."""
    from veil.rules import knowledge
    from veil.rules.declension import name_forms

    return any(knowledge.knowledge().is_known(form) for form in (name, *name_forms(name)))


def trim_leading_words(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the closed-class word NER put before a name."""
    from veil.rules.locatives import stop_words_of_any_language
    from veil.rules.recognizers.places import is_town

    out = []
    for span in spans:
        found = _LEADING_LOWER.match(text, span.start, span.end)
        if (
            span.label == labels.PERSON  # (a place's kind may open it: "phường Tân Định")
            and found is not None
            and found.group(1) in stop_words_of_any_language()
            and (
                found.group(1) not in _PARTICLES or _known_in_any_form(text[found.end() : span.end])
            )
        ):
            span = replace(span, start=found.end())
        elif (
            span.label in (labels.ORGANIZATION, labels.LOCATION)
            and found is not None
            and _PLACE_PREPOSITION.fullmatch(found.group(1))
            and is_town(text[found.end() : span.end])
        ):
            # "em Joinville", "dans Lyon": a preposition NER read into a town's name
            span = replace(span, start=found.end(), label=labels.LOCATION)
        out.append(span)
    return out


_PLACE_PREPOSITION = regex.compile(rf"in|at|{IN_OR_AT}")


def _given_name(word: str) -> bool:
    from veil.rules.recognizers.names import is_listed_first_name

    return is_listed_first_name(word)


_COMMA = regex.compile(r",[ \t]?")
# What stands inside one person's name between two of its parts: a particle of a surname
# ("Antônia Ferreira dos Santos", "Ludwig van Beethoven", "Amr bin Aziz") or a nickname
# in quotes ("Walter 'Buddy' Kowalski"); not "and", which names two people
_INSIDE_A_NAME = regex.compile(
    r"[ \t]+(?:(?:da|das|de|del|della|der|den|di|do|dos|du|la|le|ten|ter|van|von|zu|bin|"
    r"binti|ibn|bint|al|el|ben|bat|mac|ap)[ \t]+)+"
    r"|[ \t]+[\"'‘“(]\p{Lu}[\p{L}\p{M}\-]*[\"'’”)][ \t]+"
)


def join_names(text: str, protected: list[Span]) -> list[Span]:
    """Protected parts of one person's name that a particle or a quoted nickname splits
    ("Antônia Ferreira" and "Santos" of "Antônia Ferreira dos Santos"), as one span; a
    generational suffix's period is the name's ("Lonnie Ray Pruitt Jr.")."""
    return [
        replace(span, end=span.end + 1)
        if span.label == labels.PERSON and _SUFFIX_END.search(text, span.start, span.end + 1)
        else span
        for span in _join(text, protected, labels.PERSON, _INSIDE_A_NAME)
    ]


_SUFFIX_END = regex.compile(r"(?<![\p{L}])(?:Jr|Sr|Jnr|Snr)\.$")


def join_places(text: str, protected: list[Span]) -> list[Span]:
    """Protected places named one after the other with a comma, a place and the larger
    place it lies in ("Croydon, London", "Kahawa West, Nairobi"), as one designation: one
    span, replaced by one place."""
    return _join(text, protected, labels.LOCATION, _COMMA)


# The parts an address's street line is written between, from the smallest to the
# largest, each protected on its own: a building or estate before the house number
# ("Orchard Cottage, 2 Pound Lane"), a town after the street ("1146 W. 17th St,
# Chicago").
_ADDRESS_PART_LABELS = frozenset({labels.LOCATION, labels.STREET_ADDRESS})
# (NER reads a house's or an estate's name, or a small town, as a person or a firm)
_NAME_LABELS = frozenset({labels.PERSON, labels.ORGANIZATION})
# The words that name a building, an estate or a block in the building-name line of an
# address (Royal Mail's and La Poste's forms, and the same in the languages near them)
_BUILDING_WORD = regex.compile(
    r"(?<![\p{L}])(?i:cottages?|house|farm|lodge|manor|barn|mill|villa|villas|court|"
    r"mansions|chambers|buildings|towers?|apartments|flats|residency|residence|résidence|"
    r"residencia|residenza|estate|park|hall|block|wing|heights|gardens|chs|society|"
    r"tenement|haus|hof|gebouw)(?![\p{L}])"
)
_TOWN_WORDS = regex.compile(r"\p{Lu}[\p{L}\p{M}'’\-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'’\-]*){0,2}")


def _address_part(text: str, span: Span, street: Span) -> bool:
    """Whether ``span``, a comma away from the street line ``street``, is a part of the
    same address: a place; a building's name before a line that opens with its number; a
    town of capitalised words after it."""
    if span.label in _ADDRESS_PART_LABELS:
        return True
    if span.label not in _NAME_LABELS:
        return False
    value = text[span.start : span.end]
    if span.end <= street.start:
        return text[street.start].isdigit() and _BUILDING_WORD.search(value) is not None
    return _TOWN_WORDS.fullmatch(value) is not None


# A unit, flat, plot or house number written before the street line and a comma ("Flat
# 304, Sai Kripa CHS", "Plot 27, Kiambu Road"), or a house's bare number where an address
# opens ("lives with me at 17, 4th Cross")
_UNIT_BEFORE = regex.compile(
    rf"(?:{address_runs.UNIT}|(?:^|(?<=[:\n]|\bat|\bis))[ \t]*\d{{1,5}}[A-Za-z]?)[ \t]*,[ \t]*$"
)


def join_address_parts(
    text: str, protected: list[Span], kept: Sequence[Span] = ()
) -> tuple[list[Span], list[Span]]:
    """A street address and the places a comma joins to it, as one address: an address
    is one designation, and apart its parts would be replaced by pseudonyms that name no
    one place. A town kept as public right after the street line is the address's town
    and joins it too (returned second, to be taken from the kept)."""
    if not any(span.label == labels.STREET_ADDRESS for span in protected):
        return protected, []
    town_after = {
        town.start: town
        for town in kept
        if town.label in _ADDRESS_PART_LABELS | _NAME_LABELS
        and _TOWN_WORDS.fullmatch(text, town.start, town.end)
    }
    ordered = sorted(protected, key=lambda s: (s.start, s.end))
    out: list[Span] = []
    absorbed: list[Span] = []
    for span in ordered:
        if span.label == labels.STREET_ADDRESS:
            unit = _UNIT_BEFORE.search(text, max(0, span.start - 30), span.start)
            if unit is not None and not (out and out[-1].end > unit.start()):
                span = replace(span, start=unit.start() + len(unit[0]) - len(unit[0].lstrip()))
        last = out[-1] if out else None
        if (
            last is not None
            and _COMMA.fullmatch(text, last.end, span.start)
            and (
                (last.label == labels.STREET_ADDRESS and _address_part(text, span, last))
                or (span.label == labels.STREET_ADDRESS and _address_part(text, last, span))
            )
        ):
            out[-1] = replace(last, end=max(last.end, span.end), label=labels.STREET_ADDRESS)
        else:
            out.append(span)
        last = out[-1]
        comma = _COMMA.match(text, last.end) if last.label == labels.STREET_ADDRESS else None
        town = town_after.get(comma.end()) if comma is not None else None
        if town is not None:
            out[-1] = replace(last, end=town.end)
            absorbed.append(town)
    return out, absorbed


def _join(text: str, protected: list[Span], label: str, gap: regex.Pattern[str]) -> list[Span]:
    """Spans of ``label`` that only ``gap`` separates, each run as one span."""
    ordered = sorted(protected, key=lambda s: (s.start, s.end))
    out: list[Span] = []
    for span in ordered:
        last = out[-1] if out else None
        if (
            last is not None
            and last.label == span.label == label
            and gap.fullmatch(text, last.end, span.start)
        ):
            out[-1] = replace(last, end=max(last.end, span.end))
        else:
            out.append(span)
    return out
