"""Education: degrees ("my Masters in finance", "I have a PhD"), fields ("I majored in
economics"), institutions ("I graduated from Leeds Uni") and having been to university
("back in my uni days"). Degree levels follow ISCED 2011 (``lexicon.degree_level``)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from veil.rules import lazy_regex as regex
from veil.rules.quasi import lexicon
from veil.rules.quasi.disclosure import Candidate
from veil.rules.quasi.gate import gated
from veil.rules.quasi.whose import RELATION_SUBJECT, I, resolve, subject_of

# Abbreviations that are also words or titles ("ma", "ms", "bed", "md") count only
# when written in capitals.
_CASED = frozenset({"ba", "bs", "ma", "ms", "md", "bed", "med", "jd", "dds", "ged", "add"})
_DEGREE_BEFORE = regex.compile(
    r"\b(?P<poss>my|our|his|her|their|a|an|the)\s+(?:(?:first|second|undergrad|"
    r"undergraduate|graduate|postgrad|postgraduate|online|part[- ]time|two[- ]year|"
    r"four[- ]year)\s+)?$",
    I,
)
_DEGREE_VERB = regex.compile(
    r"\b(?:have|has|had|got|get|getting|earned|earning|hold|holds|finished|finishing|did|"
    r"doing|do|completed|completing|started|starting|studying for|working on|work on|"
    r"pursuing|pursue|graduated with|dropped out of|quit|left)\s+(?:my\s+|a\s+|an\s+|the\s+)?$",
    I,
)
_FIELD_TAIL = regex.compile(
    r"(?:\s+degree)?\s+(?:in|of)\s+(?P<field>(?:[\p{L}&\-]+)(?:\s+(?:and\s+|&\s+)?"
    r"(?![Aa]t\b|[Ff]rom\b|[Ww]hen\b|[Bb]ut\b|[Ss]o\b|[Bb]ecause\b|[Ww]hile\b|[Bb]ack\b|"
    r"[Ff]or\b|[Ii]n\b|[Ww]ith\b|[Tt]hen\b|[Aa]nd\b|[Tt]oo\b|[Ll]ol\b)[\p{L}&\-]+){0,3})",
)
_STUDIED = gated(
    regex.compile(
        rf"(?P<subj>\b(?:i|we|he|she|{RELATION_SUBJECT}))(?:'m|’m|\s+am|\s+was|\s+is|'s|’s)?\s+"
        r"(?:(?:also|originally|actually|currently|just)\s+)*(?P<verb>studied|study|studying|"
        r"majored in|major in|majoring in|minored in|graduated in|trained in|did a degree in|"
        r"have a degree in|got a degree in)\s+(?P<field>(?:[\p{L}&\-]+)(?:\s+(?:and\s+|&\s+)?"
        r"(?!at\b|from\b|when\b|but\b|so\b|because\b|while\b|back\b|for\b|in\b|with\b|then\b|"
        r"and\b|too\b|lol\b|abroad\b|hard\b|a\b|the\b)[\p{L}&\-]+){0,3})",
        I,
    ),
    "stud",
    "major",
    "minor",
    "graduated in",
    "trained in",
    "degree in",
)
_MY_MAJOR = gated(
    regex.compile(
        r"\b(?P<subj>my|our)\s+(?:major|minor|degree|thesis|dissertation|field of study)\s+"
        r"(?:is|was|in|on|:)\s+(?P<field>[\p{L}&\-]+(?:\s+(?:and\s+|&\s+)?(?!at\b|from\b|when\b|"
        r"but\b|so\b|because\b)[\p{L}&\-]+){0,3})",
        I,
    ),
    "major",
    "minor",
    "degree",
    "thesis",
    "dissertation",
    "field of study",
)
_INSTITUTION = gated(
    regex.compile(
        rf"(?P<subj>\b(?:i|we|he|she|{RELATION_SUBJECT}))(?:'m|’m|\s+am|\s+was|\s+is|'s|’s)?\s+"
        r"(?:(?:also|just|recently|currently)\s+)*(?:graduated from|graduate of|studied at|"
        r"study at|studying at|went to|go to|attend|attended|attending|enrolled at|enrolled in|"
        r"an alum of|an alumnus of|an alumna of|a student at|a grad of)\s+(?:the\s+)?"
        r"(?P<org>(?-i:\p{Lu}[\p{L}&'’.\-]*|[A-Z]{2,6})(?:\s+(?:of\s+|for\s+|&\s+)?"
        r"(?-i:\p{Lu}[\p{L}&'’.\-]*)){0,5})",
        I,
    ),
    "graduat",
    "stud",
    "went to",
    "go to",
    "attend",
    "enrolled",
    "alum",
    "grad of",
)
_SCHOOL_WORDS = r"(?:university|college|uni|institute|school|academy|polytechnic|[A-Z]{2,6})"
_ATTENDED = gated(
    regex.compile(
        r"\b(?:(?:my|our)\s+(?P<kind>uni|university|college|undergrad|grad school|graduate school|"
        r"postgrad|med school|medical school|law school|nursing school|business school|"
        r"art school|film school|phd|doctoral)\s+(?:days|years|time|life|studies|friends|mates|"
        r"roommates?|dorm|classes|professors?|campus|buddies)|(?:i|we)\s+(?:was|were|went|got)\s+"
        r"(?:in|to|into|at)\s+(?P<kind2>uni|university|college|grad school|graduate school|"
        r"med school|medical school|law school|nursing school|business school)|"
        r"(?:i'm|i’m|im|i am)\s+(?:currently\s+|still\s+)?(?:in|at)\s+(?P<kind3>uni|university|"
        r"college|grad school|med school|law school|nursing school))\b",
        I,
    ),
    "uni",
    "college",
    "school",
    "undergrad",
    "postgrad",
    "phd",
    "doctoral",
)
_KIND_LEVEL = {
    "uni": "bachelor", "university": "bachelor", "college": "bachelor",
    "undergrad": "bachelor", "grad school": "master", "graduate school": "master",
    "postgrad": "master", "med school": "doctorate", "medical school": "doctorate",
    "law school": "doctorate", "nursing school": "bachelor", "business school": "master",
    "art school": "bachelor", "film school": "bachelor", "phd": "doctorate",
    "doctoral": "doctorate",
}  # fmt: skip


@cache
def _degree_pattern() -> regex.Pattern[str]:
    """Every degree term, abbreviations with optional dots ("B.Sc.", "BSc")."""
    alternatives = []
    for term in sorted(lexicon.degrees(), key=len, reverse=True):
        if " " not in term and "'" not in term and len(term) <= 6:
            alternatives.append(r"\.?".join(regex.escape(c) for c in term) + r"\.?")
        else:
            alternatives.append(regex.escape(term).replace("'", "['’]").replace(r"\ ", r"[\s\-]+"))
    return regex.compile(rf"(?<![\w.])(?:{'|'.join(alternatives)})(?![\w'’])", I)


def _degrees(text: str) -> Iterator[Candidate]:
    for m in _degree_pattern().finditer(text):
        start, end = m.span()
        if m.group(0).endswith(".") and "." not in m.group(0)[:-1]:
            end -= 1  # the sentence's full stop, not the abbreviation's
        term = lexicon.key(text[start:end])
        if term not in lexicon.degrees():
            continue
        if term in _CASED and not any(c.isupper() for c in text[start:end]):
            continue
        before = text[max(0, start - 60) : start]
        field = _FIELD_TAIL.match(text, end)
        poss_match = _DEGREE_BEFORE.search(before)
        poss = poss_match["poss"].casefold() if poss_match else ""
        if poss in ("my", "our"):
            subject = resolve(text, start, end) or "writer"
        elif poss in ("his", "her", "their"):
            subject = resolve(text, start, end)
            subject = subject if subject == "acquaintance" else None
        else:
            if _DEGREE_VERB.search(before) is None and not field:
                continue  # "a diploma", "the MA" alone: no one holds it
            subject = resolve(text, start, end, fronted=False)
        if term in _CASED and not field and regex.match(r"\s+(?-i:\p{Lu})", text[end : end + 3]):
            continue  # "MS Word", "MA Program": a name, not a degree
        if term in _GENERIC and not (field or poss in ("my", "our")):
            continue
        if field:
            end = field.end("field")
        if subject:
            level = lexicon.degrees()[term]
            yield Candidate(start, end, "education", subject, level, "degree", 0.85)


_GENERIC = frozenset({"diploma", "certificate", "master", "masters", "bachelor", "bachelors"})


def _fields(text: str) -> Iterator[Candidate]:
    for pattern in (_STUDIED, _MY_MAJOR):
        for m in pattern.finditer(text):
            subject = subject_of(m["subj"], text, m.start())
            field = m["field"]
            if subject is None or lexicon.key(field.split()[0]) in (
                "abroad",
                "hard",
                "there",
                "here",
                "it",
                "this",
                "that",
                "for",
                "at",
                "a",
                "the",
                "up",
            ):
                continue
            value = lexicon.key(field)
            yield Candidate(
                m.start("field"), m.end("field"), "education", subject, value, "field", 0.75
            )
    for m in _INSTITUTION.finditer(text):
        subject = subject_of(m["subj"], text, m.start())
        org = m["org"].rstrip(".'’")
        if subject is None or not regex.search(_SCHOOL_WORDS, org, I):
            continue  # "I went to Paris": a trip, not a school
        end = m.start("org") + len(org)
        yield Candidate(m.start("org"), end, "education", subject, org, "institution", 0.8)
    for m in _ATTENDED.finditer(text):
        group = "kind" if m["kind"] else "kind2" if m["kind2"] else "kind3"
        kind = m[group].casefold()
        subject = resolve(text, m.start(group), m.end(group)) or "writer"
        yield Candidate(
            m.start(group), m.end(group), "education", subject, _KIND_LEVEL[kind], "school", 0.7
        )


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    yield from _degrees(text)
    yield from _fields(text)
