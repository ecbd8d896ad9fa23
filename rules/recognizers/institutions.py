"""Names of institutions, by the way English forms them: capitalised words closed by a
head noun that says what kind of place it is ("Sunnyside Elementary", "St. Brigid's
Parish", "Hokuriku Language Academy", "Tidewater Freight Ltd").

The small NER model misses or splits such names when the words before the head are
made up, which is what the names of schools, clinics, clubs and firms in people's lives
are. The head nouns are English's own words for kinds of institution
(:data:`INSTITUTION_HEADS`), shared with the public/private decision, which also reads a
name's head to tell a school from a person.
"""

from __future__ import annotations

from functools import cache

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.registry import register
from veil.rules.spans import Span

# Nouns that close an institution's name in English: schools, care, worship, clubs,
# trades and company forms.
INSTITUTION_HEADS = (
    r"school|grammar|elementary|academy|college|university|institute|kindergarten|nursery|"
    r"daycare|preschool|montessori|clinic|hospital|surgery|dentistry|dental|practice|physio|"
    r"physiotherapy|chiropractic|pharmacy|hospice|centre|center|church|parish|chapel|"
    r"cathedral|mosque|masjid|temple|synagogue|gurdwara|club|society|association|"
    r"foundation|library|co-?op|cooperative|kitchen|bakery|cafe|café|restaurant|bistro|"
    r"diner|pub|salon|barbers?|gym|studio|studios|garage|motors|tiles|plumbing|electrical|"
    r"builders|construction|logistics|freight|haulage|consulting|consultancy|solutions|"
    r"management|properties|lettings|realty|estates|agency|insurance|tech|technologies|"
    r"software|legal|solicitors|accountants|medical|health|care|"
    r"services|systems|partners|associates|group|holdings|analytics|labs|ltd|llc|llp|inc|"
    r"plc|gmbh|pty|jsc|sons|bros"
)
_HEAD = regex.compile(rf"(?:{INSTITUTION_HEADS})\.?", regex.IGNORECASE)
# a capitalised word; a full stop only after a short abbreviation ("St.", "Mt."), never
# across a sentence's end ("in Toronto. Compare ...")
_WORD = r"(?:\p{Lu}[\p{L}\p{M}]{0,2}\.|\p{Lu}[\p{L}\p{M}'’\-]*)"
_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}@./])(?:{_WORD}[ \t]+){{1,4}}(?i:{INSTITUTION_HEADS})"
    # a full stop only closes an abbreviation ("Ltd."), not the sentence ("Hospital.")
    r"(?:(?<=(?i:ltd|inc|co|bros|llc|llp|plc|pty|jsc))\.)?"
    # not "University of Toronto": there the head opens the name, which NER reads well
    r"(?![\p{L}\p{N}])(?![ \t]+of[ \t]+\p{Lu})"
)
# Languages that put the head first ("Padaria Pão de Mel", "Escola Estadual Dom Pedro",
# "Poliklinika Hněvotín", "Biuro Rachunkowe Wróbel i Syn") or attach it last as a suffix
# ("Şifa Göğüs Hastalıkları Polikliniği"): the same kinds of place in Spanish, Portuguese,
# French, Italian, Polish, Czech, German and Turkish.
_HEADS_FIRST = (
    r"Escuela|Colegio|Instituto|Universidad|Clínica|Farmacia|Iglesia|Parroquia|Panadería|"
    r"Consultorio|Taller|Escola|Colégio|Universidade|Farmácia|Igreja|Paróquia|Padaria|"
    r"Consultório|Oficina|École|Lycée|Collège|Université|Clinique|Pharmacie|Église|Paroisse|"
    r"Boulangerie|Cabinet|Scuola|Liceo|Istituto|Università|Clinica|Ospedale|Chiesa|"
    r"Parrocchia|Panetteria|Szkoła|Przychodnia|Apteka|Parafia|Kościół|Piekarnia|Biuro|"
    r"Zakład|Poliklinika|Škola|Nemocnice|Lékárna|Ordinace|Praxis|Grundschule|Gymnasium|"
    r"Klinik|Apotheke|Bäckerei|Kita"
)
_HEADS_LAST = (
    r"Hastanesi|Polikliniği|Kliniği|Okulu|Lisesi|Üniversitesi|Eczanesi|Camii|Fırını|"
    r"Grundschule|Gymnasium|Klinik|Praxis|Apotheke|Bäckerei|Kita"
)
_JOINER = r"(?:de|da|do|dos|das|del|della|di|du|des|la|le|am|im|zum|zur|i|e|y|et|und|St\.?)"
_HEAD_FIRST_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])(?:{_HEADS_FIRST})(?:[ \t]+(?:{_JOINER}[ \t]+)?{_WORD}){{1,4}}"
    r"(?![\p{L}\p{N}])"
)
_HEAD_LAST_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])(?:{_WORD}[ \t]+){{1,4}}(?:{_HEADS_LAST})(?![\p{{L}}\p{{N}}])"
)
# Company forms written before a quoted name in Russian, Ukrainian and Kazakh registers:
# ООО «Северный Ветер», ИП «Иванов», ТОВ "Світанок".
_QUOTED_COMPANY = regex.compile(
    r"(?<![\p{L}\p{N}])(?:ООО|ОАО|ЗАО|ПАО|АО|НКО|ИП|ТОВ|ПП|ПрАТ|ТОО)[ \t]*"
    r"(?:«[^»\n]{1,60}»|\"[^\"\n]{1,60}\"|„[^“”\n]{1,60}[“”])"
)
# "Ops Lead @ Quokka Parcel | ex-Amazon": the name after a spaced "@" in a bio or a
# headline, up to the next separator.
_AFTER_AT_SIGN = regex.compile(
    rf"(?<=[\p{{L}}\p{{N}}.)][ \t]+@[ \t]+){_WORD}(?:[ \t]+(?:{_WORD}|&))*{_WORD}?"
    r"(?=[ \t]*(?:[|,;•·/\n)]|$))"
)
SCORE = 0.8
_HEADED = regex.compile(
    rf"(?:^|\s)(?i:{INSTITUTION_HEADS})\.?$|(?:^|\s)(?:{_HEADS_LAST})$|^(?:{_HEADS_FIRST})\s"
    r"|^(?:ООО|ОАО|ЗАО|ПАО|АО|НКО|ИП|ТОВ|ПП|ПрАТ|ТОО)[ \t]*[«\"„]"
)


def names_an_institution(value: str) -> bool:
    """Whether a name's head says it is a school, clinic, church, club or firm, in any of
    the languages above ("Sunnyside Elementary", "Padaria Pão de Mel")."""
    return _HEADED.search(value.strip()) is not None


@cache
def _openers() -> frozenset[str]:
    """Words that open a sentence or a phrase, not a name ("At Sunnyside Elementary",
    "The Kowhai Physio"): English's closed-class words, as spaCy lists them."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


class InstitutionRecognizer:
    name = "institutions.v1"
    labels = (labels.ORGANIZATION,)

    def find(self, text: str) -> list[Span]:
        found: list[Span] = []
        for match in _NAME.finditer(text):
            # the head must be written as a name's word: "Sunnyside Elementary", not
            # "Sunnyside elementary" (a description), unless it is a company form ("Ltd")
            if not match.group().split()[-1][:1].isupper():
                continue
            start, words = _without_openers(text, match)
            if len(words) < 2 or _HEAD.fullmatch(words[0]):
                continue  # a head alone ("the Clinic"), or two heads ("Cafe Bar")
            found.append(Span(start, match.end(), labels.ORGANIZATION, SCORE, self.name))
        for pattern in (_HEAD_FIRST_NAME, _HEAD_LAST_NAME):
            for match in pattern.finditer(text):
                start, words = _without_openers(text, match)
                if len(words) > 1:
                    found.append(Span(start, match.end(), labels.ORGANIZATION, SCORE, self.name))
        for pattern in (_QUOTED_COMPANY, _AFTER_AT_SIGN):
            for match in pattern.finditer(text):
                found.append(Span(*match.span(), labels.ORGANIZATION, SCORE, self.name))
        return found


def _without_openers(text: str, match: regex.Match) -> tuple[int, list[str]]:
    """Where the name starts once the words that open a sentence are dropped ("At
    Sunnyside Elementary"), and its words from there."""
    start, words = match.start(), match.group().split()
    while len(words) > 1 and words[0].casefold().strip(".") in _openers():
        start = text.index(words[1], start + len(words[0]))
        words = words[1:]
    return start, words


register("institutions.v1")(InstitutionRecognizer)
