"""Pronouns that agree with a decoy: a decoy that changes a person's gender ("my
husband" -> "my girlfriend") changes the pronouns that refer back to that person too
("he says" -> "she says"), so the sentence stays well formed and the pronouns do not say
what the decoy was there to hide.

English third-person singular pronouns carry the gender of what they refer to, and a
pronoun refers to the nearest earlier mention of a person of its gender (the ordinary
reading of English; an ambiguity is the writer's, and a reader resolves it the same
way). So the pronouns of the decoyed person's gender that follow it are theirs, up to the
next mention of another person who could be the antecedent: a gendered person word
("my brother", "the guy") or a name. A partner word with no gender ("my partner", "my
spouse") says the partner's gender only through its pronouns: its decoy changes them
too, as a gendered partner word's decoy changes the word's gender.

For the writer described in the third person ("as an old bloke well into his twilight
years"), only a possessive inside the same phrase (before the next punctuation) refers to
the description: later third-person pronouns are someone else, the writer is "I".

Only text outside quotations and code is changed, and never inside a span another
operator or the PII side replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from veil.rules import lazy_regex as regex

_PRONOUN = regex.compile(r"(?<![\w'’-])(he|she|him|his|her|hers|himself|herself)(?![\w-])", regex.I)
_WORD = regex.compile(r"\p{L}+(?:-\p{L}+)*")  # "he's" is "he" and "s"; "he-man" one word
_SENTENCE_END = regex.compile(r"[.!?]+(?:\s|$)|\n\s*\n")
_PHRASE_END = regex.compile(r"[,;:.!?()\n]")
_GENDER_OF_PRONOUN = {
    "he": "m", "him": "m", "his": "m", "himself": "m",
    "she": "f", "her": "f", "hers": "f", "herself": "f",
}  # fmt: skip
_TO_FEMALE = {"he": "she", "him": "her", "his": "her", "himself": "herself"}
_TO_MALE = {"she": "he", "hers": "his", "herself": "himself"}  # "her": him or his, by role
# How far a person word with no gender looks for the pronoun that gives it one.
_NEUTRAL_REACH_SENTENCES = 2


@dataclass(frozen=True, slots=True)
class Agreement:
    """A pronoun to rewrite: ``text[start:end]`` becomes ``replacement``."""

    start: int
    end: int
    replacement: str


@cache
def person_genders() -> dict[str, str]:
    """Singular words for a person that say their gender ("m" or "f"): the family
    lexicon's and the gendered nouns the recognizers read, plus the rest of English's
    common gendered person nouns (kinship and address)."""
    from veil.rules.quasi import events, lexicon

    table = {
        term: info.gender[0]
        for term, info in lexicon.family_terms().items()
        if info.gender in ("male", "female") and " " not in term
    }
    for word, value in events.GENDER_NOUNS.items():
        table[word] = "m" if value == "male" else "f"
    male = (
        "man boy dude brother bro uncle nephew grandson king prince lord sir mister mr "
        "boyfriend husband son dad father stepfather stepdad godfather groom waiter actor"
    )
    female = (
        "woman girl chick sister sis aunt auntie niece granddaughter queen princess lady "
        "madam mrs ms girlfriend wife daughter mom mum mother stepmother stepmom "
        "godmother bride waitress actress"
    )
    table |= dict.fromkeys(male.split(), "m") | dict.fromkeys(female.split(), "f")
    return table


def gender_of_words(words: str) -> str | None:
    """The gender the last word of a person word says ("my late wife" -> "f"), or None."""
    found = _WORD.findall(words)
    if not found:
        return None
    last = found[-1].casefold().removeprefix("ex-")
    return person_genders().get(last)


def agreements(
    text: str,
    start: int,
    end: int,
    original: str,
    replacement: str,
    third_person: bool,
    blocked: Callable[[int, int], bool],
    names: Sequence[tuple[int, int]] = (),
    possessive: Callable[[int, int], bool] | None = None,
    verb: Callable[[int, int], tuple[int, int, str] | None] | None = None,
) -> list[Agreement]:
    """The pronouns after ``text[start:end]`` (a person word written ``original``, sent as
    ``replacement``) that refer to that person and must change gender with the decoy.
    ``third_person``: the word is someone other than the writer (a partner, a child);
    else the writer described, and only a possessive in the same phrase follows it.
    ``blocked(start, end)``: a range that must not change (quoted, code, another span).
    ``names``: where names of people are (each can be the antecedent instead).
    ``possessive(start, end)``: whether a "her" there is possessive ("her bag") rather
    than an object ("saw her"); by the next word when not given.
    A replacement with no gender ("husband" -> "partner", a generalization) makes the
    pronouns singular "they" ("he says" -> "they say"): ``verb(start, end)`` gives the
    finite verb a subject pronoun there agrees with, as (start, end, plural form), or
    None when it need not change; without it a subject pronoun is left as written."""
    before = gender_of_words(original)
    after = gender_of_words(replacement)
    pronouns = list(_pronouns_after(text, end, names, third_person, before))
    if before is None:
        if not third_person or not pronouns:
            return []
        before = _GENDER_OF_PRONOUN[pronouns[0][2].casefold()]  # the partner's, by its pronoun
        if after is None:
            after = "f" if before == "m" else "m"  # no word to say it: the pronouns do
    if after == before:
        return []
    out: list[Agreement] = []
    for p_start, p_end, word in pronouns:
        if _GENDER_OF_PRONOUN[word.casefold()] != before or blocked(p_start, p_end):
            continue
        if after is None:  # a word with no gender ("partner"): singular "they"
            made = _neutral(word, possessive, p_start, p_end, text, verb)
            if made is None or any(blocked(a.start, a.end) for a in made):
                continue
            out += made
            continue
        new = _flip(word, possessive, p_start, p_end, text)
        out.append(Agreement(p_start, p_end, _cased(new, word)))
    return out


def _pronouns_after(
    text: str,
    end: int,
    names: Sequence[tuple[int, int]],
    third_person: bool,
    gender: str | None,
) -> Iterator[tuple[int, int, str]]:
    """Third-person pronouns after ``end`` that can refer to the person at ``end``:
    those of its gender up to the next other person who could be their antecedent."""
    if not third_person:
        stop = _PHRASE_END.search(text, end)
        limit = stop.start() if stop else len(text)
        for m in _PRONOUN.finditer(text, end, limit):
            if m.group(1).casefold() in ("his", "her"):
                yield m.start(), m.end(), m.group(1)
        return
    limit = len(text)
    if gender is None:  # a word with no gender: its pronoun must come soon
        position = end
        for _ in range(_NEUTRAL_REACH_SENTENCES):
            found = _SENTENCE_END.search(text, position)
            if found is None:
                break
            position = found.end()
        else:
            limit = position
    others = sorted(names)
    for word in _WORD.finditer(text, end, limit):
        lower = word.group(0).casefold()
        if any(s < word.end() and word.start() < e for s, e in others):
            return  # a name: the next pronouns may be theirs
        pronoun = _GENDER_OF_PRONOUN.get(lower)
        if pronoun is not None:
            if gender is None:
                gender = pronoun
            if pronoun == gender:
                yield word.start(), word.end(), word.group(0)
            continue
        other = person_genders().get(lower)
        if other is not None and (gender is None or other == gender):
            return  # another person of that gender: the next pronouns may be theirs


_TO_THEY = {"he": "they", "she": "they", "him": "them", "his": "their", "hers": "theirs",
            "himself": "themself", "herself": "themself"}  # fmt: skip
_SUBJECT = frozenset({"he", "she"})


def _neutral(
    word: str,
    possessive: Callable[[int, int], bool] | None,
    start: int,
    end: int,
    text: str,
    verb: Callable[[int, int], tuple[int, int, str] | None] | None,
) -> list[Agreement] | None:
    lower = word.casefold()
    if lower == "her":
        owns = possessive(start, end) if possessive is not None else _owns_next(text, end)
        new = "their" if owns else "them"
    elif lower == "his":
        # "his" before a noun is "their"; standing alone ("it's his") it is "theirs"
        new = "their" if _owns_next(text, end) else "theirs"
    else:
        new = _TO_THEY[lower]
    out = [Agreement(start, end, _cased(new, word))]
    if lower in _SUBJECT:
        if verb is None:
            return None
        fixed = verb(start, end)
        if fixed is not None:
            out.append(Agreement(*fixed))
    return out


# The finite verbs of a third-person singular subject and their plural forms.
_PLURAL = {"is": "are", "was": "were", "has": "have", "does": "do", "'s": "'re", "’s": "’re"}


def plural_verb(token) -> tuple[int, int, str] | None:
    """For a subject pronoun's spaCy token: the finite verb it agrees with, as (start,
    end, plural form) in the token's doc, or None when the verb has no singular form
    (a past, a modal: "he went", "she can") or cannot be found."""
    if token.dep_ not in ("nsubj", "nsubjpass"):
        return None
    head = token.head
    # the first auxiliary, also before the subject in a question ("does he know")
    finite = next((c for c in head.children if c.dep_ in ("aux", "auxpass")), None)
    if finite is None:
        finite = head
    if (
        finite.i < token.i
        and finite.dep_ not in ("aux", "auxpass")
        and finite.lower_ not in _PLURAL  # "is he happy?": the copula before its subject
    ):
        return None
    word = finite.text
    lower = word.casefold()
    if lower in ("'s", "’s"):
        has = head.tag_ == "VBN" or head.lower_ == "got"
        new = ("'ve" if has else "'re").replace("'", word[0])
    elif lower in _PLURAL:
        new = _PLURAL[lower]
    elif finite.tag_ == "VBZ" and lower.isalpha() and lower.endswith("s"):
        new = _base_form(word)
    else:
        return None
    start = finite.idx
    return start, start + len(word), _cased(new, word) if lower not in ("'s", "’s") else new


def _base_form(word: str) -> str:
    """English's third-person -s undone: "says" -> "say", "tries" -> "try", "watches" ->
    "watch", "goes" -> "go"."""
    lower = word.casefold()
    if lower.endswith("ies") and len(lower) > 4:
        return word[:-3] + "y"
    if lower.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    return word[:-1]


def _flip(
    word: str, possessive: Callable[[int, int], bool] | None, start: int, end: int, text: str
) -> str:
    lower = word.casefold()
    if lower in _TO_FEMALE:
        return _TO_FEMALE[lower]
    if lower in _TO_MALE:
        return _TO_MALE[lower]
    # "her": "his" before the thing it owns, "him" as an object
    owns = possessive(start, end) if possessive is not None else _owns_next(text, end)
    return "his" if owns else "him"


_NOT_OWNED = regex.compile(
    r"\s*(?:[^\w\s]|$|(?:a|an|the|to|and|or|but|in|on|at|for|with|up|out|off|down|back|"
    r"over|about|from|by|as|so|too|that|this|some|more|again|away|now|then|there|here|"
    r"if|when|because|while|is|was|will|would|her|his|my|your|our|their|its|me|him|us|"
    r"them|it|[a-z]+ly)\b)",
    regex.I,
)


def _owns_next(text: str, end: int) -> bool:
    """Without a parse: "her" owns the next word unless that word ends the phrase or is
    a closed-class word that cannot be owned."""
    return _NOT_OWNED.match(text, end) is None


def _cased(new: str, old: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    return new.capitalize() if old[:1].isupper() else new
