"""Whom a span identifies: a private person (the writer or someone they know) or a public
entity (a public figure, character, work, brand, company as a topic, place as a topic or
destination, language or nationality).

Recognizers find every name; this decides which ones to protect. Private evidence is the
text tying the span to someone's life: a relation ("my landlord X", "X, my boss"), a
self-introduction, a greeting or sign-off, a contact detail beside it, a residence or a
workplace ("we live in X", "I work at X"), read from the words around it and from the
sentence's dependency parse (``veil.rules.syntax``: possession, apposition, the subject
of a clause, in any phrasing). Public evidence is notability (known places, languages,
an encyclopedia entry whose words rarely pair by chance: ``veil.rules.knowledge``) and
how the text talks about it (a question about it, its works, its role in public life, a
trip to it). The user's profile and deny-list always win. What has no evidence either
way stays protected.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Protocol

from veil.rules import (
    brahmic,
    compounds,
    declension,
    gazetteer,
    geography,
    knowledge,
    labels,
    locatives,
    notability,
    syntax,
    transcripts,
    truecase,
)
from veil.rules import lazy_regex as regex
from veil.rules.merge import DENY_SOURCE
from veil.rules.pattern import (
    CALENDAR_WORDS,
    CHAT_STAMP,
    KIN_TITLES,
    LOWER_CASE_TITLES,
    RELATIONS,
    SINCE,
    THANKS,
    TITLES,
    WORK_VERBS_ABROAD,
)
from veil.rules.recognizers import names as names_recognizer
from veil.rules.recognizers.institutions import (
    FARM_HEADS_FIRST,
    FARM_HEADS_LAST,
    HAN_WORK_VERB,
    HEAD_WORD,
    INTRODUCED_AS_ONE_OF_A_KIND,
    SIGNATURE_FIELD,
    WORKPLACE_OF_WRITER,
    names_an_institution,
)
from veil.rules.recognizers.names import (
    HINGLISH_RELATION,
    OTHER_LANGUAGE_RELATIONS,
    PARTY_FIELD_WORDS,
)
from veil.rules.recognizers.places import (
    BIRTHPLACE_FIELD,
    HAN_BRANCH,
    HAN_NATIVE_AFTER,
    MARKED_LOCALITY,
    MUNICIPALITY_BEFORE,
    NAMED_STREET,
    NUMBERED_LOCALITY,
    SMALL_TOWN,
    is_small_town,
    is_town,
)
from veil.rules.spans import Span


class Subject(StrEnum):
    PRIVATE = "private"
    PUBLIC = "public"
    UNKNOWN = "unknown"  # no evidence either way: protected, or asked of a referee


class Reason(StrEnum):
    """Why a span got its verdict: the code is what the rules decide by and what a record
    may store; ``text`` is only for people (``veil check`` shows it)."""

    text: str

    def __new__(cls, code: str, text: str) -> Reason:
        member = str.__new__(cls, code)
        member._value_ = code
        member.text = text
        return member

    RELATION_BEFORE = "relation_before", "a relation names them (my ... X)"
    RELATION_AFTER = "relation_after", "a relation follows the name (X, my ...)"
    SELF_INTRODUCTION = "self_introduction", "a self-introduction, greeting or sign-off"
    HOLDER = "holder", "the holder of a document, account or form field"
    SPEAKER = "speaker", "a speaker in a pasted conversation"
    INTRODUCED = (
        "introduced",
        "introduced to the reader as one of a kind (a recruiter called X, a café named X)",
    )
    PUBLIC_ROLE = "public_role", "a role in public life"
    WORKS_FOLLOW = "works_follow", "their works or public life follow the name"
    ASKED_ABOUT = "asked_about", "asked about as a topic"
    QUIZ_ANSWER = "quiz_answer", "the answer to a knowledge question"
    COMPARED_CHARACTER = "compared_character", "a character compared to"
    TITLE_OR_THING = "title_or_thing", "a title or a thing (the X), not a person's name"
    CHARACTER_IN_WORK = "character_in_work", "a character in a work being discussed"
    CONTACT_BESIDE = "contact_beside", "a contact detail beside the name"
    AFFILIATION = "affiliation", "someone's employer, school or business"
    PUBLIC_FIGURE = "public_figure", "a public figure"
    ENCYCLOPEDIA_ENTRY = "encyclopedia_entry", "an encyclopedia has an entry for it"
    DEALT_WITH = "dealt_with", "someone the writer deals with (call X, I met X)"
    TITLED = "titled", "a title and a name (Dr. X)"
    ADDRESSEE = "addressee", "the person a message is for"
    SINGLE_NAME = "single_name", "a surname or single name alone"
    NOT_A_NAME = "not_a_name", "no part of it is a person's name"
    UNDECIDED_NAME = "undecided_name", "a name with nothing saying whose"
    FAMILY_NAME = "family_name", "a family named by its surname"
    RESIDENCE = "residence", "where someone lives or comes from"
    RELATION_PLACE = "relation_place", "where someone they know is"
    ADDRESS_PART = "address_part", "part of an address"
    POSTCODE = "postcode", "a postcode with the place"
    LIFE_PLACE = "life_place", "where the writer or someone they know works or lives"
    WHERE_IN_OTHER_LANGUAGE = (
        "where_in_other_language",
        "where the writer or their people are, in another language's clause",
    )
    PLACE_TOPIC = "place_topic", "a place as a topic"
    KNOWN_PLACE = "known_place", "a known place as a topic or destination"
    KNOWN_PLACE_NOT_PERSON = (
        "known_place_not_person",
        "a known place as a topic or destination (not a person)",
    )
    LANDMARK = "landmark", "a landmark"
    UNKNOWN_PLACE = "unknown_place", "a place veil does not know"
    EMAIL_DOMAIN = "email_domain", "the domain of an e-mail address in the text"
    ACCOUNT_BESIDE = "account_beside", "an account number or contact beside it"
    OWN_ACCOUNT = "own_account", "someone's own account or policy"
    ORGANIZATION_TOPIC = "organization_topic", "an organisation as a topic"
    LOCAL_INSTITUTION = (
        "local_institution",
        "a school, clinic, club or firm no encyclopedia knows, in a text about the writer",
    )
    NORP_OF_ACQUAINTANCE = "norp_of_acquaintance", "the writer says it of someone they know"
    RELATION_NATIONALITY = "relation_nationality", "the nationality of someone they know"
    LANGUAGE_OR_NATIONALITY = "language_or_nationality", "a language or nationality"
    LANGUAGE_NOT_PERSON = "language_not_person", "a language or nationality (not a person)"
    DENY_LIST = "deny_list", "the user's profile or deny-list"
    IDENTIFIER = "identifier", "an identifier"
    NAMED_PRIVATELY = "named_privately", "named privately elsewhere in the text"
    NAMED_PUBLICLY = "named_publicly", "named publicly elsewhere in the text"
    LISTED_WITH_PRIVATE = "listed_with_private", "listed with someone private"
    LISTED_WITH_WRITER = "listed_with_writer", "listed with the writer (X, Y and me)"
    ENTRY_IN_PUBLIC_TEXT = (
        "entry_in_public_text",
        "an encyclopedia entry in a text that ties no one to anybody's life",
    )
    NAMESAKE = (
        "namesake",
        "someone the text says only shares a famous person's name",
    )
    CONTRASTED = (
        "contrasted",
        "the famous one the writer says theirs is not (not the Arsenal one)",
    )
    NAMED_FOR_PRIVATE_PLACE = (
        "named_for_private_place",
        "named for a place the text makes private, which it would give away",
    )
    AMONG_PUBLIC_ONLY = (
        "among_public_only",
        "a name among public entities only, in a text where no one writes of their life",
    )
    PLACE_OF_PRIVATE = (
        "place_of_private",
        "where someone or something private is (X in <place>)",
    )
    LIKED = "liked", "an encyclopedia entry someone loves or follows: a star, a team, a work"
    LIFE_EVENT = "life_event", "a life event of theirs the writer takes part in (X's wedding)"
    LISTED_WITH_PUBLIC = "listed_with_public", "listed with public entities"
    BESIDE_PUBLIC_FIGURE = "beside_public_figure", "in a sentence about a public figure"
    PRONOUN_TIE = "pronoun_tie", "a pronoun for the writer's people ties it to their life"
    RELATION_WORKPLACE = "relation_workplace", "where someone they know works"
    GRAMMAR_TIE = (
        "grammar_tie",
        "the sentence ties it to the writer or someone they know (my ... X, I live in X)",
    )
    COUNTRY = "country", "a country: millions live there, so it names no one's home"
    REFEREE_PUBLIC = "referee_public", "the local model knows it as public"
    REFEREE_FAILED = "referee_failed", "the local model could not be asked"


@dataclass(frozen=True, slots=True)
class Verdict:
    subject: Subject
    reason: Reason
    label: str  # the span's label after type checks ("German" as PERSON -> NORP)


class Referee(Protocol):
    """Asked about a name nothing else decides: is it a public entity? Must return by
    ``deadline`` (time.monotonic()); raising or a late answer leaves the span protected."""

    def is_public(self, text: str, value: str, label: str, deadline: float) -> bool: ...


DECIDED_LABELS = labels.DECIDED  # the labels a verdict public/private applies to
# Identifiers of a person: beside a name they make it someone's contact entry.
_CONTACT_LABELS = frozenset(
    {
        labels.EMAIL,
        labels.PHONE,
        labels.STREET_ADDRESS,
        labels.USERNAME,
        labels.ID_NUMBER,
        labels.DATE_OF_BIRTH,
        labels.IBAN,
        labels.CREDIT_CARD,
    }
)
_ACCOUNT_LABELS = frozenset(
    {labels.IBAN, labels.CREDIT_CARD, labels.ID_NUMBER, labels.PHONE, labels.EMAIL}
)
WINDOW = 90  # characters of context read on each side of a span
CONTACT_REACH = 60  # characters between a name and a contact detail that make it theirs
# Words between a famous name and a contact detail that say the detail is someone else's
# (a signature's "Tel.", a field's "IBAN" are one or two)
_WORDS_APART = 3
ACCOUNT_REACH = 25  # characters between an organisation and the account number after it

_I = regex.IGNORECASE | regex.VERSION1

# Closed word classes of the languages veil reads most: possessives, relations, titles.
_POSSESSIVE = (
    # ("me" as British and Irish speech says "my": "me da's cousin", "me mam")
    r"(?:my|our|your|ur|me|his|her|their|mi|mis|mio|mia|mie|miei|ma|mon|mes|meu|minha|mein|meine|"
    r"meinem|meiner|meinen|mijn|onze|nuestro|nuestra|notre|nos|unser|unsere)"
)
_RELATION = RELATIONS
# Shared with the quasi-identifier finder (veil.rules.quasi), which resolves whose
# attribute a disclosure is with the same relation words.
POSSESSIVE = _POSSESSIVE
RELATION = _RELATION

_HONORIFIC = rf"(?:{TITLES}|{LOWER_CASE_TITLES})"  # (read ignoring case)
_NAME_GAP = (
    r"(?:\s*[,:(–\-]\s*|\s+)(?:(?:is|was|who's|who is)\s+)?"
    r"(?:(?:literally|also|actually|just|simply)\s+)?(?:(?:called|named)\s+)?"
    rf"(?:{_HONORIFIC}\.?\s+)?"
)
# "my landlord X", "our chemistry teacher at Y is literally called mr X", "my MD, X"
_RELATION_BEFORE = regex.compile(
    rf"\b{_POSSESSIVE}\s+(?:[\w'’\-]+\s+){{0,2}}?{_RELATION}s?(?:'s|’s)?"
    r"(?:\s+(?:at|in|from|of|on)\s+[^\s,.!?]+(?:\s+[^\s,.!?]+){0,3}?)?"
    rf"{_NAME_GAP}$",
    _I,
)
# A list of someone's people that one possessive opens: "his wife of 55 years, Lorraine;
# daughters Monique and Danielle; and grandson Ryan" (an obituary's, a family's)
_RELATION_LISTED_BEFORE = regex.compile(
    rf"\b{_POSSESSIVE}\s+(?:[\w'’\-]+\s+){{0,2}}?{_RELATION}s?\b[^.!?\n]{{0,200}}"
    rf"[;,]\s*(?:and\s+)?(?:[\w'’\-]+\s+)?{_RELATION}s?{_NAME_GAP}$",
    _I,
)
# "X, my boss", "X (my sister)", "X from my team", "X, our neighbour"
# (a relative clause's copula may come between: "X, who is my best friend", "Lucía, que es
# mi mejor amiga", "Léa, qui est ma voisine")
_RELATIVE_COPULA = (
    r"(?:(?:who(?:'s|’s|\s+is|\s+was)|que\s+(?:es|era|é)|qui\s+(?:est|était)|"
    r"che\s+(?:è|era)|(?:der|die|das)\s+(?:ist|war)|die\s+is|dat\s+is)\s+)?"
)
_RELATION_AFTER = regex.compile(
    rf"^(?:'s|’s)?\s*"
    rf"(?:[,(–\-]\s*{_RELATIVE_COPULA}|\s+(?:from|of|on|in)\s+|\s+(?:is|was)\s+)"
    rf"(?:(?:from|of|on|in)\s+)?{_POSSESSIVE}\s+(?:[\w'’\-]+\s+){{0,2}}?{_RELATION}\b",
    _I,
)
_SELF = regex.compile(
    r"(?:\bI'm|\bI’m|\bI am|\bmy name is|\bmy name's|\bmy name’s|\b(?:first|last|middle|"
    r"maiden|full|sur|given|nick|family|real|legal)\s?name(?: is|'s|’s)|\bcall me|\bcalls me|"
    r"\bnazywam się|\bje m'appelle|"
    r"\bme llamo|\bmi nombre es|\bich heiße|\bmi chiamo|\bik heet|\bjmenuji se|"
    r"\bmeu nome é|\bme chamo|\bmein name ist|\bmijn naam is|\bmam na imię|\bbenim adım|"
    r"\bmera naa?m|\bnama saya|\bako si|\bjina langu ni|\btên tôi là|\bje m’appelle|"
    r"\btên mình là|\btên em là|\bmình là|\btôi là|\bem là|"
    r"\bsign(?:ed)?(?: it)?(?: off)?(?: as| from)?|(?:^|\n)[ \t>]*from|"
    # "signed" in other languages: "una lettera firmata X", "firmado X", "signée X"
    r"\bfirmat[oa]|\bfirmad[oa]|\bsign[ée]e?|\bassinad[oa]|\bgezeichnet|\bunterzeichnet|"
    # "I am" / "we are" in other languages: "Sou a Fernanda", "Wij zijn Sanne en Joost"
    r"\bsoy|\bsomos|\bsou(?:\s+[ao])?|\bje suis|\bnous sommes|\bich bin|\bwir sind|"
    r"\bsono|\bsiamo|\bik ben|\bwij zijn|\bwe zijn|\bjestem|\bjesteśmy|\bjsem|"
    r"меня зовут|\bменя звати|(?<![\p{L}])я\s+$|"
    # Greek: "I am" with the name's article, "they call me", "I am named"
    r"\bείμαι\s+(?:ο|η)|\bμε\s+λένε|\bονομάζομαι|\bτο\s+όνομά\s+μου\s+είναι|"
    r"\b(?:card|note|message|letter|gift|love|regards)\s+from|"
    r"\b(?:from|by|as|it's|it is|this is)\s+me\s*[,(–\-])\s*[,:]?\s*$",
    _I,
)
_GREETING = regex.compile(
    r"(?:^|\n|[.!?]\s+|[,;(]\s*|\"|“)\s*(?:(?:hi|hiya|hello|hey|dear|dearest|"
    r"cheers|estimad[oa]|querid[oa]|hola|bonjour|ch[eè]re?|salut|hallo|liebe[r]?|"
    rf"ciao|car[oa]|gentile|hej|hoi|olá|oi|{THANKS})\s*[,:!\-–—]?\s*"
    # a sign-off is set apart from the name ("Best,\nAnna"): "best Kishore Kumar songs"
    # and "love Wes Anderson films" are no sign-offs
    r"|(?:regards|best|best wishes|kind regards|warm regards|love|xo|xx|sincerely|yours|"
    r"yours truly|atentamente|saludos|un saludo|firma|signed|signature|beste|pozdrawiam|"
    # other languages' sign-offs
    r"gruß|grüße|viele grüße|liebe grüße|lg|mfg|abrazos|un abrazo|besos|cordialement|bises|"
    r"amitiés|cumprimentos|abraços|beijos|atenciosamente|pozdrowienia|groetjes|groeten|"
    r"met vriendelijke groet|saluti|cordiali saluti|un saluto|hälsningar|hilsen|mvh|"
    r"saygılarımla|с уважением|всего доброго|"
    r"(?:mit\s+)?(?:freundlichen|besten|herzlichen|lieben|vielen)\s+grüßen|"
    r"(?:freundliche|beste|herzliche)\s+grüße|hochachtungsvoll|bien à vous|"
    r"bien cordialement|sincères salutations|distinti saluti|saludos cordiales|"
    r"un cordial saludo|met vriendelijke groeten|z poważaniem|serdecznie|s pozdravem|"
    r"med vänlig hälsning|vänliga hälsningar|terveisin|üdvözlettel|cu stimă|"
    r"με εκτίμηση|selamlar|з повагою|с наилучшими пожеланиями)"
    r"\s*(?:[,:!\-]\s*|\n\s*))$",
    _I,
)
# "She's Margaret Doyle": a contraction, not a possessive.
_PRONOUNS = frozenset(
    {"he", "she", "it", "that", "this", "there", "here", "who", "what", "where", "let",
     "everyone", "everybody", "someone", "somebody", "nobody", "one", "today", "now"}
)  # fmt: skip
_PLACE_NOUN_BEFORE = regex.compile(
    r"\b(?:country|state|city|town|island|province|region|republic|kingdom|county)\s+(?:of\s+)?$",
    _I,
)
_MEDIUM_BEFORE = regex.compile(r"\b(?:through|via|on|using|over)\s+$", _I)
# A scheme's name right before its number: "NHS number", "Aadhaar (", "PAN: ".
_SCHEME_NUMBER_AFTER = regex.compile(
    # (a kind of number a public scheme issues may stand between: "FSA farm number")
    r"^\s*(?:(?:(?:farm|holding|herd|flock|patient|pupil|student|tax|registration|"
    r"licen[cs]e)\s+)?"
    r"(?P<word>number|no\.?|nr\.?|num|#|card(?:\s+number)?|id|ending\s+in|"
    r"ends\s+in|ending\s+with)\b\s*(?:is\s+)?[:#]?\s*"
    r"|[:(]\s*)\d",
    _I,
)
_USED_THROUGH = regex.compile(r"\b(?:through|via|on|using|use|used|uses)\s+$", _I)
_HONORIFIC_BEFORE = regex.compile(rf"\b{_HONORIFIC}\.?\s+$", _I)
_HONORIFIC_INSIDE = regex.compile(rf"^{_HONORIFIC}\.?\s", _I)
# NER took the relation word into the name: "Mi [hermana Lucía]", "[Meine Mutter Ingrid]".
_RELATION_INSIDE = regex.compile(rf"^(?:{_POSSESSIVE}\s+)?{_RELATION}\s+(?=\p{{Lu}})", _I)
# (and, before a relation noun, the other persons' possessives of those languages: "seine
# Schwester Katrin", "sa sœur Léa", "su hermana Lucía", "sua sorella Giulia", "zijn zus
# Fenna": someone of the life of someone the writer knows)
_OTHER_POSSESSIVE = (
    r"(?:sein|seine|seinem|seiner|seinen|ihr|ihre|ihrem|ihrer|ihren|dein|deine|deinem|"
    r"deiner|deinen|unserem|unserer|unseren|son|sa|ses|leur|leurs|ton|ta|tes|su|sus|tu|tus|"
    r"suo|sua|suoi|sue|tuo|tuoi|seu|seus|suas|teu|teus|tuas|zijn|haar|hun|jouw)"
)
_POSSESSIVE_END = regex.compile(rf"(?:\b(?:{_POSSESSIVE}|{_OTHER_POSSESSIVE})\s+|^)$", _I)
# A kinship title of another language opening the span: the writer's relative.
_KIN_TITLE_INSIDE = regex.compile(rf"^(?:{KIN_TITLES})\s+\p{{Lu}}", _I)
_KIN_TITLE_WORD = regex.compile(rf"(?<![\w])(?:{KIN_TITLES})\s+\p{{Lu}}", _I)
_CITY_WORD = regex.compile(r"\s+(?:City|Ciudad|Cidade)$")
_KIN_TITLE_BEFORE = regex.compile(rf"(?<![\w])(?:{KIN_TITLES})\s+$", _I)
# The person a message is written to or for: "an email to X", "invitation for X and Y".
_ADDRESSEE = regex.compile(
    r"\b(?:write|draft|send|compose|text|e-?mail|message|reply|respond|letter|note|card|"
    r"invitation|invite|toast|speech|poem|rsvp|cv|resume|reference|recommendation|"
    r"thank-you|apology|complaint|congrats|congratulations|remind|ask|tell|call)\b"
    r"[^.!?\n]{0,50}?\b(?:to|for|with)\s+$",
    _I,
)
# What one writes in honour of someone, famous as often as not
_HONOURING = regex.compile(r"\b(?:tribute|homage|ode|fan[ -]?(?:letter|mail)|salute)\b", _I)
_SPEAKER_AFTER = regex.compile(r"^[ \t]*:")
# A line's start, after the time stamp chat exports put there.
_LINE_START = regex.compile(rf"(?:^|\n)[ \t>*\-]*(?:{CHAT_STAMP})?$")
# People listed with the writer are people the writer is with: "present: A, B, me", "me,
# Ana and Rui", "Tom, Priya and I".
_LISTED_NAME = r"\p{Lu}[\p{L}'’\-]*(?:[ \t]+\p{Lu}[\p{L}'’\-]*){0,3}"
_WITH_WRITER_AFTER = regex.compile(
    rf"^(?:[ \t]*,[ \t]*{_LISTED_NAME}){{0,8}}[ \t]*(?:,[ \t]*)?(?:and|&|\+)?[ \t]*"
    r"(?:me|myself|I)\b(?![''’])",
)
_WITH_WRITER_BEFORE = regex.compile(
    rf"\b(?:me|myself|I)[ \t]*(?:,|and|&|\+)[ \t]*(?:{_LISTED_NAME}[ \t]*,[ \t]*){{0,8}}"
    r"(?:and[ \t]+)?$",
)
_MEMBER_OF_MINE_AFTER = regex.compile(
    r"^[ \t]+(?:from|at|in|of)[ \t]+(?:my|our)\b"
    # where colleagues and neighbours are from, said without "my": "X from accounts",
    # "X in HR", "X from next door"
    r"|^[ \t]+(?:from|in)[ \t]+(?:the[ \t]+)?(?:accounts|accounting|hr|it|finance|legal|"
    r"payroll|sales|marketing|ops|operations|procurement|support|reception|admin|work|"
    r"school|church|the office|next door|upstairs|downstairs|across the (?:road|street|hall))"
    r"\b(?![ \t]+(?:of|in)\b)",
    _I,
)
_WRITER_OR_READER = regex.compile(r"\b(?:i|i'm|i’m|im|me|my|we|our|us|you|your|u|ur|r u)\b", _I)
# A person's own life event, named by their name: "Tolu and Femi's wedding", "Ana's
# funeral", "Bezawit's thing sat". Public figures have events too ("Lincoln's funeral"),
# which the name's other evidence decides first.
_LIFE_EVENT_AFTER = regex.compile(
    r"^(?:[ \t]+(?:and|&)[ \t]+\p{Lu}[\p{L}'’\-]*)?['’]s?[ \t]+(?:(?:big|little|surprise|"
    r"\d+(?:st|nd|rd|th)|leaving|farewell|going[- ]away|engagement|retirement|birthday|"
    r"hen|stag|bachelorette|bachelor|baby|housewarming)[ \t]+)*(?:wedding|birthday|"
    r"funeral|party|shower|housewarming|graduation|christening|baptism|bar mitzvah|"
    r"bat mitzvah|despedida|send-?off|do|thing|memorial|wake|reception|anniversary|"
    r"engagement|drinks|dinner|barbecue|bbq)\b",
    _I,
)

# Public life: a role before the name, its works after it, a question about it.
_PUBLIC_ROLE = (
    r"(?:ceo|chief executive|chief executive officer|founder|co-?founder|chair(?:man|woman)?|"
    r"president|vice president|prime minister|premier|chancellor|minister|secretary|senator|"
    r"congress(?:man|woman)|governor|mayor|king|queen|prince|princess|emperor|empress|pope|"
    r"saint|st\.?|general|admiral|actor|actress|singer|rapper|songwriter|musician|band|"
    r"artist|painter|sculptor|author|novelist|writer|poet|playwright|composer|conductor|"
    r"director|filmmaker|chef|player|striker|goalkeeper|quarterback|footballer|cricketer|"
    r"boxer|golfer|driver|athlete|champion|scientist|physicist|chemist|biologist|"
    r"mathematician|philosopher|economist|historian|journalist|anchor|presenter|host|"
    r"comedian|youtuber|streamer|influencer|character|villain|protagonist|hero|heroine|"
    r"god|goddess|deity|prophet|apostle|pharaoh|tsar|czar|sultan|dictator|explorer|inventor|"
    r"astronaut|tennis player|star|legend|icon|celebrity|billionaire|economist)"
)
# (not a role of the writer's people: "my co-author Yann", "our director Sam")
_ROLE_BEFORE = regex.compile(
    rf"(?:^|[^\w\-])(?<!\b(?:my|our|your)\s+)"
    rf"(?:(?:the|former|late|then|current|new|famous|legendary|real|fictional|"
    rf"(?-i:\p{{Lu}})[\w&.\-]*(?:'s|’s)|(?-i:\p{{Lu}})[\w&.\-]*)\s+)*{_PUBLIC_ROLE}\s+$",
    _I,
)
_ROLE_AFTER = regex.compile(
    rf"^\s*(?:,\s*|\s+)(?:the|a|an)\s+(?:[\w\-]+\s+){{0,3}}?{_PUBLIC_ROLE}\b", _I
)
_WORK_AFTER = regex.compile(
    # (a bare apostrophe before a line's end closes a quote: "... Selin Aydın'\n")
    # (not an ordinal of a life's event: "Mrs Pauline Ashworth's 80th birthday")
    # (nor a day's or a month's name: "Priya's Sunday early" is her shift)
    r"^(?:'s\s+|’s\s+|'[ \t]+)(?:(?-i:(?!(?:{calendar})\b)\p{Lu}"
    r"|\d(?!\d*(?:st|nd|rd|th)[ \t]+(?:birthday|"
    r"anniversary|wedding|party|celebration)))|"
    r"(?:(?:first|last|new|latest|early|late|famous|best|"
    r"debut|final|second|third|\d{4})\s+)?(?:novels?|books?|albums?|songs?|singles?|films?|"
    r"movies?|shows?|series|paintings?|works?|theor(?:y|ies)|speech(?:es)?|career|"
    r"presidency|administration|government|cabinet|reign|rule|legacy|music|lyrics|tours?|"
    r"seasons?|role|poems?|plays?|operas?|symphon(?:y|ies)|discography|filmography|"
    r"biography|quotes?|philosophy|polic(?:y|ies)|campaigns?|death|assassination|birthday|"
    r"life|net worth|collections?|descent|myths?|story|character|fans?|concerts?|"
    r"victory|defeat|wars?|reforms?|invention|discover(?:y|ies)|paper|research|experiments?|"
    r"estate|dynasty|empire|style|method|law|principle|equation|recipes?|cookbooks?)\b)".replace(
        "{calendar}", "|".join(sorted(word.title() for word in CALENDAR_WORDS))
    ),
    _I,
)
# A name that qualifies creative works, with no possessive: "Kishore Kumar songs", "Wes
# Anderson films", "Ghibli movies".
_WORKS_NOUN_AFTER = regex.compile(
    r"^\s+(?:songs|albums|films|movies|novels|books|paintings|poems|lyrics|records|tracks|"
    r"videos|documentaries|plays|operas|symphonies|sonatas|concertos|recipes|quotes|"
    r"cartoons|comics|sketches|interviews|speeches|essays)\b",
    _I,
)
_ABOUT_BEFORE = regex.compile(
    r"(?:\b(?:who|what|when|where|why|how)\s+(?:is|was|were|are|did|does|do|has|had|will|"
    r"would|could|can|should|made|makes|became)(?:\s+the)?|\btell me about|"
    r"\b(?:made|owned|sold|manufactured|developed|published|run|built|acquired|bought)\s+by|"
    r"\b(?:brands?|companies|products?|apps?|services?|websites?|stores?|retailers?|labels?|"
    r"films?|movies?|books?|shows?|bands?|artists?|players?|teams?|clubs?)\s+(?:including|"
    r"like|such as)|"
    r"\bwho (?:is|was)|\bbiography of|\blife of|\bstory of|\bmyths? of|\blegend of|"
    r"\breign of|\bdeath of|\bquotes? (?:from|by)|\bspeech by|\binterview with|"
    r"\bworks? of|\bmusic of|\bfilms? of|\bnovels? of|\bpaintings? of|\bstyle of|\bstyled? "
    r"like|\bvoice of|\bimpression of|\bas|\blike|\bversus|\bvs\.?|\bcompare|\bcompared to|"
    r"\bthan|\bsummari[sz]e|\bexplain|\bdescribe|\bteachings of|\bera of|\bage of|\btime of|"
    r"\bfans? of|\bfan of|\bconcert of|\bbook by|\bsong by|\balbum by|\bfilm by|\bmovie by|"
    r"\bnovel by|\bpainting by|\bpoem by|\bplay by|\bdirected by|\bwritten by|\bpainted by|"
    r"\bcomposed by|\bsung by|\bperformed by|\bproduced by|\bcreated by|\binvented by|"
    r"\bdiscovered by|\bfounded by|\bstarring|\bfeat\.?|\bft\.?|\bfeaturing|\bwhy did|"
    r"\bwhat did|\bhow did|"
    # a school's or a study's piece of work about someone, in English and the languages
    # that say it with their own "about" ("un exposé sur", "ein Referat über", "un tema
    # su", "un trabajo sobre", "een spreekbeurt over", "wypracowanie o", "доклад о")
    # (a Romance adjective may follow the noun: "la tesi triennale su", "un trabajo final
    # sobre")
    r"\b(?:essay|report|presentation|project|paper|thesis|dissertation|assignment)s?\s+"
    r"(?:on|about)|"
    r"\b(?:exposé|exposés|dissertation|mémoire|rapport|thèse)(?:\s+\p{L}+)?\s+sur|"
    r"\b(?:referat|aufsatz|vortrag|hausarbeit|präsentation)\s+über|"
    r"\b(?:tema|ricerca|relazione|tesi|tesina|saggio)(?:\s+\p{L}+)?\s+su|"
    r"\b(?:ensayo|trabajo|informe|exposición|redacción|redação|trabalho|apresentação|ensaio|"
    r"tesis|tese)(?:\s+\p{L}+)?\s+sobre|"
    r"\b(?:werkstuk|spreekbeurt|verslag|presentatie|scriptie)\s+over|"
    r"\b(?:wypracowanie|referat|prezentacj[aęi])\s+o|"
    r"(?<![\p{L}])(?:доклад|реферат|сочинение|презентаци[юяи]|доповідь|твір)\s+(?:о|об|про))\s+$",
    _I,
)
_WORK_BY = regex.compile(
    r"(?:[\p{Lu}\d][^\s]*[!?\"”]?|\b(?i:poems?|poetry|novels?|books?|songs?|paintings?|works?|"
    r"films?|movies?|albums?|plays?|essays?|music|sculptures?|symphon(?:y|ies)|operas?|"
    r"stories|quotes?|lyrics|sonatas?|concertos?|speeches|lectures?|theorems?|papers?|"
    r"pieces?|tracks?|podcasts?|photographs?|designs?)"
    r"(?:\s+(?:written|composed|painted|directed|sung|made|recorded))?)\s+by\s+$"
)
# Names as names, not people: "names like Katrina and Maria", "the name Odin".
_NAMES_AS_WORDS = regex.compile(
    r"\bnames?\s+(?:like|such as|as|of)\s+(?:\p{Lu}\w*\s+(?:and|or|,)\s+)*$", _I
)
# "Canada's Jeremy Hansen", "NASA's Christina Koch", "Arsenal's Saka": a nation's, a
# team's or an agency's person is a public one.
_OWNER_BEFORE = regex.compile(r"(\p{Lu}[\p{L}.&\-]*(?:\s+\p{Lu}[\p{L}.&\-]*){0,3})['’]s?\s+$")
_WHAT_X_DID = regex.compile(
    r"^\s+(?:did|said|says|thinks|thought|wrote|sang|painted|composed|discovered|invented|"
    r"founded|won|scored|played|directed|starred|meant|argued|proposed|claimed|believed)\b",
    _I,
)
_WH_BEFORE = regex.compile(r"\b(?:what|how|why|when|where|whether|if)\s+$", _I)
_QUIZ_ANSWER = regex.compile(r"\bwho\b[^?\n]{0,120}\?\s*(?:a\s*[:.)]|answer\s*:|[-–])?\s*$", _I)
_FICTION_FROM = regex.compile(
    r"^\s+(?:from|in|of)\s+(?:the\s+)?(?:(?:show|series|film|movie|book|novel|game|play|"
    r"sitcom|anime|manga|comic)\s+)?[\p{Lu}\"“]",
)
_THING_AFTER = regex.compile(
    r"^\s+(?:fans?|supporters?|concerts?|tour|albums?|songs?|era|style|merch|tickets?|"
    r"games?|matches?|season|shares?|stock|products?|store|app|account|support|customer "
    r"service)\b",
    _I,
)
# Names take no article: "the Ramayana", "the Moon", "The Prophet" are things or works.
_ARTICLE_BEFORE = regex.compile(r"\b(?:the|an?)\s+$", _I)
# A law that Romance languages name for its minister ("la loi Veil", "la ley Sinde", "la
# legge Merlin", "a lei Maria da Penha")
_LAW_NAMED_FOR = regex.compile(r"(?<![\p{L}])(?:loi|ley|legge|lei)\s+$", _I)
# German's courtesy titles: "an" before them is German's "to", no article.
_GERMAN_TITLE_FIRST = regex.compile(r"(?:Herrn|Herr|Frau|Hr|Fr)\.?[ \t]+\p{Lu}")
_TITLE_FIRST = regex.compile(
    rf"(?:{LOWER_CASE_TITLES})[ \t]+\p{{Lu}}|(?:{TITLES})\.?[ \t]+\p{{Lu}}\p{{Ll}}+[ \t]+\p{{Lu}}"
)
# The holder of a document or an account: "ID card for X", "name on the booking X".
_HOLDER = regex.compile(
    r"(?:\b(?:card|id|passport|licen[cs]e|document|account|booking|reservation|ticket|"
    r"policy|prescription|visa|certificate)\s+(?:for|of|in the name of|holder)|"
    # a booking under a name: "booking ref PR-55812, under Whitfield", "a table under Ruiz"
    r"\b(?:booked|booking|reservation|reserved|table|ref|reference)\b[^.!?\n]{0,40}?"
    r"\bunder(?:\s+the\s+name(?:\s+of)?)?|\bname"
    r"(?:\s+on\s+(?:the\s+)?[\w\-]+)?\s*[:=\-]?|"
    # someone's name of record, told of them: "her married name was Tuttle", "my maiden
    # name is Ochieng"
    r"\b(?:my|her|his|their|our)\s+(?:married|maiden|birth|family|legal|first|last|middle|"
    r"given|christian|baptismal)\s+name\s+(?:was|is|had been)|\b(?:compliance|hr|legal|finance|"
    r"accounting|payroll|support|reception|admin|security)\s*\()\s*$",
    _I,
)
_INTENT = regex.compile(
    r"\b(?:want|wants|wanted|plan|plans|planning|hope|hoping|going|would like|'d like|"
    r"thinking of|considering|dream|dreaming|wish|apply|applying)\b",
    _I,
)
_WORK_CONTEXT = regex.compile(
    r"\b(?:plot|characters?|novel|film|movie|episode|chapter|scene|protagonist|trilogy|"
    r"saga|anime|manga|sitcom|opera|musical|screenplay|fan fiction|fanfic)\b",
    _I,
)
# One quotes or cites the words of someone public ("keeps quoting Tony Benn").
# Guests staying where the writer lives: "to stay with us in X for 2 weeks".
_HOSTED_BEFORE = regex.compile(
    r"\b(?:with|visit(?:s|ing)?|see(?:ing)?)\s+(?:us|me)\s+(?:here\s+)?(?:in|at)\s+$", _I
)
# A stay with an end: "for 3 nights", "for the weekend", "for a conference", "on holiday".
_STAY_AFTER = regex.compile(
    r"^\s*(?:(?:for|over)\s+(?:the\s+|a\s+|an\s+|a\s+few\s+|a\s+couple\s+of\s+|"
    r"(?:\d+|one|two|three|four|five|six|seven|ten|several|few)\s+)?(?:nights?|days?|"
    r"weeks?|weekends?|months?|conference|holiday|vacation|trip|wedding|festival|"
    r"meeting|layover|stopover|honeymoon|concert|match|game)\b|on\s+(?:holiday|vacation|"
    r"a\s+trip|business|honeymoon|a\s+layover))",
    _I,
)
_QUOTED_BEFORE = regex.compile(r"\b(?:quot(?:e|es|ed|ing)|cit(?:e|es|ed|ing))\s+$", _I)
_PERFORMED_IN = regex.compile(
    r"\s+(?:was|is|were|starred|stars|appeared|appears|acted|acts|played|plays|sang|sings)"
    r"\s+in\s+(?:the\s+)?",
    _I,
)
_WORK_FRAME = regex.compile(
    r"\s*in\s+((?:the\s+)?\p{Lu}[\p{L}\d'’:&\-]*(?:\s+\p{Lu}[\p{L}\d'’:&\-]*){0,4})\s*,", _I
)
_COMPARISON_BEFORE = regex.compile(r"\b(?:basically|literally|like|as|channel|channeling)\s+$", _I)

# Places: where someone lives or comes from, against a topic or a trip.
_HERE_IN = regex.compile(
    r"\b(?:out |over |right |down |up )?here in\s+$"
    # other languages' "here (in)": Spanish, Portuguese, French, Italian, German and
    # Dutch, Polish, Czech, Russian and Ukrainian, Indonesian, Tagalog, Swahili
    r"|(?<![\p{L}])(?:aquí|acá|aqui|ici|qui|hier|tutaj|tady|zde|здесь|тут|di sini|dito|hapa)"
    r",?[ \t]+(?:(?:en|em|no|na|à|a|in|w|we|v|ve|в|у|di|sa|katika)[ \t]+)?$"
    # a sentence whose subject, the writer, goes unsaid: "Still in Wollongong, still
    # hating the commute", "Currently in Leeds"
    r"|(?:^|[.!?\n])[ \t]*(?:still|currently|now|stuck|living|based)[ \t]+(?:in|at)[ \t]+$",
    _I,
)
_RESIDENCE_BEFORE = regex.compile(
    r"\b(?:(?:live|lives|living|lived|reside|resides|residing|"
    # (not a thing moved: "moves a ticket to Done", "move it to the cloud")
    r"(?:moved|moving|moves|move)\b(?![ \t]+(?:it|them|this|that|these|those|a|an|each|every)\b)|"
    r"relocat\w+|settled|grew up|i was born|i was raised)"
    r"(?:[^.!?\n]{0,30}?\b(?:in|to|at|near|from|à|en|a|w|em))?|raised|born|"
    # Swedish, Norwegian and Danish "lives", some words before its place ("bor kvar på
    # gården utanför X", still lives on the farm outside X)
    r"(?:bor|bodde)(?:[^.!?\n]{0,30}?\b(?:i|på|utanför|utenfor|udenfor|nära|nær|vid|ved))?|"
    # ... and their "moved", Dutch's, and the Romance languages' and Polish's ("er lige
    # flyttet på plejehjem i X", "verhuisd naar X", "se mudó a X", "przeprowadziła się do")
    r"(?:flyttet|flyttede|flyttat|flyttade|flyttar|flytter|verhuisd|verhuizen|verhuist|"
    r"mudé|mudó|mudamos|mudaron|déménagé|déménagée|déménagés|trasferit[oaie]|mudei|mudou|"
    r"mudaram|mudámos|przeprowadzi\p{L}*(?:[ \t]+się)?)"
    r"(?:[^.!?\n]{0,30}?\b(?:i|på|til|naar|in|a|à|en|para|pra|do|w|we))?|"
    # (right before the place: "based in Leeds", not "based on this chat, plan ... in")
    r"based(?:\s+(?:out\s+of|in|at|near))?|"
    r"(?:geboren|née?|nacid[oa]|nat[oa]|urodzon[ay])(?:[^.!?\n]{0,25}?\b(?:in|à|en|a|w))?|"
    r"resident of|hometown|"
    # an arrival that a "since" clause counts from is a move: "since we got to X"
    r"since\s+(?:i|we|he|she|they)\s+(?:got|arrived|came|landed)\s+(?:to|in|at)|"
    r"home town|home is|here in|back in|"
    # the writer as a point of the map ("ten minutes from us in X", "near me in X")
    r"(?:from|near)\s+(?:us|me)\s+(?:in|outside)|"
    r"(?:i|we|they|he|she)(?:'m|’m|'re|’re| am| are| is|'s|’s|'ll be|’ll be| will be| was|"
    r" were)(?: still| currently| now)? (?:in|at)|"
    # ... and "we're still in" in Spanish, French, Italian and Portuguese ("seguimos en X",
    # "on est toujours à X", "siamo ancora a X", "ainda estamos em X")
    r"(?:sigo|seguimos|sigue|siguen|continúo|continuamos)(?:\s+(?:viviendo|aquí|aqui))?\s+en|"
    r"(?:je suis|on est|nous sommes|il est|elle est|ils sont)\s+(?:toujours|encore|"
    r"maintenant|actuellement)\s+(?:à|en)|(?:sono|siamo|è)\s+(?:ancora|ora|adesso)\s+"
    r"(?:a|in)|(?:ainda\s+)?(?:estou|estamos|está|estão|continuo|continuamos)\s+(?:ainda\s+)?"
    r"(?:em|no|na)|(?:my|our) (?:flight|train|bus|drive|"
    r"commute) (?:from|out of)|flying out of|"
    # other languages' verbs of dwelling, the writer's or someone else's ("mi hermana vive
    # en", "meine Mutter wohnt in"), up to three words before their preposition: the
    # subject after the verb ("wonen we in"), or when and how long ("woont al 40 jaar in")
    r"(?:vivo|vivimos|vive|viven|vivía|habite|habitons|habitent|vit|vivent|wohne|wohnen|"
    r"wohnt|lebe|lebt|leben|abito|abitiamo|abita|abitano|viviamo|mieszkam|mieszkamy|"
    r"mieszka|mieszkają|mieszkała|mieszkał|moro|moramos|mora|moram|morava|moravam|woon|"
    r"wonen|woont|woonde|llevo|llevamos|"
    # Russian's and Ukrainian's past and present of living, growing up, being born
    r"живёт|живет|живут|жил|жила|жили|проживает|проживают|живе|живуть|жив|жила|вырос|"
    r"выросла|выросли|виріс|виросла|родился|родилась|народився|народилася)"
    r"(?:[ \t]+[\p{L}\d'’]+){0,3}?[ \t]+"
    r"(?:en|à|a|au|in|im|w|we|em|no|na|nos|nas|op|в|во|на|у)|"
    r"ở lại|về|sống ở|bor i|bor på|asuu|"
    # Greek's living, staying and being born or raised ("η αδελφή μου μένει μόνιμα στη X")
    r"(?:μένω|μένεις|μένει|μένουμε|μένετε|μένουν|ζω|ζει|ζούμε|ζουν|γεννήθηκα|γεννήθηκε|"
    r"μεγάλωσα|μεγάλωσε)(?:[ \t]+[\p{L}]+){0,2}?[ \t]+(?:στη|στην|στο|στον|σε|από)|"
    # the writer's work and its town in the Romance languages, Greek, German, Romanian and
    # Polish: "am", a job of a few words, "in" ("Soy camarera de pisos en X", "Είμαι
    # ταξιτζής στη X", "sunt îngrijitoare în X")
    r"(?<![\p{L}])(?:soy|sou|sono|je suis|ich bin|είμαι|sunt|jestem)[ \t]+"
    r"(?:\p{Ll}[\p{L}\-]*[ \t]+){1,4}?(?:en|em|no|na|a|à|in|im|στη|στην|στο|σε|în|din|w|we)|"
    r"(?:is|are|am|'m|’m|was|were|come|comes|came|visiting|originally|hails?|"
    r"family|parents?|grand(?:mother|father|parents|ma|pa))(?:\s+originally)?\s+from)\s+"
    r"(?:(?:to|in|at|near|from|outside|just outside)\s+)?(?:the\s+)?$",
    _I,
)
_RESIDENCE_AFTER = regex.compile(
    r"^\s*,?\s*(?:where|(?:which|since that|as that|that)(?: is|'s|’s) where)\s+"
    r"(?:i|we|they|he|she|my|our|mum|mom|dad|grandpa|grandma|granny|grandad|granddad|nan|"
    r"nana)\b[^.!?\n]{0,20}"
    r"\b(?:live|lives|lived|living|grew up|work|works|worked|stay|stays|am from|are from|"
    r"was born|were born)\b"
    # other languages' "where" before a verb of living, growing up or being born, whose
    # ending says who ("a Verona, dove siamo cresciuti", "à Annecy, où j'habite")
    r"|^\s*,?\s*(?:dove|donde|onde|où|wo|waar|gdzie|где|де)\s+(?:[\p{L}'’]+\s+){0,2}?"
    r"(?:abito|abitiamo|abita|abitano|vivo|vive|viven|vivimos|viviamo|vivemos|moro|moramos|"
    r"mora|habite|habitons|habitent|vit|vivent|wohne|wohnen|wohnt|lebe|lebt|leben|woon|"
    r"wonen|woont|mieszkam|mieszkamy|mieszka|живу|живём|живем|живёт|живет|живут|"
    r"cresciut[oaie]|crecí|crecimos|creció|cresci|crescemos|cresceu|grandi|grandis|"
    r"aufgewachsen|opgegroeid|dorasta\p{L}*|wychowa\p{L}*|вырос|выросла|выросли|"
    r"nat[oaie]|nací|nacimos|nació|nasci|nasceu|née?s?|geboren|urodzi\p{L}*|родил\p{L}*)"
    r"(?![\p{L}])"
    # Turkish puts the case ending and the verb after the place: "İzmir'de yaşıyor"
    r"|^['’](?:de|da|te|ta)\s+(?:yaşıyor|yaşıyorum|yaşıyoruz|oturuyor|oturuyorum|çalışıyor|"
    r"çalışıyorum)"
    # ... and its "to" before moving there ("Gebze'ye taşındık", we moved to Gebze)
    r"|^['’](?:e|a|ye|ya)\s+(?:taşındık|taşındım|taşındığımız|taşındı|taşınıyoruz|taşınıyorum|"
    r"taşınacağız|yerleştik)",
    _I,
)
_RELATION_PLACE = regex.compile(
    rf"\b{_POSSESSIVE}\s+(?:[\w'’\-]+\s+){{0,2}}?(?:{_RELATION}|employer|arbeitgeber|"
    r"company|firm|school|university|office|clinic|studio|shop|home|house|flat|apartment)"
    # (a possessive typed without its apostrophe: "her brothers wedding in X")
    r"(?:'s|’s|s)?(?:\s+[\w'’\-]+){0,6}?\s+(?:in|at|near|from|outside)\s+$",
    _I,
)
# Slavic languages go "to" or are "at" one's people with no "my", the kin word in the
# dative or genitive, and then in their town: "поеду к маме в Торжок", "живу у бабушки в
# Твери", "jadę do babci w Kielcach".
_KIN_HOME_BEFORE = regex.compile(
    r"(?<![\p{L}])(?:к|ко|у|до|do|u|od)\s+(?:маме|мамы|папе|папы|бабушке|бабушки|дедушке|"
    r"дедушки|родителям|родителей|брату|брата|сестре|сестры|мамі|мами|татові|тата|бабусі|"
    r"дідуся|батьків|mamy|mamie|taty|babci|dziadka|rodziców|dziadków|brata|siostry)"
    r"\s+(?:в|во|у|w|we)\s+$",
    _I,
)
_LIFE_VERB = regex.compile(
    r"\b(?:work|works|working|worked|job|employed|run|runs|running|ran|own|owns|teach|"
    r"teaches|taught|study|studies|studied|studying|led|lead|leads|manage|manages|managed|"
    r"funeral|wedding|shop|stall|store|restaurant|practice|clinic|school|office|"
    r"appointments?|hospital|"
    # gig work, by the firm one does it for: "I ride for Deliveroo in Brighton"
    r"(?:drive|drives|driving|ride|rides|riding|deliver|delivers|delivering)\s+for\s+"
    r"(?-i:\p{Lu}|[a-z]+\p{Lu})\S*|"
    r"i'm an?|i am an?|i was an?|pracuj[eę]|mieszkam|trabajo|vivo|travaille|habite|arbeite|"
    r"wohne|lavoro|abito|werk|woon|trabalho|moro)\b",
    _I,
)
_TRAVEL_VERB = regex.compile(
    r"\b(?:visit|visiting|visited|trip|travel\w*|fly|flying|flight|flights|holiday|vacation|"
    r"honeymoon|tour|itinerary|days?|nights?|weekend|week|land|landing|arrive|arriving|"
    r"cruise|going|go|goes|taking|take|drive|driving|train|heading|headed|stopover|layover|"
    r"explore|exploring|sightseeing|hotel|hostel|airbnb|via|into)\b",
    _I,
)
_WHEN_BEFORE = regex.compile(r"\b(?:every|each|last|next|this|since|until|till|over)\s+$", _I)
# A journey's start: a verb of going, up to two words, then "from" ("flying from", "drove
# up from", "coming over from the"); not the way back ("fly home from Porto", "came back
# from Elba"), nor a source ("what we know comes from Plato").
_TRIP_FROM = regex.compile(
    r"\b(?:fly|flies|flying|flew|drive|drives|driving|drove|travel(?:s|l?ing|l?ed)?|"
    r"coming|came|head(?:s|ing|ed)?|moving|moved|commut(?:e|es|ing|ed)|land(?:s|ing|ed)?|"
    r"arriv(?:e|es|ing|ed))"
    r"(?:\s+(?!home\b|back\b)[\w'’]+){0,3}?\s+from\s+(?:the\s+)?$",
    _I,
)
_FIRST_PERSON = regex.compile(
    rf"\b(?:i|i'm|i’m|we|we're|we’re|me|us|pracuj[eę]|mieszkam|trabajo|vivo|travaille|habite|"
    rf"arbeite|wohne|lavoro|abito|werk|woon|trabalho|moro|{_POSSESSIVE}\s+(?:[\w'’\-]+\s+){{0,2}}?{_RELATION})\b",
    _I,
)
_TOPIC_BEFORE = regex.compile(
    r"(?:history|capital|population|economy|geography|culture|politics|government|"
    r"president|prime minister|king|queen|war|battle|invasion|fall|siege|map|climate|"
    r"cuisine|architecture|flag|currency|language|languages|founding|independence|"
    r"constitution|weather|tourist attractions|landmarks|gdp|time zone|timezone|region|"
    r"aws|azure|gcp|datacenter|data center)\s+(?:of|in|for)\s+(?:the\s+)?$",
    _I,
)
_POSTCODE_OR_NUMBER = regex.compile(r"\d")
# An article before the name, in English or the languages whose cues are read too.
_ARTICLE_END = r"(?:(?:the|el|la|los|las|le|les|il|lo|o|os|der|die|das|dem|den)\s+)?$"
# "our teacher at X", "my son ... sees Dr. Y at X": a relation, then where they are.
_RELATION_AT = regex.compile(
    rf"\b{_RELATION}\b[^!?\n]{{0,40}}?"
    rf"\b(?:at|en|from|of|with|bei|chez|presso|w|na|de)\s+{_ARTICLE_END}",
    _I,
)
# "a landlord", "any tenant": a role in general, no one the writer knows
_GENERIC_DETERMINER_BEFORE = regex.compile(r"\b(?:a|an|any|every|each|no)\s+$", _I)


def _relation_at(before: str) -> bool:
    """Someone of the writer's at the name, in one clause ("my sister's boss at X", "la
    mia collega di X"); not a role in general ("if a landlord never protects it with X")."""
    found = _RELATION_AT.search(before)
    return found is not None and _GENERIC_DETERMINER_BEFORE.search(before, 0, found.start()) is None


_PLACE_LOCATIVE = regex.compile(
    r"\b(?:in|near|into|from|via|around|outside|across|visit|visiting|to visit|fly to|"
    r"flying to|moved to|trip to|travel to|go to|going to)\s+$",
    _I,
)
# "said to Linda", "shouted at Gary": prepositions that take people too.
_PERSON_PREPOSITION = regex.compile(
    r"\b(?:said|say|says|saying|talk|talked|talking|speak|spoke|speaking|write|wrote|"
    r"writing|give|gave|giving|send|sent|sending|reply|replied|shout|shouted|yell|yelled|"
    r"listen|listened|married|engaged|introduced?|belongs?|explain|explained|lie|lied|"
    r"sorry|thanks|nice|kind|rude|mean|close|next|similar|related|looked|look|laughed|"
    r"smiled|waved|stared|angry|mad|upset|pointed|nodded|turned|went over|came over|"
    r"letter|note|message|email|e-mail|text|gift|present|card|him|her|them|me|us)\s+"
    r"(?:to|at|with)\s+$",
    _I,
)
# What follows a person rather than a language: a verb or a comma ("German said", "German,").
_NAME_NEXT = regex.compile(
    r"^(?:\s*[,:]|\s+(?:is|was|has|had|said|says|wants|asked|told|and i|and me|can|will|"
    r"would|thinks|loves|likes)\b)",
    _I,
)
_LOCATIVE = regex.compile(
    r"\b(?:in|at|near|to|into|from|via|around|outside|across|visit|visiting|of)\s+$", _I
)

# Organisations: the writer's or an acquaintance's employer, school, clinic, business.
# "Ops Lead @ Quokka Parcel": a spaced "@" after a role, as bios and headlines write
# "at" (a handle has no space after its "@").
_ROLE_AT_SIGN = regex.compile(r"[\p{L}\p{N}.)][ \t]+@[ \t]+$")
# Words of work, study and care that tie a following name to someone (read in lower case,
# or opening a sentence: "The Left Hand of Darkness ... for X" has no cue in "Left").
_WORK_CUES = (
    r"work|works|worked|working|job|employed|employee|intern|interning|internship|"
    r"position|shift|team|colleagues?|co-?workers?|boss|manager|student|studying|study|"
    r"studies|studied|graduated|graduate|alumn[ia]|enrolled|attend|attends|attended|"
    r"teacher|teaches|taught|professor|lecturer|member|volunteer|volunteering|partner|"
    # coaching, training and lecturing somewhere; where a private life ends ("passed away
    # peacefully at X")
    r"coach|coaches|coached|coaching|trained|lectured|lectures|tutor|tutors|tutored|"
    r"died|passed away|"
    r"contractor|consultant|analyst|engineer|designer|developer|nurse|doctor|officer|"
    r"director|accountant|lawyer|clerk|cashier|barista|driver|account|"
    r"membership|appointment|sees|seeing|treated|patient|hired|promoted|"
    r"interview(?:ed|ing)?|offer|placement|residency|cita|reserva|rendez-vous|joined|joining|"
    r"leaving|left|quit|"
    r"fired|laid off|retired|retiring|career|earn|"
    r"earns|earning|salary|paid|years|months|since|thesis|degree|"
    r"diploma|withdrew|met|results?|scan|surgery|colonoscopy|treatment|therapy|referral|"
    rf"waiting list|loan|mortgage|claim|subscriber|{WORK_VERBS_ABROAD}|"
    r"been|pediatrician|paediatrician|"
    # a team one plays for ("I play weekend cricket for Baner Strikers")
    r"play|plays|played|playing|"
    r"dentist|therapist|physio|vet|optician|pharmacist|surgeon|specialist|"
    r"cardiologist|dermatologist|oncologist|psychiatrist|counsell?or|midwife"
)
# (and in any case: abbreviations, and German's capitalised nouns; the two-letter degrees
# only as degrees are written, in capitals: "ba", "ma" and "bs" are words of Tagalog,
# Italian and chat: "pinagkaiba ng GCash at Maya", "ma a Milano")
_WORK_CUES_ANY_CASE = (
    r"msc|bsc|(?-i:BA|BS|MA)|phd|mba|gp|termin|i'm an?|i am an?|i was an?|we're an?"
)
_AFFILIATION_BEFORE = regex.compile(
    rf"(?:(?:(?-i:\b(?:{_WORK_CUES}))|(?<=^[\s'“(]*|[.!?:\n]\s*)(?:{_WORK_CUES})"
    rf"|\b(?:{_WORK_CUES_ANY_CASE}))\b"
    r"[^!?\n]{0,40}?\b(?:at|for|in|from|of|with|en|bei|der|chez|presso|w|na|bij|aan|в|у|"
    rf"de|da|på|hos|ved|di|ở|tại)\s+{_ARTICLE_END}|"
    r"\b(?:bank|company|employer|school|university|uni|college|clinic|practice|hospital|"
    r"insurer|insurance|provider|letting agent|agent|agency|client|carrier|lender|broker|"
    rf"gp|surgery|dentist|pharmacy|landlord)\s*(?:is|was|:|=|-)?\s*{_ARTICLE_END}|"
    r"\b(?:appointment|booking|reservation|cita|reserva|termin|rendez-vous)\b[^!?\n]{0,70}?"
    rf"\b(?:at|in|with|en|bei|chez|presso)\s+{_ARTICLE_END}|"
    r"\b(?:joined|joining|leaving|left|quit|fired from|laid off from|retired from|"
    r"retiring from|hired by|offer from|interview(?:ed|ing)? (?:at|with)|work for|"
    rf"works for|worked for|working for|work at|works at|worked at|working at)\s+{_ARTICLE_END}|"
    # speaking or writing for a body one belongs to ("Ik spreek namens Buurtvereniging X",
    # "I'm writing on behalf of the Y", "au nom de l'association Z")
    r"\b(?:on behalf of|namens|au nom d[eu]|en nombre de|im namen (?:der|des|von)|"
    rf"a nome d(?:i|el|ella)|em nome d[eoa])\s+{_ARTICLE_END}|"
    # a job offer accepted or received from the employer-to-be, in the Romance languages
    # and German ("acabo de aceptar una oferta de Mercadona", "ho accettato l'offerta di
    # X", "ich habe ein Angebot von X angenommen" reads the noun only; a shop's "oferta de
    # Zara", a sale, has no acceptance before it)
    r"\b(?:acept|aceit|accept|accett|recib|receb|reç|angenommen|bekommen|erhalten)\w*"
    r"\s+(?:(?:una|uma|une|un|la|el|a|ein|eine|ihr|das|den)\s+|l['’]\s*)?"
    r"(?:oferta|proposta|offre|offerta|propuesta|jobangebot|stellenangebot|angebot)"
    rf"\s+(?:de|da|do|di|del|della|dell'|von|vom)\s+{_ARTICLE_END}|"
    # (not a liking: "my favourite band is BTS")
    rf"\b{_POSSESSIVE}\s+(?:(?!(?:favou?rite|fave|preferred|beloved|dream)\b)[\w'’\-]+\s+){{0,2}}?"
    r"(?:company|employer|firm|school|university|"
    r"college|academy|uni|clinic|practice|hospital|gp|surgery|bank|agency|office|startup|"
    r"business|shop|store|stall|restaurant|caf[eé]|salon|gym|church|mosque|synagogue|"
    r"temple|team|club|charity|dentist|pediatrician|paediatrician|nursery|daycare|"
    r"kindergarten|band|choir|orchestra|podcast|channel)(?:'s|’s)?\s*,?\s+"
    r"(?:(?:is|was|called|named)\s+)?(?:the\s+)?$|"
    r"\b(?:called|named)\s+$)",
    _I,
)
# A caller or a writer introduced by their firm: "hi Jo its Bev from Pawfect Trims", "this
# is Dan from Ashgrove Roofing" (a firm's; a place after it is where they are from)
_INTRODUCED_FROM = regex.compile(
    r"\b(?:it'?s|it’s|this is|i'?m|i’m|i am)\s+(?-i:\p{Lu}\p{Ll}+)(?:\s+(?-i:\p{Lu}\p{Ll}+))?"
    r"\s+from\s+(?:the\s+)?$",
    _I,
)
# A cue's words and its preposition in one clause: no subject of a new clause, nor a
# comma and a verb, between them ("work I'm training for the X", "since 1999, is famous
# for the X"); and no "of" right after a noun that is no one's role, which names its
# owner, not a workplace ("the career of X", "the results of X"; "a member of X" is one).
_NEW_CLAUSE = regex.compile(
    r"\b(?:i|i'm|i’m|he|she|we|they|you|it)\b(?!\s*$)"
    r"|,\s*(?:is|are|was|were|has|have|had|will|would|can|could)\b",
    _I,
)
# A thing that works with something ("can it work with M-Pesa", "does this play with"):
# no one's job
_THING_DOES = regex.compile(
    r"\b(?:it|this|that|which)\s+(?:(?:also|still|even|really|actually|not|n't)\s+)?$", _I
)
_OWNER_OF = regex.compile(
    r"^(?:career|results?|treatment|therapy|salary|degree|thesis|diploma|years|months|loan|"
    r"mortgage|claim|job|position|scan|surgery|referral|account|earnings)\s+of\s",
    _I,
)


# Applying for a job, a place or a post: "applying for a role at X", "si candida per un
# posto di X", "postule chez X", "bewirbt sich bei X", "solicitar un puesto en X"
_APPLYING_BEFORE = regex.compile(
    r"\b(?:apply|applies|applying|applied|application|candidat[eoa]\w*|candida|postul\w+|"
    r"bewerb\w+|solicit\w+|se[ \t]+candidata)\b",
    _I,
)


def _applying_to_a_known(m: _Mention) -> bool:
    """An application to an organisation the encyclopedia knows ("applying for an
    assistant manager role at Zara"): one of the many employers people apply to, a topic;
    a small firm applied to stays of the writer's life ("apply for the analyst post at
    Brightwater Housing Trust")."""
    return bool(_APPLYING_BEFORE.search(m.before)) and knowledge.knowledge().is_known(m.value)


def _affiliation_before(before: str, famous: bool = False) -> bool:
    """Whether the words before a name tie it to someone as their employer, school,
    clinic or club (``_AFFILIATION_BEFORE``), within one clause. A ``famous`` person's
    name needs a verb of working ("ich arbeite bei Carl Zeiss": the firm of that name),
    since other cues are what the clause is about ("a big fan of Pierre Soulages", "an
    interview with Michel Cymes")."""
    # (every cue that ends at the name, the nearest last: "since he retired from X" holds
    # "since ... from", which a new clause breaks, and "retired from", which it does not)
    for found in _AFFILIATION_BEFORE.finditer(before, overlapped=True):
        cue = found.group()
        if famous and not _WORKING_VERB.match(cue):
            continue
        first_word = regex.match(r"\S+\s*", cue)
        rest = cue[first_word.end() :] if first_word else cue
        if not (
            _NEW_CLAUSE.search(rest)
            or _OWNER_OF.match(cue)
            or _THING_DOES.search(before, 0, found.start())
            or _OUTSIDER.search(cue)
            or _GENERIC_WORKERS_BEFORE.search(before, 0, found.start())
        ):
            return True
    return False


# An office held in an organisation, as the Romance languages and Dutch say "I'm the
# treasurer of X": the first person of "to be", an article, the office and "of" ("Soy el
# secretario de la X", "sono il presidente del X", "je suis la trésorière de l'X"); not a
# fan or a customer, one of its many
_OFFICE_HELD_ABROAD = regex.compile(
    r"(?<![\p{L}])(?:soy|sou|sono|je\s+suis|ik\s+ben)\s+(?:el|la|o|a|il|lo|le|l['’]|de|het)\s*"
    r"(?!(?:fan|fã|hincha|aficionad[oa]|seguidor[a]?|client[ea]?|tifos[oa]|supporter|"
    r"admirat\p{L}*|socio\s+honorario)(?![\p{L}]))"
    r"\p{Ll}+(?:[ \t]+\p{Ll}+)?[ \t]+"
    r"(?:de[ \t]+la|de[ \t]+los|de[ \t]+las|de[ \t]+l['’]|del|della|dello|dei|degli|do|da|"
    r"dos|das|du|des|de|van[ \t]+de|van[ \t]+het|van)[ \t]*$",
    _I,
)
# One of an organisation's many outsiders ("I'm a big fan of Arsenal", "I'm a customer
# of Barclays"), who hold no place in it.
_OUTSIDER = regex.compile(
    rf"\b(?:{syntax.OUTSIDERS})\s+(?:of|at|with|for)\s+(?:the\s+)?$",
    _I,
)


# Who works there in general: "how many people work at X", "do employees of X get ..."
_GENERIC_WORKERS_BEFORE = regex.compile(
    r"\b(?:people|employees|workers|staff|persons|folks)\s+(?:(?:still|now|currently|usually)\s+)?$",
    _I,
)


_WORKING_VERB = regex.compile(
    rf"(?:work|works|worked|working|employed|hired|joined|joining|{WORK_VERBS_ABROAD})\b", _I
)


# "Is called" as other languages say it, after something of the writer's: "ma voisine
# s'appelle X", "мою соседку зовут X" (not "er heißt Olaf Scholz", nor "mi película
# favorita se llama Coco").
_CALLED_ABROAD = regex.compile(
    r"(?:s'appelle|s’appelle|se llama|se chama|chama-se|si chiama|heißt|heisst|heet|"
    r"nazywa się|ma na imię|зовут|звати)"
    # (with "really" between: "s'appelle vraiment X", "se llama de verdad X")
    r"(?:\s+(?:vraiment|réellement|de verdad|en serio|realmente|wirklich|echt|davvero|"
    r"naprawdę|действительно|реально|справді|écht|really|literally))?\s+$",
    _I,
)
_OWN_ABROAD = regex.compile(
    r"(?<![\p{L}])(?:mi|mis|ma|mon|mes|mein|meine|meinen|mijn|mia|mio|minha|meu|moja|mój|"
    r"mojego|moją|мой|моя|мою|моего|мій|моя|мою|мого|наш|нашу|нашего)(?![\p{L}])",
    _I,
)
_FAVOURITE_ABROAD = regex.compile(
    r"(?<![\p{L}])(?:favorit\w*|preferid\w*|préféré\w*|prefer\w*|lieblings\w*|"
    r"ulubion\w*|любим\w*|улюблен\w*)",
    _I,
)
_RELATION_NEXT = regex.compile(rf"^\s+(?:[\w\-]+\s+)?{_RELATION}\b", _I)
_POSSESSIVE_BEFORE = regex.compile(rf"\b{_POSSESSIVE}\s+$", _I)
_ACCOUNT_AFTER = regex.compile(
    r"^\s+(?:account|card|loan|mortgage|policy|membership|subscription|plan|pension|"
    r"contract|claim|statement|bill|order)\b",
    _I,
)
_AFFILIATION_AFTER = regex.compile(
    r"^\s*,?\s*(?:where|which is where)\s+(?:i|we|my|our|he|she|they)\b[^.!?\n]{0,30}"
    r"\b(?:work|works|worked|study|studies|studied|teach|teaches|am|are|is)\b"
    # Turkish writes a proper noun's case ending after an apostrophe, then the verb or the
    # possessed noun: "Demir Lojistik'te çalışıyorum" (at X I work), "Ege Yapı Market'teki
    # işimden" (from my job at X); the name may run on past NER's span by a word or two
    r"|^(?:[ \t]+\p{Lu}[\p{L}\p{M}]*){0,2}['’](?:de|da|te|ta)(?:ki)?[ \t]+"
    r"(?:çalış(?:ıyorum|ıyoruz|tım|tık|ıyordum|maya)|oku(?:yorum|yoruz|dum|duk)|"
    r"iş(?:im|imi|ime|imde|imden|imiz|yerim|yerimde|yerimden)|"
    r"(?:şirket|okul|ofis|mağaza|fabrika|dükkan|şube)(?:im|ım|um|üm|imiz|ımız|umuz)\p{L}{0,3})"
    r"(?![\p{L}])",
    _I,
)
# "the Fenwick Engineering scheme (he worked there 22 years)": "there" is the firm, and
# the clause says it as a fact, whatever the sentence around it wants
_WORKED_THERE_AFTER = regex.compile(
    r"^[^.!?\n]{0,30}?\b(?:i|we|he|she|they)\s+(?:(?:have|has|had)\s+)?"
    r"(?:worked|studied|taught)\s+there\b",
    _I,
)
_NORP_SELF = regex.compile(
    r"(?:\bI'm|\bI’m|\bI am|\bwe're|\bwe’re|\bwe are|\bI was|\bas an?|\bmy family is|"
    r"\bhe's|\bhe’s|\bshe's|\bshe’s|\bhe is|\bshe is|\bthey're|\bthey are|"
    r"\bmy parents are)\s+(?:an?\s+)?(?:[\w\-]+\s+){0,2}?$",
    _I,
)
# A full stop ends a sentence unless it ends a title or an initial ("Dr. X", "J. Smith").
_STOP = (
    # (abbreviations of titles and address words, English and others: "im." in a Polish
    # school's name, "ul.", "św.", "bzw.")
    # (a letter after an apostrophe is no initial: "go with St Brendan's? The ...")
    r"(?:(?<!(?<![\p{L}\p{N}'’])(?:mr|mrs|ms|dr|st|prof|jr|sr|mt|ft|vs|etc|no|nr|ul|e\.g|i\.e|im|al|os|św|ks|"
    r"inż|mgr|tel|str|bzw|usw|ggf|sra|av|pça|ул|кв|корп|стр|пр|просп|пер|обл|вул|буд|"
    # a firm's legal form, abbreviated inside its name ("Karadeniz Bilişim Ltd. Şti.")
    r"ltd|inc|corp|co|llc|plc|pty|bros|ltda|cía|hnos|"
    r"\p{L}))[.!?](?=\s)"
    r"|(?<=\b\p{L}{2,})[!?](?=\s)|\n|[。！？])"
)
_SENTENCE_BREAK = regex.compile(rf"{_STOP}(?!.*{_STOP})", regex.DOTALL | regex.IGNORECASE)
_STOP_ANYWHERE = regex.compile(_STOP, regex.IGNORECASE)
# A sentence longer than this is a paste, not prose: look no further back.
SENTENCE_REACH = 1000
# A name closed by a street's type is a street, whatever NER called it.
_STREET_TYPES = (
    r"Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Court|Ct|Close|Crescent|Terrace"
)
_STREET_NAME = regex.compile(rf"\s(?:{_STREET_TYPES})\.?$")
_SENTENCE_END = regex.compile(r"[.!?\n]")
# A street's name, by its type, then a comma and the place it is in
_STREET_THEN_PLACE = regex.compile(rf"\s(?:{_STREET_TYPES}|Grove|Gardens|Mews|Way)\.?,\s*\p{{Lu}}")
# The sender or the recipient of a message: "this email from X", "a reply to X".
_CORRESPONDENT = regex.compile(
    r"\b(?:e-?mails?|messages?|texts?|letters?|notes?|invit(?:e|ation)s?|repl(?:y|ies)|dms?|"
    r"voicemails?|calls?|memos?|cards?)\b[^.!?\n]{0,20}?\b(?:from|to|by|for|with)\s+$",
    _I,
)
_REFERENCE_WORD = regex.compile(
    r"\b(?:booking|reservation|confirmation|PNR|record locator|ticket|order|transaction|"
    r"muamala)\b",
    _I,
)
_LINE_REACH = 200
_FIELD_MARKS = ("\n", "|", "•", "·")
# "12 Elm St, Leeds", "ул. Лермонтова, д. 14 in Вологда"
# (other languages' "in" too, and Italian's "a", which is "in" before a town: "via
# Garibaldi 41 a Rovato")
_AFTER_ADDRESS_GAP = regex.compile(
    rf"\s{{0,3}}|,\s{{0,2}}|\s+(?:in|a|{locatives.IN_OR_AT})\s+", regex.IGNORECASE
)
# A line of place names only: "Croydon, London", "Leeds, UK", "Berlin | Germany".
_PLACE_LINE = regex.compile(
    r"[ \t]*[\p{L}][\p{L}\p{M}'’.\- ]*(?:[,|/·][ \t]*[\p{L}][\p{L}\p{M}'’.\- ]*)*[ \t]*"
)
_EMAIL_PARTS = regex.compile(r"[\p{L}\d]+")
_ET_AL = regex.compile(r"[ \t]+et[ \t]+al\b")


def _clause_before(text: str, start: int, reach: int = WINDOW) -> str:
    """The text before ``start`` in the same sentence, at most ``reach`` characters (a
    stop is one character, so the last one found is where the sentence starts)."""
    window = text[max(0, start - reach) : start]
    ends = [stop.end() for stop in _STOP_ANYWHERE.finditer(window)]
    return window[ends[-1] :] if ends else window


def _after(text: str, end: int) -> str:
    return text[end : end + WINDOW]


@dataclass
class _Context:
    """What the decision needs from the whole text, computed once per text."""

    text: str
    spans: Sequence[Span]
    casual: bool = False  # typed in lower case (rules.truecase gave its names capitals)

    def __post_init__(self) -> None:
        self.contacts = sorted(
            (s for s in self.spans if s.label in _CONTACT_LABELS), key=lambda s: s.start
        )
        self.contact_starts = [s.start for s in self.contacts]
        self.by_start = sorted(self.spans, key=lambda s: s.start)
        self.span_starts = [s.start for s in self.by_start]
        self.email_words: set[str] = set()
        for span in self.contacts:
            if span.label == labels.EMAIL:
                local, _, domain = self.text[span.start : span.end].partition("@")
                for part in _EMAIL_PARTS.findall(local) + _EMAIL_PARTS.findall(domain):
                    if len(part) >= 3 and not part.isdigit():
                        self.email_words.add(notability.fold(part))

    @cached_property
    def case_parties(self) -> frozenset[str]:
        """The parties of the cases the text cites: a titled one of them ("did Mrs
        Donoghue ever get paid?") is the case's party, as public as the case."""
        if " v" not in self.text:
            return frozenset()
        return frozenset(name for m in _CASE_NAME.finditer(self.text) for name in m.groups())

    @cached_property
    def parse(self) -> syntax.Parses:
        from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

        return syntax.parses(self.text, DEFAULT_MODEL, PIECE_CHARS)

    def cv_entry(self, span: Span, ranged: bool = False) -> bool:
        """The organisation is an entry of the writer's CV: its line carries a period of
        time ("Analyst, Harrowgate Ltd (2022-now)", "BSc, University of Kent, 2018 - 2021")
        in a text the writer writes of themselves or calls a CV."""
        text = self.text
        if _ET_AL.match(text, span.end):
            return False  # "LeCun et al. (1998)": authors cited, and their paper's year
        # a CV line is short: look no further than 200 characters either way
        begin = text.rfind("\n", max(0, span.start - 200), span.start) + 1
        finish = text.find("\n", span.end, span.end + 200)
        # a long line of prose is read by its sentence alone, which must end in reach
        cut_before = begin == 0 and span.start > 200
        cut_after = finish < 0 and len(text) > span.end + 200
        begin = span.start - 200 if cut_before else begin
        finish = span.end + 200 if cut_after else (finish if finish >= 0 else len(text))
        # a line of prose holds its entry in one sentence ("B.Tech (CSE), Government
        # Engineering College, Thrissur, 2016. 3+ yrs as ...")
        stop = _STOP_ANYWHERE.search(text, span.end, finish)
        finish = stop.start() + 1 if stop else finish
        starts = list(_STOP_ANYWHERE.finditer(text, begin, span.start))
        if (cut_before and not starts) or (cut_after and not stop):
            return False
        begin = starts[-1].end() if starts else begin
        line = text[begin:finish]
        if len(line) > 200 or not (
            _PERIOD.search(line) or _PERIOD_RANGE.search(line) or _DEGREE_LINE.match(line)
        ):
            return False
        if ranged and not _PERIOD_RANGE.search(line):
            return False  # a year alone is a citation's or a history's ("Rowling (2020)")
        if _PROSE_VERB.search(line):
            # a CV's line names, it does not say: "a UNESCO World Heritage Site since 1999,
            # is famous for ..." is a sentence of prose
            return False
        if not text[begin : span.start].strip() and text[span.end : span.end + 2].startswith(","):
            return False  # "Intern, Southwark Council": the role before the employer
        return self.parse.self_in_text or self.calls_itself_a_cv

    @cached_property
    def writer_in_other_language(self) -> bool:
        """The writer speaks of themselves or their people in another language's words
        ("mi", "мой", "我", "제", "أخي", "oğlum"), which the English parse does not read."""
        return _own_in_other_language(self.text)

    @cached_property
    def calls_itself_a_cv(self) -> bool:
        """The text says it is a CV (searched once, not for every organisation)."""
        return _CV_WORD.search(self.text) is not None

    def ner_reads_place(self, span: Span) -> bool:
        """spaCy's NER, reading the words around it, took the span for a place (a first
        name that is also a country: "who paid for it, France?")."""
        for offset, doc in self.parse.ner_docs:
            if offset <= span.start and span.end <= offset + len(doc.text):
                found = doc.char_span(span.start - offset, span.end - offset)
                return found is not None and any(
                    e.start == found.start and e.end == found.end and e.label_ in ("GPE", "LOC")
                    for e in doc.ents
                )
        return False

    def grammar_tie(self, span: Span, place: bool, unknown: bool = False) -> syntax.Tie | None:
        """The writer or someone they name, tied to the span by the sentence's parse (made
        only now: most names are decided by the words around them first). ``unknown``:
        an organisation no encyclopedia knows (see ``syntax.tie``)."""
        found = syntax.tie(self.parse, span.start, span.end, place, unknown)
        if found is not None and found.via == "pronoun":
            # "my brother-in-law ... he's a plumber in X": a pronoun after the writer's
            # people stands for one of them; with none named before, for anyone
            # ("Obama? he was a lawyer in Chicago")
            before = self.text[max(0, span.start - PRONOUN_REACH) : span.start]
            return found if _WRITERS_PEOPLE.search(before) else None
        return found

    def contacts_near(self, span: Span, reach: int) -> list[Span]:
        """Contact spans that start within ``reach`` characters of the span (bisected,
        so a paste with thousands of identifiers stays linear)."""
        # a contact longer than 2,000 characters may start further back: none is
        first = bisect.bisect_left(self.contact_starts, span.start - reach - 2000)
        last = bisect.bisect_right(self.contact_starts, span.end + reach)
        return self.contacts[first:last]

    def contact_near(self, span: Span) -> bool:
        """A contact detail in the same sentence, within a short reach of the name; not
        the service a detail is on ("pay through Venmo to @x", "DM me on Discord: ...")."""
        if _MEDIUM_BEFORE.search(self.text, max(0, span.start - 20), span.start):
            return False
        single = " " not in self.text[span.start : span.end].strip()
        nearby = self.contacts_near(span, CONTACT_REACH)
        name = self.text[span.start : span.end]
        folded = notability.fold(name)
        words = folded.split()
        surname = words[-1] if words else ""
        if not single and any(
            contact.label == labels.STREET_ADDRESS
            and (
                folded in (street := notability.fold(self.text[contact.start : contact.end]))
                # (or by the surname alone: "48 Mandela Crescent (named after Nelson Mandela)")
                or (len(surname) >= 4 and surname in street.split())
            )
            for contact in nearby
        ):
            return False  # the street named for them: "14 Nelson Mandela Way (named after ...)"
        for contact in nearby:
            if single and contact.label == labels.USERNAME and "names." not in span.source:
                continue  # a handle sits among games and platforms ("my twitch is x, ... Silksong")
            gap = (
                self.text[span.end : contact.start]
                if contact.start >= span.end
                else self.text[contact.end : span.start]
                if contact.end <= span.start
                else ""
            )
            if len(gap) <= CONTACT_REACH and not regex.search(r"[.!?]\s|\n\s*\n", gap):
                handle = self.text[contact.start : contact.end]
                if (
                    len(regex.findall(r"\p{L}+", gap)) >= _WORDS_APART
                    and _known_figure(name)
                    and (not _names_in(name, handle) or contact.label == labels.USERNAME)
                ):
                    # "not as fast as Eliud Kipchoge, she insists, @wanjiru": not his; nor is
                    # a fan's handle named for the star ("bartok_in_bucharest ... Bartók")
                    continue
                return True
        return False

    def account_beside(self, span: Span) -> bool:
        """An account, policy or provider number right after an organisation ("HSBC
        account, GB93...", "Valley Endocrine, NPI ...") or right before it in brackets."""
        for contact in self.contacts_near(span, ACCOUNT_REACH):
            if contact.label not in _ACCOUNT_LABELS:
                continue
            after = self.text[span.end : contact.start] if contact.start >= span.end else None
            before = self.text[contact.end : span.start] if contact.end <= span.start else None
            if after is not None and len(after) <= ACCOUNT_REACH and "\n" not in after:
                # not a booking's or a payment's reference: "Delta flight (confirmation
                # HXQ7LM)", "M-Pesa (namba ya muamala ...)" name a trip or a payment
                return _REFERENCE_WORD.search(after) is None
            if before is not None and regex.fullmatch(r"\s*\(\s*|[ \t]*,[ \t]*", before):
                return True  # "(policy 1234) Aviva", "student no. 2104477, Dunmore College"
        return False

    @cached_property
    def address_words(self) -> frozenset[str]:
        """The words of the text's street addresses, without accents ("ul. Kościuszki 41/6,
        05-800 Pruszków": "pruszkow", ...)."""
        return frozenset(
            word
            for c in self.contacts
            if c.label == labels.STREET_ADDRESS
            for word in regex.findall(r"\p{L}+", notability.fold(self.text[c.start : c.end]))
        )

    def town_of_an_address(self, span: Span) -> bool:
        """The place is the town of a street address elsewhere in the text, in any case
        ("do Urzędu Skarbowego w Pruszkowie ... ul. Kościuszki 41/6, 05-800 Pruszków"):
        kept in one place and replaced in the other, it would give the address's town away."""
        words = self.address_words
        if not words:
            return False
        value = self.text[span.start : span.end]
        if " " in value.strip():
            return all(w in words for w in regex.findall(r"\p{L}+", notability.fold(value)))
        return any(
            notability.fold(form) in words for form in locatives.dictionary_forms(value.strip())
        )

    def after_address(self, span: Span) -> bool:
        """The place follows a street address ("12 Elm St, Leeds")."""
        return any(
            c.label == labels.STREET_ADDRESS
            and 0 <= span.start - c.end <= 5
            and _AFTER_ADDRESS_GAP.fullmatch(self.text, c.end, span.start) is not None
            for c in self.contacts_near(span, 5)
        )

    def place_line_by_contacts(self, span: Span, most_words: int = 5) -> bool:
        """The place has a line to itself (a few words: "Croydon, London") next to a line
        with an e-mail address or a phone number: the header of a CV, a signature or a
        letter, where the place is where its person lives."""
        text, reach = self.text, _LINE_REACH  # a place line is short: look no further
        # (a field of a header written on one line counts as a line: "Priya R | priya@...
        # | +44 ... | Leeds")
        line_start = (
            max(text.rfind(mark, max(0, span.start - reach), span.start) for mark in _FIELD_MARKS)
            + 1
        )
        ends = [text.find(mark, span.end, span.end + reach) for mark in _FIELD_MARKS]
        line_end = min((end for end in ends if end >= 0), default=-1)
        no_line_start = line_start == 0 and span.start > reach
        no_line_end = line_end < 0 and len(text) > span.end + reach
        if no_line_start or no_line_end:
            return False
        line_end = len(text) if line_end < 0 else line_end
        line = text[line_start:line_end]
        if len(line.split()) > most_words or not _PLACE_LINE.fullmatch(line):
            return False
        before_start = text.rfind("\n", max(0, line_start - 1 - reach), max(0, line_start - 1)) + 1
        after_end = text.find("\n", line_end + 1, line_end + 1 + reach)
        after_end = min(len(text), line_end + 1 + reach) if after_end < 0 else after_end
        near = self.contacts_near(span, max(span.start - before_start, after_end - span.end))
        return any(
            c.label in (labels.EMAIL, labels.PHONE)
            and before_start <= c.start
            and c.end <= after_end
            and not line_start <= c.start < line_end
            for c in near
        )

    def after_place_comma(self, span: Span) -> bool:
        """The span follows a place and a comma: "Paris, Texas", "Kandy, Sri Lanka"."""
        index = bisect.bisect_left(self.span_starts, span.start) - 1
        if index < 0:
            return False
        previous = self.by_start[index]
        gap = self.text[previous.end : span.start]
        return previous.label == labels.LOCATION and regex.fullmatch(r",[ \t]*", gap) is not None

    def span_ending_at(self, end: int) -> Span | None:
        """The span that ends at ``end``, if one does."""
        index = bisect.bisect_left(self.span_starts, end) - 1
        while index >= 0 and self.by_start[index].end > end:
            index -= 1
        found = self.by_start[index] if index >= 0 else None
        return found if found is not None and found.end == end else None

    def street_before(self, span: Span) -> Span | None:
        """The street named right before the place ("on Mafeking Terrace in Southsea",
        "Bradman Street, Brunswick East"): the place is the street's town."""
        index = bisect.bisect_left(self.span_starts, span.start) - 1
        if index < 0:
            return None
        previous = self.by_start[index]
        if (
            previous.end <= span.start
            and _AFTER_ADDRESS_GAP.fullmatch(self.text, previous.end, span.start) is not None
            and NAMED_STREET.fullmatch(self.text[previous.start : previous.end].strip())
        ):
            return previous
        return None

    def located_after(self, span: Span) -> bool:
        """A town follows the span, after "in", "at" or a comma ("Inkwell Garments in
        Wigan", "Shanti Niketan Apartments, Sector 45"): what it locates is local."""
        index = bisect.bisect_right(self.span_starts, span.start)
        if index >= len(self.by_start):
            return False
        near = self.by_start[index]
        value = self.text[near.start : near.end]
        return (
            _LOCATED_GAP.fullmatch(self.text, span.end, near.start) is not None
            # a town the gazetteers have (not a country or a continent, which locate
            # nothing local: "Voltaren Schmerzgel in Deutschland")
            and ((compounds.place_of(value) is not None) or is_small_town(value))
            and geography.country(value) is None
            and geography.continent_named(value) is None
        )

    def listed_with_places(self, span: Span) -> bool:
        """A place is the span's neighbour in a list ("Santorini, Bali, or the Amalfi
        Coast"): one list holds one kind of thing."""
        index = bisect.bisect_left(self.span_starts, span.start)
        for other in (index - 1, index + 1):
            if not 0 <= other < len(self.by_start):
                continue
            near = self.by_start[other]
            # (a place by NER's reading or the gazetteer's: NER types "Algarve" a firm)
            if near.label != labels.LOCATION and (
                near.label == labels.PERSON
                or compounds.place_of(self.text[near.start : near.end]) is None
            ):
                continue
            gap_start, gap_end = (
                (near.end, span.start) if near.end <= span.start else (span.end, near.start)
            )
            if _COORDINATED.fullmatch(
                self.text, gap_start, gap_end
            ) or _LISTED_BEFORE_THE.fullmatch(self.text, gap_start, gap_end):
                return True
        return False

    def person_before(self, span: Span, reach: int) -> bool:
        """A PERSON span earlier in the same clause (the subject of a life event)."""
        first = bisect.bisect_left(self.span_starts, span.start - reach)
        last = bisect.bisect_left(self.span_starts, span.start)
        return any(
            s.label == labels.PERSON and span.start - reach <= s.start < span.start
            for s in self.by_start[first:last]
        )

    def in_email(self, value: str) -> bool:
        """A word of the name is a word of an e-mail address in the text, or its first words
        run together are ("Ferreira & Lobo" and ferreiralobo-adv.com.br)."""
        words = [notability.fold(w) for w in regex.findall(r"\p{L}+", value) if len(w) >= 3]
        if not words:
            return False
        if any(w in self.email_words for w in words):
            return True
        return any("".join(words[:n]) in self.email_words for n in (2, 3) if len(words) >= n)


@dataclass
class _Mention:
    """One span and the text around it, cut once and read by every rule."""

    ctx: _Context
    span: Span
    value: str

    @cached_property
    def before(self) -> str:
        return _clause_before(self.ctx.text, self.span.start)

    @cached_property
    def wide_before(self) -> str:
        return self.ctx.text[max(0, self.span.start - WINDOW) : self.span.start]

    @cached_property
    def after(self) -> str:
        return _after(self.ctx.text, self.span.end)

    @cached_property
    def sentence(self) -> str:
        """The span's sentence, as far as WINDOW characters on each side."""
        after = self.after
        cut = _SENTENCE_BREAK.search(after)
        return self.before + self.value + (after[: cut.start()] if cut else after)


# A name's head noun says what it names: English puts the kind last ("Hyde Park", "Tower
# Bridge") or, for a few kinds, first ("Lake Tahoe", "Mount Kenya", "Museum of X").
_LANDMARK_KINDS = (
    r"basilica|cathedral|church|chapel|abbey|temple|shrine|mosque|museum|museums|"
    r"gallery|palace|castle|fort|tower|bridge|square|piazza|plaza|park|gardens?|stadium|"
    r"arena|forum|colosseum|monument|memorial|statue|falls|mountains?|mount|lake|river|"
    r"valley|desert|island|islands|beach|canyon|national park|opera house|market|hill|hills|"
    r"bay|harbou?r|pier|lighthouse|zoo|aquarium|reserve|forest|woods|heath|moor|peak|cove|"
    r"gorge|glacier|volcano|dunes|reef|stockade|fortress|citadel|observatory|botanic gardens|"
    r"wall|gate|arch|canal|dam|airport"
)
_LANDMARK = regex.compile(
    rf"(?:\b(?:{_LANDMARK_KINDS})\.?$|^(?:the\s+)?(?:lake|mount|mt|fort|river|isle|cape)\s+"
    r"\p{Lu}|^(?:the\s+)?(?:museum|palace|cathedral|basilica|temple|church|castle)\s+of\s)",
    _I,
)
# A farm, by the words its language names one with: a place people live and work on,
# as a village is ("300 cows on the Double J Ranch"), whatever NER called it.
_FARM = regex.compile(
    rf"\b(?:{'|'.join(word.title() for word in FARM_HEADS_LAST)})$"
    rf"|^(?:{'|'.join(FARM_HEADS_FIRST)})\b"
)


def _names_a_site(value: str, label: str, headed: bool) -> bool:
    """A landmark by its head ("Warwick Castle"), or a farm by the word for one, whatever
    NER called it (a farm also as a firm: "Kessler Family Farms")."""
    if headed and " " in value.strip() and _LANDMARK.search(value):
        return True
    return (headed or label == labels.ORGANIZATION) and _FARM.search(value.strip()) is not None


# Head nouns of the places people work, study, shop and get care: a name ending in one
# is an organisation, whatever NER called it ("Kingsmead Grammar", "Parkview Dentistry").


def _known_figure(value: str) -> bool:
    """A famous full name (``_famous``), or a single name whose entry is one person's
    full name ("Kiarostami", "Goethe")."""
    return _famous(value) or (
        " " not in value.strip() and knowledge.knowledge().names_one_person(value.strip())
    )


def _famous(value: str, limit: float | None = None) -> bool:
    """A full name the encyclopedia has an entry for that chance would seldom give
    (below ``limit``, CHANCE_LIMIT unless named): someone famous, whom a contact detail
    nearby, or a tribute the writer pays them, does not make someone of their life."""
    chance = _chance_of_entry(value)
    return chance is not None and chance < (CHANCE_LIMIT if limit is None else limit)


def _names_in(value: str, contact: str) -> bool:
    """Whether a contact detail spells one of a name's words ("skearney@...")."""
    folded = notability.fold(contact)
    return any(len(w) >= 3 and w in folded for w in notability.fold(value).split())


def _honoured(m: _Mention) -> bool:
    """A famous name that the writer pays a tribute to ("our tribute night to Bill
    Withers"), which no one does by writing to a private person's name."""
    return _HONOURING.search(m.before) is not None and _famous(m.value, LOOSE_CHANCE_LIMIT)


def _name_words(value: str) -> tuple[bool, bool]:
    """(starts with a known first name, ends with a known surname), from Faker's lists."""
    from veil.rules.recognizers.names import known_name_words

    words = [w.strip(".,'’") for w in _HONORIFIC_INSIDE.sub("", value).split()]
    if not words:
        return False, False
    first, last = known_name_words()

    # a full name declined too ("taty, Zbigniewa Kaczmarczyka", of dad, Zbigniew
    # Kaczmarczyk); not a word alone, which the endings would turn into names ("Aldi")
    declined = len(words) > 1

    def given(word: str) -> bool:
        forms = declension.word_forms(word) if declined else (word,)
        # (a hyphenated pair as written: "Tyler-Jay" is two names, "Webster-pak" a thing)
        return any((form if "-" in form else form.title()) in first for form in forms)

    def family(word: str) -> bool:
        forms = declension.word_forms(word) if declined else (word,)
        return any(form.title() in last or form in last for form in forms)

    starts, ends = given(words[0]), family(words[-1])
    if not (starts or ends) and len(words) == 2 and family(words[0]) and given(words[1]):
        # the family name first, as Hungarian writes it ("Szabó Krisztina")
        return True, True
    return starts, ends


# Below this many chance matches an entry for a full name is taken as fame (see
# knowledge.FAME_CHANCE_LIMIT).
CHANCE_LIMIT = knowledge.FAME_CHANCE_LIMIT


# Alphabets that write names letter by letter and transliterate one way into English.
_CASED_SCRIPT = regex.compile(r"[\p{Greek}\p{Cyrillic}\p{Armenian}\p{Georgian}\s.'’\-]+")


def _romanized(value: str) -> str | None:
    """A name in another alphabet as English text writes it ("Αλέξης Τσίπρας" -> "Alexis
    Tsipras"), or None for Latin script and for scripts with no one reading."""
    if notability.latin(value):
        return None
    from anyascii import anyascii

    words = value.split()
    if words and all(brahmic.is_brahmic(word) for word in words):
        # the scripts of India, read by their own rules ("अमिताभ बच्चन" -> "Amitaabh
        # Bachchan"; ``_romanized_forms`` spells the vowels as English does)
        return " ".join(brahmic.romanize(word).title() for word in words)
    if not _CASED_SCRIPT.fullmatch(value):
        return None  # Han may be read as Chinese or Japanese; abjads drop their vowels
    latin = anyascii(value).replace("'", "")
    return latin if any(c.isalpha() for c in latin) else None


# A Russian or Ukrainian patronymic as romanized ("Mikhaylovich", "Andreevna").
_LATIN_PATRONYMIC = regex.compile(r"\b\w+(?:ovich|evich|ovna|evna|ichna|ivna)\b", _I)


def _romanized_forms(romanized: str) -> list[str]:
    """A romanized name as the encyclopedia may title it: as romanized, with the common
    spellings of "-ий" ("Dostoevskiy" -> "Dostoevsky", "Grigoriy" -> "Grigori"), and
    without a patronymic ("Fedor Mikhaylovich Dostoevsky" is titled "Fyodor Dostoyevsky",
    known as "Fedor Dostoevsky")."""
    spelled = regex.sub(r"iy\b", "y", romanized)
    # ("кс" is written "x" in names that English took over: "Яндекс" is Yandex; a first
    # name's "-ий" is "-i" as often: "Grigori Perelman", "Yuri Gagarin")
    forms = dict.fromkeys(
        [romanized, spelled, regex.sub(r"ks", "x", spelled), regex.sub(r"iy\b", "i", romanized)]
    )
    for form in list(forms):
        without = regex.sub(r"\s+", " ", _LATIN_PATRONYMIC.sub("", form)).strip()
        if len(without.split()) >= 2:
            forms[without] = None
    if _LONG_VOWEL.search(romanized) and len(romanized.split()) <= 3:
        # an Indian script's long vowels, as English spells them, word by word: short
        # ("Amitabh"), long but for the last ("Taarak Mehta"), or "ee" and "oo" ("Deepika")
        spellings = [_long_vowel_spellings(word) for word in romanized.split()]
        forms.update(dict.fromkeys(" ".join(words) for words in itertools.product(*spellings)))
    return list(forms)


_LONG_VOWEL = regex.compile(r"aa|ii|uu", _I)


def _long_vowel_spellings(word: str) -> list[str]:
    short = _LONG_VOWEL.sub(lambda long: long.group()[0], word)
    final_short = regex.sub(r"(aa|ii|uu)$", lambda long: long.group()[0], word)
    doubled = word.replace("ii", "ee").replace("uu", "oo").replace("aa", "a")
    return list(dict.fromkeys([word, short, final_short, doubled]))


def _public_owner(value: str) -> bool:
    """A place, or an organisation the encyclopedia knows that is no person's name."""
    if compounds.place_of(value) is not None:
        return True
    first_name, _ = _name_words(value)
    return not first_name and knowledge.knowledge().is_known(value)


def _public_subject(name: str | None) -> bool:
    """A subject the encyclopedia makes public: a famous person by the same evidence as
    anywhere else, or a club, firm or city that is no first name ("Barcelona are moving
    back to ..."); never a relative ("Mum moved to ...")."""
    if not name or _RELATION_WORD.fullmatch(name):
        return False
    if name.casefold() in locatives.stop_words_of_any_language():
        return False  # a pronoun of another language the parse took for a name ("Hij")
    if _name_words(name)[0]:
        return notability.is_public_figure(name) or _known_person(name)
    return _public_owner(name)


_RELATION_WORD = regex.compile(rf"{_RELATION}", _I)
_RELATION_ONLY = regex.compile(rf"{_POSSESSIVE}\s+{_RELATION}", _I)


def _known_as_no_place(value: str) -> bool:
    """The encyclopedia knows the name and the gazetteer does not: a company, a brand, a
    person ("led to Lamborghini building cars"), not a town the rules could live in."""
    return compounds.place_of(value) is None and knowledge.knowledge().is_known(value)


def _reads_as_a_name(value: str, span: Span) -> bool:
    """More than one word, a first name, a name the name rules found, or another script:
    not a one-word brand NER called a person ("charged twice by Ryanair", beside a card)."""
    words = value.split()
    return (
        len(words) > 1
        or "names." in span.source
        or not notability.latin(value)
        or _name_words(value)[0]
        or not knowledge.knowledge().is_known(value)
    )


def _known_person(value: str, limit: float = CHANCE_LIMIT) -> bool:
    """A name an encyclopedia has an entry for, where that is evidence of fame: random
    names of three or more words almost never are entries (0-0.2% of generated ones); a
    two-word one counts when its words rarely pair by chance (``chance_entries``) or its
    surname alone leads to the same entry ("Federer")."""
    words = value.split()
    if len(words) < 2:
        return False
    index = knowledge.knowledge()
    entry = index.canonical(value)
    if entry is None:
        return False
    if len(words) >= 3:
        return True
    return index.chance_entries(value) < limit or index.canonical(words[-1]) == entry


def _romanized_undeclined(value: str) -> list[str]:
    """A name in another alphabet romanized as written and in its nominative forms
    ("Капицу" -> "Kapitsu", "Kapitsa")."""
    found: dict[str, None] = {}
    for form in (value, *declension.name_forms(value)):
        romanized = _romanized(form)
        if romanized:
            found.update(dict.fromkeys(_romanized_forms(romanized)))
    return list(found)


def _known_when_undeclined(value: str) -> bool:
    """A declined name whose nominative is a famous person's entry, by the same evidence
    as the name as written (``_known_person``): "Zdeňka Svěráka", "Льва Толстого"."""
    if brahmic.is_brahmic(value.replace(" ", "")):
        return False  # (the scripts of India write no case on a name)
    forms = declension.name_forms(value)
    if notability.latin(value):
        return any(_known_person(form) for form in forms)
    return any(_known_person(form) for form in _romanized_undeclined(value)[1:])


def _surname_of_one_entry(value: str) -> bool:
    """A surname alone that the encyclopedia takes for one person's full name: the
    famous bearer is the surname's main sense ("Vygotsky" leads to Lev Vygotsky,
    "Ancelotti" to Carlo Ancelotti), where a common surname has a page of its own
    ("Kowalski", "Patel", "Hardy")."""
    word = value.strip()
    if " " in word or not word[:1].isupper():
        return False
    return knowledge.knowledge().names_one_person(word, most_words=3)


# The rest of a title, then its author: "[Klara] and the Sun by Kazuo Ishiguro".
_TITLE_BY_AUTHOR = regex.compile(
    r"^(?:[ \t]+(?:and|the|of|a|an|in|on|at|to|\p{Lu}[\p{L}'’]*))*[ \t]+by[ \t]+"
    r"(?P<author>\p{Lu}[\p{L}.'’\-]+(?:[ \t]+\p{Lu}[\p{L}'’\-]+){1,2})"
)
# "the real X", "the actual X": the famous bearer of a name someone in the text shares.
# "the real X" in English and as other languages say it ("del verdadero Neruda", "le vrai
# Zidane", "der echte Müller", "настоящего Пушкина")
_THE_REAL_ONE = regex.compile(
    r"(?:\bthe\s+(?:real|actual|famous|original)"
    # (or "the" stressed by quotes or asterisks: "if she was 'the' Mary Robinson")
    r"|(?<![\p{L}])['‘\"“*_]the['’\"”*_]"
    # (Dutch stresses a word with an accent: "de échte Cruijff", "niet dé Jan Janssen")
    r"|(?<![\p{L}])(?:verdader[oa]|vrai|véritable|[eé]chten?|dé|wahren?|ver[oa]|prawdziw\w+|"
    r"настоящ\w+|справжн\w+|verdadeir[oa]|famos[oa]|célèbre|berühmten?))\s+$",
    _I,
)
_PRONOUN_FOR_SOMEONE = regex.compile(r"\b(?:he|she|his|her|him)\b", _I)
# Names joined as one list: "X and Y", "X, Y", "X or Y".
# (and the other languages' "and" that mean nothing else: "Giulia e Marco", "Ana y Sofía")
_DESCRIPTION_THEN_PLACE = regex.compile(
    r",\s+(?:a|an|the|our|my)\s+(?:[\p{L}\-]+\s+){0,4}?(?:in|at|on|near)\s+", _I
)
# a list's comma before an article ("Santorini, Bali, or the Amalfi Coast")
_LISTED_BEFORE_THE = regex.compile(r"\s*,\s*(?:(?:and|or)\s+)?(?:the\s+)?", _I)
_LOCATED_GAP = regex.compile(r"\s*(?:,|\s(?:in|at)\s)\s*", _I)
_COORDINATED = regex.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|nor|e|y|et|und|och|og|ve|și|oraz|és|"
    r"και|kai|và|dan|и|та)\s+)",
    _I,
)
# "my mum's appointment", "our neighbour": the text is about people of the writer's life.
_WRITERS_PEOPLE = regex.compile(rf"\b(?:my|our)\s+(?:[\w'’\-]+\s+){{0,2}}?{_RELATION}\b", _I)
# Looser than CHANCE_LIMIT, for texts that name no one private: "Bruno Mars" (0.06) and
# "Ryan Reynolds" (0.21) pass, "Mark Taylor" (2.1) and "David Miller" (5.2) do not.
LOOSE_CHANCE_LIMIT = 0.25
# How far back "my <relation>" may stand from a pronoun that stands for that relation.
PRONOUN_REACH = 300


_POSSESSIVE_AFTER = regex.compile(r"^['’]s\b")


def _titled_with_possessive(value: str) -> bool:
    """A work or a band whose title opens with "my"/"our" ("My Neighbor Totoro", "Our
    Town"): the possessive is the title's, not the writer's."""
    return value.split(maxsplit=1)[0].casefold() in ("my", "our") and (
        knowledge.knowledge().is_known(value)
    )


# "mere papa X", "мій колега X": the relation words the name rules read, in Hindi typed
# in Latin letters and in the Slavic languages
_OTHER_LANGUAGE_RELATION_BEFORE = regex.compile(
    rf"(?:{HINGLISH_RELATION}|(?<![\w])(?i:{OTHER_LANGUAGE_RELATIONS})[ \t]+)$"
)


_MY_NOUN_BEFORE = regex.compile(rf"{names_recognizer.MY_NOUN}$")


def _my_noun_then_given_name(m: _Mention) -> bool:
    first = m.value.split()[0] if m.value.split() else ""
    return (
        _MY_NOUN_BEFORE.search(m.before) is not None
        # (a first name by the lists, unless NER read a person: "mijn buurman Kees Oomen")
        and (m.span.label == labels.PERSON or truecase.is_given_name(first))
        and not _famous(m.value)
    )


def _tied_to_someone(m: _Mention) -> Reason | None:
    """Why the text ties a name to someone's own life, or None."""
    before, wide_before, after = m.before, m.wide_before, m.after
    if (
        _RELATION_BEFORE.search(before)
        or _my_noun_then_given_name(m)
        or _RELATION_LISTED_BEFORE.search(before)
        or _KIN_TITLE_INSIDE.match(m.value)
        or _KIN_TITLE_BEFORE.search(before)
        or _OTHER_LANGUAGE_RELATION_BEFORE.search(before)
        or (_RELATION_INSIDE.match(m.value) and _POSSESSIVE_END.search(before))
    ):
        return Reason.RELATION_BEFORE  # "my aunt Hilde", "Tante Hilde", "Mi [hermana Lucía]"
    if _RELATION_AFTER.match(after):
        return Reason.RELATION_AFTER
    if _introduced_as_one_of_a_kind(m):
        return Reason.INTRODUCED
    if _SELF.search(before) or _GREETING.search(wide_before):
        return Reason.SELF_INTRODUCTION
    if _HOLDER.search(before) and compounds.place_of(m.value) is None:
        return Reason.HOLDER  # (not "a visa for Vietnam": the country it admits to)
    if (
        _LINE_START.search(wide_before)
        and _SPEAKER_AFTER.match(after)
        and not transcripts.role(m.value.strip(), names_recognizer.known_name_words()[0])
    ):
        return Reason.SPEAKER  # (not "Landlord:", "Mummy:": a role is no one's name)
    if (
        _WITH_WRITER_AFTER.match(after) or _WITH_WRITER_BEFORE.search(wide_before)
    ) and syntax.listed_with_writer(m.ctx.parse, m.span.start, m.span.end):
        return Reason.LISTED_WITH_WRITER
    if _MEMBER_OF_MINE_AFTER.match(after):
        return Reason.RELATION_AFTER  # "Grzesiek from my 5-a-side", "Ana in our choir"
    if _LIFE_EVENT_AFTER.match(after) and _WRITER_OR_READER.search(m.sentence):
        return Reason.LIFE_EVENT  # "Tolu and Femi's wedding ... and im the MC"
    return None


# Someone or something new to the reader, brought in as one of a kind with an indefinite
# article: "a recruiter called Priya Raman", "a small café called Frida's Kitchen", "this
# guy named Dev". A writer introduces whom the reader cannot know; the famous need no
# introduction.
_ONE_OF_A_KIND_BEFORE = regex.compile(
    r"(?<![\w'’])(?P<phrase>(?:a|an|this|one)[ \t]+(?:[\w'’\-]+[ \t]+){0,3}?"
    r"(?P<kind>[\w'’\-]+)[ \t]+(?:(?:who|which|that)[ \t]+(?:is|was)[ \t]+)?"
    r"(?:called|named))[ \t]+$",
    _I,
)
# The kinds of someone beyond relations and occupations' titles, and of a business
# beyond the heads of institutions' names ("a batik shop called Sekar Jagad")
_SOMEONE_OR_A_BUSINESS = regex.compile(
    r"guy|man|woman|lady|girl|boy|bloke|chap|gal|person|fellow|dude|kid|member|user|seller|"
    r"shop|store|firm|company|business|startup|brand|outfit",
    _I,
)


def _introduced_as_one_of_a_kind(m: _Mention) -> bool:
    """ "A recruiter called X": the kind a relation, an occupation, a person's or a
    business's; and not a work's title the words make ("A Man Called Ove")."""
    # (here, not at the top: the quasi-identifier package reads this module's words)
    from veil.rules.quasi.lexicon import occupation_group

    found = _ONE_OF_A_KIND_BEFORE.search(m.before)
    if found is None:
        return False
    kind = found["kind"]
    return bool(
        _SOMEONE_OR_A_BUSINESS.fullmatch(kind)
        or HEAD_WORD.fullmatch(kind)
        or _RELATION_WORD.fullmatch(kind)
        or occupation_group(kind)
    ) and not knowledge.knowledge().is_known(f"{found['phrase']} {m.value}")


def _talked_about(m: _Mention) -> Reason | None:
    """Why the text treats a name as public knowledge, or None."""
    text, span, before, after = m.ctx.text, m.span, m.before, m.after
    if _NAMES_AS_WORDS.search(before):
        return Reason.ASKED_ABOUT
    owner = _OWNER_BEFORE.search(before)
    if owner and owner.group(1).casefold() not in _PRONOUNS and _public_owner(owner.group(1)):
        return Reason.PUBLIC_ROLE
    if syntax.consumed(m.ctx.parse, span.start, span.end):
        return Reason.WORKS_FOLLOW  # "used to watch Yo soy Betty": a show
    if _QUOTED_BEFORE.search(before):
        return Reason.WORKS_FOLLOW  # "my dad keeps quoting Tony Benn"
    if _ROLE_BEFORE.search(before) or _ROLE_AFTER.match(after):
        return Reason.PUBLIC_ROLE
    if _WORK_AFTER.match(after) or _THING_AFTER.match(after) or _WORKS_NOUN_AFTER.match(after):
        return Reason.WORKS_FOLLOW
    by = _TITLE_BY_AUTHOR.match(after)
    if by and knowledge.knowledge().is_known(by.group("author")):
        return Reason.WORKS_FOLLOW  # "Klara and the Sun by Kazuo Ishiguro": a title's word
    if (_ABOUT_BEFORE.search(before) or _WORK_BY.search(before)) and not _made_at_work(m):
        return Reason.ASKED_ABOUT
    if _WH_BEFORE.search(before) and _WHAT_X_DID.match(after):
        return Reason.ASKED_ABOUT
    if _QUIZ_ANSWER.search(text[max(0, span.start - 160) : span.start]):
        return Reason.QUIZ_ANSWER
    if _FICTION_FROM.match(after) and _COMPARISON_BEFORE.search(before):
        return Reason.COMPARED_CHARACTER
    if _LAW_NAMED_FOR.search(before):
        return Reason.TITLE_OR_THING  # "la loi Veil", "la ley Sinde": a law, named for someone
    if (
        _ARTICLE_BEFORE.search(before)
        and not _TITLE_FIRST.match(m.value)
        and not _GERMAN_TITLE_FIRST.match(m.value)
        and not locatives.reads_as_german(_clause_before(text, span.start))
    ):
        # (not "..., a pani Halina Rutkowska": Polish "a" is "and", and a title a person's;
        # nor "the owner, a Mr Terence Ashdown": a title and a full name are someone's;
        # nor German "an Herrn Wiegand", to Mr Wiegand; Romance "a" before a name is "to"
        # too, but there one writes "a Umberto Eco" of the famous far more often)
        return Reason.TITLE_OR_THING
    if _WORK_CONTEXT.search(before) or _in_a_work(before):
        return Reason.CHARACTER_IN_WORK
    if _asked_of_the_model(m):
        return Reason.ASKED_ABOUT
    return None


# Who made a thing of the writer's work (code, a token, a ticket, a sheet): a colleague,
# not an author one asks about ("the job was written by X", "Component written by X,
# reviewed by me", "the token was created by X before he left")
_MADE_BY = regex.compile(
    r"\b(?:written|created|built|made|developed|set[ \t]+up|maintained|authored|configured|"
    r"deployed)[ \t]+by[ \t]+$",
    _I,
)
_THING_OF_WORK = regex.compile(
    r"\b(?:code|script|job|cron(?:job)?|component|module|function|service|pipeline|workflow|"
    r"token|key|PR|pull[ \t]+request|merge[ \t]+request|commit|patch|migration|query|"
    r"playbook|config|configuration|repo|repository|branch|ticket|test|tests|dashboard|"
    r"spreadsheet|sheet|macro|template|schema|endpoint|bot|lambda|container|dockerfile|"
    r"terraform|deployment|integration|plugin|extension|library|package)s?\b",
    _I,
)


def _made_at_work(m: _Mention) -> bool:
    """A thing of the writer's work made by the name, in a text where the writer speaks of
    themselves, by someone no encyclopedia entry makes famous."""
    if _MADE_BY.search(m.before) is None:
        return False
    clause = _clause_before(m.ctx.text, m.span.start, SENTENCE_REACH)
    return (
        _THING_OF_WORK.search(clause) is not None
        and m.ctx.parse.self_in_text
        and not _famous(m.value)
    )


def _in_a_work(before: str) -> bool:
    """The sentence opens with the work it is about: "In Friends, is Ross or Rachel to
    blame?", "In Succession, is Kendall the heir?" (a title the encyclopedia has, that is no
    place: "In Leeds, Tom and I ..." is not)."""
    frame = _WORK_FRAME.match(before)
    if frame is None:
        return False
    title = frame.group(1)
    return compounds.place_of(title) is None and knowledge.knowledge().is_known(title)


def _asked_of_the_model(m: _Mention) -> bool:
    """A question about a full name the encyclopedia has, put to the model with nothing of
    the writer's life in it ("does Tom Scott still make videos?", "how many hundreds does
    Joe Root have now?"): a model can only answer it about someone public, and a writer
    asking after someone they know says who they are to them ("my friend Tom")."""
    text, span = m.ctx.text, m.span
    value = _HONORIFIC_INSIDE.sub("", m.value)
    if len(value.split()) < 2 or m.span.label != labels.PERSON:
        return False
    end = _SENTENCE_END.search(text, span.end, min(len(text), span.end + WINDOW))
    if end is None or end[0] != "?":
        return False
    sentence = _clause_before(text, span.start, SENTENCE_REACH) + text[span.start : end.end()]
    if syntax.FIRST_PERSON_WORD.search(sentence) or _CORRESPONDENT.search(m.before):
        return False
    return knowledge.knowledge().canonical(value) is not None


# A line a party field opens, the name lists' and the ones listing a document's people
# ("Present: Mr Ong (Chair), Ms Nair", "Claimant: ...", "Cc: ...")
_PARTY_FIELD = regex.compile(
    rf"[ \t*\-•>]*(?i:{PARTY_FIELD_WORDS}|in attendance|apologies|absent|panel|chair|"
    r"minutes?(?: taken by)?|note ?taker|to|from|witness(?:es)?|interviewer|interviewee|"
    r"candidate|claimant|respondent|defendant|plaintiff|debtor|creditor|vendor|buyer|seller|"
    r"purchaser|adviser|advisor|caller|requester|"
    r"anwesend|teilnehmer(?:innen)?|présents|presentes|asistentes|obecni|aanwezig|"
    r"närvarande|tilstede)[ \t]*:[^\n.!?]{0,200}$"
)


def _on_a_party_line(text: str, start: int) -> bool:
    """The name stands on a line a party field opens."""
    line_start = text.rfind("\n", max(0, start - 240), start) + 1
    if line_start == 0 and start > 240:
        return False
    return _PARTY_FIELD.match(text, line_start, start) is not None


def _person(m: _Mention) -> Verdict:
    ctx, span, value, before = m.ctx, m.span, m.value, m.before
    label = labels.PERSON
    if _RELATION_ONLY.fullmatch(value.strip()):
        # "Mein Vater" alone, which NER took for a name (and an encyclopedia for a film)
        return Verdict(Subject.PUBLIC, Reason.NOT_A_NAME, label)
    tied = _tied_to_someone(m)
    if tied:
        return Verdict(Subject.PRIVATE, tied, label)
    if span.validator == names_recognizer.FAMILY:
        # a family by its surname no encyclopedia has ("the Adeyemis next door"): people,
        # not a title after "the"; in a text where the writer speaks of themselves, people
        # of their life
        if ctx.parse.self_in_text:
            return Verdict(Subject.PRIVATE, Reason.FAMILY_NAME, label)
        return Verdict(Subject.UNKNOWN, Reason.UNDECIDED_NAME, label)
    if _on_a_party_line(ctx.text, span.start) and not notability.is_public_figure(value):
        # (not "To: Keir Starmer", a letter to a public figure)
        return Verdict(Subject.PRIVATE, Reason.AFFILIATION, label)
    grammar = ctx.grammar_tie(span, place=False)
    if (
        grammar is not None
        and grammar.via in ("apposition", "possession")
        and not _talked_about(m)
        and not _titled_with_possessive(value)
    ):
        # "my landlord, X"; not "(not Li Na the tennis player)", nor "I'm on X" (a place)
        return Verdict(Subject.PRIVATE, Reason.GRAMMAR_TIE, label)
    if (
        ctx.contact_near(span)
        and _reads_as_a_name(value, span)
        # (not an artist whose works follow the name: "covers of Billy Strings songs")
        and not (_WORK_AFTER.match(m.after) or _WORKS_NOUN_AFTER.match(m.after))
    ) or ctx.in_email(value):
        return Verdict(Subject.PRIVATE, Reason.CONTACT_BESIDE, label)
    if (
        _affiliation_before(before, _known_figure(value)) and not _applying_to_a_known(m)
    ) or _called_by_the_writer(m):
        return Verdict(Subject.PRIVATE, Reason.AFFILIATION, label)
    if _WORKED_THERE_AFTER.match(m.after):
        return Verdict(Subject.PRIVATE, Reason.AFFILIATION, labels.ORGANIZATION)
    # Type checks: a language, a people or a place is not a person without a name cue.
    # A word that is also a first name ("Jackson", "Linda") needs a place's preposition,
    # and not one that people take too ("said to Linda", "shouted at Gary").
    first_name, surname = _name_words(value)
    given = first_name and " " not in value.strip()
    if notability.is_language_or_nationality(value) and not (given and _NAME_NEXT.match(m.after)):
        return _norp(m, relabelled=True)
    found = compounds.place_of(value)
    place_preposition = (
        _PLACE_NOUN_BEFORE.search(before)
        or _PLACE_LOCATIVE.search(before)
        or (_LOCATIVE.search(before) and not _PERSON_PREPOSITION.search(before))
    )
    if found is not None and (
        place_preposition
        or (not given and (found.prominent or _LOCATIVE.search(before)))
        or ctx.after_place_comma(span)
        or ctx.after_address(span)
        or (found.kind == "country" and ctx.ner_reads_place(span))
        or ctx.listed_with_places(span)
        or syntax.place_complement(ctx.parse, span.start, span.end)
        or syntax.modifies_noun(ctx.parse, span.start, span.end)
    ):
        return _location(m, relabelled=True)
    if not first_name and ctx.cv_entry(span, ranged=True):
        # a line of the writer's CV names where they worked or studied, whatever NER took
        # the name for ("2019 – obecnie: Księgowa, Orlen, Płock")
        return Verdict(Subject.PRIVATE, Reason.AFFILIATION, labels.ORGANIZATION)
    if notability.is_public_figure(value) or notability.is_public_figure(
        _HONORIFIC_INSIDE.sub("", value)
    ):
        return Verdict(Subject.PUBLIC, Reason.PUBLIC_FIGURE, label)
    talked = _talked_about(m)
    if talked is Reason.TITLE_OR_THING and _site_named_for_town(m):
        # "the Oranmore surgery": not a person, a practice's site named for its town
        return _location(m, relabelled=True)
    if talked:
        return Verdict(Subject.PUBLIC, talked, label)
    if syntax.dealt_with(ctx.parse, span.start, span.end) and not _honoured(m):
        if _reads_as_a_name(value, span):
            return Verdict(Subject.PRIVATE, Reason.DEALT_WITH, label)
        # firms are written to and called too ("a complaint to Ryanair"): a one-word
        # entry that is no first name is decided as the organisation it is
        return _organization(m)
    if knowledge.knowledge().is_known(value) and syntax.liked(ctx.parse, span.start, span.end):
        # "she loves Jay Chou", "he idolises Magnus Carlsen": an entry that is loved or
        # followed is a star, not a friend, whoever else the text names
        return Verdict(Subject.PUBLIC, Reason.LIKED, label)
    untitled = _HONORIFIC_INSIDE.sub("", value)
    if _known_person(untitled) or (
        _POSSESSIVE_AFTER.match(m.after) and _known_person(f"{value}'s")
    ):
        # (a brand named in the possessive is its entry: "Marie Callender's")
        return Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, label)
    if not first_name and _surname_of_one_entry(value):
        return Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, label)
    romanized = _romanized(value)
    # (an Indian script's name is read in several spellings, each a chance to meet some
    # entry: the fame asked of it is ten times as high)
    limit = CHANCE_LIMIT / 10 if brahmic.is_brahmic(value.replace(" ", "")) else CHANCE_LIMIT
    if romanized and any(
        notability.is_public_figure(form) or _known_person(form, limit)
        for form in _romanized_forms(romanized)
    ):
        # "Αλέξης Τσίπρας" is Alexis Tsipras: the same decision in any script
        return Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, label)
    if _known_when_undeclined(untitled):
        # "postava Zdeňka Svěráka" is Zdeněk Svěrák's character
        return Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, label)
    titled_word = _HONORIFIC_INSIDE.sub("", value).strip()
    if (
        _HONORIFIC_INSIDE.match(value)
        and not surname
        and titled_word[:1].isupper()
        and compounds.place_of(titled_word) is None  # "mr england" is a teacher
        and knowledge.knowledge().is_known(value)
    ):
        # "Dr Pepper", "Dr. Seuss", "Mr. Bean": a title and a word that is no surname,
        # together an entry (not "Dr. Smith", whose entry is by chance)
        return Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, label)
    if _HONORIFIC_BEFORE.search(before) or _HONORIFIC_INSIDE.match(value):
        if titled_word and titled_word.split()[-1] in ctx.case_parties:
            return Verdict(Subject.PUBLIC, Reason.NAMED_PUBLICLY, label)
        return Verdict(Subject.PRIVATE, Reason.TITLED, label)
    if (
        names_recognizer.VOCATIVE.match(ctx.text, span.start)
        and not names_recognizer.is_interjection(value)
        and _reads_as_a_name(value, span)
    ):
        return Verdict(Subject.PRIVATE, Reason.ADDRESSEE, label)  # "Ciarán, can you ..."
    if _ADDRESSEE.search(before) and _reads_as_a_name(value, span) and not _honoured(m):
        # not "not coming for Easter": a one-word entry that is no first name; nor "a
        # script for our tribute night to Bill Withers": one honours the famous bearer
        return Verdict(Subject.PRIVATE, Reason.ADDRESSEE, label)
    if "names." in span.source:
        pass  # the name rules found it as a person's name: no brand, work or figure
    elif not notability.latin(value):
        # the name lists cannot judge the script as written ("Ивану Петрову"); read
        # romanized, one word that is no first name is what it is in Latin letters: a
        # mononym, a work or a place ("Σωκράτης", "Ιθάκη")
        if " " not in value.strip() and any(
            " " not in form.strip()
            and not _name_words(form)[0]
            and knowledge.knowledge().is_known(form)
            for form in _romanized_undeclined(value)
        ):
            return Verdict(Subject.PUBLIC, Reason.SINGLE_NAME, label)
    elif " " not in value.strip() and value[:1].isupper() and not first_name:
        # People one knows go by first names; a surname or a mononym alone is how
        # public figures, brands and works are named ("Monet", "Crick", "Zomato") -
        # unless it is a firm no encyclopedia knows that the sentence ties to the writer
        # ("Zentrix rejected my application")
        if not knowledge.knowledge().is_known(value):
            as_organization = _organization(m)
            if as_organization.subject is Subject.PRIVATE:
                return as_organization
        return Verdict(Subject.PUBLIC, Reason.SINGLE_NAME, label)
    elif " " in value.strip() and not first_name and not surname:
        # "Halvorsen Marine let me go", "been going to Harbourview Physio": no person's
        # name, so what an organisation's would be ("my job at X", "X in my CV", "X in
        # Todmorden", a local one)
        as_organization = _organization(m)
        if as_organization.subject is not Subject.PUBLIC:
            return as_organization
        return Verdict(Subject.PUBLIC, Reason.NOT_A_NAME, label)
    return Verdict(Subject.UNKNOWN, Reason.UNDECIDED_NAME, label)


# (and a firm's site, plant or office "of" its town, as Romance languages, German and
# Dutch say it: "site de Saint-Priest", "stabilimento di Rovato", "Werk Ingolstadt")
_BRANCH_BEFORE = regex.compile(
    r"(?<![\p{L}])(?:cabang|chi nhánh|filial|sucursal|"
    r"(?:site|usine|agence|succursale|entrepôt|dépôt|sede|planta|fábrica|oficina|"
    r"stabilimento|filiale|magazzino|punto vendita|unidade|armazém)[ \t]+(?:de|d'|d’|di|da|do)|"
    r"Standort|Werk|Niederlassung|Filiale|vestiging)[ \t]*$",
    _I,
)
# "the warehouse in Roissy", "our depot at Normanton": a firm's site by where it is, said
# by someone who works there (a text with the writer in it; not "the Ford plant in X")
_SITE_IN_BEFORE = regex.compile(
    # (an ordinal or an adjective between: "the second packing line at X", "our new office
    # in"; not a firm's name: "the Ford plant in X")
    r"\b(?:the|our|my)[ \t]+(?:(?-i:\p{Ll})[\w\-]*[ \t]+)?(?:office|branch|plant|site|campus|depot|"
    r"warehouse|factory|"
    r"store|unit|mill|yard|distribution[ \t]+cent(?:re|er)|"
    r"(?:packing|production|assembly|bottling)[ \t]+line)[ \t]+(?:in|at)[ \t]+$",
    _I,
)
# "the Ikeja office", "our Leeds branch", "the Oranmore surgery": a firm's site, or a
# practice's, named for its town
_BRANCH_AFTER = regex.compile(
    r"^[ \t]+(?:office|branch|plant|site|campus|depot|warehouse|factory|HQ|headquarters|"
    r"unit|store|mill|yard|surgery|clinic|practice)\b",
    _I,
)
_DEFINITE_OR_OWN_BEFORE = regex.compile(r"\b(?:the|our|my)[ \t]+$", _I)


def _site_named_for_town(m: _Mention) -> bool:
    """A town's name before a word for a firm's site or a practice ("the Oranmore
    surgery", "our Leeds office")."""
    return _BRANCH_AFTER.match(m.after) is not None and (
        compounds.place_of(m.value) is not None or is_small_town(m.value)
    )


def _location(m: _Mention, relabelled: bool = False) -> Verdict:
    ctx, span, value, before, after = m.ctx, m.span, m.value, m.before, m.after
    label = labels.LOCATION

    def private(reason: Reason) -> Verdict:
        return Verdict(Subject.PRIVATE, reason, label)

    if ctx.town_of_an_address(span) or _STREET_THEN_PLACE.search(value):
        # (a street and its town read as one place: "Ashgrove Close, Hucknall")
        return private(Reason.ADDRESS_PART)
    street = ctx.street_before(span)
    if street is not None:
        # the town of a street: as private as the street (not "Abbey Road in London")
        named = _Mention(ctx, street, ctx.text[street.start : street.end])
        if _street(named).subject is not Subject.PUBLIC:
            return private(Reason.ADDRESS_PART)
    if locatives.HOME_IS_BEFORE.search(before) or locatives.HOME_AFTER.match(after):
        return private(Reason.RESIDENCE)
    if BIRTHPLACE_FIELD.search(before):
        # a form's or a certificate's field: "Place of birth: Łódź", "Geburtsort: Gera"
        return private(Reason.RESIDENCE)
    if (
        _STAY_AFTER.match(after)
        and not _HOSTED_BEFORE.search(before)
        and compounds.place_of(value) is not None
    ):
        # "I'm staying in Hoi An for 3 nights", "in Lisbon for a conference": a stay with
        # an end is a trip, and where it goes is a destination
        return Verdict(Subject.PUBLIC, Reason.KNOWN_PLACE, label)
    if _HERE_IN.search(before):
        # where the writer is as they write, whatever they wish for ("she wants a summer
        # job at X here in Council Bluffs")
        return private(Reason.RESIDENCE)
    if (_RESIDENCE_BEFORE.search(before) or _RESIDENCE_AFTER.match(after)) and not (
        _wished(before)
        or _WISH_AFTER.match(after)
        # "should I be looking at moving to Toronto?": a move weighed, not made
        or syntax.hypothetical(ctx.parse, span.start, span.end)
        or syntax.thing_is_subject(ctx.parse, span.start, span.end)
        or _public_subject(syntax.named_subject(ctx.parse, span.start, span.end))
    ):
        # not "I want to move to Porto someday", nor "what we know comes from Plato",
        # nor "Messi, who lives in Miami"
        return private(Reason.RESIDENCE)
    if _KIN_HOME_BEFORE.search(before):
        return private(Reason.RELATION_PLACE)
    if _HOME_TO_OR_IN.search(before):
        # "died at home in Hamtramck", "recovering at home in Leith": someone's home
        return private(Reason.RESIDENCE)
    aged = _AGED_OF.search(before) or _DESCRIBED_FROM.search(before)
    if aged is not None:
        # the news' and obituaries' "Name, 81, of Moncton", a sender's "Tanja Vogel,
        # Fotografin aus Bamberg": where the person lives or works
        person = ctx.span_ending_at(span.start - len(before) + aged.start())
        if (
            person is not None
            and person.label == labels.PERSON
            and not _famous(ctx.text[person.start : person.end])
        ):
            return private(Reason.RESIDENCE)
    if locatives.NATIVE_BEFORE.search(before) and locatives.NATIVE_AFTER.match(after):
        return private(Reason.RESIDENCE)  # "I'm a proud Pune boy", "we're Leeds born and bred"
    if _HAN_PRONOUN_IS.search(before) and HAN_NATIVE_AFTER.match(after):
        return private(Reason.RESIDENCE)  # "她是杭州人", she is from Hangzhou
    if _RELATION_PLACE.search(before) and (not _known_as_no_place(value) or is_small_town(value)):
        # not "my sister thinks Emma Stone was in La La Land": a film, not her town (but
        # "at her mum's in Beeston", a village the gazetteer of small places has)
        return private(Reason.RELATION_PLACE)
    if ctx.after_address(span) or ctx.place_line_by_contacts(span) or _dateline(m):
        return private(Reason.ADDRESS_PART)
    if ctx.cv_entry(span, ranged=True):
        # a town on a line of the writer's CV, with its period of time: where they worked
        # or studied ("Product Analyst — Monzo, London (2021–present)")
        return private(Reason.LIFE_PLACE)
    if (
        MARKED_LOCALITY.match(value)
        or NUMBERED_LOCALITY.fullmatch(value)
        or MUNICIPALITY_BEFORE.search(before)
    ) and (ctx.parse.self_in_text or ctx.writer_in_other_language):
        # a neighbourhood by the word for its kind ("Brgy. Malanday"), in a text where
        # the writer speaks of themselves: where they or their people are
        return private(Reason.ADDRESS_PART)
    if _POSTCODE_OR_NUMBER.search(value):
        return private(Reason.POSTCODE)
    if (
        _USED_THROUGH.search(before)
        and " " not in value.strip()
        and "places." not in span.source
        and compounds.place_of(value) is None
        and not knowledge.knowledge().is_known(value)
        and not _LIFE_VERB.search(before[-30:])
    ):
        # "been on Ozempic", "we split it on Splitwise", "paid via M-Pesa": one word no
        # gazetteer knows, that one is on or goes through, is a drug, an app or a service
        return Verdict(Subject.PUBLIC, Reason.TITLE_OR_THING, label)
    tie = ctx.grammar_tie(span, place=True)
    if tie:
        return private(Reason.PRONOUN_TIE if tie.via == "pronoun" else Reason.GRAMMAR_TIE)
    if (
        _TRIP_FROM.search(before)
        and (_FIRST_PERSON.search(before) or ctx.person_before(span, len(before)))
        and not _INTENT.search(before)
    ):
        # where a trip of the writer's (or their people's) sets out from is where they are:
        # "we are flying from Melbourne", "my cousin is coming over from Galway"
        return private(Reason.LIFE_PLACE)
    life = [m.end() for m in _LIFE_VERB.finditer(before)]
    travel = [m.end() for m in _TRAVEL_VERB.finditer(before)]
    if (
        life
        and (not travel or life[-1] > travel[-1])
        and (_FIRST_PERSON.search(before) or ctx.person_before(span, len(before)))
        and not _INTENT.search(before)
        and not _known_as_no_place(value)
    ):
        return private(Reason.LIFE_PLACE)
    if not relabelled:
        tied = _tied_to_someone(m)
        if tied:  # "my plumber Chukwudi": NER took a name for a place
            return Verdict(Subject.PRIVATE, tied, labels.PERSON)
    if _TOPIC_BEFORE.search(before):
        return Verdict(Subject.PUBLIC, Reason.PLACE_TOPIC, label)
    if _where_in_other_language(m):
        return private(Reason.WHERE_IN_OTHER_LANGUAGE)
    if span.validator == SMALL_TOWN and "spacy" not in span.source:
        # a village only the gazetteer of small places read, where nothing above put a
        # life: as written ("in Excel", "on Mars"), unless a pass below ties it to a
        # private person ("my gran ... in Buckenhof")
        return Verdict(Subject.PUBLIC, Reason.KNOWN_PLACE, label)
    found = compounds.place_of(value)
    if found is None and "places." in m.span.source and " " not in value.strip():
        # the places recognizer undid a case ending to find it: "do Krakowa" is Kraków
        found = next(
            (
                place
                for form in locatives.dictionary_forms(value.strip())
                if (place := compounds.place_of(form)) is not None
            ),
            None,
        )
    if found is None and _GENITIVE_S.fullmatch(value.strip()) and not locatives.english(before):
        # Swedish, Norwegian, Danish and German write a town's genitive with a bare "-s"
        # ("Kirunas stadsflytt", "Berlins Mitte"): the town it is
        found = compounds.place_of(value.strip()[:-1])
    if (
        HAN_BRANCH.match(ctx.text, span.end)
        or _BRANCH_BEFORE.search(before)
        or (
            (
                (_BRANCH_AFTER.match(m.after) and _DEFINITE_OR_OWN_BEFORE.search(before))
                or _SITE_IN_BEFORE.search(before)
            )
            # (not "how big is the Tesla Berlin plant?"; notes of work with its people's
            # contacts in them are someone's: "forklift cert for the Wakefield site, ...
            # supplier contact is tom@...")
            and (ctx.parse.self_in_text or ctx.contacts)
        )
    ):
        # a firm's branch, office or plant named for its town ("高槻支店", "cabang
        # Purwokerto"): where someone works, whoever's firm it is
        return private(Reason.LIFE_PLACE)
    if found is not None or (
        not notability.latin(value)
        and any(geography.city(form) for form in locatives.dictionary_forms(value.strip()))
    ):
        # a town GeoNames has in any script ("新加坡", "Дубай")
        known = Reason.KNOWN_PLACE_NOT_PERSON if relabelled else Reason.KNOWN_PLACE
        if _place_of_a_casual_life(m, found):
            return Verdict(Subject.UNKNOWN, Reason.UNKNOWN_PLACE, label)
        return Verdict(Subject.PUBLIC, known, label)
    if _LANDMARK.search(value):
        return Verdict(Subject.PUBLIC, Reason.LANDMARK, label)
    romanized = _romanized(value)
    if (
        not relabelled
        and romanized is not None
        and " " not in romanized.strip()
        and _name_words(romanized)[0]
    ):
        # a word in another alphabet that no gazetteer has and that reads as a first
        # name is the person NER took for a place ("Марко завтра не прийде")
        return _person(m)
    if (
        not relabelled
        and " " not in value.strip()
        and not value.isupper()  # "US", "UK": abbreviations, not names
        and _name_words(value)[0]
        and value.casefold() not in gazetteer.load("name_common_words")
        and not _WHEN_BEFORE.search(before)  # "every Easter": a time, not someone
        and not notability.is_language_or_nationality(value)
    ):
        # a first name NER took for a place no gazetteer has ("Marta revisa el contrato"):
        # the person it names, whatever an encyclopedia titles by the word
        return _person(m)
    if _ACRONYM.fullmatch(value.strip()):
        # "anything about AI yet?", "what does HR say": an acronym no gazetteer has as a
        # place, with nothing above tying it to a life, is a thing's
        return Verdict(Subject.PUBLIC, Reason.TITLE_OR_THING, label)
    if knowledge.knowledge().is_known(value) or (
        romanized is not None
        and any(knowledge.knowledge().is_known(form) for form in _romanized_forms(romanized))
    ):  # "Ιθάκη" is Ithaca, "Яндекс" Yandex
        if _place_of_a_casual_life(m, None):
            return Verdict(Subject.UNKNOWN, Reason.UNKNOWN_PLACE, label)
        return Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, label)
    talked = _talked_about(m)
    if talked:
        return Verdict(Subject.PUBLIC, talked, label)
    return Verdict(Subject.UNKNOWN, Reason.UNKNOWN_PLACE, label)


# Words on each side of a place that tell the language it is written in.
_LANGUAGE_REACH = 10


def _place_of_a_casual_life(m: _Mention, found: notability.Place | None) -> bool:
    """A place typed in lower case by a writer who speaks of themselves ("dinner at mine,
    the oven in testaccio is broken", "11 dads from clapham"), no trip or topic framing
    it, and no prominent city (``found``: the town GeoNames has, None for a place only
    the encyclopedia knows, a neighbourhood or a village): chat about one's own day names
    one's own streets and suburbs; a destination is framed as one."""
    ctx = m.ctx
    if not ctx.casual or (found is not None and found.prominent):
        return False
    if not (ctx.parse.self_in_text or ctx.writer_in_other_language):
        return False
    clause = _clause_before(ctx.text, m.span.start, SENTENCE_REACH)
    return not (
        _TRAVEL_VERB.search(clause)
        or _INTENT.search(clause)
        or _TOPIC_BEFORE.search(m.before)
        # (a word qualifying a noun is no place of one's own: "the lakeside trails",
        # "back in uni times", "the bondi to coogee walk")
        or syntax.modifies_noun(ctx.parse, m.span.start, m.span.end)
    )


def _where_in_other_language(m: _Mention) -> bool:
    """A place that a clause in another language puts where the writer or their people
    are, or come from, by its grammar ("мой муж работает ... в Тюмени", "我妈妈在绍兴开了",
    "मेरे भाई की शादी Indore में है"); not where one goes ("полететь в Дубай")."""
    # (a town's name with its "City": "Batangas City", "Quezon City")
    undeclined = geography.city(_CITY_WORD.sub("", m.value)) is not None
    if not (undeclined or "places." in m.span.source):
        return False  # a town the gazetteer has, not "in Hindi"
    found = locatives.role(m.before, m.after, m.value, undeclined)
    if found is None or found.role is not locatives.Role.WHERE:
        return False
    clause = _clause_before(m.ctx.text, m.span.start, SENTENCE_REACH)
    # the language of the words on the marker's side: a text may switch in mid-sentence
    # ("أختي تدرس في إربد and asked me ...")
    if found.marker_before:
        words = " ".join(clause.split()[-_LANGUAGE_REACH:])
    else:
        stop = _STOP_ANYWHERE.search(m.after)
        words = " ".join((m.after[: stop.start()] if stop else m.after).split()[:_LANGUAGE_REACH])
    sentence = f"{clause}{m.value}{_clause_after(m.after)}"
    if locatives.english(f"{words} {m.value}") and not locatives.reads_as_another_language(
        sentence
    ):
        return False
    # (or a kin word before a name: "para kay Tita Lorna, nakatira siya sa X"); a verb-final
    # language says who at the clause's end ("گوجرانوالہ میں رہتا ہوں", in X [I] live)
    return (
        _own_in_other_language(clause)
        or _KIN_TITLE_WORD.search(clause) is not None
        or (not found.marker_before and _own_in_other_language(_clause_after(m.after)))
        or (_ORIGIN_AFTER.match(m.after) is not None and not _SOMEONE_ELSE.search(clause))
        or _lived_in_by_unsaid_subject(clause, _clause_after(m.after))
    )


# A Japanese clause of living, working, studying or being treated somewhere is the life
# of someone the writer knows ("今は札幌の病院で働いています", the subject unsaid: the
# writer; "彼は横浜の会社で働いて", a friend), unless the clause names a public figure by
# the title of a public role ("大谷選手は", a player).
_JAPANESE_LIFE_VERB = regex.compile(r"住|働|勤め|勤務|通っ|通う|通い|暮ら|入院|通院|在籍")
_PUBLIC_ROLE_TITLE = regex.compile(r"選手|監督|氏|선수")


def _lived_in_by_unsaid_subject(before: str, after: str) -> bool:
    return (
        _JAPANESE_LIFE_VERB.search(after) is not None
        and _KANA.search(after) is not None
        and not _PUBLIC_ROLE_TITLE.search(before)
        and not _PUBLIC_ROLE_TITLE.search(after)
    )


_KANA = regex.compile(r"\p{Hiragana}")


# Japanese and Korean leave the subject unsaid: "北海道の帯広出身で" (from Obihiro in
# Hokkaido), "대전 출신" are the writer's origin unless the clause names someone else
# by an honorific ("大谷選手は岩手県出身").
_ORIGIN_AFTER = regex.compile(r"(?:出身|在住|に住んで|に住む|に住み)|[ \t]*(?:출신|에\s*살)")
_SOMEONE_ELSE = regex.compile(r"さん|様|氏|選手|先生|監督|くん|ちゃん|씨|님|선수")


# A letter's dateline: a town that opens a line and a date that closes it ("Lyon, le 3
# mars 2024", "Kraków, 12.03.2024 r.", "Jyväskylässä 5.9.2023", "Berlin, den 5. Mai"):
# where the writer writes from.
_LINE_OPENS = regex.compile(r"(?:^|\n)[ \t\"'“‘«]*$")
_DATELINE_AFTER = regex.compile(
    r"[ \t]*,?[ \t]*(?:(?i:den|le|el|il|dnia|am|on|a|de|d\.)[ \t]+)?"
    r"(?:\d{1,2}[./\-]\d{1,2}[./\-]\d{2,4}|\d{4}-\d{2}-\d{2}"
    r"|\d{1,2}\.?[ \t]+(?:de[ \t]+)?\p{L}{3,}\.?(?:[ \t]+(?:de[ \t]+)?\d{4})?"
    r"|\p{L}{3,}[ \t]+\d{1,2},?[ \t]+\d{4})"
    r"[ \t]*(?:r\.|г\.|року)?[ \t]*(?=\n|$)"
)


def _dateline(m: _Mention) -> bool:
    return bool(_LINE_OPENS.search(m.before) and _DATELINE_AFTER.match(m.after))


_CLAUSE_END = regex.compile(r"[.!?;\n۔।|。！？]")


_CLAUSE_AFTER_REACH = 200


def _clause_after(after: str) -> str:
    end = _CLAUSE_END.search(after, 0, _CLAUSE_AFTER_REACH)
    return after[: end.start() if end else _CLAUSE_AFTER_REACH]


def _own_in_other_language(text: str) -> bool:
    """Another language's words for the writer or their people: "mi", "мой", "我", "제",
    "أخي", "oğlum"."""
    return bool(
        locatives.first_person_other_language(text)
        or names_recognizer.CASELESS_RELATION_WORD.search(text)
    )


def _called_by_the_writer(m: _Mention) -> bool:
    """Another language's "is called" after something of the writer's (see _CALLED_ABROAD)."""
    if not _CALLED_ABROAD.search(m.before):
        return False
    clause = _clause_before(m.ctx.text, m.span.start, SENTENCE_REACH)
    return bool(_OWN_ABROAD.search(clause)) and not _FAVOURITE_ABROAD.search(clause)


_HAN_WORKPLACE_AFTER = regex.compile(rf"(?:{HAN_WORK_VERB})")
_HAN_MEMBER_AFTER = regex.compile(
    r"\p{Han}{0,4}?的?(?:学生|员工|职员|老师|教师|医生|护士|研究生|博士生|硕士生)"
)
_JAPANESE_WORK_AFTER = regex.compile(r"(?:で働|に勤め|に勤務|で勤務|に通|の社員|の学生)")
# Who a Japanese clause is about: the writer, a pronoun or a relative, marked by は or が.
_JAPANESE_PERSON_TOPIC = regex.compile(
    r"(?:私|僕|俺|彼女|彼|妻|夫|主人|母|父|兄|姉|弟|妹|息子|娘|友人|同級生)(?:は|が)"
)


def _works_or_studies_there_in_cjk(m: _Mention) -> bool:
    """ "我老公在华为工作", "我是复旦大学中文系大三的学生", "彼は株式会社Xで働いて": where
    the writer or their people work or study, as Chinese and Japanese say it (the
    sentence is read only where such a verb follows)."""
    after = m.after
    if not (
        (_HAN_WORKPLACE_AFTER.match(after) and m.before.endswith("在"))
        or _HAN_MEMBER_AFTER.match(after)
        or _JAPANESE_WORK_AFTER.match(after)
    ):
        return False
    clause = _clause_before(m.ctx.text, m.span.start, SENTENCE_REACH)
    return _own_in_other_language(clause) or bool(_JAPANESE_PERSON_TOPIC.search(clause))


_ADDRESS_JOINER = regex.compile(r"[ \t]*(?:,|\n|[–—-])[ \t]*")
# A town's own government, named for the town: "Calderdale Council", "Tewkesbury Borough
# Council", "Comune di Lecco", "Ayuntamiento de Alzira", "Gemeente Zwolle", "Aarhus Kommune"
_COUNCIL_AFTER = regex.compile(
    r"^(?P<place>.+?)[ \t]+(?:(?:City|County|Borough|District|Metropolitan|Town|Parish|"
    r"Regional|Shire|Municipal)[ \t]+)*(?:Council|Kommune|kommun|kunta|Gemeinde)$"
)
_COUNCIL_BEFORE = regex.compile(
    r"^(?:Ayuntamiento|Comune|Mairie|Gemeente|Gemeinde|Stadt|Concello|Câmara[ \t]+Municipal|"
    r"Prefeitura|Municipio|Municipalidad|Urząd[ \t]+Miasta|Ville)"
    r"(?:[ \t]+(?:de|di|of|da|do|del|van|d'|d’))?[ \t]*(?P<place>\p{Lu}.+)$"
)


def _local_authority(value: str) -> bool:
    found = _COUNCIL_AFTER.match(value.strip()) or _COUNCIL_BEFORE.match(value.strip())
    if found is None:
        return False
    place = found.group("place")
    return compounds.place_of(place) is not None or is_town(place)


# "with" a tool, or further on in the list after it: "with Python, dbt and "
_TOOL_WITH_BEFORE = regex.compile(r"\bwith\s+(?:the\s+)?(?:[\w.+#\-]+(?:,\s*|\s+and\s+)){0,4}$", _I)


# A case the text cites by its parties, as courts write it: "Donoghue v Stevenson", "Roe
# v. Wade" (not "vs", which pits anyone against anyone: "Mrs Patel vs Mr Jones")
_CASE_NAME = regex.compile(r"(?<![\p{L}])(\p{Lu}[\p{L}'’\-]+)[ \t]+v\.?[ \t]+(\p{Lu}[\p{L}'’\-]+)")


def _organization(m: _Mention) -> Verdict:
    ctx, span, value, before, after = m.ctx, m.span, m.value, m.before, m.after
    label = labels.ORGANIZATION

    def private(reason: Reason) -> Verdict:
        return Verdict(Subject.PRIVATE, reason, label)

    if ctx.parse.self_in_text and _local_authority(value):
        # "will Calderdale Council act?", "the planning committee at Tewkesbury Borough
        # Council": a town's council, in a text with the writer in it, is where they live
        return private(Reason.LIFE_PLACE)
    if _TOOL_WITH_BEFORE.search(before) and value.strip().casefold() in gazetteer.load(
        "tech_terms"
    ):
        # software one works with, or a list of it, not an employer ("I work daily with
        # Python, dbt and Looker"; "I work at Slack" is one)
        return Verdict(Subject.PUBLIC, Reason.TITLE_OR_THING, label)
    if (
        (_affiliation_before(before) and not _applying_to_a_known(m))
        or _AFFILIATION_AFTER.match(after)
        or _ROLE_AT_SIGN.search(before)
        or span.validator in (WORKPLACE_OF_WRITER, SIGNATURE_FIELD)
    ) and not syntax.hypothetical(ctx.parse, span.start, span.end):
        return private(Reason.AFFILIATION)
    if _WORKED_THERE_AFTER.match(after) or _works_or_studies_there_in_cjk(m):
        return private(Reason.AFFILIATION)
    if _INTRODUCED_FROM.search(before) and compounds.place_of(value) is None:
        return private(Reason.AFFILIATION)
    if span.validator == INTRODUCED_AS_ONE_OF_A_KIND and not knowledge.knowledge().is_known(value):
        # "'달빛공방'이라는 캔들 공방", "Little Sprout Refill, a refill shop at ...": a firm
        # brought in as one of a kind
        return private(Reason.INTRODUCED)
    if _OFFICE_HELD_ABROAD.search(before):
        return private(Reason.AFFILIATION)
    if _RELATION_AFTER.match(after) or _relation_at(before):
        return private(Reason.AFFILIATION)
    if ctx.in_email(value):
        return private(Reason.EMAIL_DOMAIN)
    if ctx.place_line_by_contacts(span, most_words=9):
        # a line of its own by an address or a number: a town ("Leith, Edinburgh") or the
        # firm of a signature with its holder's role ("Hon. Secretary, Rotary Club of
        # Jaipur Amber Heights"), the person's either way
        if compounds.place_of(value) is not None:
            return _location(m, relabelled=True)
        return private(Reason.AFFILIATION)
    if ctx.account_beside(span):
        scheme = _SCHEME_NUMBER_AFTER.match(after)
        known = knowledge.knowledge().is_known(value)
        provider = (
            known and not names_an_institution(value) and not _POSSESSIVE_BEFORE.search(before)
        )
        if provider or (scheme and (scheme.group("word") or known)):
            # "NHS number 485 777 3457", "my Aadhaar (4821 7739 1056)": the scheme that
            # issued the number, which everyone has one of; the number is the secret. So
            # is a provider the encyclopedia knows, named without a possessive ("Aetna
            # denied it (claim #...)"), one of millions' (not "my Barclays account", nor a
            # hospital or a school, whose patients and pupils are few and near)
            return Verdict(Subject.PUBLIC, Reason.ORGANIZATION_TOPIC, label)
        return private(Reason.ACCOUNT_BESIDE)
    if ctx.cv_entry(span):
        return private(Reason.AFFILIATION)
    if any(
        contact.label == labels.STREET_ADDRESS
        and _ADDRESS_JOINER.fullmatch(ctx.text, span.end, contact.start)
        for contact in ctx.contacts_near(span, 4)
    ):
        # "Visitation at Fair Haven Funeral Home, 212 Elmwood Drive": a place with its
        # street, the first line of an address
        return private(Reason.ADDRESS_PART)
    if _POSSESSIVE_BEFORE.search(before) and _ACCOUNT_AFTER.match(after):
        return private(Reason.OWN_ACCOUNT)
    tied = _tied_to_someone(m)
    if tied:
        return Verdict(Subject.PRIVATE, tied, labels.PERSON)
    found = compounds.place_of(value)
    if found is not None and _LOCATIVE.search(before):
        return _location(m, relabelled=True)
    if ctx.after_address(span) and (found is not None or is_small_town(value)):
        # "via Garibaldi 41 a Rovato": the address's town, which NER took for a firm
        return _location(m, relabelled=True)
    if _RESIDENCE_BEFORE.search(before) and not _wished(before):
        if names_an_institution(value):
            # "Sou técnica na Clínica Santa Luzia", "went to Paris Junior College": where
            # a life is spent, an institution still
            return private(Reason.AFFILIATION)
        # "mieszka w Lublinie": a place in a case the gazetteer does not list
        return _location(m, relabelled=True)
    unknown = not knowledge.knowledge().is_known(value)
    if ctx.grammar_tie(span, place=False, unknown=unknown):
        return private(Reason.GRAMMAR_TIE)
    if (
        unknown
        and names_an_institution(value)
        and not syntax.hypothetical(ctx.parse, span.start, span.end)
        and not syntax.considered(ctx.parse, span.start, span.end)
    ):
        # a school, surgery, church or firm by its name's head, that no encyclopedia
        # knows: a small one, of someone's life, whoever writes of it (meeting notes,
        # a code comment: "chase Halden Logistics re the invoice"); not an option one
        # weighs or tries ("we compared X and Y for my mum")
        return Verdict(Subject.UNKNOWN, Reason.LOCAL_INSTITUTION, label)
    if _ner_took_a_town(span, value):
        # the small English model reads many a foreign town as a firm ("PT Sinar Abadi
        # Kemasan, Cikarang"): the place's own rules say whose it is
        return _location(m, relabelled=True)
    if (
        unknown
        and ctx.located_after(span)
        and not syntax.considered(ctx.parse, span.start, span.end)
    ):
        # a firm no encyclopedia knows, located by its town ("the print shop is Inkwell
        # Garments in Wigan"): a local one, of someone's life
        return Verdict(Subject.UNKNOWN, Reason.LOCAL_INSTITUTION, label)
    return Verdict(Subject.PUBLIC, Reason.ORGANIZATION_TOPIC, label)


def _ner_took_a_town(span: Span, value: str) -> bool:
    """An organisation only NER read, that is a town's name and no institution's."""
    return (
        span.source.startswith("spacy.")
        and "+" not in span.source
        and not value.isupper()  # "RCB", "MAX": an acronym, which an airport's code is too
        and not names_an_institution(value)
        and is_town(value.strip())
    )


# What the names of peoples, faiths and parties end in, which the lists may lack in this
# form ("Sri Lankans", "Catholics", "Democrats", "Brazilian-American").
_NORP_WORD = regex.compile(
    r"(?:an|ans|ian|ians|ese|ish|ic|ics|ist|ists|ite|ites|i|is|ims|us|ews|ikhs)$|-", _I
)


def _norp(m: _Mention, relabelled: bool = False) -> Verdict:
    before = m.before
    if _NORP_SELF.search(before):
        return Verdict(Subject.PRIVATE, Reason.NORP_OF_ACQUAINTANCE, labels.NORP)
    if _POSSESSIVE_BEFORE.search(before) and _RELATION_NEXT.match(m.after):
        return Verdict(Subject.PRIVATE, Reason.RELATION_NATIONALITY, labels.NORP)
    if (
        not relabelled
        and m.value[:1].isupper()
        and not notability.is_language_or_nationality(m.value)
        and not _NORP_WORD.search(m.value)
    ):
        tied = _tied_to_someone(m)
        if tied:  # "Mi compañera Lucía": NER took a name for a people
            return Verdict(Subject.PRIVATE, tied, labels.PERSON)
        # NER's "nationality" that no list of peoples or languages has is a firm or a
        # team ("works at Woolworths head office"): decided as the organisation it is
        return _organization(m)
    reason = Reason.LANGUAGE_NOT_PERSON if relabelled else Reason.LANGUAGE_OR_NATIONALITY
    return Verdict(Subject.PUBLIC, reason, labels.NORP)


_DECIDE = {
    labels.PERSON: _person,
    labels.LOCATION: _location,
    labels.ORGANIZATION: _organization,
    labels.NORP: _norp,
}


def decide(text: str, spans: Sequence[Span], casual: bool = False) -> list[Verdict]:
    """One verdict per span, in order. Spans must not overlap (merge first). ``casual``:
    the writer typed the text in lower case (rules.truecase gave its names capitals)."""
    if any(span.label in _DECIDE for span in spans):
        knowledge.knowledge()  # missing or corrupt: refuse every decision, not some
    ctx = _Context(text, spans, casual)
    verdicts: list[Verdict] = []
    for span in spans:
        value = text[span.start : span.end]
        if DENY_SOURCE in span.source.split("+"):
            verdicts.append(Verdict(Subject.PRIVATE, Reason.DENY_LIST, span.label))
        elif span.label in _DECIDE:
            label = span.label
            # a name's head says what it names ("Kingsmead Grammar", "Warwick Castle"),
            # unless it opens with a first name the encyclopedia does not know it by
            # ("Daniel Park" is a man; "Berlin Wall" a wall)
            headed = label == labels.PERSON and (
                not _name_words(value)[0] or knowledge.knowledge().is_known(value)
            )
            if headed and names_an_institution(value):
                label = labels.ORGANIZATION
            elif (
                label == labels.ORGANIZATION
                and _STREET_NAME.search(value.strip())
                and ctx.parse.self_in_text
            ):
                # "our old place on Mesquite Hollow Ln": a street, in a text about the
                # writer (in a story "Styles Court" is a house)
                label = labels.LOCATION
            elif _names_a_site(value, label, headed):
                label = labels.LOCATION
            mention = _Mention(ctx, span, value)
            if NAMED_STREET.fullmatch(value.strip()):
                verdicts.append(_street(mention))  # "Larkspur Lane" is no one's name
            else:
                verdicts.append(_DECIDE[label](mention))
        else:
            verdicts.append(Verdict(Subject.PRIVATE, Reason.IDENTIFIER, span.label))
    return _consistent(text, spans, verdicts, ctx)


def _street(m: _Mention) -> Verdict:
    """A street named without a number, judged as a place: someone's, or one no
    encyclopedia knows, is an address's part."""
    verdict = _location(m)
    if verdict.reason in _PLACE_ONLY_KNOWN and _own_street(m):
        verdict = Verdict(Subject.PRIVATE, Reason.LIFE_PLACE, labels.LOCATION)
    if verdict.subject is Subject.PUBLIC:
        return verdict
    return Verdict(verdict.subject, verdict.reason, labels.STREET_ADDRESS)


def _own_street(m: _Mention) -> bool:
    """A street the encyclopedia knows, named in another language's clause where the
    writer speaks of themselves and goes nowhere ("J'habite rue Sainte-Catherine"), which
    the English parse cannot tie: people name streets where they live and work, and
    famous ones as places they go to. In English the parse and the residence cues say
    whose it is ("my flat is on X"; not "my favourite song is Penny Lane")."""
    clause = _clause_before(m.ctx.text, m.span.start, SENTENCE_REACH)
    return (
        locatives.first_person_other_language(clause)
        and not locatives.english(f"{clause} {m.value}")
        and not (_TRAVEL_VERB.search(clause) or _INTENT.search(clause))
    )


# Public only for want of a name cue: other mentions may still decide it.
_WEAK_PUBLIC = frozenset({Reason.SINGLE_NAME, Reason.NOT_A_NAME})


def _weakly_decided(verdict: Verdict) -> bool:
    """Nothing in the text decided it: unknown, or public for want of a name cue."""
    return verdict.subject is Subject.UNKNOWN or (
        verdict.subject is Subject.PUBLIC and verdict.reason in _WEAK_PUBLIC
    )


def _public_person(verdict: Verdict) -> bool:
    """A person the text treats as public on more than the want of a name cue."""
    return (
        verdict.label == labels.PERSON
        and verdict.subject is Subject.PUBLIC
        and verdict.reason not in _WEAK_PUBLIC
    )


_SEPARATOR = r"\s*(?:,\s*and|,\s*or|,|and|&|or|vs\.?|versus|than|with)\s*"
# "X, Y and Z", also past items that are not spans ("Arashiyama, Kiyomizu-dera, Gion")
# A stretch of time as CVs write it: "2019-2022", "(2022-now)", "Sep 2020 – present",
# "(summer 2021)".
_PERIOD = regex.compile(
    r"\b(?:19|20)\d\d\s*(?:[-–—]|to)\s*(?:(?:19|20)?\d\d\b|now|present|current|today|date)"
    rf"|\b(?:{SINCE})\s+(?:19|20)\d\d\b"
    r"|\((?:(?:spring|summer|autumn|fall|winter|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|"
    r"jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\s+)?(?:19|20)\d\d\)",
    _I,
)
_ACRONYM = regex.compile(r"[A-Z]{2,4}")
_PROSE_VERB = regex.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|did|does|do|can|could|should)\b", _I
)
# A period from a year to another or to now, as CVs write it in any of their languages
_PERIOD_RANGE = regex.compile(
    # (not a date: "2016-11-30")
    r"(?<![\d\-/.])(?:19|20)\d\d\s*(?:[-–—]|to|bis|à|a|al|até|do|tot)\s*"
    r"(?:(?:19|20)\d\d(?![\d\-/.])|\d\d(?![\d\-/.])|now|present|"
    r"current|today|date|heute|jetzt|aujourd'hui|présent|presente|actualidad|atual|oggi|"
    r"obecnie|nu|heden|halen|günümüz|н\.в\.|наст)",
    _I,
)
_DEGREE_LINE = regex.compile(
    r"\s*[-*•]?\s*(?:(?i:education|qualifications?|degree|studies|ausbildung|formation|"
    r"formación|formação)\s*:\s*)?(?:B\.?Sc|B\.?A|M\.?Sc|M\.?A|M\.?Eng|B\.?Eng|Ph\.?D|MBA|LL\.?B|LL\.?M|"
    r"B\.?Ed|M\.?Ed|BBA|B\.?Tech|M\.?Tech|HND|Diploma|Certificate|A[- ]levels?|GCSEs?)\b"
)
_CV_WORD = regex.compile(
    r"\b(?:cv|c\.v\.|r[ée]sum[ée]|curriculum vitae|linkedin|cover letter|work experience|"
    r"lebenslauf\w*|curr[ií]culo|curriculum|lettre de motivation|anschreiben)\b"
    # a CV's section heading on a line of its own
    r"|^[ \t]*(?:(?:professional|work)[ \t]+)?(?:experience|employment(?:[ \t]+history)?|"
    r"work[ \t]+history|education|berufserfahrung|ausbildung|expérience[ \t]+professionnelle|"
    r"experiencia(?:[ \t]+laboral)?|formación|experiência(?:[ \t]+profissional)?|formação|"
    r"doświadczenie(?:[ \t]+zawodowe)?|wykształcenie|werkervaring|opleiding)[ \t]*:?[ \t]*$",
    _I | regex.MULTILINE,
)
# Wishes and dreams: "I want to move to X someday", "we'd love to live in X".
_WISH = regex.compile(
    r"\b(?:want|wants|wanted|wanna|would like|'d like|’d like|would love|'d love|’d love|"
    r"dream(?:ing|s)?(?:\s+of)?|hope|hoping|wish|wishing|considering|thinking (?:about|of))\b",
    _I,
)
# Where a clause of its own begins inside a sentence: a dash, a semicolon or a colon, or
# "but" ("we want different things — he's moving back to X": the move is no wish).
_CLAUSE_OPENING = regex.compile(r"\s[—–-]\s|[;:]\s|\bbut\b", _I)


def _wished(before: str) -> bool:
    """A wish in the clause that ends where a span begins."""
    openings = [m.end() for m in _CLAUSE_OPENING.finditer(before)]
    return _WISH.search(before, openings[-1] if openings else 0) is not None


# (not a day counted: "commute more than one day a week", "for one day")
_WISH_AFTER = regex.compile(
    r"^[^.!?\n]{0,30}\b(?:someday|some day|eventually|"
    r"(?<!\b(?:than|for|only|just|per|in|on|every)[ \t]+)one day"
    r"(?![ \t]+(?:a|an|per|each|every|of|off|in|at)\b))\b",
    _I,
)
_EARLIER_EMPLOYER = regex.compile(
    r"\b(?:previously|formerly|before that|prior to that|earlier|ex)[\s,:\-]+(?:at|with|for|@)"
    r"\s+(?:the\s+)?$",
    _I,
)
_CUE_PLACE_REASONS = frozenset(
    {Reason.RESIDENCE, Reason.LIFE_PLACE, Reason.WHERE_IN_OTHER_LANGUAGE}
)
_GENITIVE_S = regex.compile(r"\p{Lu}\p{Ll}{3,}s")
# "home" as where one goes or is ("at home in X", "on my way home to X", "back home in
# X"); not a place that is home to something ("Paris is home to the Louvre")
_HOME_TO_OR_IN = regex.compile(
    r"(?<!\b(?:is|are|was|were|be|been|being|a|the|its|their)\s+)(?<!['’]s\s+)(?<!,\s*)"
    r"\bhome\s+(?:to|in)\s+$",
    _I,
)
# Chinese "a pronoun is X人": where the writer, the reader or someone they speak of is from
_HAN_PRONOUN_IS = regex.compile(r"[我你他她][们們]?(?:也|都|就)?是$")
_AGED_OF = regex.compile(r"\s*,\s*(?:aged\s+)?\d{1,3},\s*(?:of|from)\s+$", _I)
# A person's name, a description of one to three words in apposition, and where they are
# from or based, in the languages whose prepositions are read ("Sam Oduya, a joiner from
# Leeds", "Tanja Vogel, Fotografin aus Bamberg", "Marie Roux, photographe à Lyon")
_DESCRIBED_FROM = regex.compile(
    r"\s*,\s*(?:(?:a|an|the|ein|eine|un|une|una|um|uma|il|la|le|el|o)\s+)?"
    r"(?:[\p{L}\-]+\s+){0,2}?[\p{L}\-]+,?\s+"
    r"(?:from|of|based in|in|aus|von|de|du|à|di|da|a|en|em|z|ze|van|uit|из)\s+$",
    _I,
)
_COMPLEMENTIZER = regex.compile(
    r"(?<![\p{L}'’])(?:that|dat|dass|daß|que|qu['’]|che|że|что|att)(?![\p{L}])\s*", _I
)
# Public only because the place is known: nothing in the text made it a topic or a trip.
_PLACE_ONLY_KNOWN = frozenset(
    {Reason.KNOWN_PLACE, Reason.ENCYCLOPEDIA_ENTRY, Reason.KNOWN_PLACE_NOT_PERSON}
)
_FAVOURITE_OF_MINE = regex.compile(r"\b(?:my|our)\s+(?:favou?rite|fave|beloved)\b", _I)
# (or a bracket: "Ferretería Hnos. Zubizarreta (Vitoria)")
_PLACE_OF_GAP = regex.compile(
    rf"(?:\s*,)?\s+(?:(?:just|right)\s+)?(?:in|at|near|outside|{locatives.IN_OR_AT}|"
    rf"{locatives.FROM})\s+|\s*,[ \t]*(?:(?:just|right)\s+(?:outside|near)\s+)?"
    # (or Finnish's case joined to the firm's form by a colon, the town in its own:
    # "Kaneli Oy:ssä Jyväskylässä", at Kaneli Oy in Jyväskylä)
    r"|[ \t]*\([ \t]*|:\p{Ll}{2,4}[ \t]+"
    # (or an abbreviation's full stop, not a sentence's: "Villarreal Hnos. in Apodaca")
    r"|(?<=\p{Lu}\p{Ll}{1,3})\.[ \t]+(?-i:in|at)[ \t]+",
    _I,
)
# A genitive between a town and what is in it, in languages that put the town first:
# Hindi's का/की/के, Japanese の, Chinese 的, Korean 의
# (Turkish says it by a case ending, "the one in": "Nilüfer'deki Usta Halil Kebap")
_TOWNS_OWN_BEFORE = regex.compile(
    r"[ \t]+(?:का|की|के)[ \t]+|[ \t]*(?:の|的|의)[ \t]*|['’](?:daki|deki|taki|teki)[ \t]+"
)
_LIST_GAP = regex.compile(
    rf"(?:'s|’s)?{_SEPARATOR}(?:\p{{Lu}}[\p{{L}}'’\-]*(?:\s+\p{{Lu}}[\p{{L}}'’\-]*){{0,3}}"
    rf"{_SEPARATOR}){{0,2}}"
)


# A birth date and the birthplace after it, as records and forms write them
_BIRTHPLACE_GAP = regex.compile(r"[ \t]*,[ \t]*(?:(?:in|at)[ \t]+)?")
# "of" and its kin between a private person or firm and a town: the town it is from or
# seated in ("Cyril Pargeter of Ledbury", "la Peña La Saeta Rubia de Tomelloso"); only
# for an owner already private or undecided, since a public one's town is a topic
# ("Universidad de Salamanca", "the Duke of Wellington")
_OF_GAP = regex.compile(r"\s+(?:of|de|del|da|do|du|d['’]|di|von|van)\s*", _I)


def _places_of_private(text: str, spans: Sequence[Span], out: list[Verdict]) -> None:
    """Where a private person or organisation is: "Karavali College in Mangaluru", "my
    tita in Iloilo", "St. Brigid's Parish, Athlone"; and the larger place a private place
    lies in, or the smaller one it names first: "Eastleigh, Nairobi", "Stadshagen
    (Zwolle)", "the Crooked Ferret on North Street in Bedminster" (``out`` is changed in
    place)."""
    for i in range(1, len(spans)):
        previous, span = spans[i - 1], spans[i]
        gap = _PLACE_OF_GAP.fullmatch(text, previous.end, span.start) or (
            _OF_GAP.fullmatch(text, previous.end, span.start)
            if out[i - 1].subject is not Subject.PUBLIC
            and out[i].label == labels.LOCATION
            and out[i].reason in _PLACE_ONLY_KNOWN
            else None
        )
        if (
            out[i - 1].label == labels.DATE_OF_BIRTH
            and out[i].subject is not Subject.PRIVATE
            and out[i].reason in _PLACE_ONLY_KNOWN | _WEAK_PUBLIC
            and _BIRTHPLACE_GAP.fullmatch(text, previous.end, span.start)
            and (
                compounds.place_of(text[span.start : span.end]) is not None
                or is_small_town(text[span.start : span.end])
            )
        ):
            # a record's birthplace after the birth date: "born June 2, 1899, Hazard,
            # Kentucky" (a place with its region after it, a form's order)
            out[i] = Verdict(Subject.PRIVATE, Reason.PLACE_OF_PRIVATE, labels.LOCATION)
            continue
        if (
            out[i - 1].label == labels.LOCATION
            and out[i - 1].subject is not Subject.PRIVATE
            and out[i].label in (labels.ORGANIZATION, labels.PERSON)
            and out[i].subject is not Subject.PUBLIC
            and _TOWNS_OWN_BEFORE.fullmatch(text, previous.end, span.start)
        ):
            # the town a school, clinic, firm or person of someone's is in, as a genitive
            # before it: "लखनऊ के शिवम नर्सिंग होम", "札幌の北星クリニック", "Nilüfer'deki Usta
            # Halil Kebap"
            out[i - 1] = Verdict(Subject.PRIVATE, Reason.PLACE_OF_PRIVATE, labels.LOCATION)
            continue
        if _place_in_place(text, previous, span, out[i - 1], out[i]) or (
            out[i - 1].reason is Reason.INTRODUCED
            and out[i].label == labels.LOCATION
            and _DESCRIPTION_THEN_PLACE.fullmatch(text, previous.end, span.start)
        ):
            # (and the town of a business described as one of a kind: "Fennel & Flint, a
            # small spice shop in Hebden Bridge")
            out[i] = Verdict(Subject.PRIVATE, Reason.PLACE_OF_PRIVATE, labels.LOCATION)
            continue
        if _place_in_place(text, previous, span, out[i], out[i - 1], backwards=True):
            out[i - 1] = Verdict(Subject.PRIVATE, Reason.PLACE_OF_PRIVATE, labels.LOCATION)
            continue
        # "St Columba's Church, Kilbrannan": a lone capitalised word after an
        # organisation and a comma is its town, whatever NER called it
        town_after_firm = (
            out[i].reason is Reason.SINGLE_NAME
            and out[i - 1].label == labels.ORGANIZATION
            and gap is not None
            and gap[0].strip() == ","
        )
        # a town the gazetteer has after "in" or "at", whatever NER called it ("Gripen i
        # Karlstad" taken for a firm; not a list's comma: "Morrison, Rogers and Torres")
        named_town = (
            out[i].label in (labels.PERSON, labels.ORGANIZATION)
            and gap is not None
            and gap[0].strip() != ","
            and compounds.place_of(text[span.start : span.end]) is not None
        )
        # a place no one knows, protected, then a town after "in": the town it is in
        # ("a job at Transportes Villarreal Hnos. in Apodaca", NER's place for a firm)
        # (a name of words, as a firm's is: not "τον Παρθενώνα στην Αθήνα", a sight's case)
        unknown_place_before = (
            out[i - 1].reason is Reason.UNKNOWN_PLACE
            and gap is not None
            and "," not in gap[0]
            and " " in text[previous.start : previous.end].strip()
        )
        if (
            gap is None
            or (out[i].label != labels.LOCATION and not (town_after_firm or named_town))
            or out[i].subject is Subject.PRIVATE
            or (
                out[i - 1].label not in (labels.ORGANIZATION, labels.PERSON)
                and not unknown_place_before
            )
        ):
            continue
        # an undecided (so protected) name: only "in"/"at", not a list's comma ("Britain,
        # France and Israel"), unless it is an institution no encyclopedia knows, whose
        # town follows a comma as in an address ("OBS De Regenboog, Zwolle")
        undecided_owner = out[i - 1].subject is Subject.UNKNOWN and (
            gap[0].strip() != ","
            or out[i - 1].reason is Reason.LOCAL_INSTITUTION
            or unknown_place_before
        )
        if out[i - 1].subject is Subject.PRIVATE or undecided_owner:
            out[i] = Verdict(Subject.PRIVATE, Reason.PLACE_OF_PRIVATE, labels.LOCATION)


_PLACE_LABELS = frozenset({labels.LOCATION, labels.STREET_ADDRESS})
# A place's public verdict that says nothing of the text: only that the place is known,
# or that no name cue was found for NER's reading of it as a person.
_WEAK_PUBLIC_PLACE = _PLACE_ONLY_KNOWN | _WEAK_PUBLIC | {Reason.TITLE_OR_THING}
# A place and the larger place it lies in, named together: "Eastleigh, Nairobi",
# "Stadshagen (Zwolle)"; "on" for a street a private firm is on, "in" for its town.
_PLACE_IN_PLACE_GAP = regex.compile(
    r"[ \t]*,[ \t]*|[ \t]*\([ \t]*|\s+(?:in|on)\s+"
    # a village by its town ("Galatas, just outside Chania"; only this way round)
    r"|(?P<near>[ \t]*,?[ \t]+(?:(?:just|right)[ \t]+)?(?:outside|near)[ \t]+)",
    _I,
)


def _place_in_place(
    text: str, first: Span, second: Span, owner: Verdict, other: Verdict, backwards: bool = False
) -> bool:
    """``other``'s place is private because ``owner``'s is and the two name one place:
    a town after a private street or neighbourhood, or (``backwards``) a neighbourhood
    before a private town. A country is a topic, not a narrowing: it stays as it is."""
    if owner.subject is not Subject.PRIVATE or other.subject is Subject.PRIVATE:
        return False
    if other.label not in _PLACE_LABELS:
        return False
    if other.subject is Subject.PUBLIC and other.reason not in _WEAK_PUBLIC_PLACE:
        return False
    gap = _PLACE_IN_PLACE_GAP.fullmatch(text, first.end, second.start)
    if gap is None or (backwards and (gap[0].strip().casefold() in ("in", "on") or gap["near"])):
        return False  # ("Leeds in winter": only a list or brackets name the part first)
    # a private firm's street: "the Crooked Ferret on North Street" (its town, after "in",
    # the firm's other pass gives)
    firm_on = not backwards and owner.label == labels.ORGANIZATION and gap[0].strip() == "on"
    if owner.label not in _PLACE_LABELS and not firm_on:
        return False
    place = second if not backwards else first
    value = text[place.start : place.end]
    return geography.country(value) is None and geography.continent_named(value) is None


# "Washington University di Saint Louis", "l'Université de Lyon", "TU in München": the
# town of an institution's name or seat, a preposition of place or "of" between.
_SEAT_GAP = regex.compile(rf"\s+(?:in|at|of|di|de|du|d'|von|{locatives.IN_OR_AT})\s*", _I)


def _seats_of_public(text: str, spans: Sequence[Span], out: list[Verdict]) -> None:
    """A town that another language's clause gave the writer, where it is the seat of the
    public organisation, an encyclopedia entry, named right before it (``out`` is changed
    in place)."""
    for i in range(1, len(spans)):
        if (
            out[i].reason is Reason.WHERE_IN_OTHER_LANGUAGE
            and out[i - 1].label == labels.ORGANIZATION
            and out[i - 1].subject is Subject.PUBLIC
            and _SEAT_GAP.fullmatch(text, spans[i - 1].end, spans[i].start)
            # (an institution the encyclopedia has, not a verb NER took for a firm:
            # "Tunaishi huko Songea", we live in Songea)
            and knowledge.knowledge().is_known(text[spans[i - 1].start : spans[i - 1].end])
        ):
            out[i] = Verdict(Subject.PUBLIC, Reason.KNOWN_PLACE, labels.LOCATION)


def _public_surname_after_a_word(value: str, public_names: set[str]) -> bool:
    """A public person's surname, named before in full, that NER read with the word
    opening its sentence ("Wisława Szymborska ... Podobno Szymborska dostała"): the words
    before the surname are no first name."""
    words = value.split()
    if len(words) < 2 or words[-1] not in public_names:
        return False
    first_names = names_recognizer.known_name_words()[0]
    return not any(word.title() in first_names for word in words[:-1])


def _chance_of_entry(value: str) -> float | None:
    """How likely a private person of this full name (no title) has an encyclopedia entry
    by chance (``chance_entries``, at most 1), or None if it has no entry or is one word."""
    if len(value.split()) < 2:
        return None
    index = knowledge.knowledge()
    if index.canonical(value) is None:
        return None
    return min(1.0, index.chance_entries(value))


# The bounds of a sentence, or of a line (a list's item, a chat's message).
_SENTENCE_BOUND = regex.compile(r"[.!?。！？]+(?=\s|$)|\n")
# Words that put someone the writer knows in a sentence (with the first person, read by
# its own patterns): a relation, a title before a name
_SOMEONE_OF_THE_WRITER = regex.compile(rf"\b(?:{_RELATION}|{_HONORIFIC})\b", _I)


# Who the sentence introduces, not talks about: a label or a title before the name
# ("Cardholder Michael Osei", "Bapak Hendra Wijaya": a capitalised word; "Action: X"),
# or a pronoun's "is" ("She's Margaret Doyle"); and an age after it ("Margaret Doyle, 67")
_INTRODUCED_BEFORE = regex.compile(
    r"(?:(?-i:\p{Lu})[\p{L}.'’\-]*|\b(?:she|he|they|this|that)(?:'s|’s|\s+is|\s+was|\s+are))"
    r"[ \t]+$"
    # or a field's label ("Action: X", "Attendees: X", "From - X")
    r"|[:\-–—][ \t]*$",
    _I,
)
_AGE_AFTER = regex.compile(r"[ \t]*,?[ \t]*\(?\d{1,3}\b(?![.,]\d)")


def _entries_in_public_sentences(text: str, spans: Sequence[Span], out: list[Verdict]) -> list[int]:
    """Undecided full names that are the encyclopedia's entries (the chance that a
    private person of the name has one below the limit), in a sentence that names no
    one of the writer's: no first person or relation in any language, no title, no
    other name or place that is not public, and not opening its line as a signature, a
    speaker or a list's item does. A text about the writer's life still speaks of the
    famous in sentences of their own ("He once shook hands with Walter Reuther", "we
    read L'Armée des ombres de Joseph Kessel")."""
    found: list[int] = []
    starts = [span.start for span in spans]
    mentions: dict[str, int] = {}  # how often each name stands in the text, counted once
    for i, span in enumerate(spans):
        if out[i].label != labels.PERSON or out[i].reason is not Reason.UNDECIDED_NAME:
            continue
        value = text[span.start : span.end]
        chance = _chance_of_entry(value.strip())
        if chance is None or chance >= LOOSE_CHANCE_LIMIT:
            continue
        # the sentence, read within a bounded reach on each side (a long paste's every
        # name would otherwise search the whole text before it)
        reach = max(0, span.start - SENTENCE_REACH)
        begin = max(
            (m.end() for m in _SENTENCE_BOUND.finditer(text, reach, span.start)), default=reach
        )
        ending = _SENTENCE_BOUND.search(text, span.end, span.end + SENTENCE_REACH)
        end = ending.start() if ending else min(len(text), span.end + SENTENCE_REACH)
        sentence = text[begin:end]
        neighbours = range(bisect.bisect_left(starts, begin), bisect.bisect_left(starts, end))
        if value not in mentions:
            mentions[value] = text.count(value)
        if (
            not text[begin : span.start].strip()
            # (a person of the writer's life comes back: minutes, threads, rotas; the
            # famous are named in passing, once)
            or mentions[value] > 1
            or _INTRODUCED_BEFORE.search(text, begin, span.start)
            or _AGE_AFTER.match(text, span.end)
            or syntax.FIRST_PERSON_WORD.search(sentence)
            or _SOMEONE_OF_THE_WRITER.search(sentence)
            or _own_in_other_language(sentence)
            or any(j != i and out[j].subject is not Subject.PUBLIC for j in neighbours)
            # (a partner of a pronoun that can stand for someone of the writer's named
            # before: "my brother Daniel's wedding. He's marrying Sofia Reyes"; not "He
            # once shook hands with Walter Reuther")
            or (
                _THIRD_PERSON_SUBJECT.search(sentence)
                and _PARTNERED.search(sentence)
                and any(
                    out[j].label == labels.PERSON and out[j].subject is Subject.PRIVATE
                    for j in range(bisect.bisect_left(starts, begin))
                )
            )
        ):
            continue
        found.append(i)
    return found


_THIRD_PERSON_SUBJECT = regex.compile(r"\b(?:he|she|they)(?:['’]s|['’]re)?\b", _I)
_PARTNERED = regex.compile(
    r"\b(?:marr(?:y|ies|ied|ying)|dat(?:es|ed|ing)|engaged|divorc\w*|(?:girl|boy)friend|"
    r"fianc[eé]e?|wife|husband|partner)\b",
    _I,
)


# Two people named in one breath: "X and Y", "X & Y", "X, Y".
_PAIR_GAP = regex.compile(r"[ \t]*(?:,|&|and|und|et|e|y|en|i|och|og|ve|и|і)[ \t]*")


def _entries_listed_together(text: str, spans: Sequence[Span], out: list[Verdict]) -> list[int]:
    """Undecided people named together whose full names are both the encyclopedia's
    entries, where the chance that both are namesakes, multiplied, is below the limit a
    single name must meet: "the farmhouse where Vanessa Bell and Duncan Grant lived"
    (0.11 and 0.09 alone, 0.009 together), not "Sarah Thompson and Emma Johnson came
    over" (0.68 and 0.58). Whatever else the text says of the writer's life: people are
    listed with their like."""
    found: list[int] = []
    for i in range(1, len(spans)):
        pair = (i - 1, i)
        if any(
            out[j].label != labels.PERSON or out[j].reason is not Reason.UNDECIDED_NAME
            for j in pair
        ):
            continue
        if not _PAIR_GAP.fullmatch(text, spans[i - 1].end, spans[i].start):
            continue
        chances = [_chance_of_entry(text[spans[j].start : spans[j].end]) for j in pair]
        if None in chances or chances[0] * chances[1] >= CHANCE_LIMIT:
            continue
        found.extend(j for j in pair if j not in found)
    return found


def _entries_in_public_text(
    text: str, spans: Sequence[Span], out: list[Verdict], ctx: _Context
) -> list[int]:
    """Undecided people who are the encyclopedia's entries, where the text ties no one to
    anybody's life. The evidence is joint: a text naming several people who all have
    entries is about public figures unless each is a namesake, and the chances of that
    multiply ("Robert McNamara" 0.53 alone, with "Vasily Arkhipov" 0.001 beside him). A
    surname of one of them, or a single word the encyclopedia has and no first name
    ("Kennedy", "Khrushchev"), goes with them."""
    chance = 1.0
    entries: list[int] = []
    named_words: set[str] = set()
    for i, span in enumerate(spans):
        if out[i].label != labels.PERSON:
            continue
        undecided = out[i].reason is Reason.UNDECIDED_NAME
        strong = out[i].subject is Subject.PUBLIC and out[i].reason not in _WEAK_PUBLIC
        if not (undecided or strong):
            continue
        value = _HONORIFIC_INSIDE.sub("", text[span.start : span.end]).strip()
        of_entry = _chance_of_entry(value)
        if undecided:
            if of_entry is None:
                continue
            entries.append(i)
        if of_entry is not None:
            chance *= of_entry
        named_words.update(notability.fold(value).split())
    if not entries or chance >= LOOSE_CHANCE_LIMIT:
        return []
    chosen = set(entries)
    for i, span in enumerate(spans):
        value = text[span.start : span.end]
        if (
            out[i].label == labels.PERSON
            and out[i].reason is Reason.UNDECIDED_NAME
            and i not in chosen
            and " " not in value.strip()
            and (
                notability.fold(value) in named_words
                or (not _name_words(value)[0] and knowledge.knowledge().is_known(value))
            )
        ):
            chosen.add(i)
    if any(out[i].subject is not Subject.PUBLIC for i in range(len(spans)) if i not in chosen):
        return []
    if _WRITERS_PEOPLE.search(text):
        # a text about the writer's people: only entries in an opinion one of them
        # reports ("my friend says Jordan Peterson is right") are the figure
        return [i for i in entries if syntax.reported(ctx.parse, spans[i].start, spans[i].end)]
    return sorted(chosen)


def _names_among_public_only(
    text: str, spans: Sequence[Span], out: list[Verdict], ctx: _Context
) -> list[int]:
    """Undecided names (and institutions and places no list has) asked about in a text
    where every other mention is public, at least one of them strongly, in a question
    with nothing in the first person in any language the rules read: a question about
    public life ("was Peter Wennink succeeded by Christophe Fouquet?", "Chopra's coach
    before Klaus Bartonietz?"), which the encyclopedia may not reach (recent, local,
    fictional). A private person comes with the writer's life: "I", "my", a relation, a
    speaker, an addressee, someone else private. On the tunable parts and own prompts, 22
    mentions stood so, all public; in Presidio's synthetic texts (invented names put where
    public ones were) one, in a rhetorical question: the others stand in statements."""
    undecided = {
        i
        for i, verdict in enumerate(out)
        if verdict.subject is Subject.UNKNOWN
        and (
            (verdict.label == labels.PERSON and verdict.reason is Reason.UNDECIDED_NAME)
            or verdict.reason in (Reason.LOCAL_INSTITUTION, Reason.UNKNOWN_PLACE)
        )
    }
    if not undecided:
        return []
    others = [verdict for i, verdict in enumerate(out) if i not in undecided]
    if not any(v.subject is Subject.PUBLIC and v.reason not in _WEAK_PUBLIC for v in others):
        return []
    if any(v.subject is not Subject.PUBLIC for v in others):
        return []
    # each asked about, in a question that is not in the first person ("everyone is
    # losing their minds over Luke Littler? i know nothing about darts"): a name in a
    # statement may be the one a pasted text is about ("X lives at ...", "X listed his
    # top 20 songs"), which no question is
    chosen = []
    for i in sorted(undecided):
        end, asked = _sentence_end(text, spans[i].end)
        before = _clause_before(text, spans[i].start, SENTENCE_REACH)
        # (or a request in the imperative, which asks as a question does, or a question
        # typed without its mark, which English says by its word order: "does Salvatore
        # Sanfilippo have a blog post about it")
        if not (
            asked
            or _QUESTION_WORD_ORDER.match(before)
            or syntax.requested(ctx.parse, spans[i].start, spans[i].end)
        ):
            continue
        question = before + text[spans[i].start : end]
        # (the "me" a request is asked for is the one asking: "Write me a summary of X")
        opening = end - len(question)
        for me_start, me_end in syntax.requester(ctx.parse, spans[i].start, spans[i].end):
            if opening <= me_start and me_end <= end:
                at, length = me_start - opening, me_end - me_start
                question = question[:at] + " " * length + question[at + length :]
        if not _in_the_first_person(question):
            chosen.append(i)
    # one name, one bearer: the full name a statement gives of someone a question then
    # asks about by surname ("Kent Beck wrote ... Did Beck invent TDD?"), in a sentence
    # of no one's life, is the one asked about
    asked_surnames = {_fold_value(text, spans[i]).split()[-1] for i in chosen}
    for i in sorted(undecided.difference(chosen)):
        words = _fold_value(text, spans[i]).split()
        if (
            out[i].label == labels.PERSON
            and len(words) >= 2
            and words[-1] in asked_surnames
            and not _first_person_in_sentence(text, spans[i])
        ):
            chosen.append(i)
    # a name the writer also names in the first person ("dinner at mine with Giulia ...
    # Giulia is vegan?") is not made public where it recurs
    left = {_fold_value(text, spans[i]) for i in undecided.difference(chosen)}
    return [i for i in chosen if _fold_value(text, spans[i]) not in left]


# An English question by its word order, where its mark is left off: a question word, or
# an auxiliary or a modal before its subject, opening the sentence (after "and", "so", ...).
_QUESTION_WORD_ORDER = regex.compile(
    r"^\s*(?:(?:and|but|so|also|ok|okay|then)[ \t,]+)?"
    r"(?:who|whom|whose|what|which|when|where|why|how|does|did|is|are|was|were|has|had|"
    r"can|could|will|would|should|shall|may|might|do[ \t]+(?:you|they|we|people|most))\b",
    regex.IGNORECASE,
)


def _first_person_in_sentence(text: str, span: Span) -> bool:
    end, _ = _sentence_end(text, span.end)
    return _in_the_first_person(
        _clause_before(text, span.start, SENTENCE_REACH) + text[span.start : end]
    )


def _in_the_first_person(sentence: str) -> bool:
    """A word for the writer or their people, in English or another language."""
    return bool(syntax.FIRST_PERSON_WORD.search(sentence) or _own_in_other_language(sentence))


def _fold_value(text: str, span: Span) -> str:
    return notability.fold(text[span.start : span.end])


_KNOWN_PLACES = frozenset({Reason.KNOWN_PLACE, Reason.KNOWN_PLACE_NOT_PERSON})


def _names_coordinated_with_names(text: str, spans: Sequence[Span], out: list[Verdict]) -> None:
    """A town's name that is a first name too, coordinated with a person no one has made
    public ("dinner with Giulia and Marco", "Jess, Ana and Sofia"): conjuncts are of one
    kind, so it names a person, whom the rules for people decide (Marco is a town in
    Brazil as well)."""
    for i, verdict in enumerate(out):
        if verdict.reason not in _KNOWN_PLACES or " " in _fold_value(text, spans[i]):
            continue
        if not _name_words(text[spans[i].start : spans[i].end])[0]:
            continue
        if any(
            0 <= j < len(spans)
            and out[j].label == labels.PERSON
            and out[j].subject is not Subject.PUBLIC
            # (not a place's name too: "Florence and Siena" are two towns)
            and compounds.place_of(text[spans[j].start : spans[j].end]) is None
            and _COORDINATED.fullmatch(
                text, min(spans[i].end, spans[j].end), max(spans[i].start, spans[j].start)
            )
            for j in (i - 1, i + 1)
        ):
            out[i] = Verdict(Subject.UNKNOWN, Reason.UNDECIDED_NAME, labels.PERSON)


def _sentence_end(text: str, end: int) -> tuple[int, bool]:
    """Where the sentence that goes on at ``end`` ends, and whether in a question mark
    (Greek's ";" too)."""
    stop = _QUESTION_OR_STOP.search(text + " ", end)
    if stop is None:
        return len(text), False
    return min(len(text), stop.end()), stop.group() in ("?", "？", "؟", ";", "\u037e")


_QUESTION_OR_STOP = regex.compile(rf"{_STOP}|(?<=\p{{Greek}});|\u037e", regex.IGNORECASE)


def _prominent_place(value: str) -> bool:
    found = compounds.place_of(value)
    return found is not None and found.prominent


def _consistent(
    text: str, spans: Sequence[Span], verdicts: list[Verdict], ctx: _Context
) -> list[Verdict]:
    """Mentions agree with each other: a name the text ties to someone private is private
    wherever it recurs ("Noor" after "Noor Al-Sayegh"); a name listed with public
    entities, or acted on by a public figure, is public ("Watson and Crick")."""
    out = list(verdicts)

    def undecided(i: int) -> bool:
        return _weakly_decided(out[i])

    _places_of_private(text, spans, out)
    _names_coordinated_with_names(text, spans, out)
    private_names: set[str] = set()
    private_given: set[str] = set()  # private people named by one word ("Göran:")
    public_names: set[str] = set()
    public_first_names: dict[str, int] = {}  # a public full name's first word: where it ends
    for span, verdict in zip(spans, verdicts, strict=True):
        if verdict.label != labels.PERSON:
            continue
        value = notability.fold(text[span.start : span.end])
        if verdict.subject is Subject.PRIVATE:
            private_names.add(value)
            words = value.split()
            if len(words) > 1:
                private_names.add(words[0])
            else:
                private_given.add(value)
        elif verdict.subject is Subject.PUBLIC and verdict.reason not in _WEAK_PUBLIC:
            public_names.add(value)
            words = value.split()
            # "... Kurt Gödel ... Gödel's theorem"; a surname of two words too ("Lina Bo
            # Bardi ... was Bo Bardi born", "Gabriel García Márquez ... García Márquez")
            public_names.update(" ".join(words[k:]) for k in range(1, len(words)))
            if len(words) > 1:
                # a first name alone after the full name refers back to it ("... Ann
                # Perkins ... is Ann ever ..."); before it, it is someone else ("Michal
                # was a huge Michal Horký fan")
                public_first_names.setdefault(words[0], span.end)
    for i, span in enumerate(spans):
        if out[i].label == labels.ORGANIZATION and out[i].reason is Reason.ORGANIZATION_TOPIC:
            # "Lerato Mokoena ... Lerato chasing legal": NER took the first name for a firm
            if notability.fold(text[span.start : span.end]) in private_names:
                out[i] = Verdict(Subject.PRIVATE, Reason.NAMED_PRIVATELY, labels.PERSON)
            continue
        if (
            out[i].reason is Reason.KNOWN_PLACE_NOT_PERSON
            and notability.fold(text[span.start : span.end]) in private_names
            and not _prominent_place(text[span.start : span.end])
        ):
            # "our son Leo ... in Maricopa County and Leo and I": read as a town the second
            # time (not "my daughter Florence ... a trip to Florence")
            out[i] = Verdict(Subject.PRIVATE, Reason.NAMED_PRIVATELY, labels.PERSON)
            continue
        if (
            out[i].label == labels.PERSON
            and _THE_REAL_ONE.search(text, max(0, span.start - 20), span.start)
            and knowledge.knowledge().is_known(text[span.start : span.end])
        ):
            # "my coworker is called Tom Holland ... nothing like the real Tom Holland"
            out[i] = Verdict(Subject.PUBLIC, Reason.NAMED_PUBLICLY, labels.PERSON)
            # (and named so again after: "... de echte Janssen. Wat won Janssen ...")
            public_names.add(notability.fold(text[span.start : span.end]))
            continue
        if out[i].label != labels.PERSON or not undecided(i):
            continue
        value = notability.fold(text[span.start : span.end])
        if value in private_names or (
            # "Hyresvärd (Göran Lindqvist): ... Göran: Ok": the full name of someone the
            # text names privately by the first
            len(value.split()) == 2 and value.split()[0] in private_given
        ):
            out[i] = Verdict(Subject.PRIVATE, Reason.NAMED_PRIVATELY, labels.PERSON)
        elif out[i].subject is Subject.UNKNOWN and (
            value in public_names
            or public_first_names.get(value, len(text)) <= span.start
            or _public_surname_after_a_word(value, public_names)
        ):
            out[i] = Verdict(Subject.PUBLIC, Reason.NAMED_PUBLICLY, labels.PERSON)
    # "李白 (Li Bai)": a name glossed in brackets is the name before it.
    for i in range(1, len(spans)):
        if (
            regex.fullmatch(r"\s*\(\s*", text[spans[i - 1].end : spans[i].start])
            and out[i - 1].subject is not Subject.UNKNOWN
            and out[i].subject is Subject.UNKNOWN
        ):
            out[i] = Verdict(out[i - 1].subject, out[i - 1].reason, out[i].label)
        elif (
            regex.fullmatch(r"\s*\(\s*", text[spans[i - 1].end : spans[i].start])
            and out[i].subject is not Subject.UNKNOWN
            and out[i - 1].subject is Subject.UNKNOWN
            and out[i - 1].label == out[i].label
        ):
            out[i - 1] = Verdict(out[i].subject, out[i].reason, out[i - 1].label)
    # "my sisters Ana, Bea and Rogers": a list of people carries its first one's tie.
    for i in range(1, len(spans)):
        if out[i].label == labels.PERSON and undecided(i):
            previous = spans[i - 1]
            if (
                out[i - 1].label == labels.PERSON
                and out[i - 1].subject is Subject.PRIVATE
                and _LIST_GAP.fullmatch(text, previous.end, spans[i].start)
            ):
                out[i] = Verdict(Subject.PRIVATE, Reason.LISTED_WITH_PRIVATE, labels.PERSON)
    for i, span in enumerate(spans):
        # a title alone ("Mr. Darcy") says little when the sentence is about public figures
        if out[i].subject is not Subject.UNKNOWN and out[i].reason is not Reason.TITLED:
            continue
        clause = _clause_before(text, span.start)
        clause_start = span.start - len(clause)
        # neighbours in a list, and earlier spans of the same clause (bounded by WINDOW)
        nearby = [i + 1] if i + 1 < len(spans) else []
        j = i - 1
        while j >= 0 and (j == i - 1 or spans[j].start >= clause_start):
            nearby.append(j)
            j -= 1
        for j in nearby:
            other = spans[j]
            if out[j].subject is not Subject.PUBLIC or out[j].label not in DECIDED_LABELS:
                continue
            left, right = sorted((span, other), key=lambda s: s.start)
            # (not beside a phrase public only for want of a name: "Pak Hendro Wibisono,
            # Kepala Cabang PT ...", a role in apposition, is no list of the famous)
            listed = (
                _LIST_GAP.fullmatch(text, left.end, right.start) is not None
                # (nor beside a word public only for want of a name: "Ihre Nachbarin,
                # Frau Kowalczyk, ...")
                and out[j].reason not in _WEAK_PUBLIC
                # (a list is of one kind: "OBS De Regenboog, Zwolle" is an institution
                # and its town, "(Keßler & Haug, Kassel)" a firm's founder and its town,
                # "on Healthlink, Dr Mulcahy ..." a system and a doctor, not a list of
                # the famous; NER's labels of the famous are too loose to ask more)
                and not (
                    out[j].label != out[i].label
                    and (
                        out[i].reason in (Reason.LOCAL_INSTITUTION, Reason.TITLED)
                        or (
                            out[j].label == labels.LOCATION
                            and text[left.end : right.start].strip() == ","
                        )
                    )
                )
            )
            acted_on = (
                out[j].label == labels.PERSON
                and out[j].reason not in _WEAK_PUBLIC
                and clause_start <= other.start < span.start
            )
            if listed or acted_on:
                reason = Reason.LISTED_WITH_PUBLIC if listed else Reason.BESIDE_PUBLIC_FIGURE
                out[i] = Verdict(Subject.PUBLIC, reason, out[i].label)
                break
    for i in range(1, len(spans)):
        previous, span = spans[i - 1], spans[i]
        gap = text[previous.end : span.start]
        if (
            out[i].label == out[i - 1].label == labels.LOCATION
            and out[i - 1].subject is Subject.PRIVATE
            and regex.fullmatch(r"\s*(?:,|and|or|&)\s*", gap)
        ):
            out[i] = Verdict(Subject.PRIVATE, out[i - 1].reason, labels.LOCATION)
        elif (
            out[i].label == labels.ORGANIZATION
            and out[i].subject is Subject.PUBLIC
            and out[i - 1].label == labels.PERSON
            and out[i - 1].subject is not Subject.PUBLIC
            and regex.fullmatch(r"\s+(?:from|at|of)\s+(?:the\s+)?|\s*,\s*", gap)
        ):
            out[i] = Verdict(Subject.PRIVATE, Reason.RELATION_WORKPLACE, labels.ORGANIZATION)
    # Where a private person is: "Dr Lydon will be over in Athenry that day", "Ana works
    # near X": the clause's subject is someone the text made private.
    private_people = [
        spans[j]
        for j in range(len(spans))
        if out[j].label == labels.PERSON and out[j].subject is Subject.PRIVATE
    ]
    for i, span in enumerate(spans if private_people else ()):
        if out[i].label != labels.LOCATION or out[i].subject is not Subject.PUBLIC:
            continue
        if out[i].reason not in _PLACE_ONLY_KNOWN:
            continue
        sentence_start = span.start - len(_clause_before(text, span.start, SENTENCE_REACH))
        if not any(sentence_start <= p.start < span.start for p in private_people):
            continue  # parse only a sentence that names a private person before the place
        whose = syntax.whose_whereabouts(ctx.parse, span.start, span.end)
        if whose and any(p.start < whose[1] and whose[0] < p.end for p in private_people):
            out[i] = Verdict(Subject.PRIVATE, Reason.PLACE_OF_PRIVATE, labels.LOCATION)
    # A public figure's places and employers: "Tove Jansson's life ... living in Helsinki",
    # "the author Ngũgĩ grew up near Limuru", "a bio of X ... the years she spent at Y".
    # Cues of living, origin and work read the writer's life into any sentence; in one
    # about a public figure with no one else in it, they are the figure's.
    for i, span in enumerate(spans):
        if out[i].reason is Reason.PRONOUN_TIE and any(
            _public_person(out[j]) and spans[j].start >= span.start - PRONOUN_REACH
            for j in range(i)
        ):
            # "When was Albert Einstein born? ... My kid says he was born in Ulm": the
            # pronoun may be the figure's, and a famous life is no secret
            out[i] = Verdict(Subject.PUBLIC, Reason.BESIDE_PUBLIC_FIGURE, out[i].label)
            continue
        cued_place = out[i].label == labels.LOCATION and out[i].reason in _CUE_PLACE_REASONS
        # "the years she spent at the University of X" in a bio of a public figure; "Shohei
        # Ohtani joining the Dodgers" (a team NER took for a person)
        cued_employer = out[i].reason is Reason.AFFILIATION and (
            out[i].label == labels.ORGANIZATION
            or knowledge.knowledge().is_known(text[span.start : span.end])
        )
        if not (cued_place or cued_employer):
            continue
        clause = _clause_before(text, span.start, SENTENCE_REACH)
        # a clause that "that" opens is about its own subject: "mijn buurman beweert dat
        # Vincent van Gogh in Nuenen geboren is" (the writer's neighbour says it)
        that = [m.end() for m in _COMPLEMENTIZER.finditer(clause)]
        if that:
            clause = clause[that[-1] :]
        clause_start = span.start - len(clause)
        if _FIRST_PERSON.search(_FAVOURITE_OF_MINE.sub("", clause)) or (
            out[i].reason is Reason.WHERE_IN_OTHER_LANGUAGE
            and locatives.first_person_other_language(clause)
        ):
            continue
        figures = [
            j
            for j in range(i)
            if spans[j].start >= clause_start
            and _public_person(out[j])
            and out[j].reason is not Reason.TITLE_OR_THING  # "la loi ALUR": no one's life
        ]
        if not figures and _PRONOUN_FOR_SOMEONE.search(clause):
            # "Who is Barack Obama? He grew up in Honolulu": the pronoun stands for the
            # last person named, in the sentences just before
            clause_start = max(0, span.start - PRONOUN_REACH)
            if _FIRST_PERSON.search(text, clause_start, span.start):
                continue  # "My brother met Barack Obama once. He grew up in Leeds."
            people = [
                j
                for j in range(i)
                if spans[j].start >= clause_start and out[j].label == labels.PERSON
            ]
            if people and _public_person(out[people[-1]]):
                figures = people[-1:]
        private_between = any(
            out[j].subject is not Subject.PUBLIC for j in range(i) if spans[j].start >= clause_start
        )
        if figures and not private_between:
            out[i] = Verdict(Subject.PUBLIC, Reason.BESIDE_PUBLIC_FIGURE, out[i].label)
    # A career goes on from one employer to the one before: "nurse at X. Previously at Y",
    # "engineer at X, formerly with Y". The earlier place is as much the writer's.
    employer_seen = False
    for i, span in enumerate(spans):
        if out[i].label != labels.ORGANIZATION:
            continue
        if (
            employer_seen
            and out[i].subject is Subject.PUBLIC
            and _EARLIER_EMPLOYER.search(text, max(0, span.start - 40), span.start)
        ):
            out[i] = Verdict(Subject.PRIVATE, Reason.AFFILIATION, labels.ORGANIZATION)
        employer_seen = employer_seen or out[i].subject is Subject.PRIVATE
    # A name only the encyclopedia calls public, made of common name parts ("Priya Raman"),
    # in a text about private people and no public figure: a namesake, not the entry.
    strong_public = any(
        _public_person(v) and v.reason is not Reason.ENCYCLOPEDIA_ENTRY for v in out
    )
    private_people = any(v.label == labels.PERSON and v.subject is not Subject.PUBLIC for v in out)
    if private_people and not strong_public:
        namesakes = []
        for i, span in enumerate(spans):
            if out[i].reason is Reason.ENCYCLOPEDIA_ENTRY and out[i].label == labels.PERSON:
                value = text[span.start : span.end]
                first_name, surname = _name_words(value)
                if first_name and surname and len(value.split()) == 2:
                    namesakes.append(i)
        for i in namesakes:
            # "inspired by Fay Godwin and Vivian Maier": a name coordinated with a public
            # figure stands where the figure does
            if not any(
                j not in namesakes
                and _public_person(out[j])
                and _COORDINATED.fullmatch(
                    text, min(spans[i].end, spans[j].end), max(spans[i].start, spans[j].start)
                )
                for j in (i - 1, i + 1)
                if 0 <= j < len(spans)
            ):
                out[i] = Verdict(Subject.UNKNOWN, Reason.UNDECIDED_NAME, labels.PERSON)
    # The other way round: full names the encyclopedia has entries for, in a text that
    # ties nothing and no one to anybody's life ("APT. with Bruno Mars was everywhere"):
    # the entries, as nothing says they are namesakes.
    _seats_of_public(text, spans, out)
    entries = _entries_in_public_text(text, spans, out, ctx)
    for i in entries:
        out[i] = Verdict(Subject.PUBLIC, Reason.ENTRY_IN_PUBLIC_TEXT, labels.PERSON)
    for i in _entries_listed_together(text, spans, out):
        out[i] = Verdict(Subject.PUBLIC, Reason.ENCYCLOPEDIA_ENTRY, labels.PERSON)
    for i in _entries_in_public_sentences(text, spans, out):
        out[i] = Verdict(Subject.PUBLIC, Reason.ENTRY_IN_PUBLIC_TEXT, labels.PERSON)
    for i in _names_among_public_only(text, spans, out, ctx):
        if ctx.casual and " " not in text[spans[i].start : spans[i].end].strip():
            # a lone first name in chat typed in lower case ("porto w the girls (jess,
            # ana)") is someone the writer knows: public life is asked about by full name
            continue
        out[i] = Verdict(Subject.PUBLIC, Reason.AMONG_PUBLIC_ONLY, out[i].label)
    # "Emma Stone was in La La Land": who acts or plays in a work is in public life.
    for i in range(len(spans) - 1):
        work = spans[i + 1]
        if (
            out[i].label == labels.PERSON
            and out[i].subject is Subject.UNKNOWN
            and out[i + 1].subject is Subject.PUBLIC
            and out[i + 1].reason in (Reason.ENCYCLOPEDIA_ENTRY, Reason.ORGANIZATION_TOPIC)
            and _PERFORMED_IN.fullmatch(text, spans[i].end, work.start)
            and compounds.place_of(text[work.start : work.end]) is None
            and knowledge.knowledge().is_known(text[work.start : work.end])
        ):
            out[i] = Verdict(Subject.PUBLIC, Reason.WORKS_FOLLOW, labels.PERSON)
    # again: the passes above made more organisations private ("a card to Reverend X at
    # St Columba's Church, Kilbrannan": the church is his workplace, so its town is too)
    _places_of_private(text, spans, out)
    private_places = _private_places(text, spans, out)
    if private_places:
        _private_places_again(text, spans, out, private_places)
        _named_for_private_places(text, spans, out, private_places)
    _namesakes(text, spans, out)
    _contrasted(text, spans, out)
    _countries(text, spans, out)
    return out


# A country at least this populous is no one's home in particular ("vive en Loja,
# Ecuador"; "licensed in Egypt"). Smaller states are the size of towns (Monaco).
_POPULOUS_COUNTRY = 1_000_000
# What follows a town that bears a country's name: its state or county ("Lebanon, PA");
# or a postcode, which makes the country the last line of a postal address ("Estonia
# 62488"), one identifier with the street above it.
_LARGER_PLACE_AFTER = regex.compile(r"[ \t]*,[ \t]*\p{Lu}|[ \t]*,?[ \t]*\d")


def _countries(text: str, spans: Sequence[Span], out: list[Verdict]) -> None:
    """A country the writer lives in, comes from or is going to says too little to be
    kept from the service: it stays as written (the quasi-identifier stage still weighs
    it among what the text says of them). Not a town named like one, which a larger place
    follows ("Lebanon, PA"), nor an address's country before its postcode, nor a
    country's name the text also gives a person ("My name is Jordan Ellis ... Jordan is
    moving to Jordan"). (``out`` is changed in place.)"""
    people_words: set[str] | None = None
    for i, span in enumerate(spans):
        if out[i].subject is not Subject.PRIVATE or out[i].label != labels.LOCATION:
            continue
        value = text[span.start : span.end]
        found = notability.place(value)
        if found is None or found.kind != "country":
            continue
        if people_words is None:
            people_words = {
                word
                for other, verdict in zip(spans, out, strict=True)
                if verdict.label == labels.PERSON
                for word in notability.fold(text[other.start : other.end]).split()
            }
        if (
            notability.fold(value) in people_words
            or 0 < found.population < _POPULOUS_COUNTRY
            or _LARGER_PLACE_AFTER.match(text, span.end)
        ):
            continue
        out[i] = Verdict(Subject.PUBLIC, Reason.COUNTRY, labels.LOCATION)


# "not" (and "definitely not", "not the", "no relation to") right before a name, in the
# languages the rules read: the famous one the writer's own is not ("our Ben, not the
# Arsenal one", "Paris, Ontario (not France)", "definitely not Eliud Kipchoge")
_CONTRASTED_BEFORE = regex.compile(
    r"(?<![\p{L}])(?:(?:definitely|obviously|clearly|certainly)[ \t]+)?"
    r"(?:not|no[ \t]+relation[ \t]+to|nicht|pas|niet|non|no)[ \t]+(?:the[ \t]+|that[ \t]+)?$",
    _I,
)
_TIES = frozenset(
    {
        Reason.GRAMMAR_TIE,
        Reason.CONTACT_BESIDE,
        Reason.RESIDENCE,
        Reason.PLACE_OF_PRIVATE,
        Reason.LISTED_WITH_PRIVATE,
        Reason.NAMED_PRIVATELY,
    }
)


def _contrasted(text: str, spans: Sequence[Span], out: list[Verdict]) -> None:
    """An encyclopedia's entry the writer says theirs is not, tied to their life only by
    the words around it: the famous one, public. A lone first name is not read so ("not
    Tom, Jake called"). (``out`` is changed in place.)"""
    for i, span in enumerate(spans):
        if out[i].reason not in _TIES or out[i].label not in DECIDED_LABELS:
            continue
        value = text[span.start : span.end]
        if out[i].label == labels.PERSON and len(value.split()) < 2:
            continue
        if _POSSESSIVE_AFTER.match(text[span.end : span.end + 3]):
            continue  # "not Sarah's fault"
        if not _CONTRASTED_BEFORE.search(text, max(0, span.start - 40), span.start):
            continue
        if knowledge.knowledge().is_known(value):
            out[i] = Verdict(Subject.PUBLIC, Reason.CONTRASTED, out[i].label)


# What a writer says after naming someone who shares a famous person's name: "not that
# Ambani", "no relation to the cricketer", "not the former president", "same name as the
# writer", and as other languages say it ("se llama igual que la escritora", "heißt
# genauso wie", "s'appelle comme", "mesmo nome", "omonimo", "naamgenoot", "tak samo jak",
# "тезка", "同姓同名", "이름이 똑같").
_NAMESAKE_AFTER = regex.compile(
    r"\bnot\s+(?:that|the\s+(?:famous|real|actual|former))\b|\bno\s+relation\b|"
    r"\bnot\s+related\s+to\b|\bsame\s+name\s+as\b|"
    r"\bshares?\s+(?:a|the|his|her|their)\s+name\s+with\b|"
    r"\bnamesake\b|\blike\s+the\s+(?:famous|singer|actor|actress|writer|author|player|"
    r"footballer|cricketer|president|politician)\b|"
    r"se\s+llama\s+igual|mismo\s+nombre|tocay[oa]|s['’]appelle\s+comme|même\s+nom|homonyme|"
    r"heißt\s+genauso|gleichen\s+namen|namensvetter|si\s+chiama\s+come|stesso\s+nome|omonim[oa]|"
    r"mesmo\s+nome|xará|heet\s+net\s+als|naamgeno(?:o|t)|tak\s+samo\s+jak|imienni(?:k|czka)|"
    r"тёзка|тезка|тезко|同姓同名|同名同姓|同じ名前|이름이\s*똑같|동명이인",
    _I,
)
# How far after a name the writer says so: the rest of its sentence, and a bracket's
NAMESAKE_REACH = 120
# Public verdicts that rest on the name alone (the encyclopedia's entry, a famous
# neighbour), which the writer's word that it is a namesake outweighs
_PUBLIC_BY_NAME = frozenset(
    {
        Reason.ENCYCLOPEDIA_ENTRY,
        Reason.BESIDE_PUBLIC_FIGURE,
        Reason.NAMED_PUBLICLY,
        Reason.ENTRY_IN_PUBLIC_TEXT,
        Reason.AMONG_PUBLIC_ONLY,
        Reason.LISTED_WITH_PUBLIC,
        Reason.SINGLE_NAME,
    }
)


def _namesakes(text: str, spans: Sequence[Span], out: list[Verdict]) -> None:
    """A person the writer says shares a famous name, said after the mention ("mera
    landlord bhi Ambani hai (Mr. Rajesh Ambani, not that Ambani)", "la dra. Isabel
    Allende (sí, se llama igual que la escritora)"): those mentions are the namesake;
    the famous one's, after the words, stay public. (``out`` is changed in place.)"""
    cues = [m.start() for m in _NAMESAKE_AFTER.finditer(text)]
    if not cues:
        return
    # a namesake the text already ties to someone ("my friend Sunita Sen is writing about
    # Amartya Sen (no relation)") leaves the famous one as he is
    private_surnames = {
        notability.fold(text[span.start : span.end]).split()[-1]
        for span, verdict in zip(spans, out, strict=True)
        if verdict.label == labels.PERSON
        and verdict.subject is Subject.PRIVATE
        and text[span.start : span.end].split()
    }
    for i, span in enumerate(spans):
        if not (
            out[i].label == labels.PERSON
            and out[i].subject is Subject.PUBLIC
            and out[i].reason in _PUBLIC_BY_NAME
        ):
            continue
        words = notability.fold(text[span.start : span.end]).split()
        if (
            words
            and words[-1] not in private_surnames
            and any(0 <= cue - span.end <= NAMESAKE_REACH for cue in cues)
            and not _STOP_ANYWHERE.search(_between_without_brackets(text, span.end, cues))
        ):
            out[i] = Verdict(Subject.PRIVATE, Reason.NAMESAKE, labels.PERSON)


def _between_without_brackets(text: str, end: int, cues: list[int]) -> str:
    """The text from ``end`` to the nearest cue after it, brackets' insides left out (a
    bracket's sentence is the name's: "X (she is called like the writer. ha)")."""
    cue = min(c for c in cues if c >= end)
    return regex.sub(r"\([^()]*\)?", " ", text[end:cue])


def _private_places(text: str, spans: Sequence[Span], out: list[Verdict]) -> set[str]:
    """The places the verdicts make private, folded."""
    places = {
        notability.fold(text[span.start : span.end]).strip()
        for span, verdict in zip(spans, out, strict=True)
        if verdict.label == labels.LOCATION and verdict.subject is Subject.PRIVATE
    }
    places.discard("")
    return places


def _private_places_again(
    text: str, spans: Sequence[Span], out: list[Verdict], places: set[str]
) -> None:
    """A place the text makes private (``places``), named again where nothing decided it
    ("We live in Rathfarnham. Rathfarnham is lovely in May", the second read as a name):
    the same place. A strong verdict stands ("we live in Rosario ... Che was born in
    Rosario": a topic, which gives nothing away once the home is replaced). (``out`` is
    changed in place.)"""
    for i, span in enumerate(spans):
        # (an organisation by default only: NER's reading of the town's name again; not a
        # known place, which is as often the topic: "we live in Nice ... Nice in August")
        weak = _weakly_decided(out[i]) or out[i].reason is Reason.ORGANIZATION_TOPIC
        if weak and notability.fold(text[span.start : span.end]).strip() in places:
            out[i] = Verdict(Subject.PRIVATE, Reason.NAMED_PRIVATELY, labels.LOCATION)


def _named_for_private_places(
    text: str, spans: Sequence[Span], out: list[Verdict], places: set[str]
) -> None:
    """A local organisation named for a place the text makes private (``places``): "my
    neighbour in Clontarf ... the Clontarf Community Notice Board"; kept, it gives the
    place away. Not one the encyclopedia knows ("Leeds United" beside a writer in Leeds):
    those names are everyone's. (``out`` is changed in place.)"""
    for i, span in enumerate(spans):
        if out[i].label != labels.ORGANIZATION or out[i].subject is Subject.PRIVATE:
            continue
        value = text[span.start : span.end]
        words = f" {notability.fold(value)} "
        if any(f" {place} " in words for place in places) and not (
            knowledge.knowledge().is_known(value)
        ):
            out[i] = Verdict(Subject.PRIVATE, Reason.NAMED_FOR_PRIVATE_PLACE, labels.ORGANIZATION)
