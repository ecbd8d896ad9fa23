"""Where someone lives or comes from, and their nationality.

A place is a disclosure after a verb of living or origin with a person as its subject
("we live in", "my mum is from", "born and raised in", "grew up in"), after "here in"
and "back home in", before ", where I live", and in a postcode field. Only the place's
words are the span ("here in toronto" -> "toronto"). Known places come from
``rules.notability`` (GeoNames, ISO 3166), so lower case works ("madrid"); after a strong
cue an unknown capitalised name is taken too (a neighbourhood or a village). A demonym
said of oneself ("I'm Canadian", "as a kiwi", "fellow Aussies") is a nationality, or a
city ("a Londoner").
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from veil.rules import lazy_regex as regex
from veil.rules import notability
from veil.rules.quasi import lexicon
from veil.rules.quasi.disclosure import WRITER, Candidate
from veil.rules.quasi.gate import gated
from veil.rules.quasi.whose import RELATION_SUBJECT, I, resolve, subject_of

_SUBJECT = rf"(?P<subj>\b(?:i|we|they|he|she|{RELATION_SUBJECT})\b)"
_BE = r"(?:'m|’m|'re|’re|'s|’s|\s+am|\s+are|\s+is|\s+was|\s+were|\s+have|'ve|’ve|\s+had)?"
_ADVERBS = (
    r"(?:(?:currently|now|still|also|actually|just|recently|finally|been|originally|all|"
    r"happily|permanently|eventually|later|then)\s+)*"
)
# The verb of residence and its preposition: every match ends so (the gate's ``need``).
_RESIDING = (
    r"(?:live|lives|living|lived|reside|resides|residing|"
    r"based|moved|moving|relocated|relocating|settled|stay|stays|staying|rent|rents|renting)"
    r"\s+(?:(?:here|there|now|currently|permanently|back|full[- ]time|right)\s+)*"
    r"(?:in|to|near|outside(?:\s+of)?|just outside(?:\s+of)?|around)\s+(?:the\s+)?"
)
_RESIDENCE = gated(
    regex.compile(rf"{_SUBJECT}{_BE}\s+{_ADVERBS}{_RESIDING}", I),
    "live",
    "living",
    "resid",
    "based",
    "moved",
    "moving",
    "relocat",
    "settled",
    "stay",
    "rent",
    need=regex.compile(_RESIDING, I),
)
_WORKPLACE = gated(
    regex.compile(
        rf"{_SUBJECT}{_BE}\s+{_ADVERBS}(?:work|works|working|worked|teach|teaches|teaching|study|"
        r"studies|studying)\s+(?:[^.!?\n,;]{0,40}?\s)?in\s+(?:the\s+)?",
        I,
    ),
    "work",
    "teach",
    "stud",
)
_ORIGIN = gated(
    regex.compile(
        rf"{_SUBJECT}{_BE}\s+{_ADVERBS}(?:from|come from|comes from|came from|hail from|"
        r"hails from|born and raised in|born and bred in|born in|raised in|grew up in|grow up in|"
        r"growing up in|was born in|was raised in|was born(?:\s+[\w-]+){1,3}?\s+in)\s+"
        r"(?:(?:the\s+)?(?:middle|heart|centre|center|outskirts|suburbs)\s+of\s+)?"
        r"(?:(?:a\s+)?(?:small\s+)?(?:town|city|"
        r"village)\s+(?:called|named|of|near|outside(?:\s+of)?)\s+)?(?:the\s+)?",
        I,
    ),
    "from",
    "born",
    "raised",
    "grew up",
    "grow up",
    "growing up",
)
# "I'm Canadian, originally from Leeds": the subject is earlier in the sentence.
_ORIGIN_ELIDED = gated(
    regex.compile(
        r"\b(?:originally from|born and raised in|born and bred in|raised in|grew up in|"
        r"born in)\s+(?:the\s+)?",
        I,
    ),
    "originally from",
    "born and",
    "born in",
    "raised in",
    "grew up in",
)
# "..., living in Leeds", "since moving to Auckland": the subject is the writer's or earlier.
_RESIDENCE_ELIDED = gated(
    regex.compile(
        r"(?:^|[,;(]\s*|\b(?:and|while|since|after|now|still|currently|been|just)\s+)"
        r"(?:living|based|residing|moving|moved|relocating|relocated)\s+(?:here\s+|back\s+)?"
        r"(?:in|to)\s+(?:the\s+)?",
        I,
    ),
    "living",
    "based",
    "residing",
    "moving",
    "moved",
    "relocat",
)
_HERE = gated(
    regex.compile(
        r"\b(?:(?:over|down|up|out|back|around|right)\s+)?here\s+in\s+(?:the\s+|my\s+|our\s+)?",
        I,
    ),
    "here",
)
_BACK_HOME = gated(
    regex.compile(
        r"\b(?:back home|my home ?town|my home city|my home country|my birthplace|my city)"
        r"(?:\s+(?:of|in|is|was)|,)?\s+(?:the\s+)?",
        I,
    ),
    "back home",
    "hometown",
    "home town",
    "home city",
    "home country",
    "birthplace",
    "my city",
)
# What ends each of the two forms below: the verb, or the word for one's town.
_WHERE_VERB = r"(?P<verb>live|lived|grew up|was born|am from|call home|moved to)\b"
_WHERE_HOME = r"(?P<verb2>home ?town|home|birthplace|home city|city)\b"
_WHERE_AFTER = gated(
    regex.compile(
        r"\s*,?\s*(?:(?:the|a|my|our)\s+(?:city|town|village|place|country)\s+"
        r"(?:(?:where|that)\s+)?|(?:where|which is where|that)\s+)(?P<subj>i|we|my\s+\w+)\s+"
        rf"(?:\w+\s+)?{_WHERE_VERB}|\s*,?\s+(?:is|was)\s+(?P<subj2>my|our)\s+{_WHERE_HOME}",
        I,
    ),
    "where",
    "that",
    "the city",
    "the town",
    "the village",
    "the place",
    "the country",
    "is my",
    "was my",
    "is our",
    "was our",
    need=regex.compile(rf"{_WHERE_VERB}|{_WHERE_HOME}", I),
)
_POSTCODE = gated(
    regex.compile(
        r"\b(?:my|our)\s+(?:post\s*code|postal\s+code|zip(?:\s*code)?)\s*(?:is|:|=|-)?\s*"
        r"(?P<pc>[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d|"
        r"\d{4,6})\b",
        I,
    ),
    "post",
    "zip",
)
_DEMONYM_FRAME = regex.compile(
    r"(?P<subj>\b(?:i'm|i’m|im|i am|i was|we're|we’re|we are|as|being|fellow|us|we|proud|"
    rf"(?:{RELATION_SUBJECT})(?:\s+is|'s|’s|\s+was)))\s+(?:an?\s+)?"
    r"(?:(?:proud|born|native|fellow|half|full|dual|naturali[sz]ed|true|typical|real|"
    r"fully|first[- ]generation|second[- ]generation)[- ]\s*)*",
    I,
)
_DEMONYM_HERE = gated(
    regex.compile(
        r"(?:^|\n|[.!?]\s+)\s*(?P<dem>[\p{L}\-]+)(?:\s+(?:lad|lass|guy|gal|girl|boy|bloke|"
        r"chick|mum|mom|dad|woman|man|expat|native|mama|papa))?\s+here\b",
        I,
    ),
    "here",
)
_SHORT_NAMES = {
    "us": "country", "usa": "country", "u.s.": "country", "u.s.a.": "country",
    "uk": "country", "u.k.": "country", "uae": "country", "states": "country",
    "nyc": "city", "la": "city", "sf": "city", "dc": "city", "bay area": "region",
}  # fmt: skip
# Words that GeoNames also lists as tiny places, and words that follow "in" in prose.
_NOT_PLACES = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "this",
        "that",
        "it",
        "here",
        "there",
        "home",
        "town",
        "city",
        "village",
        "country",
        "place",
        "area",
        "part",
        "same",
        "one",
        "some",
        "every",
        "each",
        "all",
        "both",
        "best",
        "worst",
        "middle",
        "end",
        "love",
        "fear",
        "pain",
        "trouble",
        "debt",
        "college",
        "school",
        "uni",
        "work",
        "bed",
        "time",
        "general",
        "fact",
        "case",
        "total",
        "person",
        "charge",
        "advance",
        "touch",
        "order",
        "front",
        "back",
        "between",
        "love",
        "hospital",
        "church",
        "office",
        "the",
    ]
)
_AFTER_DEMONYM = frozenset(
    [
        "here",
        "living",
        "who",
        "from",
        "and",
        "but",
        "so",
        "myself",
        "citizen",
        "national",
        "expat",
        "immigrant",
        "born",
        "by",
        "too",
        "though",
        "guy",
        "girl",
        "man",
        "woman",
        "lady",
        "person",
        "through",
        "in",
        "at",
        "i",
        "i'm",
        "we",
        "my",
        "myself",
    ]
)


def _known(words: str) -> notability.Place | None:
    folded = lexicon.key(words)
    if folded in _NOT_PLACES:
        return None
    if folded in _SHORT_NAMES:
        return notability.Place(_SHORT_NAMES[folded], 0)
    return notability.place(words)


def _detail(found: notability.Place | None) -> str:
    if found is None:
        return "neighbourhood"
    return {"city": "city", "country": "country", "continent": "country"}.get(found.kind, "region")


def place_after(text: str, position: int, strong: bool) -> tuple[int, int, str] | None:
    """The place named at ``position``: (start, end, detail). "cleveland, ohio" is one
    place; after a strong cue an unknown capitalised name counts as a neighbourhood."""
    spans = lexicon.words_at(text, position, 4)
    for n in range(len(spans), 0, -1):
        start, end = spans[0][0], spans[n - 1][1]
        words = text[start:end]
        found = _known(words)
        if found is None:
            continue
        if words.islower() and found.kind == "city" and found.population < 50_000 and n == 1:
            continue  # a lower-case word that is also a small town
        if words.islower() and n == 1 and _closed_word(words):
            continue  # "back home, but ...": a closed-class word, whatever town shares it
        tail = regex.match(r",\s*(?:the\s+)?", text[end : end + 4])
        if tail:
            more = lexicon.words_at(text, end + tail.end(), 3)
            for m in range(len(more), 0, -1):
                # only an area that holds the place ("cleveland, ohio", "Tokyo, Japan"):
                # another town after a comma is a list, a word a clause ("berlin, and")
                area = _known(text[more[0][0] : more[m - 1][1]])
                if area is not None and area.kind != "city":
                    end = more[m - 1][1]
                    break
        return start, end, _detail(found)
    if strong:
        name = regex.match(
            r"(?-i:\p{Lu}[\p{L}'’\-]+)(?:\s+(?-i:\p{Lu}[\p{L}'’\-]+)){0,2}", text[position:]
        )
        if name and lexicon.key(name.group(0)) not in _NOT_PLACES and name.group(0) != "I":
            return position, position + name.end(), "neighbourhood"
    return None


def _closed_word(word: str) -> bool:
    from veil.rules.locatives import english_closed_words

    return word.casefold() in english_closed_words()


def place_before(text: str, end: int) -> tuple[int, int, str] | None:
    """The known place that ends at ``end`` ("Istanbul" in "Istanbul, the city I live in")."""
    window = text[max(0, end - 60) : end]
    words = list(regex.finditer(r"[\p{L}\d][\p{L}\d'’.\-]*", window))
    for n in range(min(4, len(words)), 0, -1):
        first = words[-n]
        start = max(0, end - 60) + first.start()
        found = _known(text[start:end])
        if found is not None and not (text[start:end].islower() and found.population < 50_000):
            return start, end, _detail(found)
    return None


def _places(text: str) -> Iterator[Candidate]:
    cues = (
        (_RESIDENCE, "location", True),
        (_WORKPLACE, "location", False),
        (_ORIGIN, "birthplace", True),
    )
    for pattern, attribute, strong in cues:
        for m in pattern.finditer(text):
            subject = subject_of(m["subj"], text, m.start())
            found = place_after(text, m.end(), strong) if subject else None
            if found:
                start, end, detail = found
                yield Candidate(start, end, attribute, subject, text[start:end], detail, 0.85)
    for m in _RESIDENCE_ELIDED.finditer(text):
        subject = resolve(text, m.start(), m.end(), fronted=False) or WRITER
        found = place_after(text, m.end(), strong=False)
        if found:
            start, end, detail = found
            yield Candidate(start, end, "location", subject, text[start:end], detail, 0.75)
    for m in _ORIGIN_ELIDED.finditer(text):
        # read with the cue's own words, so a participle opening its clause ("born in
        # porto and all that") is the writer's, and "my mum, born in X" her own
        subject = resolve(text, m.start(), m.end(), fronted=False) or resolve(
            text, m.end(), m.end(), fronted=False
        )
        found = place_after(text, m.end(), strong=True) if subject else None
        if found:
            start, end, detail = found
            yield Candidate(start, end, "birthplace", subject, text[start:end], detail, 0.8)
    for m in _HERE.finditer(text):
        found = place_after(text, m.end(), strong=True)
        subject = resolve(text, m.start(), m.end()) or WRITER
        if found and not regex.search(
            r"\b(?:you|your)\b", text[max(0, m.start() - 25) : m.start()], I
        ):
            start, end, detail = found
            yield Candidate(start, end, "location", subject, text[start:end], detail, 0.85)
    for m in _BACK_HOME.finditer(text):
        found = place_after(text, m.end(), strong=True)
        if found:
            start, end, detail = found
            attribute = (
                "location"
                if "city" in m.group(0).casefold() and "home" not in m.group(0).casefold()
                else "birthplace"
            )
            yield Candidate(start, end, attribute, WRITER, text[start:end], detail, 0.85)
    for m in _WHERE_AFTER.finditer(text):
        found = place_before(text, m.start())
        if not found:
            continue
        verb = (m["verb"] or m["verb2"]).casefold()
        subject = subject_of(m["subj"] or m["subj2"], text, m.start())
        attribute = (
            "birthplace"
            if verb in ("grew up", "was born", "am from", "birthplace")
            or ("home" in verb and "town" in verb)
            else "location"
        )
        start, end, detail = found
        if subject:
            yield Candidate(start, end, attribute, subject, text[start:end], detail, 0.8)
    for m in _POSTCODE.finditer(text):
        yield Candidate(m.start("pc"), m.end("pc"), "location", WRITER, m["pc"], "postcode", 0.9)


def demonym(word: str) -> tuple[str, str] | None:
    """("nationality" | "location", value) for a demonym ("kiwi", "Canadian", "Londoner")."""
    folded = lexicon.key(word)
    informal = lexicon.informal_demonyms().get(folded)
    if informal:
        return informal[0], word
    parts = [p for p in regex.split(r"[-\s]", word) if p]
    if word.islower() and not all(_major_people(p) for p in parts):
        return None  # "far", "said", "down": a name of a people is written with a capital
    nationality = parts and all(notability.is_language_or_nationality(p) for p in parts)
    # a language alone ("Latin") is no one's nationality; English, French, Spanish are both
    only_languages = all(lexicon.key(p) in _LANGUAGES_ONLY for p in parts)
    if nationality and not only_languages:
        return "nationality", word
    return None


@cache
def _major_languages() -> frozenset[str]:
    """The names of the languages with an ISO 639-1 code: the ones a writer who writes in
    lower case may still mean ("we french folks"); the thousands of ISO 639-3 names
    include common words ("Far", "Said", "Down")."""
    import pycountry

    return frozenset(
        lexicon.key(language.name)
        for language in pycountry.languages
        if getattr(language, "alpha_2", None)
    )


def _major_people(word: str) -> bool:
    """A lower-case word that names a people all the same: a major language's name, or a
    demonym English derives from a country's name ("nigerian", "japanese")."""
    if lexicon.key(word) in _major_languages():
        return True
    from veil.rules import geography

    return any(geography.country(name) for name in notability.demonym_places(word))


# Languages that are not also a people's name.
_LANGUAGES_ONLY = frozenset({"latin", "esperanto", "sanskrit", "hebrew", "yiddish", "swahili"})


def _nationalities(text: str) -> Iterator[Candidate]:
    for m in _DEMONYM_FRAME.finditer(text):
        spans = lexicon.words_at(text, m.end(), 2)
        if not spans:
            continue
        start, end = spans[0]
        found = demonym(text[start:end])
        if found is None:
            continue
        following = lexicon.words_at(text, end + 1, 1) if text[end : end + 1] == " " else []
        next_word = lexicon.key(text[following[0][0] : following[0][1]]) if following else ""
        cue = m["subj"].casefold()
        # "an English teacher", "a Spanish omelette": the word describes a thing, unless a
        # plural people acts ("Aussies like ...")
        describes_thing = (
            next_word
            and cue not in ("fellow", "us", "we")
            and next_word not in _AFTER_DEMONYM
            and not regex.match(r"\s*[,.;!?)]", text[end:])
        )
        people_act = lexicon.key(text[start:end]).endswith("s") and next_word in (
            "like",
            "are",
            "have",
        )
        if describes_thing and not people_act:
            continue
        if cue in ("as", "being", "fellow", "us", "we", "proud"):
            subject = WRITER if cue in ("fellow", "us", "we") else resolve(text, m.start(), end)
        else:
            subject = subject_of(m["subj"], text, m.start())
        if subject:
            yield Candidate(start, end, found[0], subject, text[start:end], "demonym", 0.8)
    for m in _DEMONYM_HERE.finditer(text):
        found = demonym(m["dem"])
        if found:
            yield Candidate(
                m.start("dem"), m.end("dem"), found[0], WRITER, m["dem"], "demonym", 0.8
            )


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    yield from _places(text)
    yield from _nationalities(text)
