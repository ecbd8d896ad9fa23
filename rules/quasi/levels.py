"""An income said as a level rather than an amount: "my current low income situation",
"I'm rocking the middle income life", "puts me in the low-income bracket", "I'm a high
earner".

The levels are the rungs of the income scale statistics offices and the World Bank use
(low, lower-middle, middle, upper-middle, high; "mid", "lower", "higher" and "top" are the
same rungs in everyday words), said of "income" or "earner". Whose it is comes from the
dependency parse (rules/syntax.py), as for the grammar reader's events: the noun the level
belongs to ("income", or the noun "low-income" describes, "bracket") is the writer's when

- it is possessed by them ("my middle income", "our low-income household") or by someone
  they name ("my sister's low-income job" is an acquaintance's);
- or it is the complement of a clause whose subject is the writer ("I'm a high earner",
  "we're on a middle income"), or whose object is ("puts me in the low-income bracket");

and the clause states a fact ("if I were a high earner" does not). "Policies for
low-income families" and "what counts as high income" have no such tie.
"""

from __future__ import annotations

from collections.abc import Iterator

from veil.rules import lazy_regex as regex
from veil.rules import syntax
from veil.rules.quasi.disclosure import ACQUAINTANCE, WRITER, Candidate

_LEVEL = regex.compile(
    r"(?<![\w-])(?P<level>(?:lower|upper)[- ]middle|low(?:er)?|middle|mid|high(?:er)?|top)"
    r"(?P<sep>[- ])(?P<noun>income|earner|earning)(?![\w-])",
    regex.IGNORECASE,
)
_RUNG = {"low": "low", "lower": "low", "middle": "middle", "mid": "middle",
         "high": "high", "higher": "high", "top": "high"}  # fmt: skip
_FIRST_PERSON = frozenset({"i", "we", "me", "us", "myself", "ourselves"})
_SCORE = 0.8


def rung(level: str) -> str:
    """ "lower-middle" -> "middle", "higher" -> "high"."""
    words = regex.split(r"[- ]", level.casefold())
    return "middle" if "middle" in words else _RUNG.get(words[-1], "middle")


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    matches = [
        m for m in _LEVEL.finditer(text) if syntax.first_person_in(text, *_sentence(text, m))
    ]
    if not matches:
        return
    from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

    parses = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    parses.prepare([m.span() for m in matches])
    for m in matches:
        offset, doc = parses.parse(m.start(), m.end())
        noun = _noun_at(doc, m.start("noun") - offset)
        if noun is None:
            continue
        subject = _owner(_described(noun))
        if subject is None:
            continue
        yield Candidate(m.start(), m.end(), "income", subject, rung(m["level"]), "level", _SCORE)


def _sentence(text: str, m: regex.Match[str]) -> tuple[int, int]:
    start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
    ends = [i for c in ".!?\n" if (i := text.find(c, m.end())) != -1]
    return start, min(ends) if ends else len(text)


def _noun_at(doc, char: int):
    for token in doc:
        if token.idx <= char < token.idx + len(token):
            return token
    return None


def _described(noun):
    """The noun the level is said of: "income" itself, or the noun a "low-income" or
    "high income" modifier describes ("bracket", "household")."""
    node = noun
    for _ in range(2):
        if node.dep_ in ("compound", "amod", "nmod") and node.head.i != node.i:
            node = node.head
        else:
            break
    return node


def _owner(noun) -> str | None:
    owner = syntax.possessor(noun)
    if owner is syntax.Owner.WRITER:
        return WRITER
    if owner is syntax.Owner.ACQUAINTANCE:
        return ACQUAINTANCE
    verb = _governing_verb(noun)
    if verb is None or syntax.irrealis(verb):
        return None
    if any(c.dep_ in ("dobj", "dative") and c.lower_ in _FIRST_PERSON for c in verb.children):
        return WRITER  # "puts me in the low-income bracket", "keeps us on a middle income"
    owner = syntax.subject_owner(verb)
    if owner is syntax.Owner.WRITER:
        return WRITER
    return None  # an acquaintance only by possession: "my sister is a high earner" is rare


def _governing_verb(noun):
    """The verb ``noun`` is an object or complement of, directly or through one
    preposition ("in the low-income bracket", "on a middle income"); not through another
    noun ("a report on high-income countries" is about them)."""
    head = noun.head
    if head.i == noun.i:
        return None
    if noun.dep_ in ("dobj", "attr", "oprd", "acomp") and _verb(head):
        return head
    if noun.dep_ == "pobj" and head.dep_ == "prep" and _verb(head.head):
        return head.head
    return None


def _verb(token) -> bool:
    return token.tag_.startswith(("VB", "MD")) or token.pos_ in ("AUX", "VERB")
