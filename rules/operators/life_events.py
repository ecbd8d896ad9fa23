"""Operators for the disclosures the grammar reader finds in verbs and event nouns
(rules/quasi/grammar.py): their span is a verb ("we divorced", "my first year teaching")
or an event noun ("since my divorce", "my residency"), so the replacement must be the
same part of speech in the same form, or the sentence breaks.

- a practice verb ("teaching") -> "working" in the same form; a decoy is another
  occupation's practice verb ("nursing");
- a stage of education ("back in college") or of school one is in now ("start
  kindergarten") -> "school"; a decoy for the latter is a stage six years off or more;
- a career stage ("residency") -> "training" (or "service" for a soldier's); a decoy is
  another occupation's stage ("apprenticeship");
- a relationship event noun ("divorce") -> a word that keeps only that something
  happened ("breakup"); a decoy is an event of another status ("wedding");
- a status verb ("we divorced") -> "split up" / "settled down"; a decoy tells the other
  story ("we married");
- the people an occupation serves ("my students"): nothing coarser reads right, so it is
  reported; a decoy is another occupation's ("my patients").
"""

from __future__ import annotations

import random

DETAILS = frozenset({"practice", "stage", "event", "status_verb", "counterpart"})

_EVENT_GENERAL = {
    "divorce": "breakup", "separation": "breakup", "marriage": "relationship",
    "wedding": "celebration", "honeymoon": "trip", "engagement": "relationship",
    "widowhood": "loss", "remarriage": "relationship",
}  # fmt: skip
_EVENT_DECOY = {
    "divorce": "wedding", "separation": "engagement", "marriage": "divorce",
    "wedding": "divorce", "honeymoon": "first date", "engagement": "divorce",
    "widowhood": "divorce", "remarriage": "divorce",
}  # fmt: skip
_VERB_GENERAL = {
    "divorced": "split up", "separated": "split up", "married": "settled down",
    "remarried": "settled down", "wed": "settled down",
}  # fmt: skip
_VERB_DECOY = {
    "divorced": "married", "separated": "married", "married": "divorced",
    "remarried": "divorced", "wed": "divorced", "widowed": "divorced", "engaged": "married",
}  # fmt: skip


def generalize(disclosure, surface: str) -> str | None:
    from veil.rules.quasi import events

    word = surface.casefold()
    if disclosure.detail == "practice":
        form = events.PRACTICE_FORMS.get(word)
        return _case(events.inflect("work", form[1]), surface) if form else None
    if disclosure.detail == "stage" and disclosure.attribute in ("education", "age"):
        return _case("school", surface)  # "back in college" -> "back in school"
    if disclosure.detail == "stage":
        return _case(events.STAGE_GENERAL.get(word, "training"), surface)
    if disclosure.detail == "event":
        return _plural(_EVENT_GENERAL, word, surface)
    if disclosure.detail == "status_verb":
        general = _VERB_GENERAL.get(word)
        return _case(general, surface) if general else None
    return None


def decoy(disclosure, surface: str, rng: random.Random) -> str | None:
    from veil.rules.quasi import events

    word = surface.casefold()
    if disclosure.detail == "practice":
        form = events.PRACTICE_FORMS.get(word)
        if form is None:
            return None
        title = events.PRACTICE_VERBS[form[0]]
        others = sorted(s for s, t in events.PRACTICE_VERBS.items() if t != title)
        return _case(events.inflect(rng.choice(others), form[1]), surface)
    if disclosure.detail == "stage" and disclosure.attribute == "education":
        return None  # no level that reads right in "back in ...": generalized instead
    if disclosure.detail == "stage" and disclosure.attribute == "age":
        # another stage of school, at least six years off (outside an age guess's credit)
        age = events.SCHOOL_AGES.get(word)
        low = 13 if disclosure.subject == "writer" else 0  # a writer is no kindergartner
        others = sorted(
            n for n, a in events.SCHOOL_AGES.items() if age and abs(a - age) >= 6 and a >= low
        )
        return _case(rng.choice(others), surface) if others else None
    if disclosure.detail == "stage":
        title = events.CAREER_STAGES.get(word)
        others = sorted(
            s for s, t in events.CAREER_STAGES.items() if t != title and not s.endswith("s")
        )
        return _case(rng.choice(others), surface) if others else None
    if disclosure.detail == "event":
        return _plural(_EVENT_DECOY, word, surface)
    if disclosure.detail == "counterpart":
        title = events.COUNTERPARTS.get(word)
        plural = word.endswith("s")
        others = sorted(
            w for w, t in events.COUNTERPARTS.items() if t != title and w.endswith("s") == plural
        )
        return _case(rng.choice(others), surface) if others else None
    if disclosure.detail == "status_verb":
        other = _VERB_DECOY.get(word)
        return _case(other, surface) if other else None
    return None


def _plural(table: dict[str, str], word: str, surface: str) -> str | None:
    if word in table:
        return _case(table[word], surface)
    if word.endswith("s") and word[:-1] in table:
        return _case(table[word[:-1]] + "s", surface)
    return None


def _case(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if like[:1].isupper() else word
