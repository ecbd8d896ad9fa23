"""Occupation, employer and income.

An occupation is a title from the ISCO-08 lexicon in a frame that gives it to a person:
"I'm an ICU nurse", "as a teacher, I", "my job as a chef", "my wife is a dentist",
"we nurses", "nurse by trade". The span is the occupational noun phrase (modifiers
included: "ICU nurse"). "what do nurses earn" has no such frame. An employer follows
"I work at/for" or an occupation ("a nurse at Mercy"); a kind of workplace ("at a
hospital") is kept as one too. An income is an amount after "I make/earn", "my salary
is", "on a ... salary"; the span is the amount.
"""

from __future__ import annotations

from collections.abc import Iterator

from veil.rules import lazy_regex as regex
from veil.rules.quasi import lexicon
from veil.rules.quasi.disclosure import ACQUAINTANCE, WRITER, Candidate
from veil.rules.quasi.gate import gated
from veil.rules.quasi.place import place_after
from veil.rules.quasi.whose import (
    RELATION_SUBJECT,
    I,
    fronted_impersonal,
    resolve,
    subject_of,
)

_SELF_TITLE = regex.compile(
    r"(?P<subj>\b(?:i'm|i’m|im|i am|i was|i've been|i’ve been|ive been|i have been|i had been|"
    r"i used to be|i became|i'm now|i am now|i trained as|i'm training to be|i qualified as|"
    r"i retired as|i started as|i started out as|i'm employed as|i am employed as|"
    r"i work as|i worked as|i'm working as|i am working as|i'm a working|i'm currently|"
    r"i'm still|i'm also|i'm just|i am just|i am also|i am still|i am currently|me,|"
    r"we're|we’re|we are|we both work as|"
    rf"{RELATION_SUBJECT}(?:\s+(?:is|was|works as|worked as|used to be|became|is now|"
    r"has been)|'s|’s|,)|he's|he’s|she's|she’s|he is|she is|he was|she was|"
    r"he works as|she works as)\s+(?:(?:also|now|still|currently|just|actually|only|"
    r"basically|literally|a working|technically)\s+)*)(?P<art>an?\s+|the\s+)?",
    I,
)
_AS_TITLE = gated(
    regex.compile(
        r"(?<!\b(?:such|well|same|much|known|just|good|soon|long|far|so|regarded|seen|viewed|"
        r"described|treated|work|job|career|role|position|jobs|careers)\s+)"
        r"\b(?:as|being)\s+(?P<art>an?)\s+",
        I,
    ),
    "as a",
    "being a",
)
_MY_ROLE = gated(
    regex.compile(
        r"\b(?P<subj>my|our)\s+(?:(?:job|work|role|career|position|gig|day job|profession|"
        r"time|years?|days?|experience|training|shifts?|stint)\s+)(?:as|working as)\s+(?:an?\s+)?",
        I,
    ),
    " as ",
)
_PLURAL_SELF = regex.compile(r"\b(?:we|us|fellow|other|as)\s+", I)
_TRADE = gated(
    regex.compile(r"\s+by\s+(?:trade|profession|training)\b", I),
    "by trade",
    "by profession",
    "by training",
)
_TITLE_HERE = gated(
    regex.compile(r"(?:^|\n|[.!?]\s+)\s*(?:a\s+)?", I),
    "here",
)
_NOT_MODIFIERS = frozenset(
    [
        "and",
        "or",
        "but",
        "who",
        "that",
        "with",
        "in",
        "at",
        "of",
        "for",
        "to",
        "from",
        "the",
        "a",
        "an",
        "very",
        "really",
        "so",
        "just",
        "not",
        "no",
        "big",
        "huge",
        "little",
        "bit",
        "lot",
        "fan",
        "believer",
        "lover",
        "person",
        "kind",
        "sort",
        "type",
        "part",
        "member",
        "retired",
        "former",
        "ex",
        "future",
        "aspiring",
        "wannabe",
        "would-be",
    ]
)
_DROP_MODIFIERS = frozenset(["retired", "former", "ex", "ex-", "aspiring", "future", "wannabe"])
_AT_EMPLOYER = regex.compile(
    r"\s+(?:at|for|with)\s+(?:the\s+)?(?P<org>(?-i:\p{Lu}[\p{L}\d&'’.\-]*)(?:\s+(?:of\s+|&\s+)?"
    r"(?-i:\p{Lu}[\p{L}\d&'’.\-]*)){0,4})",
    I,
)
_WORK_AT = gated(
    regex.compile(
        rf"(?P<subj>\b(?:i|we|he|she|they|{RELATION_SUBJECT}))(?:'m|’m|'re|’re|'s|’s|\s+am|\s+are|"
        r"\s+is|\s+was|\s+have|\s+had|'ve|’ve)?\s+(?:(?:currently|now|still|also|just|recently|"
        r"been|used to|full[- ]time|part[- ]time)\s+)*(?:work|works|worked|working|intern|"
        r"interned|interning|volunteer|volunteers|volunteering|employed|hired|joined|started)"
        r"(?:\s+(?:full[- ]time|part[- ]time|remotely|nights|shifts))?\s+(?:at|for|with|by|in)?\s*"
        r"(?:the\s+|an?\s+)?",
        I,
    ),
    "work",
    "intern",
    "volunteer",
    "employed",
    "hired",
    "joined",
    "started",
)
_MY_WORKPLACE = gated(
    regex.compile(
        r"\b(?P<subj>my|our)\s+(?:employer|company|firm|workplace|job|shift|shifts|office)"
        r"(?:\s+(?:is|was|at|in)|,)\s+(?:the\s+|an?\s+)?",
        I,
    ),
    "employer",
    "company",
    "firm",
    "workplace",
    "job",
    "shift",
    "office",
)
# Kinds of workplace that say something about a job ("I work in a hospital").
_WORKPLACE_KINDS = frozenset(
    [
        "hospital",
        "er",
        "a&e",
        "icu",
        "clinic",
        "ward",
        "practice",
        "surgery",
        "school",
        "primary school",
        "high school",
        "university",
        "college",
        "nursery",
        "daycare",
        "bank",
        "law firm",
        "startup",
        "start-up",
        "agency",
        "factory",
        "warehouse",
        "supermarket",
        "grocery store",
        "restaurant",
        "cafe",
        "café",
        "bakery",
        "hotel",
        "bar",
        "pub",
        "gym",
        "call centre",
        "call center",
        "council",
        "ministry",
        "nonprofit",
        "non-profit",
        "charity",
        "newspaper",
        "museum",
        "library",
        "airline",
        "airport",
        "lab",
        "laboratory",
        "pharmacy",
        "dental practice",
        "care home",
        "nursing home",
        "retail store",
        "shop",
        "garage",
        "farm",
        "mine",
        "refinery",
        "plant",
        "firm",
        "consultancy",
        "tech company",
        "big tech",
        "government",
        "army",
        "navy",
        "police force",
        "fire department",
    ]
)
_AMOUNT = (
    r"(?P<amount>(?:[$£€¥₹]|(?:us|au|ca|nz)\$|rs\.?\s?)\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mil|"
    r"million|thousand|grand|lakhs?|crores?)?\b|\d[\d,]*(?:\.\d+)?\s?(?:k|thousand|grand|"
    r"million|lakhs?|crores?|lpa)?\s?(?:dollars|euros?|pounds|quid|bucks|usd|eur|gbp|cad|aud|"
    r"rupees|inr|yen|francs|chf)\b|\d{2,3}(?:\.\d)?\s?k\b|\d+(?:\.\d+)?\s?(?:lakhs?|lpa|"
    r"crores?)\b|six[- ]figures?|seven[- ]figures?|minimum wage|the minimum wage)"
)
_EARN = regex.compile(
    rf"(?P<subj>\b(?:i|we|he|she|they|{RELATION_SUBJECT}))(?:'m|’m|'re|’re|\s+am|\s+are|\s+is|"
    r"'s|’s)?\s+(?:(?:only|just|currently|now|still|probably|barely|actually|also|each|both)"
    r"\s+)*(?:make|makes|made|making|earn|earns|earned|earning|bring in|brings in|bringing "
    r"in|take home|takes home|clear|clears|gross|net|pull in|pulls in|get paid|gets paid|"
    r"got paid|am paid|'m paid|’m paid|are paid|is paid|was paid|live on|living on|"
    r"survive on|on)\s+(?:(?:about|around|roughly|like|just|over|under|almost|nearly|only|"
    r"less than|more than|barely|a bit over|a bit under|approximately|approx\.?|~)\s*)*"
    rf"{_AMOUNT}",
    I,
)
# The word for one's pay and the verb after it: every match of the next has them (its
# gate's ``need``, which skips the subject alternation in most texts).
_PAY_IS = (
    r"(?:salary|income|pay|wage|wages|paycheck|pay cheque|earnings|pension|rate)\s+"
    r"(?:is|was|of|:|=|'s|’s|are|comes to|works out to)\s+"
)
_MY_PAY = gated(
    regex.compile(
        rf"(?P<subj>\b(?:my|our|{RELATION_SUBJECT}))\s+(?:(?:annual|yearly|monthly|hourly|"
        rf"household|combined|starting|base|current|new|take[- ]home|gross|net)\s+)*{_PAY_IS}"
        r"(?:(?:about|around|roughly|just|"
        rf"only|over|under|nearly|almost|like|~)\s*)*{_AMOUNT}",
        I,
    ),
    need=regex.compile(_PAY_IS, I),
)
_ON_SALARY = regex.compile(
    rf"\b(?:on|with)\s+(?:an?\s+|my\s+|our\s+)?{_AMOUNT}\s*(?:/\s*(?:yr|year|annum)\s+)?"
    r"(?:salary|income|a year|per year|per annum|annual|household income|pay)",
    I,
)
_PERIOD = regex.compile(
    r"\s*(?:a|per|an|/)\s*(?P<period>year|yr|annum|month|mo|week|wk|hour|hr|day)\b", I
)
_MULTIPLIER = {"k": 1_000, "thousand": 1_000, "grand": 1_000, "m": 1_000_000, "mil": 1_000_000,
               "million": 1_000_000, "lakh": 100_000, "lakhs": 100_000, "lpa": 100_000,
               "crore": 10_000_000, "crores": 10_000_000}  # fmt: skip
_PER_YEAR = {"year": 1, "yr": 1, "annum": 1, "month": 12, "mo": 12, "week": 52, "wk": 52,
             "hour": 2080, "hr": 2080, "day": 260}  # fmt: skip


def annual_amount(amount: str, period: str | None) -> int | str:
    """ "$85k" a year -> 85000; "$25" an hour -> 52000; "six figures" stays as written."""
    match = regex.search(r"(\d[\d,]*(?:\.\d+)?)\s?([a-z]+)?", amount.casefold())
    if match is None:
        return amount.casefold()
    number = float(match.group(1).replace(",", ""))
    unit = match.group(2) or ""
    number *= _MULTIPLIER.get(unit, 1)
    return round(number * _PER_YEAR.get((period or "year").casefold(), 1))


def _title_at(text: str, position: int, plural: bool = False) -> tuple[int, int, str] | None:
    """An occupation noun phrase at ``position``: up to two modifiers, then a title
    (plural for "we nurses"). "retired" or "former" before it is not part of it."""
    table = lexicon.occupations()
    spans = lexicon.words_at(text, position, 6)
    for skip in range(0, min(3, len(spans))):
        if skip and lexicon.key(text[slice(*spans[skip - 1])]) in _NOT_MODIFIERS - _DROP_MODIFIERS:
            return None
        found = lexicon.longest_term(text, spans[skip][0], table)
        if found is None:
            continue
        _, end, title = found
        if plural != (title in lexicon.singular_titles()) or text[end : end + 1].isalnum():
            return None
        first = 0
        for i in range(skip):
            word = lexicon.key(text[slice(*spans[i])])
            # an age ("34-year-old") or a dropped word ("retired") is not part of the title
            if word in _DROP_MODIFIERS or word.endswith("old") or any(c.isdigit() for c in word):
                first = i + 1
        return spans[first][0], end, title
    return None


def _value(text: str, start: int, end: int) -> str:
    words = lexicon.key(text[start:end])
    return lexicon.singular_titles().get(words, words)


def _occupations(text: str) -> Iterator[Candidate]:
    found: list[tuple[int, int, str, str]] = []  # start, end, subject, detail
    for m in _SELF_TITLE.finditer(text):
        title = _title_at(text, m.end())
        if title is None:
            continue
        subject = subject_of(m["subj"], text, m.start())
        if subject:
            found.append((title[0], title[1], subject, "title"))
    for m in _AS_TITLE.finditer(text):
        title = _title_at(text, m.end())
        if title is None:
            continue
        subject = resolve(text, m.start(), title[1]) or fronted_impersonal(
            text, m.start(), title[1]
        )
        if subject:
            found.append((title[0], title[1], subject, "title"))
    for m in _MY_ROLE.finditer(text):
        title = _title_at(text, m.end())
        if title:
            found.append((title[0], title[1], WRITER, "title"))
    for m in _PLURAL_SELF.finditer(text):
        title = _title_at(text, m.end(), plural=True)
        if title:
            found.append((title[0], title[1], WRITER, "title"))
    for m in _TITLE_HERE.finditer(text):
        title = _title_at(text, m.end())
        if title and regex.match(r"\s+here\b", text[title[1] :], I):
            found.append((title[0], title[1], WRITER, "title"))
    for m in _TRADE.finditer(text):
        window_start = max(0, m.start() - 40)
        for start in (
            w.start() + window_start
            for w in regex.finditer(r"\b\w", text[window_start : m.start()])
        ):
            title = _title_at(text, start)
            if title and title[1] == m.start():
                subject = resolve(text, title[0], title[1])
                if subject:
                    found.append((title[0], title[1], subject, "title"))
                break
    for start, end, subject, detail in found:
        yield Candidate(start, end, "occupation", subject, _value(text, start, end), detail, 0.85)
        employer = _AT_EMPLOYER.match(text, end)
        if employer:
            org = employer.span("org")
            yield Candidate(*org, "employer", subject, employer["org"], "employer", 0.8)
            yield from _place_of_work(text, org[1], subject)


_IN_PLACE = regex.compile(r"\s*,?\s+in\s+(?:the\s+)?", I)


def _place_of_work(text: str, end: int, subject: str) -> Iterator[Candidate]:
    """ "a nurse at Mercy in Portland": where the employer is, is near where they live."""
    cue = _IN_PLACE.match(text, end)
    found = place_after(text, cue.end(), strong=False) if cue else None
    if found:
        start, stop, detail = found
        yield Candidate(start, stop, "location", subject, text[start:stop], detail, 0.75)


def _employers(text: str) -> Iterator[Candidate]:
    for pattern in (_WORK_AT, _MY_WORKPLACE):
        for m in pattern.finditer(text):
            subject = subject_of(m["subj"], text, m.start()) if m["subj"] else None
            if subject is None:
                continue
            if pattern is _WORK_AT and regex.search(r"\bin\s*$", m.group(0), I):
                kind = lexicon.longest_term(text, m.end(), {k: 1 for k in _WORKPLACE_KINDS}, 3)
                if kind:  # "I work in a hospital"; "I work in London" is a place
                    yield Candidate(
                        kind[0], kind[1], "employer", subject, kind[2], "workplace", 0.75
                    )
                continue
            org = regex.match(
                r"(?-i:\p{Lu}[\p{L}\d&'’.\-]*|[A-Z\d]{2,})(?:\s+(?:of\s+|&\s+|for\s+)?"
                r"(?-i:\p{Lu}[\p{L}\d&'’.\-]*)){0,4}",
                text[m.end() :],
            )
            if org and org.group(0) not in ("I", "I'm"):
                end = m.end() + len(org.group(0).rstrip(".'’"))
                yield Candidate(
                    m.end(), end, "employer", subject, text[m.end() : end], "employer", 0.8
                )
                yield from _place_of_work(text, end, subject)
                continue
            kind = lexicon.longest_term(text, m.end(), {k: 1 for k in _WORKPLACE_KINDS}, 3)
            if kind:
                yield Candidate(kind[0], kind[1], "employer", subject, kind[2], "workplace", 0.75)


def _incomes(text: str) -> Iterator[Candidate]:
    for pattern in (_EARN, _MY_PAY, _ON_SALARY):
        for m in pattern.finditer(text):
            if pattern is _ON_SALARY:
                subject = resolve(text, m.start(), m.end())
            else:
                subject = subject_of(m["subj"], text, m.start())
            if subject is None:
                continue
            amount = m["amount"]
            if regex.fullmatch(r"\d+", amount.strip()):
                continue  # a bare number is not an amount
            period = _PERIOD.match(text, m.end("amount"))
            if (
                pattern is _EARN
                and not period
                and not regex.search(
                    r"[$£€¥₹k]|thousand|grand|million|lakh|crore|figure|wage|dollar|euro|pound|quid|"
                    r"buck|usd|eur|gbp|cad|aud|rupee|inr|yen|franc|chf|lpa",
                    amount,
                    I,
                )
            ):
                continue
            if regex.search(r"\bon\s*$", m.group(0)[: m.start("amount") - m.start()], I) and not (
                period or regex.search(r"figure|wage", amount, I)
            ):
                continue  # "I'm on $20 of credit"
            value = annual_amount(amount, period["period"] if period else None)
            detail = (
                "hourly" if period and period["period"].casefold() in ("hour", "hr") else "salary"
            )
            if regex.search(r"wage|figure", amount, I):
                detail = "band"
            yield Candidate(
                m.start("amount"), m.end("amount"), "income", subject, value, detail, 0.85
            )


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    yield from _occupations(text)
    yield from _employers(text)
    yield from _incomes(text)


__all__ = ["ACQUAINTANCE", "annual_amount", "find"]
