"""Ages: said ("I'm 34", "a 34-year-old nurse", "(34F)"), and derived (born in 1988,
turned 40, a high-school junior, in my early thirties, a 90s kid, retired).

A number is an age only inside a frame that makes it one: a person as the subject of
"is/turned/born", or "N-year-old" describing a person. "34 files", "room 34", "a
30-year-old building" and "34-year mortgage" have no such frame.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from veil.rules import lazy_regex as regex
from veil.rules.quasi import lexicon
from veil.rules.quasi.disclosure import ACQUAINTANCE, WRITER, Candidate
from veil.rules.quasi.gate import gated
from veil.rules.quasi.numbers import (
    DECADE,
    NUMBER,
    ORDINAL,
    parse_decade,
    parse_number,
    parse_ordinal,
)
from veil.rules.quasi.whose import RELATION_SUBJECT, I, resolve, subject_of

WRITER_AGES = range(13, 111)  # a bare "I'm N" below 13 is rarely a writer's age
ANY_AGES = range(0, 121)

_SELF_IS = r"(?:i'm|i’m|im|i am|i'll be|i’ll be|i will be|we're|we’re|we are)"
_OTHER_IS = (
    rf"(?:{RELATION_SUBJECT}(?:\s+(?:is|will be)|'s|’s|,)|he's|he’s|she's|she’s|he is|she is)"
)
_HEDGE = r"(?:(?:now|just|only|almost|nearly|about|around|currently|already|barely|finally)\s+)*"
_UNIT = (
    r"(?:\s*(?:years?|yrs?)[- ]old|\s*(?:yo|y/o|y\.o\.)(?![\w])|\s+years?(?=\s+(?:of age|young)))"
)
# What may follow a bare age: the clause goes on with something that is not a unit.
_AGE_FOLLOWER = regex.compile(
    r"(?:\s*(?:[,;!?)\n—–]|\.(?!\d)|$)|\s+(?:and|but|so|now|this|next|soon|myself|too|"
    r"already|going|turning|with|here|lol|haha|btw|though|tho|yet|and|years|from|living|"
    r"working|at|when|if|or|as|because|cause|since|but|which|who|y'all|guys)\b)",
    I,
)
_COPULA_AGE = gated(
    regex.compile(
        rf"(?P<subj>\b(?:{_SELF_IS}|{_OTHER_IS}))\s+{_HEDGE}(?P<age>{NUMBER})(?P<unit>{_UNIT})?"
        r"(?![\d%$€£'’/:.,]\d|[\d%$€£'’/:])",
        I,
    ),
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "twen",
    "thirt",
    "fort",
    "fift",
    "sixt",
    "sevent",
    "eight",
    "ninet",
    "eleven",
    "twelve",
    "ten",
    " one",
    " two",
    " three",
    " four",
    " five",
    " six",
    " seven",
    " nine",
)
_HYPHEN_AGE = gated(
    regex.compile(
        rf"(?<![\w$£€.\-])(?P<age>{NUMBER})(?:[- ]?(?:years?|yrs?|yr)[- ]?old\b(?!-)|"
        r"\s?(?:yo|y/o|y\.o\.)(?![\w/]))",
        I,
    ),
    "old",
    "yo",
    "y/o",
    "y.o",
)
_SELF_DESCRIBED = regex.compile(
    rf"(?:\b(?:{_SELF_IS}|as|being|me,?|myself,?)\s+(?:an?\s+)?(?:[\w\-]+\s+)?|^\s*)$", I
)
_OTHER_DESCRIBED = regex.compile(rf"\b{_OTHER_IS}\s+(?:an?\s+)?(?:[\w\-]+\s+)?$", I)
_OWN_BEFORE = regex.compile(
    r"\b(?:my|our)\s+(?:(?:little|eldest|oldest|youngest|baby|sweet|beautiful)\s+)?$", I
)
_HAS_A = regex.compile(
    rf"(?P<subj>\b(?:i|we|{RELATION_SUBJECT}|he|she))\s+(?:\w+\s+)?(?:have|has|had|got|with|"
    r"raising|of)\s+(?:an?|two|three|\d)\s+$",
    I,
)
# The bracket with the age and gender in it: every match ends so (the gate's ``need``).
_BRACKETED_AGE = (
    r"[(\[]\s*(?:(?P<age>\d{1,2})\s*(?P<g>[mf])?|(?P<g2>[mf])\s*(?P<age2>\d{1,2}))\s*[)\]]"
)
_PAREN_AGE = gated(
    regex.compile(rf"(?P<subj>\b(?:i|me|myself|{RELATION_SUBJECT}))\s*{_BRACKETED_AGE}", I),
    "(",
    "[",
    need=regex.compile(_BRACKETED_AGE, I),
)
_TAG_AGE = gated(
    regex.compile(
        r"(?:^|\n)\s*(?:[(\[]\s*(?P<age>\d{2})\s*(?P<g>[MFmf])\s*[)\]]|(?P<age2>\d{2})\s?(?P<g2>[MFmf])"
        r"(?=\s+here\b))",
    ),
    "(",
    "[",
    "here",
)
_FORM_AGE = gated(
    regex.compile(r"(?:^|\n)[ \t]*(?:my\s+)?age\s*(?::|=|is)\s*(?P<age>\d{1,3})\b", I),
    "age",
)
# The verb and the age: every match ends so (the gate's ``need``).
_TURNING_AGE = (
    rf"(?P<verb>turned|turning|turn|hit|hitting|reached|be)\s+(?:the\s+(?:big\s+)?)?"
    rf"(?P<age>{NUMBER})(?P<unit>{_UNIT})?(?![\d%$€£'’/:.,]\d|[\d%$€£'’/:])"
)
_TURNED = gated(
    regex.compile(
        rf"(?P<subj>\b(?:i|we|{RELATION_SUBJECT}|he|she))\s+(?:(?:just|recently|finally|"
        r"officially|only|have|'ve|’ve|had|will|'ll|’ll|am|'m|’m|is|'s|’s|gonna|going to)\s+)*"
        rf"{_TURNING_AGE}",
        I,
    ),
    "turn",
    "hit",
    "reach",
    " be ",
    need=regex.compile(_TURNING_AGE, I),
)
_BIRTHDAY = gated(
    regex.compile(
        rf"(?P<subj>\b(?:my|our|{RELATION_SUBJECT}))\s+(?P<age>\d{{1,3}}(?:st|nd|rd|th))\s+"
        r"(?:birthday|bday|b-day)\b",
        I,
    ),
    "birthday",
    "bday",
    "b-day",
)
_YEAR = r"(?:(?:19|20)\d{2}|['’]\d{2})"
_BORN_YEAR = gated(
    regex.compile(
        rf"\bborn\s+(?:(?:in|back in|around)\s+)?(?:the\s+year\s+)?(?P<y>{_YEAR})(?![\d\-/])|"
        rf"\b(?:an?\s+)(?P<y2>{_YEAR})\s+(?:baby|kid)\b",
        I,
    ),
    "born",
    "baby",
    "kid",
)
_SCHOOL_YEAR = gated(
    regex.compile(
        rf"\bclass\s+of\s+(?P<y>{_YEAR})(?![\d\-/])|\bgraduated\s+(?:from\s+)?"
        rf"(?:(?P<lvl>high school|college|university|uni)\s+)?(?:in\s+)(?P<y2>{_YEAR})(?![\d\-/])",
        I,
    ),
    "class of",
    "graduated",
)
# A year the writer spent at school: "when I was in college back in 2005", "sitting in my
# physics class in 1999", "my uni days, around 2010"; the stage and the year in one clause.
_STAGE_YEAR = gated(
    regex.compile(
        r"\b(?P<lvl>high school|school|class|college|uni|university)\b(?:\s+(?:days|years))?"
        rf"[^.!?;\n]{{0,30}}?\b(?:in|back in|around|circa)\s+(?P<y>{_YEAR})(?![\d\-/])",
        I,
    ),
    "school",
    "class",
    "college",
    "uni",
)
_STAGE_AGE = {"high school": 16, "school": 16, "class": 16, "college": 20, "uni": 20,
              "university": 20}  # fmt: skip
_STAGE_OWNER = regex.compile(
    r"\b(?:(?:when|while|back when|since)\s+(?:i|we)\s+(?:was|were)\s+(?:in|at|still in)|"
    r"(?:my|our)(?:\s+[\w-]+){0,2})\s+$",
    I,
)
_YEAR_DECADE = r"(?:(?:19|20)\d0['’]?s|['’]?\d0['’]?s|nineties|eighties|seventies|sixties|fifties)"
_BORN_DECADE = gated(
    regex.compile(
        rf"\bborn\s+in\s+the\s+(?P<span>(?:(?P<q>early|mid|late)[- ]?)?(?P<d>{_YEAR_DECADE}))|"
        rf"\b(?:an?\s+)(?P<span2>(?P<d2>{_YEAR_DECADE})\s+(?:kid|baby|child))\b|"
        rf"\b(?:grew up|growing up)\s+in\s+the\s+(?P<span3>(?:(?P<q3>early|mid|late)[- ]?)?"
        rf"(?P<d3>{_YEAR_DECADE}))|"
        rf"\b(?P<lvl>high school|college|uni|university)\s+(?:in|during|back in)\s+the\s+"
        rf"(?P<span4>(?:(?P<q4>early|mid|late)[- ]?)?(?P<d4>{_YEAR_DECADE}))",
        I,
    ),
    "0s",
    "0's",
    "0’s",
    "ties",
)
_DECADE_OF_LIFE = gated(
    regex.compile(
        rf"(?P<subj>\b(?:{_SELF_IS}|{_OTHER_IS})\s+)?\bin\s+(?P<poss>my|our|his|her|their)\s+"
        rf"(?P<span>(?:(?P<q>early|mid|late)[- ]?)?(?P<d>{DECADE}))",
        I,
    ),
    "0s",
    "ties",
    "teens",
    "0's",
    "0’s",
)
_SOMETHING = gated(
    regex.compile(
        rf"(?P<subj>\b(?:{_SELF_IS}|as|being|{_OTHER_IS}))\s+(?:an?\s+)?(?:(?:single|married|"
        r"proud)\s+)?(?P<span>(?:(?P<q>early|mid|late)[- ]?)?(?:(?P<d>twenty|thirty|forty|fifty|"
        rf"sixty|seventy|[2-7]0)[- ]something|(?P<d2>{DECADE})))\b",
        I,
    ),
    "something",
    "0s",
    "ties",
)
_SCHOOL_GRADE = gated(
    regex.compile(
        rf"(?P<subj>\b(?:{_SELF_IS}|{_OTHER_IS}))\s+(?:currently\s+|now\s+|only\s+)?(?:an?\s+)?"
        r"(?P<span>(?:(?P<lvl1>high school|hs|college|uni|university)\s+)?"
        r"(?P<yr>freshman|sophomore|junior|senior)(?:\s+(?:year\s+)?(?:in|at)\s+"
        r"(?P<lvl2>high school|hs|college|uni|university))?)\b|"
        rf"(?P<subj2>\b(?:{_SELF_IS}|{_OTHER_IS}))\s+(?:currently\s+|now\s+|only\s+)?in\s+"
        r"(?P<span2>(?:the\s+)?(?P<g>\d{1,2})(?:st|nd|rd|th)\s+grade|grade\s+(?P<g2>\d{1,2})|"
        r"year\s+(?P<g3>\d{1,2}))\b|"
        rf"(?P<subj3>\b(?:{_SELF_IS}|{_OTHER_IS}))\s+(?:currently\s+|now\s+)?in\s+(?:my|his|her)\s+"
        rf"(?P<span3>(?P<o>{ORDINAL})\s+year)\s+(?:of|at|in)\s+(?:(?:my|the)\s+)?"
        r"(?P<lvl3>uni|university|college|undergrad|my degree|high school|school)\b",
        I,
    ),
    "freshman",
    "sophomore",
    "junior",
    "senior",
    "grade",
    "year ",
)
_RETIRED = gated(
    regex.compile(
        rf"(?P<subj>\b(?:i|i'm|i’m|im|i am|i've|i’ve|i have|we|we're|we’re|we are|we've|"
        rf"{RELATION_SUBJECT}(?:\s+(?:is|has))?|he|she|he's|she's|he is|she is))\s+"
        r"(?:(?:now|recently|just|finally|also|been|semi|semi-|early|fully|happily|long|"
        r"since)\s+)*(?P<span>retired)\b(?!\s+(?:the|a|an|my|his|her|it|them)\b)|"
        r"\b(?:since|in|during|enjoying|into|before|after|until|till|of)\s+(?P<poss>my|our)\s+"
        r"(?P<span2>retirement)\b|"
        rf"\b(?P<subj3>{_SELF_IS}|as)\s+(?:an?\s+)?(?:happy\s+|proud\s+)?"
        r"(?P<span3>retiree|pensioner|senior citizen|oap)\b|"
        r"(?:^|\n)\s*(?P<span4>retired)\s+[\w\-]+(?:\s+[\w\-]+)?\s+here\b",
        I,
    ),
    "retire",
    "pensioner",
    "senior citizen",
    "oap",
)

_LEVEL_BASE = {"high school": 14, "hs": 14, "school": 14}
_YEARS = {"freshman": 0, "sophomore": 1, "junior": 2, "senior": 3}
_QUARTER = {"early": 2, "mid": 5, "late": 8}


@cache
def _person_nouns() -> frozenset[str]:
    words = [
        "man",
        "woman",
        "guy",
        "girl",
        "boy",
        "lady",
        "gal",
        "dude",
        "male",
        "female",
        "person",
        "mother",
        "father",
        "kid",
        "child",
        "me",
        "myself",
        "student",
        "here",
        "who",
        "from",
        "in",
        "at",
        "with",
        "and",
        "but",
        "living",
        "working",
        "that",
        "so",
        "now",
        "trying",
        "looking",
        "currently",
        "studying",
        "based",
        "single",
        "married",
        "divorced",
        "mum",
        "mom",
        "dad",
        "parent",
        "grandmother",
        "grandfather",
        "grandma",
        "grandpa",
        "bloke",
        "chick",
        "lad",
        "lass",
        "m",
        "f",
        "nb",
    ]
    return frozenset(words) | frozenset(lexicon.occupations()) | frozenset(lexicon.family_terms())


# A preposition, conjunction or relative pronoun right after "N-year-old": no noun follows,
# so the age is itself the noun phrase's head, and a thing is never called that way ("a
# 30-year-old building", "a 30-year-old in the ICU").
_FUNCTION_WORD_AFTER = regex.compile(
    r"\s+(?:in|at|on|from|with|without|who|whose|that|which|and|but|or|like|of|for|by|"
    r"about|near|since|than|living|working|here|now|myself)\b",
    I,
)


def describes_person(text: str, end: int) -> bool:
    """After "N-year-old": a person noun within four words ("a 23-year-old part time
    film editor"), or nothing (end of phrase)."""
    if regex.match(r"\s*(?:[,.;:!?)\n—–]|$)", text[end : end + 3]):
        return True
    if _FUNCTION_WORD_AFTER.match(text, end):
        return True  # "a 21-year-old in 2020s", "a 40-year-old who ...": the age is the noun
    nouns = _person_nouns()
    spans = lexicon.words_at(text, end + len(text[end:]) - len(text[end:].lstrip()), 4)
    for i, (start, stop) in enumerate(spans):
        word = lexicon.key(text[start:stop])
        if word in nouns:
            return True
        if i + 1 < len(spans) and lexicon.key(text[start : spans[i + 1][1]]) in nouns:
            return True
        if word in ("self", "body", "brain", "knees", "back"):
            return False
    return False


def _century(two_or_four: str, year: int) -> int:
    digits = two_or_four.strip("'’")
    if len(digits) == 4:
        return int(digits)
    value = int(digits)
    return 2000 + value if 2000 + value <= year else 1900 + value


def _decade_start(value: str, year: int) -> int | None:
    word = value.casefold().replace("’", "'")
    if word[:2] in ("19", "20") and word[2:3].isdigit():
        return int(word[:4])
    decade = parse_decade(word)
    if decade is None:
        return None
    return 2000 + decade if 2000 + decade <= year - 5 else 1900 + decade


def _cand(
    start: int, end: int, subject: str | None, value: int | None, detail: str, score: float
) -> Candidate | None:
    if subject is None:
        return None
    if isinstance(value, int) and not 0 <= value <= 120:
        return None
    return Candidate(start, end, "age", subject, value, detail, score)


def _explicit(text: str) -> Iterator[Candidate | None]:
    for m in _COPULA_AGE.finditer(text):
        age = parse_number(m["age"])
        unit = m["unit"]
        if age is None or (not unit and not _AGE_FOLLOWER.match(text, m.end())):
            continue
        subject = subject_of(m["subj"], text, m.start())
        ages = WRITER_AGES if subject == WRITER and not unit else ANY_AGES
        if age in ages:
            start = m.start("age")
            detail = "turned" if regex.search(r"(?:'ll|’ll| will) be$", m["subj"], I) else "age"
            yield _cand(start, m.end("unit") if unit else m.end("age"), subject, age, detail, 0.9)
    for m in _HYPHEN_AGE.finditer(text):
        age = parse_number(m["age"])
        before = text[max(0, m.start() - 80) : m.start()]
        if age is None or not describes_person(text, m.end()):
            continue
        if _OWN_BEFORE.search(before):
            subject = ACQUAINTANCE
        elif has := _HAS_A.search(before):
            subject = ACQUAINTANCE if subject_of(has["subj"], text, has.start()) else None
        elif other := _OTHER_DESCRIBED.search(before):
            subject = subject_of(other.group(0), text, m.start())
        elif (described := _SELF_DESCRIBED.search(before)) or regex.match(
            r"\s+me\b", text[m.end() :], I
        ):
            subject = resolve(text, m.start(), m.end()) or (
                WRITER
                if regex.search(r"(?:^|\n)\s*$", before) or _subjectless_being(described)
                else None
            )
        else:
            subject = None
        yield _cand(m.start(), m.end(), subject, age, "age", 0.9)
    for m in _PAREN_AGE.finditer(text):
        age, gender = (m["age"], m["g"]) if m["age"] else (m["age2"], m["g2"])
        subject = subject_of(m["subj"], text, m.start())
        start = m.start("age") if m["age"] else m.start("age2")
        yield _cand(start, start + len(age), subject, int(age), "age", 0.9)
        if gender and subject:
            g_start = m.start("g") if m["g"] else m.start("g2")
            yield _gender(g_start, subject, gender)
    for m in _TAG_AGE.finditer(text):
        age, gender, key = (m["age"], m["g"], "age") if m["age"] else (m["age2"], m["g2"], "age2")
        yield _cand(m.start(key), m.end(key), WRITER, int(age), "age", 0.85)
        yield _gender(m.start("g" if key == "age" else "g2"), WRITER, gender)
    for m in _FORM_AGE.finditer(text):
        yield _cand(m.start("age"), m.end("age"), WRITER, int(m["age"]), "age", 0.8)


def _subjectless_being(described: regex.Match[str] | None) -> bool:
    """ "puts being a 21-year-old in perspective": a gerund "being" with no subject of its
    own, in a sentence that names no one else (``resolve`` found no cue), is the writer's."""
    return described is not None and described.group(0).casefold().lstrip().startswith("being")


def _gender(start: int, subject: str, letter: str) -> Candidate:
    value = "male" if letter.casefold() == "m" else "female"
    return Candidate(start, start + 1, "gender", subject, value, "tag", 0.8)


def _derived(text: str, year: int) -> Iterator[Candidate | None]:
    for m in _TURNED.finditer(text):
        age = parse_number(m["age"])
        if age is None or (not m["unit"] and not _AGE_FOLLOWER.match(text, m.end())):
            continue
        if m["verb"].casefold() == "be" and not regex.search(
            r"(?:will|'ll|’ll|gonna|going to)", m.group(0), I
        ):
            continue
        subject = subject_of(m["subj"], text, m.start())
        if subject == WRITER and age not in WRITER_AGES:
            continue
        yield _cand(
            m.start("age"),
            m.end("unit") if m["unit"] else m.end("age"),
            subject,
            age,
            "turned",
            0.85,
        )
    for m in _BIRTHDAY.finditer(text):
        subject = subject_of(m["subj"], text, m.start())
        yield _cand(m.start("age"), m.end("age"), subject, int(m["age"][:-2]), "birthday", 0.8)
    for m in _BORN_YEAR.finditer(text):
        key = "y" if m["y"] else "y2"
        born = _century(m[key], year)
        subject = resolve(text, m.start(), m.end(), fronted=False)
        if born <= year:
            yield _cand(m.start(key), m.end(key), subject, year - born, "birth_year", 0.85)
    for m in _SCHOOL_YEAR.finditer(text):
        key = "y" if m["y"] else "y2"
        graduated = _century(m[key], year)
        level = (m["lvl"] or "high school").casefold()
        offset = 18 if level == "high school" else 22
        subject = resolve(text, m.start(), m.end())
        if graduated <= year + 4:
            yield _cand(
                m.start(key), m.end(key), subject, year - graduated + offset, "school_year", 0.7
            )
    for m in _STAGE_YEAR.finditer(text):
        # the writer's own stage: "when I was in college", "my physics class"
        if not _STAGE_OWNER.search(text, max(0, m.start() - 40), m.start()):
            continue
        at = _century(m["y"], year)
        age = year - at + _STAGE_AGE[m["lvl"].casefold()]
        if at <= year - 3 and age in WRITER_AGES:  # a past year: not a class one plans
            yield _cand(m.start("y"), m.end("y"), WRITER, age, "school_year", 0.7)
    for m in _BORN_DECADE.finditer(text):
        # "Growing up in the 80s, I ...": a participle opening the sentence is said of
        # the main clause's subject
        growing = m["span3"] is not None and m.group(0).casefold().startswith("growing")
        subject = resolve(text, m.start(), m.end(), fronted=growing)
        if m["span"]:
            span, decade, quarter, born_at = "span", m["d"], m["q"], 0
        elif m["span2"]:
            span, decade, quarter, born_at = "span2", m["d2"], None, 8
        elif m["span3"]:
            span, decade, quarter, born_at = "span3", m["d3"], m["q3"], 8
        else:
            level = m["lvl"].casefold()
            span, decade, quarter = "span4", m["d4"], m["q4"]
            born_at = 16 if level == "high school" else 20
        start = _decade_start(decade, year)
        if start is None:
            continue
        born = start + _QUARTER.get((quarter or "mid").casefold(), 5) - born_at
        # a decade of the calendar ("the 90s"), not of a life ("my 30s"): an era
        yield _cand(m.start(span), m.end(span), subject, year - born, "era", 0.7)
    for m in _DECADE_OF_LIFE.finditer(text):
        decade = parse_decade(m["d"])
        if decade is None:
            continue
        value = 16 if decade == 10 else decade + _QUARTER.get((m["q"] or "mid").casefold(), 5)
        poss = m["poss"].casefold()
        if poss in ("my", "our"):
            subject = WRITER
        elif m["subj"]:
            subject = subject_of(m["subj"], text, m.start())
        else:
            subject = resolve(text, m.start(), m.end(), fronted=False)
            subject = subject if subject == ACQUAINTANCE else None
        yield _cand(m.start("span"), m.end("span"), subject, value, "decade", 0.85)
    for m in _SOMETHING.finditer(text):
        decade = parse_number(m["d"]) if m["d"] else parse_decade(m["d2"])
        if decade is None or decade < 20 or (m["d2"] and not m["q"]):
            continue  # "I'm 30s" is rare; "I'm late 30s" is how people say it
        subject = subject_of(m["subj"], text, m.start())
        if m["subj"].casefold().strip() in ("as", "being"):
            subject = resolve(text, m.start(), m.end())
        value = decade + _QUARTER.get((m["q"] or "mid").casefold(), 5)
        yield _cand(m.start("span"), m.end("span"), subject, value, "decade", 0.85)


def _school(text: str) -> Iterator[Candidate | None]:
    for m in _SCHOOL_GRADE.finditer(text):
        if m["span"]:
            level = (m["lvl1"] or m["lvl2"] or "").casefold()
            if not level:
                continue  # "I'm a senior" alone: a senior engineer, a senior citizen
            base = _LEVEL_BASE.get(level, 18)
            value = base + _YEARS[m["yr"].casefold()]
            subject, span = subject_of(m["subj"], text, m.start()), "span"
        elif m["span2"]:
            grade = int(m["g"] or m["g2"] or 0)
            value = grade + 5 if (m["g"] or m["g2"]) else int(m["g3"]) + 4
            if not 1 <= grade + (int(m["g3"] or 0)) <= 13:
                continue
            subject, span = subject_of(m["subj2"], text, m.start()), "span2"
        else:
            ordinal = parse_ordinal(m["o"]) or 1
            base = 14 if "school" in m["lvl3"].casefold() and "high" in m["lvl3"].casefold() else 17
            value = base + ordinal
            subject, span = subject_of(m["subj3"], text, m.start()), "span3"
        yield _cand(m.start(span), m.end(span), subject, value, "school_year", 0.8)
    for m in _RETIRED.finditer(text):
        if m["span"]:
            subject, span = subject_of(m["subj"], text, m.start()), "span"
        elif m["span2"]:
            subject, span = WRITER, "span2"
        elif m["span3"]:
            subject, span = resolve(text, m.start(), m.end()), "span3"
            if m["subj3"].casefold() != "as":
                subject = subject_of(m["subj3"], text, m.start())
        else:
            subject, span = WRITER, "span4"
        yield _cand(m.start(span), m.end(span), subject, None, "retired", 0.75)


def find(text: str, year: int) -> Iterator[Candidate]:
    for found in (*_explicit(text), *_derived(text, year), *_school(text)):
        if found is not None:
            yield found
