"""Text typed without capitals, read as if the writer had used them.

People type chat messages in lower case ("dinner w giulia n marco, we're in didsbury"):
NER and every rule that reads a capital as the mark of a name then see none. Truecasing
is the usual repair: where a writer capitalises nothing mid-sentence, the words the name
and place lists know, and no language uses as an ordinary word, get their capital back.
The result has the same length as the text, character for character, so the spans found
in it are the text's own.

What is recased, in a text written in lower case:
- a first name ("giulia", "priya"), and a surname right after one ("harry kane");
- a town of 15,000 people or more by its own name ("bradenton", "wattenscheid"); a
  smaller town only after a preposition of place ("in didsbury", "a testaccio");
- the rest of an encyclopedia's title that such a word begins or ends ("harry styles",
  "real madrid"), so that a known name is read whole;
- a word where one works ("i work at lidl"), and a word with the kind of an institution
  after it ("westgate vets", "lincoln high"), which is that institution's name.
Never: a word that is an English word as well (SCOWL's lower-case entries, mapped from
``rules/data/english_words.marisa``: "will", "reading", "design"), a closed-class word of
any language spaCy lists ("che", "solo"), a word in a handle, an address or a path.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

import marisa_trie

from veil.rules import gazetteer, geography, knowledge, locatives, notability, places_table
from veil.rules import lazy_regex as regex

# Longer texts are pastes (code, logs, documents), whose lower case is not a register.
MAX_CHARS = 4000
SHORTEST = 3  # letters of a word recased alone ("mo", "al" are too many other things)
OPENS_TITLES = 10  # entries a first name in Latin letters opens (rules.given_names')

_WORD = regex.compile(r"[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*")
# A word with a capital after its first letter's place, inside a sentence: the writer
# capitalises ("with Giulia", "at Starbucks"), so the text is read as typed.
_CAPITALISED = regex.compile(r"\p{Lu}\p{Ll}")
_SENTENCE_START = regex.compile(r"(?:^|[.!?\n]|[.!?][\"'”’)\]]?)[\s\"'“‘(\[*•\-]*$")
# A word inside a handle, an address, a path or a hashtag: "@priya", "priya.k@", "/marco/"
_IDENTIFIER_CHARACTERS = frozenset("@#/\\_.0123456789")
_IN_IDENTIFIER_AFTER = regex.compile(r"[@/\\_\d]|\.\p{L}")
# Characters before a word that the patterns read back to (a bounded look, so that long
# texts stay linear)
_REACH = 40
_PLACE_PREPOSITION = regex.compile(
    rf"(?<![\p{{L}}])(?:in|at|near|from|around|outside|to|{locatives.IN_OR_AT}|{locatives.FROM}"
    r"|a|de|da|do|di)[ \t]+$",
    regex.IGNORECASE,
)
# Where one works, in English: the name after it is an employer's ("i work at lidl")
_WORKPLACE_BEFORE = regex.compile(
    r"(?<![\p{L}])(?:work(?:s|ed|ing)?|job|shifts?|intern(?:ing|ship)?)[ \t]+(?:at|for)[ \t]+"
    r"(?:the[ \t]+)?$",
    regex.IGNORECASE,
)
_POSSESSIVE_END = regex.compile(r"['’]s$")
_TITLE_BREAK = regex.compile(r"[\n,.!?;:()]")  # what no title of a few words spans
_TITLE_REACH = 2  # words an encyclopedia's title may run on past a recased one
_CACHED_WORDS = 8192  # words whose lookups are kept (chat repeats its words)


def recase(text: str) -> str:
    """``text`` with the names and places it writes in lower case capitalised, when the
    writer capitalises nothing inside a sentence; otherwise ``text`` itself."""
    return read(text)[0]


def read(text: str) -> tuple[str, bool]:
    """``recase(text)``, and whether the writer typed the text in lower case and it was
    recased (what the decision reads as chat: ``subject.decide``'s ``casual``)."""
    if len(text) > MAX_CHARS:
        return text, False
    if not typed_in_lower_case(text):
        return _recase_where_grammar_says(text), False
    recased = _recase_lower_case(text)
    return recased, recased is not text


def _recase_lower_case(text: str) -> str:
    """``text``, typed in lower case, with the capitals of its names back."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    ok = [_recasable(text, start, end) for start, end in words]
    chosen: set[int] = set()
    given_before = False
    for i, (start, end) in enumerate(words):
        word = _POSSESSIVE_END.sub("", text[start:end])  # "krylova's"
        if not ok[i]:
            given_before = False
            continue
        adjacent = i > 0 and text[words[i - 1][1] : start] == " "
        given = is_given_name(word)
        if given or (given_before and adjacent and _is_surname(word)):
            chosen.add(i)
            given_before = given
            continue
        given_before = False
        if (
            _is_town(word)
            or (
                _is_small_town(word)
                and _PLACE_PREPOSITION.search(text, max(0, start - _REACH), start) is not None
            )
            or _WORKPLACE_BEFORE.search(text, max(0, start - _REACH), start) is not None
        ):
            chosen.add(i)
        if i + 1 < len(words) and _institution_head(text, end, *words[i + 1]):
            chosen.update((i, i + 1))
    chosen |= _rest_of_full_names(text, words, chosen, ok)
    chosen |= _names_listed_with_names(text, words, chosen)
    chosen |= _places_of_words(text, words, chosen, ok)
    chosen |= _titles_around(text, words, chosen)
    return _capitalised(text, [words[i][0] for i in chosen])


def _capitalised(text: str, starts: list[int]) -> str:
    """``text`` with the letters at ``starts`` in upper case (where that keeps the length:
    not "ß", whose capital is "SS")."""
    if not starts:
        return text
    out = list(text)
    for start in starts:
        upper = out[start].upper()
        if len(upper) == 1:
            out[start] = upper
    return "".join(out)


# A word in lower case right after a preposition of place, or after a possessed noun
# ("my housemate sindre"): where a text that capitalises other names still writes a town
# or a person of the writer's in lower case.
_AFTER_PLACE_PREPOSITION = regex.compile(
    r"(?<![\p{L}])(?i:in|at|near|from|around|outside|to)"
    r"[ \t]+(?:the[ \t]+)?(\p{Ll}[\p{Ll}\p{M}]+)(?![\p{L}\p{M}@/\\_\d])"
)


def _recase_where_grammar_says(text: str) -> str:
    """In a text that capitalises names, the few it writes in lower case where the
    grammar says what they are: a town after a preposition of place ("since moving to
    tromsø"), a first name after a possessed noun ("my housemate sindre"). Each word
    passes the checks of ``recase`` (no English word, no closed-class word, no handle)."""
    from veil.rules.recognizers.names import POSSESSED_NOUN_BEFORE

    chosen: list[int] = []
    for match in _AFTER_PLACE_PREPOSITION.finditer(text):
        start, end = match.span(1)
        word = match.group(1)
        # (a town of 15,000 people or more, in an English clause: in another language a
        # word in lower case after "en" is that language's own, "traduis en anglais"; and
        # the writer who capitalises names writes "back in uni times", "along the
        # lakeside trails", where small places' names are words)
        if (
            _recasable(text, start, end)
            and _is_town(word)
            and locatives.english(text[max(0, start - _REACH) : end + _REACH])
        ):
            chosen.append(start)
    for match in _LOWER_WORD.finditer(text):
        start, end = match.span()
        if (
            POSSESSED_NOUN_BEFORE.search(text, max(0, start - _REACH), start) is not None
            and _recasable(text, start, end)
            and is_given_name(match.group())
        ):
            chosen.append(start)
    return _capitalised(text, chosen)


_LOWER_WORD = regex.compile(
    r"(?<![\p{L}\p{M}@#/\\_.\d])\p{Ll}[\p{Ll}\p{M}]+(?![\p{L}\p{M}@/\\_\d])"
)


def typed_in_lower_case(text: str) -> bool:
    """Whether the writer capitalises no word inside a sentence (capitals for emphasis,
    "AGAIN", and the pronoun "I" aside), and writes in a script with capitals at all."""
    cased = False
    for match in _WORD.finditer(text):
        word = match.group()
        if not word[0].isupper() and not word[0].islower():
            continue  # a script without capitals (Han, Arabic, Devanagari, ...)
        cased = True
        if (
            _CAPITALISED.match(word)
            and word not in ("I", "I'm", "I’m", "I'll", "I've", "I'd")
            and not _SENTENCE_START.search(text, max(0, match.start() - _REACH), match.start())
        ):
            return False
    return cased


def _recasable(text: str, start: int, end: int) -> bool:
    word = text[start:end]
    if not word.islower() or len(word) < SHORTEST:  # (not "aTM", "iPhone")
        return False
    if (start and text[start - 1] in _IDENTIFIER_CHARACTERS) or _IN_IDENTIFIER_AFTER.match(
        text, end
    ):
        return False
    key = word.casefold()
    return key not in locatives.stop_words_of_any_language() and not ordinary(key)


def _institution_head(text: str, end: int, head_start: int, head_end: int) -> bool:
    """Whether the next word, one space on, is the kind of an institution that the word
    before names ("westgate vets", "lincoln high")."""
    from veil.rules.recognizers.institutions import HEAD_WORD

    head = text[head_start:head_end]
    return (
        text[end:head_start] == " "
        and head.islower()
        and (HEAD_WORD.fullmatch(head) is not None or head == "high")
    )


ENGLISH_WORDS = Path(gazetteer.__file__).with_name("data") / "english_words.marisa"


class EnglishWordsError(RuntimeError):
    """The English word list veil ships is missing or damaged."""


@cache
def _english_words() -> marisa_trie.Trie:
    """SCOWL's lower-case English words, mapped from the file veil ships."""
    try:
        return marisa_trie.Trie().mmap(str(ENGLISH_WORDS))
    except Exception as error:  # (marisa raises its own errors for a damaged file)
        raise EnglishWordsError(
            f"cannot read {ENGLISH_WORDS} ({error}); reinstall veil, or rebuild it with "
            "`python install/english_words.py`"
        ) from error


def ordinary(key: str) -> bool:
    """An English word, or a first name that is one in any case ("will", "grace")."""
    return key in _english_words() or key in gazetteer.load("name_common_words")


def _title(word: str) -> str:
    return word[:1].upper() + word[1:]


@lru_cache(maxsize=_CACHED_WORDS)
def is_given_name(word: str) -> bool:
    """A first name the lists know that, in Latin letters, opens at least as many of the
    encyclopedia's names of two or three words as it ends and at least ``OPENS_TITLES``:
    a given name opens its bearers' names ("giulia": Giulia Ligresti, Giulia Grisi, ...),
    a surname ends them ("keller") and a word the lists hold by chance opens few
    ("cena")."""
    from veil.rules.recognizers.names import known_name_words

    if _title(word) not in known_name_words()[0]:
        return False
    if not notability.latin(word):
        return True
    entries = knowledge.knowledge()
    opens = entries.word_count("f:" + knowledge.key(word))
    return opens >= OPENS_TITLES and opens >= entries.word_count("l:" + knowledge.key(word))


# A middle initial: a consonant (single vowels, and "w", "z", "v", "k", "s", "u", are
# words in one language or another: "giulia è vegana", "marek w krakowie")
_INITIAL_GAP = regex.compile(r" [bcdfghjlmnpqrtx]\.? ")


def _rest_of_full_names(
    text: str, words: list[tuple[int, int]], chosen: set[int], ok: list[bool]
) -> set[int]:
    """A recased first name's middle initial and surname ("eric g. samoylova",
    "bertram m. jørgensen"), and a surname by its shape ("monika žilková"): an initial
    that is no word ("giulia è vegana", "ana y marco" have none), then a word that is no
    ordinary one."""
    from veil.rules.recognizers.names import _surname_shaped

    found: set[int] = set()
    for i in sorted(chosen):
        if i + 1 >= len(words) or not is_given_name(text[words[i][0] : words[i][1]]):
            continue
        gap = (
            _INITIAL_GAP.fullmatch(text, words[i][1], words[i + 2][0])
            if i + 2 < len(words)
            else None
        )
        if gap is not None and ok[i + 2]:
            found.update((i + 1, i + 2))
            continue
        start, end = words[i + 1]
        if (
            text[words[i][1] : start] == " "
            and ok[i + 1]
            and _surname_shaped(_title(_POSSESSIVE_END.sub("", text[start:end])))
        ):
            found.add(i + 1)
    return found - chosen


# Between two conjuncts of a list ("silvana, kristina, chad and caleb")
_COORDINATOR = regex.compile(
    r",[ \t]*(?:(?:and|or|&|e|y|et|und|och|og|en)[ \t]+)?"
    r"|[ \t]+(?:and|or|&|e|y|et|und|och|og|en)[ \t]+"
)


def _names_listed_with_names(text: str, words: list[tuple[int, int]], chosen: set[int]) -> set[int]:
    """First names that are English words too ("chad", "will"), listed with names that
    were recased: the conjuncts of a list are of one kind."""
    from veil.rules.recognizers.names import known_name_words

    first = known_name_words()[0]
    # the closed-class words of the text's language: in English "ana" and "jo" are names,
    # whatever other languages use them for
    closed = (
        locatives.english_closed_words()
        if locatives.english(text)
        else locatives.stop_words_of_any_language()
    )
    found: set[int] = set()
    changed = True
    while changed:
        changed = False
        for i, (start, end) in enumerate(words):
            word = text[start:end]
            if (
                i in chosen
                or i in found
                or not word.islower()
                or _title(word) not in first
                or word in closed
            ):
                continue
            if any(
                0 <= j < len(words)
                and (j in chosen or j in found)
                and _COORDINATOR.fullmatch(text, min(end, words[j][1]), max(start, words[j][0]))
                for j in (i - 1, i + 1)
            ):
                found.add(i)
                changed = True
    return found


@lru_cache(maxsize=_CACHED_WORDS)
def _is_surname(word: str) -> bool:
    """A surname the lists know, or, in Latin letters, a word that ends at least
    ``OPENS_TITLES`` of the encyclopedia's names of two or three words and more than it
    opens ("kleist": Heinrich von Kleist, Ewald von Kleist, ...)."""
    from veil.rules.recognizers.names import known_name_words

    if _title(word) in known_name_words()[1]:
        return True
    if not notability.latin(word):
        return False
    entries = knowledge.knowledge()
    ends = entries.word_count("l:" + knowledge.key(word))
    return ends >= OPENS_TITLES and ends > entries.word_count("f:" + knowledge.key(word))


@lru_cache(maxsize=_CACHED_WORDS)
def _is_town(name: str) -> bool:
    """A town of 15,000 people or more by its own name (not by one of its other names:
    "solo" is Surakarta too). Not a country or a region: too big to say whose it is,
    and named as a topic far more often than as a home."""
    found = geography.city(name)
    if found is not None:
        own = notability.fold(found.name).removeprefix("the ").removesuffix(" city")
        if own == notability.fold(name):  # ("Marikina City", "The Bronx")
            return True
    return False


@lru_cache(maxsize=_CACHED_WORDS)
def _is_small_town(name: str) -> bool:
    return places_table.small_town(notability.fold(name)) is not None


def _places_of_words(
    text: str, words: list[tuple[int, int]], chosen: set[int], ok: list[bool]
) -> set[int]:
    """Places of two or three words ("san diego", "rio de janeiro"): their words that
    are not closed-class ones."""
    found: set[int] = set()
    for i in range(len(words)):
        for n in (3, 2):
            if i + n > len(words):
                continue
            start, end = words[i][0], words[i + n - 1][1]
            phrase = text[start:end]
            if (
                "\n" in phrase
                or not phrase[0].islower()
                # (a town's last word is no closed-class word: "new york", "rio de janeiro")
                or not ok[i + n - 1]
                or not _is_town(phrase)
            ):
                continue
            found.update(
                j
                for j in range(i, i + n)
                if text[words[j][0]].islower()
                and text[words[j][0] : words[j][1]].casefold()
                not in locatives.stop_words_of_any_language()
            )
            break
    return found - chosen


@lru_cache(maxsize=_CACHED_WORDS)
def _is_title(phrase: str) -> bool:
    return knowledge.knowledge().is_title(phrase)


def _titles_around(text: str, words: list[tuple[int, int]], chosen: set[int]) -> set[int]:
    """The rest of an encyclopedia title that a recased word begins or ends: "harry
    styles", "real madrid"."""
    found: set[int] = set()
    for i in sorted(chosen):
        for first, last in (
            *((i, i + n) for n in range(_TITLE_REACH, 0, -1)),
            *((i - n, i) for n in range(_TITLE_REACH, 0, -1)),
        ):
            if first < 0 or last >= len(words):
                continue
            phrase = _POSSESSIVE_END.sub("", text[words[first][0] : words[last][1]])
            if _TITLE_BREAK.search(phrase) or not _is_title(phrase):
                continue
            found.update(
                j
                for j in range(first, last + 1)
                if text[words[j][0]].islower()
                and text[words[j][0] : words[j][1]].casefold()
                not in locatives.stop_words_of_any_language()
            )
            break
    return found - chosen
