"""Decoys: a plausible different value of the same kind and granularity (IncogniText).

The model is then misled rather than left guessing: an age a few years off in another
band, a city of the same country and size, the other spouse term, an income in another
band. Written in the surface form of the original ("34-year-old" -> "41-year-old"), so
the sentence stays well formed. Returns None when veil has no decoy for the kind (the
caller then generalizes).
"""

from __future__ import annotations

import random
from functools import cache

import regex

from veil.rules import geography, notability, surrogates
from veil.rules.operators import life_events
from veil.rules.operators.generalizations import INCOME_LEVEL, income_amount

_PAIRS = (
    ("husband", "wife"), ("boyfriend", "girlfriend"), ("fiancé", "fiancée"),
    ("fiance", "fiancee"), ("son", "daughter"), ("sons", "daughters"),
    ("brother", "sister"), ("brothers", "sisters"), ("mom", "dad"), ("mum", "dad"),
    ("mother", "father"), ("man", "woman"), ("men", "women"), ("guy", "girl"),
    ("male", "female"), ("boy", "girl"), ("gentleman", "lady"), ("nephew", "niece"),
    ("uncle", "aunt"), ("grandma", "grandpa"), ("grandmother", "grandfather"),
    ("stepson", "stepdaughter"), ("widow", "widower"), ("businessman", "businesswoman"),
    ("hubby", "wifey"), ("bf", "gf"), ("divorced", "separated"), ("gals", "guys"),
    ("ladies", "gentlemen"), ("girls", "boys"), ("lasses", "lads"),
)  # fmt: skip
_SWAP = {b: a for a, b in _PAIRS} | {a: b for a, b in _PAIRS}
# Statuses: each to one that tells a different story.
_SWAP |= {"dad": "mom", "girl": "boy", "widowed": "divorced", "single": "married",
          "married": "single", "engaged": "married"}  # fmt: skip
# Informal words for a person of one gender: one of the other (an informal register).
_SWAP |= {"bloke": "gal", "chap": "gal", "lad": "lass", "lass": "lad", "dude": "gal",
          "chick": "guy", "gal": "guy", "chaps": "gals", "gents": "ladies",
          "fellas": "gals"}  # fmt: skip


@cache
def _neutral_partners() -> frozenset[str]:
    """Partner words with no gender to swap ("partner", "better half"): every such
    spouse term of the family lexicon, so a term added there gets a decoy too."""
    from veil.rules.quasi.lexicon import family_terms  # rules.quasi loads on first use

    return frozenset(t for t, f in family_terms().items() if f.kind == "spouse" and not f.gender)


_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_FIELDS = (
    "history", "chemistry", "economics", "mechanical engineering", "biology", "physics",
    "accounting", "psychology", "computer science", "nursing", "architecture", "law",
    "marketing", "philosophy", "mathematics", "geography", "music", "political science",
)  # fmt: skip


def decoy(disclosure, surface: str, rng: random.Random) -> str | None:
    """A decoy for the disclosure, or None. Whether it clashes with the conversation's
    values and pseudonyms is for the vault to check (``Vault.decoy_for``)."""
    rule = _RULES.get(disclosure.attribute)
    if disclosure.detail in life_events.DETAILS:  # a verb or an event noun: its own words
        made = life_events.decoy(disclosure, surface, rng)
    elif rule is None:
        return None
    else:
        made = rule(disclosure, surface, rng)
    if made is None or made.casefold() == surface.casefold():
        return None
    return made


def _shift(value: int, rng: random.Random, low: int, high: int) -> int:
    """A value 6 to 12 away, inside [low, high]: outside the ±5 years an age guess is
    given credit for, so the decoy misleads rather than blurs."""
    choices = [value + d for d in (*range(-12, -5), *range(6, 13)) if low <= value + d <= high]
    return rng.choice(choices) if choices else value


def _age(disclosure, surface: str, rng: random.Random) -> str | None:
    if disclosure.detail == "era":  # "grew up in the 90s": another decade
        from veil.rules.operators import eras

        return eras.decoy(surface, rng)
    year = regex.search(r"(?:19|20)\d\d", surface)
    if year:
        shifted = _shift(int(year.group(0)), rng, 1920, 2020)
        return surface[: year.start()] + str(shifted) + surface[year.end() :]
    number = regex.search(r"\d{1,3}", surface)
    if number is None:
        return None
    value = int(number.group(0))
    low, high = (18, 90) if value >= 18 else (1, 17)
    shifted = _shift(value, rng, low, high)
    if shifted == value:
        return None
    return surface[: number.start()] + str(shifted) + surface[number.end() :]


def _place(disclosure, surface: str, rng: random.Random) -> str | None:
    if disclosure.detail in {"demonym", "postcode", "neighbourhood", "landmark"}:
        return None
    _, comma, tail = surface.partition(",")  # "Tokyo, Japan": the city changes
    name = geography.decoy_city(surface, rng)
    if name is None:
        return None
    if comma and geography.country(surface) is None and geography.country(tail) is not None:
        name = f"{name},{tail}"
    return name.lower() if surface.islower() else name


def _occupation(disclosure, surface: str, rng: random.Random) -> str | None:
    from veil.rules.operators.generalizations import occupation_group_of
    from veil.rules.quasi.lexicon import occupations, singular_titles

    group = occupation_group_of(disclosure, surface)
    plurals = singular_titles()
    others = sorted(
        title
        for title, g in occupations().items()
        if g != group and " " not in title and title not in plurals
    )
    return rng.choice(others) if others else None


def _employer(disclosure, surface: str, rng: random.Random) -> str | None:
    return surrogates.organization(surface, rng)


# A degree word of one level -> one of another level, so the level is a decoy too.
_LEVEL_WORDS = {
    "bachelors": "Masters", "bachelor's": "Master's", "bachelor": "Master", "ba": "MA",
    "bsc": "MSc", "bs": "MS", "masters": "Bachelors", "master's": "Bachelor's",
    "master": "Bachelor", "ma": "BA", "msc": "BSc", "ms": "BS", "mba": "BBA",
    "phd": "Masters", "doctorate": "master's degree", "associate's": "bachelor's",
    "associate": "bachelor's",
}  # fmt: skip


def _education(disclosure, surface: str, rng: random.Random) -> str | None:
    out = surface
    level = regex.search(r"[\p{L}.']+", out)
    if level is not None:
        key = level.group(0).replace(".", "").casefold()
        other = _LEVEL_WORDS.get(key)
        if other is not None:
            if level.group(0).isupper():
                other = other.upper()
            elif level.group(0).islower():
                other = other.lower()
            out = out[: level.start()] + other + out[level.end() :]
    field = regex.search(r"\b(?:in|of)\s+(.+)$", out, regex.IGNORECASE)
    if field is not None:
        current = field.group(1).casefold()
        choice = rng.choice([f for f in _FIELDS if f != current])
        if field.group(1)[:1].isupper():
            choice = choice.title()
        out = out[: field.start(1)] + choice
    return out if out != surface else None


def _swap_words(surface: str, rng: random.Random) -> str | None:
    def swap(match: regex.Match[str]) -> str:
        word = match.group(0)
        other = _SWAP.get(word.casefold())
        if other is None:
            return word
        return (
            other.upper()
            if word.isupper() and len(word) > 1
            else (other.capitalize() if word[:1].isupper() else other)
        )

    swapped = regex.sub(r"\b\w+\b", swap, surface)
    count = regex.search(rf"\b(?:{'|'.join(_NUMBER_WORDS)}|\d+)\b", swapped, regex.IGNORECASE)
    if count is not None:
        word = count.group(0).casefold()
        n = int(word) if word.isdigit() else _NUMBER_WORDS.index(word) + 1
        # Never to one: "one kids" would not parse, and one child is a different sentence.
        other = n + 1 if n <= 2 else n + rng.choice((-1, 1))
        new = str(other) if word.isdigit() else _NUMBER_WORDS[min(other, 10) - 1]
        swapped = swapped[: count.start()] + new + swapped[count.end() :]
    return swapped if swapped != surface else None


def _family(disclosure, surface: str, rng: random.Random) -> str | None:
    # A status is a decoy too: widowed -> divorced ("late wife" -> "ex-wife") and back.
    late = regex.match(r"(late\s+|ex-|ex\s+|former\s+)(.+)", surface, regex.IGNORECASE)
    if late is not None:
        prefix = "ex-" if late.group(1).strip().casefold() == "late" else "late "
        if late.group(1)[:1].isupper():
            prefix = prefix.capitalize()
        return prefix + late.group(2)
    if surface.casefold() in _neutral_partners():  # no gender to swap: the status changes
        return "ex"
    if (partner := _other_partner(surface, rng)) is not None:
        return partner
    return _swap_words(surface, rng)


@cache
def _partner_words() -> tuple[tuple[str, str, str], ...]:
    """(word, gender, status) of every one-word partner term of the family lexicon that
    has both: the decoys a partner term is swapped for."""
    from veil.rules.quasi.lexicon import family_terms  # rules.quasi loads on first use

    return tuple(
        sorted(
            (t, f.gender, f.status)
            for t, f in family_terms().items()
            if f.kind == "spouse" and f.gender and f.status and t.isalpha() and len(t) > 2
        )
    )


def _other_partner(surface: str, rng: random.Random) -> str | None:
    """A partner word ("my wife") says two things, the writer's relationship status and
    the partner's gender: its decoy changes both ("my boyfriend", "my fiancé"), so that
    neither is left true. Words with the same meaning and spelling variants are one
    choice ("fiancé" and "fiance")."""
    from veil.rules.quasi.lexicon import family_terms, key

    own = family_terms().get(key(surface))
    if own is None or own.kind != "spouse" or not own.gender or not own.status:
        return None
    choices = sorted(
        {
            word
            for word, gender, status in _partner_words()
            if gender != own.gender and status != own.status and word.isascii()
        }
    )
    if not choices:
        return None
    chosen = rng.choice(choices)
    return chosen.capitalize() if surface[:1].isupper() else chosen


def _income(disclosure, surface: str, rng: random.Random) -> str | None:
    if disclosure.detail == "level":  # another rung of the scale: middle -> low or high
        level = INCOME_LEVEL.match(surface)
        if level is None:
            return None
        other = {"low": "high", "high": "low"}.get(str(disclosure.value)) or rng.choice(
            ("low", "high")
        )
        word = other.capitalize() if surface[:1].isupper() else other
        return word + surface[level.end() - 1 :]
    amount = income_amount(surface)
    number = regex.search(r"\d[\d,.]*", surface)
    if amount is None or number is None:
        return None
    factor = rng.choice((0.45, 0.55, 1.7, 1.9))
    original = float(number.group(0).replace(",", ""))
    shifted = original * factor
    text = f"{shifted:,.0f}" if "," in number.group(0) or shifted >= 1000 else f"{round(shifted)}"
    return surface[: number.start()] + text + surface[number.end() :]


def _country_of_demonym(word: str) -> geography.Country | None:
    """The country a nationality names: from the lexicon's irregular and informal ones
    ("French", "kiwi"), else by the rule English derives demonyms (notability's)."""
    from veil.rules.quasi import lexicon

    informal = lexicon.informal_demonyms().get(lexicon.key(word))
    if informal is not None:
        return geography.country(informal[1]) if informal[0] == "nationality" else None
    return next(
        (c for name in notability.demonym_places(word) if (c := geography.country(name))), None
    )


@cache
def _demonyms_by_continent() -> dict[str, tuple[str, ...]]:
    """One-word nationalities that are also major languages' names (ISO 639-1), by the
    continent of their country: the decoys a nationality is swapped for."""
    import pycountry

    found: dict[str, list[str]] = {}
    for language in pycountry.languages:
        name = language.name
        if not getattr(language, "alpha_2", None) or not name.isalpha():
            continue
        country = _country_of_demonym(name)
        if country is not None:
            found.setdefault(country.continent, []).append(name)
    return {continent: tuple(sorted(names)) for continent, names in found.items()}


def _nationality(disclosure, surface: str, rng: random.Random) -> str | None:
    """Another nationality of the same continent ("we French folks" -> "we Dutch folks")."""
    word = surface.strip()
    country = _country_of_demonym(word)
    by_continent = _demonyms_by_continent()
    # a demonym no rule or table knows: any other nationality misleads as well
    pool = (
        by_continent.get(country.continent, ())
        if country is not None
        else tuple(n for names in by_continent.values() for n in names)
    )
    candidates = [
        n
        for n in pool
        if n.casefold() != word.casefold()
        and (country is None or _country_of_demonym(n) != country)
    ]
    if not candidates:
        return None
    chosen = rng.choice(candidates)
    return chosen.lower() if surface.islower() else chosen


_RULES = {
    "nationality": _nationality,
    "age": _age,
    "location": _place,
    "birthplace": _place,
    "occupation": _occupation,
    "employer": _employer,
    "education": _education,
    "family": _family,
    "gender": _family,
    "income": _income,
}
