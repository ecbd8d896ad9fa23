"""Generalization hierarchies: the same fact said less precisely.

age -> ten-year band ("34-year-old" -> "30-something", born 1988 -> "the 1980s");
city -> the smallest enclosing area of at least ``MIN_POPULATION`` people (region,
country, continent); occupation -> its ISCO-08 major group; employer -> its sector;
degree -> its level; income -> a band; spouse terms -> "partner"; gendered
self-reference -> neutral words. Each returns the words that replace the span, or None
when there is nothing coarser to say (the disclosure is then reported instead).
"""

from __future__ import annotations

from functools import cache

from veil.rules import geography
from veil.rules import lazy_regex as regex
from veil.rules.operators import MIN_POPULATION, life_events
from veil.rules.quasi import lexicon

_NUMBER = regex.compile(r"\d{1,3}")


def generalize(
    disclosure, surface: str, text: str, min_population: int = MIN_POPULATION
) -> str | None:
    if disclosure.detail in life_events.DETAILS:  # a verb or an event noun: its own words
        return life_events.generalize(disclosure, surface)
    if disclosure.attribute == "age" and _ARTICLE_BEFORE.search(
        text[max(0, disclosure.span.start - 4) : disclosure.span.start]
    ):
        # "a 26yo", "a 26 year old": a noun phrase, so the band is said as one ("a
        # 20-something"), not as the predicate "in my 20s" ("as a in my 20s").
        value = disclosure.value if isinstance(disclosure.value, int) else None
        if value is not None and _COMPACT_AGE.fullmatch(surface.strip()):
            return age_band(value)
    rule = _RULES.get(disclosure.attribute)
    return rule(disclosure, surface, min_population) if rule else None


_ARTICLE_BEFORE = regex.compile(r"(?<!\w)an?\s+\Z", regex.IGNORECASE)
_DECADE_SURFACE = regex.compile(r"(?:(?P<q>early|mid|late)[- ]?)?(?P<d>[1-9]0)['’]?s", regex.I)
_COMPACT_AGE = regex.compile(r"\d{1,3}\s*(?:years?|yrs?|y/?o)(?:\s+old)?", regex.IGNORECASE)


def _decade(years: int) -> int:
    return years // 10 * 10


def age_band(years: int) -> str:
    if years < 13:
        return "young"
    if years < 20:
        return "teenage"
    return f"{_decade(years)}-something"


def _age(disclosure, surface: str, _: int) -> str | None:
    if disclosure.detail == "era":  # "grew up in the 90s": a decade of the calendar
        from veil.rules.operators import eras

        return eras.generalize(surface)
    stripped = surface.strip()
    year = regex.search(r"(?:19|20)\d\d", stripped)
    if disclosure.detail == "birth_year" or (year and regex.fullmatch(r"(?:19|20)\d\d", stripped)):
        if year is None and (two := regex.fullmatch(r"['’](\d\d)", stripped)):
            return f"the {_decade(int(two.group(1))):02d}s"  # "born in '88" -> "the 80s"
        return f"the {_decade(int(year.group(0)))}s" if year else None
    numbers = _NUMBER.findall(stripped)
    value = disclosure.value if isinstance(disclosure.value, int) else None
    if value is None and numbers:
        value = int(numbers[0])
    if value is None:
        return None  # "retired", "in high school": already a band
    if regex.fullmatch(r"\d{1,3}", stripped):
        return "13-19" if 13 <= value < 20 else "under 13" if value < 13 else age_band(value)
    if regex.fullmatch(r"\d{1,3}-(?:years?|yrs?)-old", stripped, regex.IGNORECASE):
        return age_band(value)  # attributive: "a 34-year-old nurse" -> "a 30-something nurse"
    if regex.fullmatch(r"\d{1,3}\s*(?:years?|yrs?|y/?o)(?:\s+old)?", stripped, regex.IGNORECASE):
        if value < 13:
            return "under 13"
        return "a teenager" if value < 20 else f"in {_pronoun(disclosure)} {_decade(value)}s"
    if match := regex.fullmatch(r"(\d)\d\s*([mMfF])", stripped):  # Reddit's "34F"
        return f"{match.group(1)}0s{match.group(2)}"
    if decade := _DECADE_SURFACE.fullmatch(stripped):
        # "in my 30s" is a band already ("30-somethings" is no English); "my early 30s"
        # says a little more than the decade does
        return f"{decade.group('d')}s" if decade.group("q") else None
    if numbers:  # any other shape: the band in place of the number
        return surface.replace(numbers[0], f"{_decade(value)}-something", 1)
    return None


def _pronoun(disclosure) -> str:
    return "my" if disclosure.subject == "writer" else "their"


def _place(disclosure, surface: str, min_population: int) -> str | None:
    name = disclosure.value if isinstance(disclosure.value, str) and disclosure.value else surface
    if disclosure.detail == "demonym":
        return continent_demonym(surface)
    if disclosure.detail == "postcode":
        return _postcode(surface)
    area = geography.generalize(name, min_population)
    if area is None:
        # A neighbourhood or landmark veil cannot place: the words say only "local".
        return "my area" if disclosure.detail in {"neighbourhood", "landmark"} else None
    if area.kind == "city":
        return None  # a city of millions is its own area: "Cali, Colombia" is not less
    if _TAKES_THE.search(area.name):
        return f"the {area.name}"  # "here in the United Kingdom" (a "the" before it stays)
    return area.name


# English gives a country's name the article when it is plural or built on a common noun
# ("the United Kingdom", "the Netherlands", "the Czech Republic"), not when it is a name.
_TAKES_THE = regex.compile(
    r"\b(?:Kingdom|States|Republic|Emirates|Islands|Union|Federation)\b|^(?:Netherlands|"
    r"Philippines|Bahamas|Maldives|Gambia)$"
)


def _postcode(surface: str) -> str | None:
    compact = surface.strip()
    if regex.fullmatch(r"\d{5}(?:-\d{4})?", compact):  # US ZIP: the 3-digit area
        return compact[:3] + "xx"
    if match := regex.fullmatch(r"([A-Za-z]{1,2}\d[A-Za-z\d]?)\s*\d[A-Za-z]{2}", compact):
        return match.group(1).upper()  # UK: the outward code
    digits = regex.sub(r"\D", "", compact)
    return digits[:2] + "x" * (len(digits) - 2) if len(digits) > 3 else None


# ISCO-08 major groups, as a noun that fits "I'm a ..." / "works as a ...".
OCCUPATION_NOUNS = {
    "Managers": "manager",
    "Professionals": "professional",
    "Technicians and associate professionals": "technician",
    "Clerical support workers": "office worker",
    "Service and sales workers": "service worker",
    "Skilled agricultural, forestry and fishery workers": "farm worker",
    "Craft and related trades workers": "tradesperson",
    "Plant and machine operators, and assemblers": "machine operator",
    "Elementary occupations": "worker",
    "Armed forces occupations": "member of the armed forces",
}


def occupation_group_of(disclosure, surface: str) -> str | None:
    from veil.rules.quasi import occupation_group

    title = disclosure.value if isinstance(disclosure.value, str) else surface
    return occupation_group(title) or occupation_group(surface)


def _occupation(disclosure, surface: str, _: int) -> str | None:
    group = occupation_group_of(disclosure, surface)
    noun = OCCUPATION_NOUNS.get(group or "", "worker")
    if surface.rstrip().endswith("s") and not noun.endswith("s") and disclosure.detail == "plural":
        noun += "s"
    return noun


# Words in an organisation's name that say its sector.
_SECTORS = (
    (r"hospital|clinic|medical|health|care|surgery|pharma", "a healthcare provider"),
    (r"universit|college|school|academy|institute", "a school"),
    (r"bank|capital|financ|insurance|credit|invest", "a financial firm"),
    (r"council|ministry|department|agency|government|city of|county|state of", "a public agency"),
    (r"church|mosque|temple|synagogue|charity|foundation", "a non-profit"),
    (r"restaurant|cafe|café|bar|bakery|hotel", "a hospitality business"),
    (r"store|shop|market|mart|retail", "a retailer"),
    (r"law|legal|attorneys|solicitors", "a law firm"),
    (r"labs?|software|tech|systems|digital|data|cloud|ai\b", "a tech company"),
)


def _employer(disclosure, surface: str, _: int) -> str | None:
    folded = surface.casefold()
    for pattern, sector in _SECTORS:
        if regex.search(pattern, folded):
            return sector
    return "a company"


# ISCED levels (rules.quasi's degree table) -> a tier coarse enough that the field and
# the exact level are gone: a bachelor's is "a degree", a master's or a PhD "a
# postgraduate degree".
DEGREE_TIERS = {
    "secondary": "a secondary education",
    "associate": "a qualification",
    "bachelor": "a degree",
    "master": "a postgraduate degree",
    "doctorate": "a postgraduate degree",
}


def degree_level(surface: str) -> str | None:
    from veil.rules.quasi import degree_level as isced_level

    return isced_level(surface)


def _education(disclosure, surface: str, _: int) -> str | None:
    if disclosure.detail in {"institution", "school"}:
        return "a university" if "school" not in surface.casefold() else "a school"
    if disclosure.detail in {"year", "graduation_year"}:
        numbers = regex.findall(r"(?:19|20)\d\d", surface)
        return f"the {_decade(int(numbers[0]))}s" if numbers else None
    level = degree_level(surface) or degree_level(str(disclosure.value or ""))
    return DEGREE_TIERS.get(level or "", "a degree")


_FAMILY_WORDS = {
    "husband": "partner", "wife": "partner", "spouse": "partner", "boyfriend": "partner",
    "girlfriend": "partner", "fiance": "partner", "fiancé": "partner", "fiancee": "partner",
    "fiancée": "partner", "hubby": "partner", "missus": "partner", "bf": "partner",
    "gf": "partner", "son": "child", "daughter": "child", "sons": "children",
    "daughters": "children", "boy": "child", "girl": "child", "stepson": "stepchild",
    "stepdaughter": "stepchild", "mom": "parent", "mum": "parent", "dad": "parent",
    "mother": "parent", "father": "parent", "brother": "sibling", "sister": "sibling",
    "married": "in a relationship", "engaged": "in a relationship", "divorced": "single",
    "widowed": "single", "widow": "single person", "widower": "single person",
    "separated": "single", "single": "unmarried",
    "grandma": "grandparent", "grandpa": "grandparent",
    "grandmother": "grandparent", "grandfather": "grandparent", "nephew": "relative",
    "niece": "relative", "aunt": "relative", "uncle": "relative",
}  # fmt: skip
_COUNT = regex.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+", regex.IGNORECASE
)


@cache
def _spouse_phrases() -> regex.Pattern[str]:
    """Every word for a partner the family lexicon knows that is more than one word ("better
    half", "significant other"): each says the same as "partner"."""
    phrases = sorted(
        (t for t, term in lexicon.family_terms().items() if term.kind == "spouse" and " " in t),
        key=len,
        reverse=True,
    )
    return regex.compile(r"\b(?:" + "|".join(map(regex.escape, phrases)) + r")\b", regex.I)


def neutral_family(surface: str) -> str | None:
    """ "two kids" -> "kids", "my husband" -> "my partner", "mom of three" -> "parent"."""
    words = _COUNT.sub("", surface)
    if regex.search(r"\b(?:mom|mum|mother|dad|father|parent)\s+of\b", words, regex.IGNORECASE):
        return "parent"
    words = _spouse_phrases().sub(lambda m: _match_case("partner", m.group(0)), words)
    out = regex.sub(r"\b\w+\b", lambda m: _family_word(m.group(0)), words)
    return out if out != surface else None


def _family_word(word: str) -> str:
    """The neutral word for a family word: the table's, else "partner" for any partner
    term of the family lexicon that says a gender ("Mrs", "wifey")."""
    folded = word.casefold()
    if folded in _FAMILY_WORDS:
        return _match_case(_FAMILY_WORDS[folded], word)
    term = lexicon.family_terms().get(lexicon.key(word))
    if term is not None and term.kind == "spouse" and term.gender is not None:
        return "partner"  # "the Mrs": a title's capital is no sentence's
    return word


def _family(disclosure, surface: str, _: int) -> str | None:
    return neutral_family(surface)


GENDER_WORDS = {
    "man": "person", "woman": "person", "guy": "person", "girl": "person", "lady": "person",
    "gal": "person", "dude": "person", "male": "person", "female": "person",
    "boy": "person", "men": "people", "women": "people", "guys": "people",
    "mom": "parent", "mum": "parent", "mother": "parent", "dad": "parent",
    "father": "parent", "wife": "partner", "husband": "partner", "son": "child",
    "daughter": "child", "gentleman": "person", "housewife": "homemaker",
    "businessman": "businessperson", "businesswoman": "businessperson",
    "bloke": "person", "chap": "person", "lad": "person", "lass": "person",
    "chick": "person", "gals": "folks", "ladies": "folks", "girls": "folks",
    "lads": "folks", "blokes": "folks", "dudes": "folks", "lasses": "folks",
    "boys": "folks", "chaps": "folks", "gents": "folks", "fellas": "folks",
}  # fmt: skip


def _gender(disclosure, surface: str, _: int) -> str | None:
    out = regex.sub(
        r"\b\w+\b",
        lambda m: _match_case(GENDER_WORDS.get(m.group(0).casefold(), m.group(0)), m.group(0)),
        surface,
    )
    if regex.fullmatch(r"\(?\s*[mMfF]\s*\)?", surface.strip()):
        return ""  # a bare "M"/"F" marker says nothing once removed
    return out if out != surface else None


# The level words of a "level" income disclosure (rules/quasi/levels.py) and what follows.
INCOME_LEVEL = regex.compile(
    r"(?:(?:lower|upper)[- ]middle|low(?:er)?|middle|mid|high(?:er)?|top)[- ]", regex.IGNORECASE
)
INCOME_BANDS = ((25_000, "under 25k"), (50_000, "25-50k"), (100_000, "50-100k"),
                (200_000, "100-200k"), (float("inf"), "over 200k"))  # fmt: skip


_PERIOD = regex.compile(
    r"(?:\b(?:a|an|per)\s+|/\s*)(?P<per>year|yr|annum|month|mo|week|wk|hour|hr|day)\b"
    r"|\b(?P<ly>annual|month|week|hour)ly\b",
    regex.IGNORECASE,
)


def income_amount(surface: str) -> float | None:
    """The yearly amount an income phrase says ("$30/hr" -> 62400), read the way the
    recognizers read it (rules.quasi.work.annual_amount); None without a number."""
    from veil.rules.quasi.work import annual_amount  # rules.quasi loads on first use

    if not regex.search(r"\d", surface):
        return None
    period = _PERIOD.search(surface)
    per = None
    if period is not None:
        per = period.group("per") or {"annual": "year"}.get(
            period.group("ly").casefold(), period.group("ly")
        )
    amount = annual_amount(surface, per)
    return float(amount) if isinstance(amount, int) else None


def income_band(amount: float) -> str:
    return next(band for limit, band in INCOME_BANDS if amount < limit)


def _income(disclosure, surface: str, _: int) -> str | None:
    if disclosure.detail == "level":  # "low-income" -> "income", "a high earner" -> "an earner"
        level = INCOME_LEVEL.match(surface)
        return surface[level.end() :] if level else None
    amount = income_amount(surface)
    if amount is None:
        return None
    number = regex.search(r"\d[\d,.]*(?:\s*(?:k|K|thousand|grand|m|M|million)\b)?", surface)
    period = regex.search(
        r"\s*(?:a|per|/|an)\s*(?:year|yr|month|mo|hour|hr)\b|\s*(?:annually|monthly|hourly)",
        surface,
        regex.IGNORECASE,
    )
    band = income_band(amount)
    # The amount becomes the yearly band; what surrounds it ("$", "a year") stays.
    head = surface[: number.start()] if number else ""
    tail = surface[number.end() : period.start()] if number and period else ""
    yearly = " a year" if period else ""
    if period is None and number is not None:
        tail = surface[number.end() :]
    return f"{head}{band}{tail}{yearly}".strip()


def _health(disclosure, surface: str, _: int) -> str | None:
    return "a health condition"


def _nationality(disclosure, surface: str, _: int) -> str | None:
    if (word := continent_demonym(surface)) is not None:
        return word
    name = disclosure.value if isinstance(disclosure.value, str) and disclosure.value else surface
    continent = geography.continent_of(name)
    return geography.CONTINENT_DEMONYMS.get(continent) if continent else None


def place_of_demonym(word: str) -> str | None:
    """The place a demonym names ("kiwi" -> New Zealand, "French" -> France, "Londoner"
    -> London): from the lexicon's irregular and informal ones, else by the rule English
    derives demonyms from place names (rules.notability)."""
    from veil.rules import notability

    informal = lexicon.informal_demonyms().get(lexicon.key(word))
    if informal is not None:
        return informal[1]
    singular = word[:-1] if word.endswith("s") else word
    return next(
        (
            name
            for w in dict.fromkeys((word, singular))
            for name in notability.demonym_places(w)
            if geography.continent_of(name) is not None
        ),
        None,
    )


def continent_demonym(word: str) -> str | None:
    """A demonym said of a continent instead of a country or town ("kiwi" ->
    "oceanian", "Aussies" -> "Oceanians", "French" -> "European"), in the
    number and case the writer used; None when the place is unknown."""
    stripped = word.strip()
    place = place_of_demonym(stripped)
    continent = geography.continent_of(place) if place else None
    general = geography.CONTINENT_DEMONYMS.get(continent) if continent else None
    if general is None:
        return None
    if stripped.endswith("s") and place_of_demonym(stripped[:-1]) == place:
        general += "s"  # "Aussies" -> "Oceanians"; "Swiss" is no plural
    return general.lower() if stripped.islower() else general


def _religion(disclosure, surface: str, _: int) -> str | None:
    return "religious"


def _orientation(disclosure, surface: str, _: int) -> str | None:
    return "queer" if surface.casefold() not in {"straight", "heterosexual"} else None


def _ethnicity(disclosure, surface: str, _: int) -> str | None:
    return None  # no coarser word that keeps the sentence true: reported instead


def _match_case(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


_RULES = {
    "age": _age,
    "location": _place,
    "birthplace": _place,
    "occupation": _occupation,
    "employer": _employer,
    "education": _education,
    "family": _family,
    "gender": _gender,
    "income": _income,
    "health": _health,
    "nationality": _nationality,
    "religion": _religion,
    "orientation": _orientation,
    "ethnicity": _ethnicity,
}
