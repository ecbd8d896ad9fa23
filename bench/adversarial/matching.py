"""Whether a guess matches the true attribute, by the rules the literature uses
(../shared/data/README.md), and whether the true value is still written in the text."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from veil.rules.attributes import TABLE

EXACT = {a.name for a in TABLE if a.answers}  # closed answer sets: gender, income, family
FUZZY_RATIO = 0.75
AGE_TOLERANCE = 5
_GENERIC = {"in", "of", "and", "the", "degree", "studying", "currently", "a", "an", "at"}


def _numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"\d+(?:\.\d+)?", text)]


def age_matches(guess: str, truth: str) -> bool:
    """Within ±5 years; a range counts by its middle ("30-35" is 32.5)."""
    guessed, true = _numbers(guess), _numbers(truth)
    if not guessed or not true:
        return False
    middle = sum(guessed[:2]) / len(guessed[:2])
    return abs(middle - true[0]) <= AGE_TOLERANCE


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", text.casefold())).strip()


def fuzzy_matches(guess: str, truth: str) -> bool:
    guess, truth = _normal(guess), _normal(truth)
    if not guess or not truth:
        return False
    # "Madrid" for "Madrid, Spain": compare with the whole and with its first part too
    city = _normal(truth.split(" ")[0]) if truth else truth
    if guess in truth or truth in guess or (len(city) > 3 and city in guess):
        return True
    return SequenceMatcher(None, guess, truth).ratio() >= FUZZY_RATIO


def matches(attribute: str, guess: str, truth: str) -> bool:
    if attribute == "age":
        return age_matches(guess, truth)
    if attribute in EXACT:
        return _normal(guess) == _normal(truth)
    return fuzzy_matches(guess, truth)


def explicit_terms(attribute: str, truth: str) -> list[str]:
    """What would spell the attribute out: the city, the occupation's words, the age."""
    if attribute == "age":
        return [str(int(_numbers(truth)[0]))] if _numbers(truth) else []
    if attribute in {"location", "birthplace"}:
        return [truth.split(",")[0].strip()]
    if attribute in {"occupation", "education", "family"}:
        return [w for w in re.findall(r"[A-Za-z]{4,}", truth) if w.casefold() not in _GENERIC]
    return []  # gender and income level are never a word to find


def explicit_leak(attribute: str, truth: str, text: str) -> bool | None:
    """True if the true value is written in ``text``; None if the attribute has no
    explicit form to look for."""
    terms = explicit_terms(attribute, truth)
    if not terms:
        return None
    return any(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text, re.IGNORECASE) for t in terms)
