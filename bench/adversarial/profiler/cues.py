"""Hand-written cue rules: explicit first-person statements an attacker reads at a glance.

Each rule is a pattern and a function from its match to an answer. Rules are tried in
order per attribute and the first one that yields an answer wins; they say nothing about
texts that only talk about a topic ("the history of Madrid", "nurses are underpaid"),
which are left to naive Bayes. The word lists here are this attacker's own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

REFERENCE_YEAR = 2023  # the year the evaluation texts were written in
_I_AM = r"\bI(?:'m|’m| am|m)\s+"
_FLAGS = re.IGNORECASE


@dataclass(frozen=True)
class Cue:
    attribute: str
    answer: str
    rule: str
    evidence: str


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    answer: Callable[[re.Match[str]], str | None]


def _rule(name: str, pattern: str, answer: str | Callable[[re.Match[str]], str | None]) -> Rule:
    fixed = answer if callable(answer) else (lambda _match, value=answer: value)
    return Rule(name, re.compile(pattern, _FLAGS), fixed)


# --- age --------------------------------------------------------------------------------

_NOT_AN_AGE_AFTER = (
    r"(?!\s*(?:%|percent|minutes?|mins?|hours?|hrs?|km|miles?|kg|kilos?|lbs?|pounds?|euros?"
    r"|dollars?|bucks|k\b|times?|days?|weeks?|months?|feet|ft|cm|inches|stone|degrees?|"
    r"st\b|nd\b|rd\b|th\b|:|\.\d|,\d))"
)
_DECADES = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60,
            "seventies": 70, "eighties": 80}  # fmt: skip
_PART_OF_DECADE = {"early": 2, "mid": 5, "middle": 5, "late": 8, None: 5}


def _age(value: int) -> str | None:
    return str(value) if 13 <= value <= 99 else None


def _decade(match: re.Match[str]) -> str | None:
    part, decade = match.group("part"), match.group("decade").casefold()
    start = _DECADES.get(decade) or int(decade.rstrip("'’s"))
    offset = _PART_OF_DECADE[part.casefold().rstrip("- ") if part else None]
    return _age(start + offset)


def _born(match: re.Match[str]) -> str | None:
    return _age(REFERENCE_YEAR - int(match.group("year")))


def _turned(match: re.Match[str]) -> str | None:
    """ "I just turned 40", but not "when I turned 14" (a memory, not an age)."""
    before = match.string[max(0, match.start() - 12) : match.start()].casefold()
    if re.search(r"\b(?:when|since|after|before|until|till|once|year|day)\s*$", before):
        return None
    return _age(int(match.group("n")))


_SCHOOL_AGE = {"school": 16, "class": 16, "uni": 20, "university": 20, "college": 20}


def _school_year(match: re.Match[str]) -> str | None:
    """ "in physics class in 1999": a pupil (about 16) or a student (about 20) that year."""
    offset = _SCHOOL_AGE[match.group("school").casefold()]
    return _age(REFERENCE_YEAR - int(match.group("year")) + offset)


AGE_RULES = [
    _rule("age.i_am_n", _I_AM + r"(?:now\s+|just\s+|only\s+|almost\s+|nearly\s+|a\s+)?"
          r"(?P<n>\d{2})\b(?:[- ](?:years?|yrs?)[- ]old|[- ]?y/?o\b)?" + _NOT_AN_AGE_AFTER,
          lambda m: _age(int(m.group("n")))),
    _rule("age.n_years_old", r"\b(?:as|being)\s+an?\s+(?:[a-z]+\s+){0,2}(?P<n>\d{2})[- ]"
          r"(?:years?|yrs?)[- ]old\b", lambda m: _age(int(m.group("n")))),
    _rule("age.turned", r"\bI(?:'ve|’ve| have)?\s+(?:just\s+|recently\s+|finally\s+)?"
          r"turned\s+(?P<n>\d{2})\b", _turned),
    _rule("age.birthday", r"\bmy\s+(?P<n>\d{2})(?:st|nd|rd|th)\s+birthday\b",
          lambda m: _age(int(m.group("n")))),
    _rule("age.decade", r"\b(?:I(?:'m|’m| am)|in\s+my|being\s+in\s+my)\s+(?:in\s+my\s+)?"
          r"(?P<part>early|mid|middle|late)?[- ]?(?P<decade>[1-8]0(?:'|’)?s|twenties|thirties|"
          r"forties|fifties|sixties|seventies|eighties)\b", _decade),
    _rule("age.born", r"\bI\s+was\s+born\s+in\s+(?P<year>19[2-9]\d|200\d)\b", _born),
    _rule("age.school_year", r"\b(?P<school>school|class|uni|university|college)\b[^.!?]{0,40}?"
          r"\b(?:in|back\s+in)\s+(?P<year>19[5-9]\d|20[0-2]\d)\b", _school_year),
    _rule("age.retired", _I_AM + r"(?:now\s+|happily\s+|recently\s+)?retired\b", "66"),
]  # fmt: skip

# --- gender -----------------------------------------------------------------------------

_FEMALE_SELF = r"(?:woman|girl|lady|gal|mom|mum|mother|wife|female|housewife|grandma)"
_MALE_SELF = r"(?:man|guy|dude|bloke|chap|dad|father|husband|male|gentleman|grandpa|lad)"
GENDER_RULES = [
    _rule("gender.partner_is_male", r"\bmy\s+(?:husband|hubby|boyfriend|bf)\b", "female"),
    _rule("gender.partner_is_female", r"\bmy\s+(?:wife|missus|girlfriend|gf)\b", "male"),
    _rule("gender.self_female", rf"(?:{_I_AM}(?:a|an)\s+|\bas\s+a\s+){_FEMALE_SELF}\b", "female"),
    _rule("gender.self_male", rf"(?:{_I_AM}(?:a|an)\s+|\bas\s+a\s+){_MALE_SELF}\b", "male"),
    _rule("gender.one_like_me_female",
          r"\b(?:a|for\s+a)\s+(?:girl|gal|lady|woman)\s+(?:like\s+me|whose|who)\b", "female"),
    _rule("gender.one_like_me_male",
          r"\b(?:a|for\s+a)\s+(?:guy|chap|bloke|dude|man|lad)\s+(?:like\s+me|whose|who)\b",
          "male"),
    _rule("gender.us_female", r"\b(?:us|we)\s+(?:girls|ladies|women|gals)\b", "female"),
    _rule("gender.us_male", r"\b(?:us|we)\s+(?:guys|blokes|lads|men|chaps)\b", "male"),
]  # fmt: skip

# --- relationship status ----------------------------------------------------------------

_SPOUSE = r"(?:wife|husband|hubby|spouse|partner|missus|better\s+half)"
RELATIONSHIP_RULES = [
    _rule("family.widowed", rf"\b(?:widow(?:ed|er)?\b|(?:passing|death|loss)\s+of\s+my\s+"
          rf"(?:late\s+)?{_SPOUSE}|my\s+late\s+{_SPOUSE}|lost\s+my\s+{_SPOUSE})", "widowed"),
    _rule("family.divorced", r"\b(?:divorced|my\s+divorce|my\s+ex[- ]?(?:wife|husband|"
          r"spouse|partner)?\b)", "divorced"),
    _rule("family.engaged", r"\b(?:my\s+fianc[eé]e?|I(?:'m|’m| am| just got| got)\s+"
          r"engaged)\b", "engaged"),
    _rule("family.married", r"\b(?:my\s+(?:wife|husband|hubby|spouse|missus|better\s+half)"
          r"|I(?:'m|’m| am)\s+(?:happily\s+)?married|our\s+wedding\s+anniversary)\b", "married"),
    _rule("family.dating", r"\b(?:my\s+(?:boyfriend|girlfriend|bf|gf|partner|significant"
          r"\s+other)|I(?:'m|’m| am)\s+(?:in\s+a\s+relationship|seeing\s+someone|dating\s+"
          r"someone))\b", "in a relationship"),
    _rule("family.single", rf"(?:{_I_AM}(?:still\s+|currently\s+|happily\s+|totally\s+|"
          r"very\s+much\s+)?single\b|\bbeing\s+single\b|\bsingle\s+life\b|\bas\s+a\s+single\s+"
          r"(?:guy|gal|person|woman|man|girl)\b)", "single"),
]  # fmt: skip

# --- income level -----------------------------------------------------------------------

INCOME_RULES = [
    _rule("income.stated", r"\b(?P<level>low(?:er)?|middle|mid|upper[- ]middle|high(?:er)?)"
          r"[- ]income\b", lambda m: _income_level(m.group("level"))),
    _rule("income.very_high", r"\b(?:seven[- ]figure|millionaire)", "very high"),
    _rule("income.high", r"\bsix[- ]figure", "high"),
    _rule("income.low", r"\b(?:minimum\s+wage|pay\s?check\s+to\s+pay\s?check|barely\s+make\s+"
          r"ends\s+meet)", "low"),
]  # fmt: skip


def _income_level(word: str) -> str:
    word = word.casefold()
    if word.startswith("low"):
        return "low"
    return "high" if word.startswith("high") else "middle"


# --- education --------------------------------------------------------------------------

_LEVELS = {"bachelor": "Bachelors", "master": "Masters", "phd": "Doctorate",
           "doctorate": "Doctorate", "doctoral": "Doctorate", "mba": "Masters",
           "diploma": "Diploma", "associate": "Diploma"}  # fmt: skip
_SUBJECT_STOP = {"and", "at", "from", "but", "so", "which", "that", "when", "while", "with",
                 "back", "years", "was", "is", "the", "a", "my", "i", "it", "to", "for", "or",
                 "because", "where", "during", "after", "before", "on", "then", "ago"}  # fmt: skip


def _subject(words: str | None) -> str:
    kept: list[str] = []
    for word in (words or "").split():
        if word.casefold() in _SUBJECT_STOP:
            break
        kept.append(word)
    return " ".join(kept[:3])


def _degree(match: re.Match[str]) -> str:
    if match.group("level").casefold().startswith("ph") and not match.group("subject"):
        return "PhD"
    level = _LEVELS[re.sub(r"[^a-z]", "", match.group("level").casefold()).removesuffix("s")]
    subject = _subject(match.group("subject"))
    if match.group("level").casefold() == "mba":
        subject = subject or "Business Administration"
    return f"{level} in {subject}" if subject else level


EDUCATION_RULES = [
    _rule("education.degree", r"\b(?:my|a|an|I\s+have\s+a|I\s+hold\s+a|got\s+my)\s+"
          r"(?P<level>bachelor(?:'|’)?s?|master(?:'|’)?s?|ph\.?d\.?|doctorate|doctoral|mba|"
          r"diploma|associate(?:'|’)?s?)(?:\s+degree)?(?:\s+(?:in|of)\s+(?P<subject>[a-z]+"
          r"(?:\s+[a-z]+){0,3}))?", _degree),
    _rule("education.high_school", r"\b(?:(?:only|just)\s+(?:finished|completed|have|did)\s+high"
          r"\s+school|high\s+school\s+diploma|never\s+went\s+to\s+(?:college|uni|university)|"
          r"didn(?:'|’)?t\s+go\s+to\s+(?:college|uni|university)|straight\s+out\s+of\s+high\s+"
          r"school)", "High School Diploma"),
    _rule("education.studied", r"\b(?:I\s+(?:studied|majored\s+in|graduated\s+in)|my\s+studies"
          r"\s+in)\s+(?P<subject>[a-z]+(?:\s+[a-z]+){0,3})",
          lambda m: f"Bachelors in {_subject(m.group('subject'))}"
          if _subject(m.group("subject")) else None),
]  # fmt: skip

# --- occupation -------------------------------------------------------------------------

_JOB_ENDING = re.compile(
    r"(?:er|tor|sor|nor|ist|ian|eer|ee|ant|ent|man|woman|nurse|chef|cook|clerk|pilot|guide|vet|"
    r"medic|coach|judge|mechanic|barista|nanny|officer|architect|tech|dev|surgeon|tutor|"
    r"waiter|curator|ceo|cfo|cto)$"
)
_NOT_A_JOB = {
    "other", "mother", "father", "brother", "sister", "daughter", "number", "member", "lover",
    "sucker", "beginner", "user", "partner", "summer", "winter", "dinner", "water", "paper",
    "letter", "power", "monster", "parent", "patient", "resident", "client", "adult", "giant",
    "fever", "order", "matter", "wonder", "native", "relative", "alternative", "vegetarian",
    "vegan", "moment", "event", "man", "woman", "gentleman", "foreigner", "newcomer",
    "outsider", "introvert", "extrovert", "perfectionist", "optimist", "pessimist", "loner",
    "kid", "child", "teenager", "youngster", "fan", "die-hard", "enthusiast", "newbie",
    "hobbyist", "amateur", "dreamer", "thinker", "believer", "follower", "supporter",
    "reader", "listener", "viewer", "gamer", "player", "eater", "drinker", "traveler",
    "traveller", "wanderer", "explorer", "collector", "hater", "person", "single",
    "customer", "consumer", "citizen", "expat", "immigrant", "survivor",
    "grandmother", "grandfather", "husband", "wife", "owner", "regular", "insider",
    "sidenote", "reminder", "decent", "student", "different", "silent", "distant",
    "confident", "independent", "competent", "efficient", "intelligent", "impatient",
    "ambivalent", "relevant", "elegant", "pleasant", "expert", "proper", "super",
    "better", "bigger", "faster", "clever", "former", "latter", "tender", "whatever",
    "boggler", "ancestor", "visitor", "spectator", "junior", "senior", "minor", "major",
}  # fmt: skip
_LEAD = (
    r"(?:I\s+work\s+as|working\s+as|my\s+(?:job|work|career|role|position|time)\s+as|"
    r"career\s+as|I(?:'ve|’ve| have)\s+been|I(?:'m|’m| am)|as)\s+(?:an?\s+)"
)
_FIELD_STOP = {"the", "a", "an", "my", "our", "this", "that", "it", "work", "mine", "expertise",
               "duty", "would", "could", "should", "will", "isn't", "does", "involves",
               "requires", "keeps", "makes", "also", "really", "though", "have"}  # fmt: skip


def _occupation(match: re.Match[str]) -> str | None:
    """The longest run of up to three words after "as a" whose last word names a job."""
    words = match.group("words").split()
    best = None
    for end in range(1, len(words) + 1):
        head = words[end - 1]
        if (
            head.islower()  # "as an Italian" is a nationality, not a job
            and head not in _NOT_A_JOB
            and _JOB_ENDING.search(head)
        ):
            best = " ".join(words[:end])
    return best


def _field(match: re.Match[str]) -> str | None:
    word = match.group("field").casefold()
    return None if word in _FIELD_STOP else word


OCCUPATION_RULES = [
    _rule("occupation.as_a", _LEAD + r"(?P<words>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})",
          _occupation),
    _rule("occupation.field", r"\b(?:(?:my|the)\s+(?:field|line)\s+of\s+(?:work\s+)?|in\s+the\s+"
          r"field\s+of\s+|I\s+work\s+in\s+)(?P<field>[a-z]{4,})\b", _field),
    _rule("occupation.industry", r"\b(?:I\s+work\s+in|working\s+in|my\s+job\s+in)\s+(?:the\s+)?"
          r"(?P<field>[a-z]{4,})\s+(?:industry|sector|field|business)\b", _field),
]  # fmt: skip

# --- places -----------------------------------------------------------------------------

_PLACE_STOP = {
    "the", "a", "an", "my", "our", "this", "that", "these", "those", "here", "there", "town",
    "city", "country", "it", "its", "his", "her", "their", "your", "some", "one", "what",
    "which", "such", "so", "time", "order", "general", "particular", "fact", "love",
    "front", "touch", "charge", "between", "terms", "case", "part", "person", "turn", "all",
    "both", "each", "every", "any", "many", "much", "more", "most", "few", "several",
    "and", "or", "but", "for", "with", "from", "to", "of", "by", "on", "at", "as", "is",
    "was", "be", "been", "being", "have", "has", "had", "do", "does", "did", "not", "no",
    "just", "only", "also", "too", "very", "really", "pretty", "quite", "kinda", "sorta",
    "school", "college", "university", "uni", "work", "office", "home", "bed", "line",
    "mind", "suburbs", "downtown", "countryside", "neighborhood", "neighbourhood", "area",
    "region", "village", "capital", "north", "south", "east", "west", "middle", "center",
    "centre", "heart", "land", "parts", "place", "world", "life", "days", "years", "winter",
    "summer", "spring", "autumn", "fall", "january", "february", "march", "april", "may",
    "june", "july", "august", "september", "october", "november", "december", "myself",
}  # fmt: skip
# The first word in any case ("here in madrid"); more words only when capitalized.
_PLACE = (
    r"(?P<place>[A-Za-z][\w'’-]+"
    r"(?-i:(?:[ -](?:[A-Z][\w'’-]+|de|del|da|do|los|las|el|la))*))"
)


def _place(match: re.Match[str]) -> str | None:
    words = match.group("place").split()
    if not words or words[0].casefold() in _PLACE_STOP or len(words[0]) < 3:
        return None
    # a lowercase place only from a writer who writes nothing in capitals
    if words[0].islower() and re.search(r"(?<![.!?]\s)(?<!^)\b[A-HJ-Z][a-z]", match.string):
        return None
    return " ".join(words[:3]).rstrip(".'’")


LOCATION_RULES = [
    _rule("location.lives_in", r"\b(?:(?:back\s+)?here\s+in|I\s+(?:now\s+|currently\s+)?live\s+"
          r"(?:here\s+)?in|I(?:'m|’m| am)\s+(?:now\s+|currently\s+)?(?:living|based)\s+in|"
          r"living\s+here\s+in|I\s+moved\s+to|we\s+moved\s+to|settled\s+(?:down\s+)?in|"
          r"life\s+here\s+in|here\s+in\s+sunny|my\s+(?:current\s+)?city,?)\s+" + _PLACE, _place),
]  # fmt: skip
BIRTHPLACE_RULES = [
    _rule("birthplace.born_in", r"\b(?:born(?:\s+and\s+(?:raised|bred))?\s+in|grew\s+up\s+in|"
          r"growing\s+up\s+in|raised\s+in|my\s+hometown(?:\s+of)?,?|back\s+home\s+in|"
          r"originally\s+from|I(?:'m|’m| am)\s+from|I\s+hail\s+from|native\s+of)\s+" + _PLACE,
          _place),
]  # fmt: skip

RULES: dict[str, list[Rule]] = {
    "age": AGE_RULES,
    "gender": GENDER_RULES,
    "location": LOCATION_RULES,
    "birthplace": BIRTHPLACE_RULES,
    "education": EDUCATION_RULES,
    "occupation": OCCUPATION_RULES,
    "income": INCOME_RULES,
    "family": RELATIONSHIP_RULES,
}


def find_cue(text: str, attribute: str) -> Cue | None:
    """The first rule (in order) whose match yields an answer, earliest match first."""
    for rule in RULES.get(attribute, []):
        for match in rule.pattern.finditer(text):
            answer = rule.answer(match)
            if answer:
                return Cue(attribute, answer, rule.name, match.group(0))
    return None
