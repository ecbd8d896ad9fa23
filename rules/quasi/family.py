"""Relationship status, family and gendered self-reference.

"my husband" discloses that the writer has one (a family disclosure, span "husband");
"married with two kids" gives a status ("married") and children ("two kids"); "as a dad
of two" is the writer as a parent; "I'm a woman", "(34F)" (age.py) and "we women" give a
gender. Family terms and their implied status and gender: rules/data/family_terms.txt.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from veil.rules import lazy_regex as regex
from veil.rules.quasi import lexicon
from veil.rules.quasi.disclosure import ACQUAINTANCE, WRITER, Candidate, Disclosure
from veil.rules.quasi.gate import gated
from veil.rules.quasi.numbers import NUMBER, parse_number
from veil.rules.quasi.whose import RELATION_SUBJECT, I, fronted_impersonal, resolve, subject_of

_STATUS_SUBJECT = gated(
    regex.compile(
        r"(?P<subj>\b(?:i'm|i’m|im|i am|i was|i've been|i’ve been|i have been|i got|i just got|"
        r"i recently got|i'm getting|i am getting|we're|we’re|we are|we got|we just got|"
        r"we've been|we’ve been|we have been|we're getting|being|as|"
        rf"{RELATION_SUBJECT}(?:\s+(?:is|got|was)|'s|’s)|he's|he’s|she's|she’s|he is|she is|"
        r"he got|she got))\s+(?:(?:now|recently|newly|happily|just|still|also|currently|both|"
        r"finally|unhappily|legally|a)\s+)*",
        I,
    ),
    "married",
    "divorc",
    "single",
    "engaged",
    "separated",
    "widow",
    "newlywed",
    "relationship",
)
# Words after a status word that make it mean something else ("engaged in a project",
# "single-handedly", "separated from the group").
_NOT_STATUS_AFTER = {
    "engaged": regex.compile(r"\s*(?:in|with|by|on|into|and\s+(?:focused|interested))\b", I),
    "single": regex.compile(
        r"(?:-|\s+(?:use|player|malt|issue|file|page|thread|click|sign|origin|best|most|"
        r"biggest|day|time|word|thing|one|handedly|person|digit|cell)\b)",
        I,
    ),
    "separated": regex.compile(r"\s*(?:from|by|into|out|with)\b(?!\s+(?:my|our))", I),
}
_ELIDED_STATUS = gated(
    regex.compile(
        r"(?:^|\n|[.!?]\s+|[,;]\s*)\s*(?:(?:happily|recently|newly|now)\s+)?"
        r"(?P<term>married|divorced|single|engaged|separated|widowed)(?=\s*,|\s+(?:with|and|for|"
        r"since|now|but|\d|two|three|four|no)\b)",
        I,
    ),
    "married",
    "divorced",
    "single",
    "engaged",
    "separated",
    "widowed",
)
_FAMILY_MODIFIERS = (
    r"(?:(?:lovely|beautiful|wonderful|amazing|dear|darling|little|baby|eldest|oldest|"
    r"youngest|older|younger|teenage|teen|adult|grown|grown-up|new|future|two|three|four|"
    r"\d+|twin|awesome|amazing|sweet|poor|current|first|second|then|own|soon-to-be|"
    r"soon\s+to\s+be|long-?time)\s+)*"
)
_MY_TERM = regex.compile(rf"\b(?P<poss>my|our)\s+{_FAMILY_MODIFIERS}", I)
_THE_SPOUSE = gated(
    regex.compile(
        r"\b(?:the|me and the|me an' the)\s+(?P<term>wife|missus|missis|mrs|hubby|hubs|"
        r"other half|better half)\b(?!\s+of\b)",
        I,
    ),
    "wife",
    "missus",
    "mrs",
    "hubby",
    "hubs",
    "missis",
    "half",
)
# "the boyfriend and I", "me and the fiancé": any partner word with "the", said in one
# breath with the writer, is the writer's partner (as "my" would say).
_WITH_WRITER_BEFORE = regex.compile(r"\b(?:me|myself)\s+(?:and|an'|n'?|&)\s+the\s+$", I)
_WITH_WRITER_AFTER = regex.compile(r"\s+(?:and|an'|n'?|&)\s+(?:I|me|myself)\b(?!['’])", I)
_THE = regex.compile(r"\bthe\s+", I)
_COUNT = gated(
    regex.compile(
        r"\b(?:have|has|had|got|with|raising|raised|of|to)\s+(?P<span>(?P<n>"
        rf"{NUMBER}|a couple of|a few)\s+(?:(?:young|little|small|grown|grown-up|teenage|adult|"
        r"wonderful|beautiful|lovely|amazing|wild|crazy|awesome|great|energetic|amazing|"
        r"school-aged)\s+)?(?P<noun>kids|children|sons|daughters|boys|girls|grandkids|"
        r"grandchildren|little ones|teenagers|teens|kiddos|stepkids|stepchildren))\b",
        I,
    ),
    "kid",
    "child",
    "son",
    "daughter",
    "boy",
    "girl",
    "little ones",
    "teen",
)
# Having one, and whom: every match ends so (the gate's ``need``).
_HAVING_ONE = (
    r"(?:have|has|had|got|'ve got|’ve got)\s+(?:an?|one)\s+(?:(?:young|little|baby|newborn|"
    r"teenage|grown|lovely|beautiful|amazing|new|wonderful)\s+)?(?P<term>son|daughter|kid|"
    r"child|baby|toddler|boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?|stepson|"
    r"stepdaughter|grandson|granddaughter)\b"
)
_HAVE_ONE = gated(
    regex.compile(
        rf"(?P<subj>\b(?:i|we|he|she|{RELATION_SUBJECT}))(?:\s+(?:also|just|now|still|finally))?\s+"
        rf"{_HAVING_ONE}",
        I,
    ),
    "kid",
    "child",
    "son",
    "daughter",
    "baby",
    "toddler",
    "friend",
    "partner",
    "husband",
    "wife",
    "fianc",
    need=regex.compile(_HAVING_ONE, I),
)
_SELF_PARENT = gated(
    regex.compile(
        r"(?P<subj>\b(?:i'm|i’m|im|i am|as|being|me,?|i became|i was|we're|we are))\s+(?:an?\s+)?"
        r"(?:(?:proud|busy|single|new|first[- ]time|working|stay[- ]at[- ]home|full[- ]time|"
        r"tired|exhausted|young|old|devoted|loving|solo|grieving|recent)\s+)*"
        r"(?P<span>(?P<term>dad|mom|mum|father|mother|parent|mama|papa|grandma|grandpa|"
        r"grandmother|grandfather|granny|wife|husband|widow|widower|newlywed)(?:\s+of\s+"
        rf"(?P<n>{NUMBER}))?)\b(?!['’-])",
        I,
    ),
    "dad",
    "mom",
    "mum",
    "father",
    "mother",
    "parent",
    "mama",
    "papa",
    "grand",
    "wife",
    "husband",
    "widow",
    "newlywed",
)
_PARENT_OF = gated(
    regex.compile(
        r"(?:^|\n|[.!?,;(]\s*)\s*(?:a\s+)?(?:proud\s+|busy\s+|single\s+)?(?P<span>(?P<term>dad|mom|"
        rf"mum|father|mother|parent|mama)\s+of\s+(?P<n>{NUMBER}))\b(?!\s+(?:the|a|an)\b)",
        I,
    ),
    " of ",
)
_GENDER_SELF = gated(
    regex.compile(
        r"(?P<subj>\b(?:i'm|i’m|im|i am|as|being|i was|i became|me,?))\s+(?:an?\s+|the\s+)?"
        r"(?:[\w\-]+\s+){0,2}?(?P<g>woman|man|guy|girl|lady|gal|dude|boy|female|male|bloke|"
        r"chick|lad|lass|trans woman|trans man|nonbinary|non-binary|enby)\b(?![-'’])"
        r"(?!\s+(?:dad|mom|mum|of\s+(?:my|his|her|the)\b))",
        I,
    ),
    "woman",
    "man",
    "guy",
    "girl",
    "lady",
    "gal",
    "dude",
    "boy",
    "male",
    "bloke",
    "chick",
    "lad",
    "lass",
    "binary",
    "enby",
)
_GENDER_PLURAL = gated(
    regex.compile(
        r"\b(?:we|us|fellow|as)\s+(?P<g>women|ladies|girls|gals|lasses|men|blokes|lads|dudes|"
        r"boys|chaps|gents|fellas)\b",
        I,
    ),
    "women",
    "ladies",
    "girls",
    "gals",
    "men",
    "blokes",
    "lads",
    "dudes",
    "lasses",
    "boys",
    "chaps",
    "gents",
    "fellas",
)
_GENDER_VALUE = {
    "woman": "female", "girl": "female", "lady": "female", "gal": "female",
    "female": "female", "chick": "female", "lass": "female", "trans woman": "female",
    "women": "female", "ladies": "female", "girls": "female", "gals": "female",
    "man": "male", "guy": "male", "dude": "male", "boy": "male", "male": "male",
    "bloke": "male", "lad": "male", "trans man": "male", "men": "male", "blokes": "male",
    "lads": "male", "dudes": "male", "lasses": "female", "boys": "male", "chaps": "male",
    "gents": "male", "fellas": "male", "nonbinary": "nonbinary", "non-binary": "nonbinary",
    "enby": "nonbinary",
}  # fmt: skip


@cache
def _terms_of(*kinds: str) -> dict[str, lexicon.FamilyTerm]:
    return {k: t for k, t in lexicon.family_terms().items() if t.kind in kinds}


def gender_of(disclosure: Disclosure) -> str | None:
    """The writer's gender a family disclosure about themselves implies ("dad" -> male)."""
    if disclosure.subject != WRITER or not isinstance(disclosure.value, str):
        return None
    term = lexicon.family_terms().get(disclosure.value)
    return term.gender if term else None


def _statuses(text: str) -> Iterator[Candidate]:
    statuses = _terms_of("status", "parent")
    for m in _STATUS_SUBJECT.finditer(text):
        found = lexicon.longest_term(text, m.end(), statuses, 3)
        if found is None:
            continue
        start, end, term = found
        info = statuses[term]
        if info.kind == "parent" and info.status is None:
            continue  # "I'm a mum": _SELF_PARENT
        exclusion = _NOT_STATUS_AFTER.get(term)
        if (exclusion and exclusion.match(text, end)) or text[end : end + 1] == "-":
            continue
        cue = m["subj"].casefold()
        subject = (
            resolve(text, m.start(), end) or fronted_impersonal(text, m.start(), end)
            if cue in ("as", "being")
            else subject_of(m["subj"], text, m.start())
        )
        if subject:
            yield Candidate(start, end, "family", subject, info.status or term, "status", 0.85)
    for m in _ELIDED_STATUS.finditer(text):
        subject = resolve(text, m.start("term"), m.end("term"))
        if subject:
            term = m["term"].casefold()
            yield Candidate(
                m.start("term"),
                m.end("term"),
                "family",
                subject,
                _status_word(term),
                "status",
                0.75,
            )


def _status_word(term: str) -> str:
    return {"separated": "divorced"}.get(term, term)


def _relatives(text: str) -> Iterator[Candidate]:
    relatives = _terms_of("spouse", "child", "ex")
    for m in _MY_TERM.finditer(text):
        found = lexicon.longest_term(text, m.end(), relatives, 2)
        if found is None:
            continue
        start, end, term = found
        if text[end : end + 1].isalnum():
            continue
        if regex.match(r"[-\s]?in[-\s]law", text[end : end + 7], I):
            continue  # an in-law is an acquaintance, not the writer's own family
        yield Candidate(start, end, "family", WRITER, term, relatives[term].kind, 0.85)
        chained = regex.match(r"(?:'s|’s)\s+", text[end:])
        if chained:
            # "my son's wife", "my sister's new boyfriend": the second is theirs
            after = end + chained.end()
            other = lexicon.longest_term(text, after, relatives, 2)
            if other is None and (word := lexicon.words_at(text, after, 2)) and len(word) == 2:
                other = lexicon.longest_term(text, word[1][0], relatives, 2)
            if other:
                yield Candidate(
                    other[0],
                    other[1],
                    "family",
                    ACQUAINTANCE,
                    other[2],
                    relatives[other[2]].kind,
                    0.8,
                )
    for m in _THE_SPOUSE.finditer(text):
        term = lexicon.key(m["term"])
        yield Candidate(m.start("term"), m.end("term"), "family", WRITER, term, "spouse", 0.75)
    yield from _the_partner_with_writer(text)
    for m in _HAVE_ONE.finditer(text):
        subject = subject_of(m["subj"], text, m.start())
        term = lexicon.key(m["term"])
        info = lexicon.family_terms().get(term)
        if subject and info:
            yield Candidate(
                m.start("term"), m.end("term"), "family", subject, term, info.kind, 0.85
            )
    for m in _COUNT.finditer(text):
        subject = resolve(text, m.start("span"), m.end("span"), fronted=False)
        if subject:
            count = parse_number(m["n"])
            yield Candidate(
                m.start("span"), m.end("span"), "family", subject, count, "children", 0.8
            )
    for m in _SELF_PARENT.finditer(text):
        cue = m["subj"].casefold().rstrip(",")
        subject = resolve(text, m.start(), m.end()) if cue in ("as", "being", "me") else WRITER
        if (
            cue in ("as", "being", "me")
            and subject is None
            and regex.match(r"[\s,]*(?:i|my|me)\b", text[m.end() :], I)
        ):
            subject = WRITER
        if subject:
            term = lexicon.key(m["term"])
            kind = lexicon.family_terms()[term].kind
            detail = "parent" if kind == "parent" else "self"
            yield Candidate(m.start("span"), m.end("span"), "family", subject, term, detail, 0.85)
    for m in _PARENT_OF.finditer(text):
        term = lexicon.key(m["term"])
        yield Candidate(m.start("span"), m.end("span"), "family", WRITER, term, "parent", 0.8)


def _the_partner_with_writer(text: str) -> Iterator[Candidate]:
    """ "the fiancé and I", "me and the boyfriend": a partner word after "the",
    coordinated with the writer."""
    partners = _terms_of("spouse")
    for m in _THE.finditer(text):
        found = lexicon.longest_term(text, m.end(), partners, 2)
        if found is None or text[found[1] : found[1] + 1].isalnum():
            continue
        start, end, term = found
        if _WITH_WRITER_AFTER.match(text, end) or _WITH_WRITER_BEFORE.search(
            text, max(0, m.start() - 16), m.end()
        ):
            yield Candidate(start, end, "family", WRITER, term, "spouse", 0.75)


def _genders(text: str) -> Iterator[Candidate]:
    for m in _GENDER_SELF.finditer(text):
        cue = m["subj"].casefold().rstrip(",")
        subject = resolve(text, m.start(), m.end()) if cue in ("as", "being", "me") else WRITER
        if subject == WRITER:
            value = _GENDER_VALUE[m["g"].casefold()]
            yield Candidate(m.start("g"), m.end("g"), "gender", WRITER, value, "self", 0.8)
    for m in _GENDER_PLURAL.finditer(text):
        value = _GENDER_VALUE[m["g"].casefold()]
        yield Candidate(m.start("g"), m.end("g"), "gender", WRITER, value, "self", 0.75)


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    yield from _statuses(text)
    yield from _relatives(text)
    yield from _genders(text)
