"""Whose attribute a disclosure is: the writer's, someone they know's, or a topic's.

The nearest subject before the words decides, within their sentence: a first-person word
("I", "my", "we") makes it the writer's; a relation the writer names ("my husband", "our
neighbour", the relation words of ``veil.rules.subject``) makes it an acquaintance's; "he"
or "she" is an acquaintance's only when the text named one shortly before; anything else
("the suspect", "Taylor Swift is", "you", "nurses in the UK") is a topic and discloses
nothing about anyone the writer knows.
"""

from __future__ import annotations

from veil.rules import lazy_regex as regex
from veil.rules.quasi.disclosure import ACQUAINTANCE, WRITER
from veil.rules.subject import POSSESSIVE, RELATION

I = regex.IGNORECASE  # noqa: E741 (the regex flag's usual name); VERSION0: full case folding (V1) makes these patterns 3x slower
WINDOW = 120  # characters of the sentence read before a disclosure
ANAPHORA_REACH = 300  # how far back "he"/"she" may find the relation it stands for

FIRST_PERSON = (
    r"(?:i|i'm|i’m|im|i've|i’ve|ive|i'd|i’d|i'll|i’ll|me|myself|my|mine|we|we're|we’re|"
    r"we've|we’ve|us|our|ours|ourselves)"
)
# Relation words that are not a person whose attributes matter here.
NOT_PEOPLE = frozenset(
    [
        "team",
        "office",
        "desk",
        "department",
        "group",
        "squad",
        "crew",
        "lab",
        "class",
        "dog",
        "cat",
        "pet",
        "puppy",
        "kitten",
        "hamster",
        "horse",
        "date",
    ]
)
_OWN = regex.compile(
    r"(?:my|our|mi|mis|mio|mia|mie|miei|ma|mon|mes|meu|minha|mein|meine|meinem|meiner|"
    r"meinen|mijn|onze|nuestro|nuestra|notre|nos|unser|unsere)",
    I,
)
THIRD_PERSON = r"(?:he|she|they|him|his|her|them|their|he's|he’s|she's|she’s|they're|they’re)"
# A relation the writer names, optionally with the person's first name: "my husband Tom".
RELATION_SUBJECT = (
    rf"(?P<poss>{POSSESSIVE})\s+(?:[\w'’\-]+\s+){{0,2}}?(?P<rel>{RELATION})s?"
    r"(?:'s|’s)?(?:,?\s+(?-i:\p{Lu}\p{Ll}+)(?=[\s,]))?"
)
_CUE = regex.compile(
    rf"(?P<relation>\b{RELATION_SUBJECT}\b)|(?P<first>\b{FIRST_PERSON}\b)|"
    rf"(?P<third>\b{THIRD_PERSON}\b)|"
    r"(?P<other>\b(?:you|your|you're|you’re|yours|one's|someone|anyone|everyone|people|"
    r"whoever)\b|"
    r"(?-i:\p{Lu}\p{Ll}+)(?:\s+(?-i:\p{Lu}\p{Ll}+))*(?=\s+(?:is|was|has|had|turned|turns|"
    r"works|worked|earns|earned|makes|made|lives|lived|grew|moved|became|studied|got)\b))",
    I,
)
_RELATION_ONLY = regex.compile(rf"\b{RELATION_SUBJECT}", I)
_SENTENCE_END = regex.compile(r"(?:[.!?](?=\s|$)|\n|;)(?!.*(?:[.!?](?=\s|$)|\n|;))", regex.DOTALL)
# A participle or "as" phrase with no subject of its own is the writer's ("Being a nurse,
# ...", "Growing up in the 90s ...", "as a 26yo now, ...").
_DANGLING = regex.compile(
    r"(?:^|[,;:(]\s*|\b(?:and|but|so|while|when|now|just|since|after|before)\s+)\s*"
    r"(?:being|as|growing up|grew up|born|having|living|moving|since moving|working)\b"
    r"[^,.;!?]*$",
    I,
)
_FRONTED_AFTER = regex.compile(rf"[^.!?\n;]{{0,60}}?\b(?:{FIRST_PERSON})\b", I)


def clause_before(text: str, start: int) -> str:
    """The text before ``start`` in the same sentence, at most WINDOW characters."""
    window = text[max(0, start - WINDOW) : start]
    cut = _SENTENCE_END.search(window)
    return window[cut.end() :] if cut else window


def relation_subject(match: regex.Match[str]) -> str | None:
    """A matched RELATION_SUBJECT: an acquaintance, or None for a pet, a group or someone
    else's relation ("his wife" is a third person's)."""
    if match.group("rel").casefold().rstrip("s") in NOT_PEOPLE:
        return None
    if not _OWN.fullmatch(match.group("poss")):
        return None
    return ACQUAINTANCE


def _anaphora(text: str, position: int) -> str | None:
    """ "he"/"she": someone the writer named shortly before, or a topic."""
    window = text[max(0, position - ANAPHORA_REACH) : position]
    for match in _RELATION_ONLY.finditer(window):
        if relation_subject(match):
            return ACQUAINTANCE
    return None


# Subordinators and verbs of supposing that make a clause state no fact: "explain it like
# I'm 15", "as if I were a lawyer", "pretend I'm 80", "if my wife were a nurse".
_NON_FACTUAL = regex.compile(
    r"(?:\blike|\bas if|\bas though|\bif|\bunless|\bimagine|\bimagining|\bpretend|"
    r"\bpretending|\bsuppose|\bsupposing)(?:\s+that)?[\s,]*$",
    I,
)


def non_factual(text: str, position: int) -> bool:
    """The clause whose subject starts at ``position`` is a supposition, not a fact."""
    return _NON_FACTUAL.search(text, max(0, position - 30), position) is not None


def subject_of(cue: str, text: str, position: int) -> str | None:
    """Whose attribute follows a subject phrase a frame captured ("I'm", "my son", "she");
    None when the clause only supposes it ("like I'm 15")."""
    if non_factual(text, position):
        return None
    match = _CUE.fullmatch(cue.strip())
    if match is None:
        match = _CUE.search(cue)
    if match is None:
        return None
    return _classify(match, text, position)


def _classify(match: regex.Match[str], text: str, position: int) -> str | None:
    if match.group("relation"):
        return relation_subject(match)
    if match.group("first"):
        return WRITER
    if match.group("third"):
        return _anaphora(text, position)
    return None


def resolve(text: str, start: int, end: int, fronted: bool = True) -> str | None:
    """Whose attribute ``text[start:end]`` is, from the nearest subject before it in its
    sentence (or, for a fronted phrase such as "As a nurse, I ...", the first one after)."""
    clause = clause_before(text, start)
    last = None
    for match in _CUE.finditer(clause):
        last = match
    if last is not None:
        if last.group("relation") and relation_subject(last) is None:
            # a pet or a group: look further back for a person
            earlier = None
            for match in _CUE.finditer(clause, 0, last.start()):
                earlier = match
            last = earlier
        if last is not None:
            clause_start = start - len(clause)
            if non_factual(text, clause_start + last.start()):
                return None
            return _classify(last, text, start)
    if fronted and _FRONTED_AFTER.match(text, end):
        return WRITER
    if _DANGLING.search(clause):
        return WRITER
    return None


# A clause boundary before a fronted "as a ..." phrase, and a main clause after it whose
# subject is no one ("there's", "it is", "this means"): the phrase can only be the speaker's.
_CLAUSE_START = regex.compile(r"(?:^|[.!?\n:;,(]|\b(?:and|but|so|well|now|also))\s*$", I)
# ... or whose subject is left out, as one leaves out one's own: the clause opens on an
# auxiliary or a modal ("As a nurse, ain't have the luxury of time", "can't complain").
_IMPERSONAL_MAIN = regex.compile(
    r"[^,.;!?\n]{0,60}?,\s*(?:there|it|this|that|(?:ain't|ain’t|can't|can’t|cannot|don't|"
    r"don’t|didn't|didn’t|won't|won’t|gotta|have\s+to|had\s+to|must|need\s+to|can|could|"
    r"would|will|should)(?!\s+(?:i|we|you|he|she|they|it)\b))\b",
    I,
)


def fronted_impersonal(text: str, start: int, end: int) -> str | None:
    """ "As a nurse, there's always something going on", "Being single, it's hard": a
    fronted "as a <title>" or "being <status>" whose
    main clause has an expletive or impersonal subject describes the writer (English
    gives a dangling modifier the speaker when no person in the clause can take it)."""
    if _CLAUSE_START.search(text[max(0, start - 12) : start]) is None:
        return None
    if non_factual(text, start) or _IMPERSONAL_MAIN.match(text, end) is None:
        return None
    return WRITER
