"""Health, religion, ethnicity and sexual orientation, said of oneself or of someone the
writer knows: "I have type 2 diabetes", "my son has autism", "I'm Catholic", "as a Black
woman", "I'm gay", "every Sunday after church". The span is the condition or the
self-description. "gay marriage", "diabetes rates" or "what is Catholicism" have no
subject and give nothing."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from veil.rules import lazy_regex as regex
from veil.rules.quasi import lexicon
from veil.rules.quasi.disclosure import WRITER, Candidate
from veil.rules.quasi.gate import gated
from veil.rules.quasi.whose import RELATION_SUBJECT, I, resolve, subject_of

_SUBJECT = rf"(?P<subj>\b(?:i|we|he|she|they|{RELATION_SUBJECT}))"
_CONDITION_VERB = regex.compile(
    rf"{_SUBJECT}(?:'m|’m|'re|’re|'s|’s|'ve|’ve|\s+am|\s+are|\s+is|\s+was|\s+were|\s+have|"
    r"\s+has|\s+had)?\s+(?:(?:also|just|recently|finally|officially|been|always|still|"
    r"actually|only|newly|both)\s+)*(?:have|has|had|got|get|diagnosed with|suffer from|"
    r"suffers from|suffered from|suffering from|living with|live with|lives with|"
    r"struggle with|struggles with|struggled with|struggling with|deal with|deals with|"
    r"dealt with|dealing with|battle|battled|battling|beat|survived|recovering from|"
    r"recovered from|treated for|being treated for|on medication for|on meds for|"
    r"managing|manage)\s+(?:(?:a|an|mild|severe|chronic|bad|really bad|pretty bad|"
    r"diagnosed|serious|some|stage \w+|early|late[- ]onset)\s+)*",
    I,
)
_CONDITION_ADJ = regex.compile(
    rf"{_SUBJECT}(?:'m|’m|'re|’re|'s|’s|\s+am|\s+are|\s+is|\s+was|\s+became|\s+went)\s+"
    r"(?:(?:also|a|an|now|recently|newly|still|type\s+[12]|type\s+(?:one|two)|"
    r"functionally|legally|partially|\d+\s+weeks|\d+\s+months)\s+)*",
    I,
)
_MY_CONDITION = regex.compile(
    rf"(?P<subj>\b(?:my|our|{RELATION_SUBJECT}(?:'s|’s)))\s+(?:(?:own|chronic|severe|"
    r"mild)\s+)?",
    I,
)
_IDENTITY_FRAME = regex.compile(
    r"(?P<subj>\b(?:i'm|i’m|im|i am|i was|we're|we’re|we are|as|being|raised|born|"
    r"fellow|us|we|proud|i identify as|identify as|came out as|i came out as|"
    rf"{RELATION_SUBJECT}(?:\s+(?:is|was|came out as)|'s|’s)|he's|she's|he is|she is))"
    r"\s+(?:an?\s+)?(?:(?:practicing|practising|devout|lapsed|non-practicing|"
    r"non-practising|proud|queer|cis|trans|openly|half|born-again|born again|cultural|"
    r"secular|observant|orthodox|conservative|reform|strict|raised)\s+)*",
    I,
)
_NOT_IDENTITY_AFTER = regex.compile(
    r"\s*(?:up|out|away|forward|back|ahead|into|onto|to|at|with|from|line|shot|"
    r"a\b|-?[Aa]\b|-?[Ss]tudent|edge|talk|coffee|tea|friends?|people|guys|stuff|"
    r"dudes|men|women|-on)\b",
    I,
)
_AND = regex.compile(r"\s*(?:,\s*)?(?:and|&)\s+(?:an?\s+)?", I)
_WORSHIP = gated(
    regex.compile(
        r"\b(?:my|our|to|at|after|before|from|in)\s+(?:local\s+)?(?P<place>church|mass|mosque|"
        r"synagogue|shul|temple|gurdwara|friday prayers?|sunday service|bible study)\b",
        I,
    ),
    "church",
    "mass",
    "mosque",
    "synagogue",
    "shul",
    "temple",
    "gurdwara",
    "prayer",
    "service",
    "bible",
)
_WORSHIP_VALUE = {
    "church": "christian", "mass": "christian", "sunday service": "christian",
    "bible study": "christian", "mosque": "muslim", "friday prayer": "muslim",
    "friday prayers": "muslim", "synagogue": "jewish", "shul": "jewish",
    "gurdwara": "sikh", "temple": None,
}  # fmt: skip


@cache
def _conditions() -> dict[str, str]:
    return lexicon.health_conditions()


@cache
def _adjectival() -> dict[str, str]:
    words = {"diabetic", "asthmatic", "epileptic", "autistic", "dyslexic", "pregnant", "deaf"}
    words |= {"blind", "bipolar", "celiac", "coeliac", "anorexic"}
    table = {w: c for w, c in _conditions().items() if w in words}
    table["expecting"] = "pregnancy"
    table["a cancer survivor"] = "neoplasm"
    for phrase in ("an alcoholic", "a recovering alcoholic", "in recovery", "sober"):
        table[phrase] = "mental"
    return table


def _health(text: str) -> Iterator[Candidate]:
    for pattern, table in ((_CONDITION_VERB, _conditions()), (_CONDITION_ADJ, _adjectival())):
        for m in pattern.finditer(text):
            found = lexicon.longest_term(text, m.end(), table, 4)
            if found is None or text[found[1] : found[1] + 1].isalnum():
                continue
            start, end, term = found
            if term == "expecting" and not regex.match(
                r"\s*(?:[.,!;]|$|a\s+baby|twins|our|my)", text[end:], I
            ):
                continue
            if table is _conditions() and regex.match(
                r"\s+(?:rates?|awareness|research|medication|drugs?|patients?)\b", text[end:], I
            ):
                continue
            subject = subject_of(m["subj"], text, m.start())
            if subject:
                yield Candidate(start, end, "health", subject, term, "condition", 0.85)
    for m in _MY_CONDITION.finditer(text):
        found = lexicon.longest_term(text, m.end(), _conditions(), 4)
        if found is None or text[found[1] : found[1] + 1].isalnum():
            continue
        start, end, term = found
        if term in ("pregnant", "expecting", "diabetic", "deaf", "blind", "add", "ms"):
            continue  # "my ms word", "my pregnant wife": not a condition here
        subject = subject_of(m["subj"], text, m.start())
        if subject:
            yield Candidate(start, end, "health", subject, term, "condition", 0.8)


def _identities(text: str) -> Iterator[Candidate]:
    table = lexicon.identity_terms()
    for m in _IDENTITY_FRAME.finditer(text):
        found = lexicon.longest_term(text, m.end(), table, 3)
        if found is None:
            continue
        start, end, term = found
        if text[end : end + 1].isalnum() or _NOT_IDENTITY_AFTER.match(text, end):
            continue
        attribute, value = table[term]
        cue = m["subj"].casefold()
        if cue in ("as", "being", "raised", "born", "proud"):
            subject = resolve(text, m.start(), end)
        elif cue in ("fellow", "us", "we"):
            subject = WRITER if term.endswith("s") or attribute != "orientation" else None
        else:
            subject = subject_of(m["subj"], text, m.start())
        if (
            attribute == "orientation"
            and term in ("bi", "ace", "straight")
            and cue in ("as", "being", "fellow", "us", "we")
        ):
            continue
        while subject:
            yield Candidate(start, end, attribute, subject, value, "self", 0.8)
            # "I'm Catholic and gay": a coordinated self-description shares the subject
            more = _AND.match(text, end)
            found = lexicon.longest_term(text, more.end(), table, 3) if more else None
            if found is None or text[found[1] : found[1] + 1].isalnum():
                break
            start, end, term = found
            attribute, value = table[term]
    for m in _WORSHIP.finditer(text):
        subject = resolve(text, m.start(), m.end())
        value = _WORSHIP_VALUE.get(m["place"].casefold())
        if subject:
            yield Candidate(
                m.start("place"), m.end("place"), "religion", subject, value, "practice", 0.6
            )


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    yield from _health(text)
    yield from _identities(text)
