"""Whose a place or an organisation is, read from the sentence's dependency parse.

Regular expressions over the words before a span see "I" and "live" near "Leeds" but not
how they are joined; the parse does. A span is tied to the writer (or someone the writer
names) when, climbing from it through the tree,

- it depends on a noun the writer possesses: "our place in X", "my OB at X", "my
  employer, X", "our kid's daycare, X" (possession may run through a relation: then it is
  an acquaintance's);
- or it depends through a preposition on a verb whose subject is "I", "we" or a relation
  the writer names ("my sister"), and the verb says where someone lives, works, studies
  or comes from: "we've been living in X", "I work remote for X", "my brother moved to X",
  "I'm still in X". A trip ("we fly to X"), a plan ("I want to move to X") or a
  hypothetical ("if I lived in X") ties nothing.

A place's tie needs no particular verb: anything the writer does in a place puts their
life there ("we sold our place in X"), except looking, travelling and supposing. A
person's needs possession or apposition ("my landlord, X", "from me, X"), or the writer
dealing with them ("follow up with X", "write X a card": ``dealt_with``).

The verb and noun classes below are the small closed classes that say which relation a
clause states (dwelling, work and study, travel, social contact); who stands in it is
the parse's job. ``Parses`` reads a text once: NER over all of it (shared with the NER
recognizer through a small cache), and the parse of a sentence only where a tie can be.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property

from veil.rules import lazy_regex as regex
from veil.rules.nlp import load_pipeline

_I = regex.IGNORECASE


def _word_class(alternatives: str) -> regex.Pattern[str]:
    """A closed class of word forms ("live|lives|lived"), matched whole, any case."""
    return regex.compile(rf"^(?:{alternatives})$", _I)


def _in_text(*alternatives: str) -> regex.Pattern[str]:
    """The same word forms found anywhere in a text, as whole words."""
    return regex.compile(rf"\b(?:{'|'.join(alternatives)})\b", _I)


class Owner(StrEnum):
    WRITER = "writer"
    ACQUAINTANCE = "acquaintance"


@dataclass(frozen=True, slots=True)
class Tie:
    """How the grammar ties a span to someone's life."""

    owner: Owner
    # "possession" (my/our + noun) | "clause" (I/we + verb) | "apposition" | "dwelling" |
    # "pronoun" (he/she/they + copula: whose, the caller decides)
    via: str
    head: str  # the word it attaches to ("place", "live")


_FIRST_PERSON_SUBJECT = frozenset({"i", "we"})
_FIRST_PERSON_POSSESSIVE = frozenset({"my", "our", "mine", "ours"})

# Dwelling, origin, work and study: the verbs that say where someone's life is.
_LIFE_VERB = _word_class(
    r"liv(?:e|es|ed|ing)|resid(?:e|es|ed|ing)|stay(?:s|ed|ing)?|settl(?:e|es|ed|ing)|"
    r"mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|emigrat(?:e|es|ed|ing)|"
    r"immigrat(?:e|es|ed|ing)|grow|grew|grown|growing|born|raised|based|rent(?:s|ed|ing)?|"
    r"own(?:s|ed|ing)?|bought|buy(?:s|ing)?|commut(?:e|es|ed|ing)|com(?:e|es|ing)|came|"
    r"hail(?:s|ed)?|work(?:s|ed|ing)?|employed|teach(?:es|ing)?|taught|stud(?:y|ies|ied|ying)|"
    r"train(?:s|ed|ing)?|intern(?:s|ed|ing)?|volunteer(?:s|ed|ing)?|graduat(?:e|es|ed|ing)|"
    r"attend(?:s|ed|ing)?|enrol(?:l|ls|led|ling|s)?|join(?:s|ed|ing)?|start(?:s|ed|ing)?|"
    r"hired|retir(?:e|es|ed|ing)|quit|left|lead(?:s|ing)?|led|manag(?:e|es|ed|ing)|"
    r"run(?:s|ning)?|ran|serv(?:e|es|ed|ing)|practi[cs](?:e|es|ed|ing)|be|am|is|are|was|"
    r"were|been|being|'m|’m|'re|’re|'s|’s|sit|sits|sat|lodg(?:e|es|ed|ing)|"
    r"see|sees|seen|seeing|saw|treated|registered|do|does|did|done|doing",
)
# Going somewhere is a trip, not where one's life is ("we fly to X", "heading to X").
_TRAVEL_VERB = _word_class(
    r"go|goes|going|went|gone|fly|flies|flew|flying|flown|travel(?:s|led|ed|ling|ing)?|"
    r"visit(?:s|ed|ing)?|head(?:s|ed|ing)?|tour(?:s|ed|ing)?|drive|drives|drove|driving|"
    r"driven|cruis(?:e|es|ed|ing)|land(?:s|ed|ing)?|arriv(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|"
    r"book(?:s|ed|ing)?|spend|spends|spent|spending|leav(?:e|es|ing)|depart(?:s|ed|ing)?|"
    r"connect(?:s|ed|ing)?|transfer(?:s|red|ring)?|stop(?:s|ped|ping)? over|land(?:s|ed|ing)?",
)
_TRAVEL_NOUN = _word_class(
    r"trip|trips|holiday|holidays|vacation|vacations|honeymoon|tour|visit|visits|"
    r"itinerary|weekend|stopover|layover|cruise|excursion|journey|getaway|break",
)
# Prepositions that place a life somewhere; "to" only after a verb of moving house.
_PLACE_PREPOSITION = frozenset(
    {"in", "at", "near", "outside", "around", "from", "for", "with", "by", "on", "to", "into"}
)
# Where the writer does anything puts their life there ("we sold our place in X").
_LOCATIVE = frozenset({"in", "at", "near", "outside", "around", "from"})
# ... except looking and thinking about a place ("I looked at X on the map").
_PERCEPTION_VERB = _word_class(
    r"look(?:s|ed|ing)?|star(?:e|es|ed|ing)|glanc(?:e|es|ed|ing)|read(?:s|ing)?|"
    r"heard|hear(?:s|ing)?|watch(?:es|ed|ing)?|interested|think(?:s|ing)?|thought|"
    r"know(?:s|n|ing)?|knew|learn(?:s|ed|t|ing)?|wonder(?:s|ed|ing)?|ask(?:s|ed|ing)?|"
    r"understand(?:s|ing)?|understood|remember(?:s|ed|ing)?|forg[eo]t(?:s|ten|ting)?|"
    r"recogni[sz](?:e|es|ed|ing)|mean(?:s|t|ing)?",
)
_MOVE_VERB = _word_class(
    r"mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|emigrat(?:e|es|ed|ing)|"
    r"immigrat(?:e|es|ed|ing)|commut(?:e|es|ed|ing)",
)
# A clause that states no fact: a wish, a plan, a condition, a comparison.
_IRREALIS_MARK = frozenset({"if", "like", "unless", "whether", "though"})
_FUTURE_AUX = frozenset({"will", "'ll", "’ll"})
_IRREALIS_AUX = frozenset({"will", "'ll", "’ll", "would", "'d", "’d", "could", "might", "may"})
_INTENT_HEAD = _word_class(
    r"want(?:s|ed|ing)?|plan(?:s|ned|ning)?|hop(?:e|es|ed|ing)|wish(?:es|ed|ing)?|"
    r"dream(?:s|ed|t|ing)?|consider(?:s|ed|ing)?|think(?:s|ing)?|thought|lik(?:e|es|ed)|"
    r"lov(?:e|es|ed)|prefer(?:s|red)?|decid(?:e|es|ing)|try|tries|trying|need(?:s)?|"
    r"going|gonna|imagine|pretend",
)
# Verbs whose own place is only planned or wished for: "planning a week in X".
_PLAN_VERB = _word_class(
    r"plan(?:s|ned|ning)?|hop(?:e|es|ed|ing)|wish(?:es|ed|ing)?|dream(?:s|ed|t|ing)?|"
    r"consider(?:s|ed|ing)?|imagin(?:e|es|ed|ing)|pretend(?:s|ed|ing)?"
)
# Nouns possessed by the writer that do not make what follows theirs ("my favourite band,
# X", "my question about X"): evaluations and topics.
_TOPIC_NOUN = _word_class(
    r"favou?rites?|question|questions|essay|thoughts?|opinion|view|views|take|idea|"
    r"ideas|research|homework|assignment|report|presentation|project|thesis|dissertation|"
    r"article|post|review|interest|obsession|hero|idol|inspiration|understanding",
)
# Where people live: "the flat in X" is the writer's when the writer speaks of themselves.
_DWELLINGS = (
    r"home|house|flat|apartment|condo|place|bungalow|cottage|townhouse|"
    r"duplex|studio|room|bedsit|farm|farmhouse|cabin|caravan|garden|allotment"
)
_DWELLING = _word_class(_DWELLINGS)
_SELF_OBJECT = frozenset({"me", "i", "myself", "us", "we"})
COPULA = frozenset(
    {"am", "'m", "’m", "are", "'re", "’re", "is", "'s", "’s", "was", "were", "be", "been"}
)
_FAVOURITE = _word_class("favou?rite|fave|beloved|dream")
# "a pub called X", "a firm named X": the name of the noun before it.
_NAMING_VERB = _word_class(r"called|named|dubbed|titled")
# What one runs or founds is one's own ("I run a pub called X", "my dad founded X"); not
# what one owns or has, which is as often a product ("I own a Tesla").
_FOUNDING_VERB = _word_class(
    r"run|runs|running|ran|found(?:s|ed|ing)|co-?found(?:s|ed|ing)|manag(?:e|es|ed|ing)|"
    r"open(?:s|ed|ing)?|launch(?:es|ed|ing)?|start(?:s|ed|ing)?"
)
_OWNING_VERB = _word_class(r"own|owns|owned|co-?own(?:s|ed)?")
_COMMERCE_VERB = _word_class(
    r"order(?:s|ed|ing)?|buy|buys|buying|bought|purchas(?:e|es|ed|ing)|rent(?:s|ed|ing)?|"
    r"download(?:s|ed|ing)?|stream(?:s|ed|ing)?|ship(?:s|ped|ping)?|deliver(?:s|ed|ing)?"
)
# Where one goes as a patron or a member: "the gym I go to", "the church we attend".
_PATRON_VERB = _word_class(r"go|goes|went|use|uses|used|belong|belongs|belonged")
_HAVING_VERB = _word_class(
    r"have|has|had|having|own|owns|owned|rent(?:s|ed|ing)?|bought|buy|built|inherited"
)
# Nouns of a place of work or study that an organisation's name modifies ("our Leeds office").
_WORKPLACE = _word_class(
    r"office|offices|branch|team|department|dept|store|shop|site|plant|factory|warehouse|"
    r"campus|clinic|lab|school|practice|hq|headquarters|depot|unit|ward|surgery|studio|"
    r"kitchen|restaurant|bar|pub|cafe|café|salon|gym|hospital|college|university|church|"
    r"club|chapter|group|division|subsidiary|franchise|location|outlet|academy|"
    # where someone is cared for: "her Rosewood Lodge care home", "the Elms nursing home"
    r"care|nursing|home"
)
_COMMERCE_NOUN = _word_class(
    r"parcel|parcels|package|packages|order|orders|delivery|deliveries|refund|refunds|"
    r"invoice|invoices|bill|bills|receipt|receipts|purchase|purchases|shipment|email|emails|"
    r"newsletter|notification|notifications|charge|charges|subscription|offer|offers"
)
_RELATIVE_PRONOUN = frozenset({"who", "that", "which", "whom"})
# Nouns of a settlement or an area, which "of" names ("my hometown of X", "our little
# town of X"), as English names a place by its kind ("the city of X").
_SETTLEMENT = _word_class(
    r"home ?towns?|towns?|cit(?:y|ies)|villages?|suburbs?|count(?:y|ies)|states?|"
    r"provinces?|regions?|neighbou?rhoods?|boroughs?|parish(?:es)?|districts?|islands?|"
    r"hamlets?|municipalit(?:y|ies)"
)

_MAX_CLIMB = 5
# Adjectives whose "in" names what they are about, not where one is: "interested in X",
# "fluent in X", "involved in X".
_IN_COMPLEMENT_ADJECTIVE = _word_class(
    r"interested|involved|engaged|fluent|experienced|skilled|qualified|speciali[sz]ed|"
    r"trained|versed|expert|invested|included|rich|poor|lacking|disappointed|absorbed|"
    r"immersed|lost|caught|covered|dressed|successful|active|famous|popular|big|huge"
)
# Prepositions of two words, read as the one they mean.
_PAIRED_PREPOSITION = {
    "out of": "from",
    "outside of": "outside",
    "next to": "near",
    "close to": "near",
    "near to": "near",
    "just outside": "outside",
    "right in": "in",
}
_FIRST_OF_PAIR = frozenset(pair.split()[0] for pair in _PAIRED_PREPOSITION)
# English names the speaker's own family by bare kin words: "Mum's house", "grandma's
# care home", "Dad lives in X".
_BARE_KIN = frozenset(
    {
        "mum",
        "mom",
        "mummy",
        "mommy",
        "mama",
        "dad",
        "daddy",
        "papa",
        "grandma",
        "grandpa",
        "granny",
        "gran",
        "nan",
        "nana",
        "nanna",
        "grandad",
        "granddad",
        "grandmother",
        "grandfather",
    }
)


def tie(parses: Parses, start: int, end: int, place: bool, unknown: bool = False) -> Tie | None:
    """How the parse ties the characters ``start:end`` of the text to the writer or to
    someone they name, or None. ``place``: the span is a place (anything the writer does
    in a place puts their life there), else an organisation (only dwelling, work and
    study make one theirs). ``unknown``: an organisation no encyclopedia knows, so most
    likely a small one of someone's own: any deed of theirs at, with or through it ties
    it ("she hosted me through X", "X let me go"), not only living, work and study.
    Sentences that cannot hold a tie are not parsed."""
    span = parses.span(start, end) if parses.could_tie(start, end) else None
    if span is None:
        return None
    # Every token that attaches outside the span: a name the parser split has several.
    for token in span:
        if token.head.i == token.i or not span.start <= token.head.i < span.end:
            found = _tie(token, place, unknown)
            if found is not None:
                return found
    return None


# Prepositions whose object is a place, whatever it is called: one is "from", "via" or
# "across" a place, not a person ("to" and "at" take people too: "said to Linda").
_PLACE_ONLY_PREPOSITION = frozenset(
    {"in", "into", "from", "via", "around", "outside", "across", "near", "through", "throughout"}
)
_VISIT_VERB = _word_class(r"visit(?:s|ed|ing)?|tour(?:s|ed|ing)?|explor(?:e|es|ed|ing)")
_COME_VERB = _word_class(r"come|comes|coming|came|get|gets|getting|got|return(?:s|ed|ing)?")


def modifies_noun(parses: Parses, start: int, end: int) -> bool:
    """The span modifies a common noun as a compound ("her Virginia food", "a Texas
    summer"): how a place or a brand qualifies a thing, not how a person's name does
    (people's names take a possessive: "Virginia's food")."""
    span = parses.span(start, end)
    if span is None:
        return False
    root = span.root
    return (
        root.dep_ == "compound"
        and root.head.tag_ in ("NN", "NNS")
        and not any(t.lower_ in ("'s", "’s") for t in span.doc[span.end : span.end + 1])
    )


def place_complement(parses: Parses, start: int, end: int) -> bool:
    """The grammar puts ``start:end`` where a place goes: the object of a place's
    preposition, of "to" after a verb or noun of going ("we flew to X", "a trip to X"), or
    of visiting; in a list, where its first member goes ("flew to Lyon, then Paris and
    Rome"). A first name that is also a town ("Paris", "Florence") is read by it."""
    span = parses.span(start, end)
    if span is None:
        return False
    token = span.root
    while token.dep_ in ("conj", "appos") and token.head.i != token.i:
        token = token.head  # "to Oslo, then Bergen and Paris": where Oslo goes
    if token.dep_ == "dobj":
        return bool(_VISIT_VERB.match(token.head.text))
    if token.dep_ != "pobj":
        return False
    preposition, governor = token.head.lower_, token.head.head
    if preposition in _PLACE_ONLY_PREPOSITION:
        return True
    if preposition in ("to", "towards", "toward"):
        return bool(
            _TRAVEL_VERB.match(governor.text)
            or _MOVE_VERB.match(governor.text)
            or _COME_VERB.match(governor.text)
            or _TRAVEL_NOUN.match(governor.text)
        )
    return False


def used_as_a_person(parses: Parses, start: int, end: int) -> bool:
    """A one-word proper noun the grammar uses as a person's name: set beside a common
    noun that it names ("the coordinator Bev"), the subject of a verb, or the object of a
    verb that is no going, visiting or moving ("she's marrying Caleb"). For a word that
    is a given name, which places and works can also be, the parse is the second
    signal."""
    span = parses.span(start, end)
    if span is None or len(span) != 1:
        return False
    token = span[0]
    if token.tag_ != "NNP" or parses.times_and_places(start, end):
        return False  # "every Easter": NER read it as a date or an event
    head = token.head
    if token.dep_ == "appos":
        return head.tag_ in ("NN", "NNS") and not _SETTLEMENT.match(head.text)
    if token.dep_ == "nsubj":
        return head.tag_.startswith("VB")  # "Bev keeps hinting", who does something
    if token.dep_ == "dobj":
        word = head.text
        return not (
            _VISIT_VERB.match(word)
            or _TRAVEL_VERB.match(word)
            or _MOVE_VERB.match(word)
            or _COME_VERB.match(word)
        )
    return False


# What NER reads a given name as when it is no person ("every Easter", "love Paris"); it
# reads unknown names as products and firms too often for those to count.
_TIME_OR_PLACE_ENTITIES = frozenset({"DATE", "TIME", "EVENT", "GPE", "LOC", "FAC"})


def whose_whereabouts(parses: Parses, start: int, end: int) -> tuple[int, int] | None:
    """Where in the text stands the subject of the clause that puts ``start:end`` as the
    place it happens ("Dr Lydon will be over in X", "Ana works near X"); None for going
    somewhere, a wish or a plan, or no such clause. The caller knows whose the subject is."""
    offset, doc = parses.parse(start, end)
    span = doc.char_span(start - offset, end - offset, alignment_mode="expand")
    if span is None or not len(span):
        return None
    token = span.root
    while token.dep_ in ("compound", "conj") and token.head.i != token.i:
        token = token.head
    if token.dep_ != "pobj" or token.head.lower_ not in _LOCATIVE - {"from"}:
        return None
    verb = token.head.head
    while verb.dep_ == "advmod" and verb.head.i != verb.i:
        verb = verb.head  # "will be over in X"
    if not verb.tag_.startswith(("VB", "MD")) or _TRAVEL_VERB.match(verb.text):
        return None
    if irrealis(verb, future_is_fact=True):
        return None
    subject = clause_subject(verb)
    if subject is None or subject.tag_ not in ("NNP", "NNPS"):
        return None
    return offset + subject.left_edge.idx, offset + subject.idx + len(subject.text)


def listed_with_writer(parses: Parses, start: int, end: int) -> bool:
    """``start:end`` is coordinated with the writer: "Sam and I are flying", "present: Ana,
    Rui, me" (not "on Netflix and I don't get it", where "and" joins two clauses)."""
    span = parses.span(start, end)
    if span is None:
        return False
    token = span.root
    while token.dep_ in ("conj", "appos") and token.head.i != token.i:
        token = token.head  # the list's first member (the parser hangs lists either way)
    members, queue = [], [token]
    while queue and len(members) < 50:
        member = queue.pop()
        members.append(member)
        queue += [c for c in member.children if c.dep_ in ("conj", "appos")]
    return any(member.lower_ in _SELF_MEMBER for member in members)


_SELF_MEMBER = frozenset({"i", "me", "myself"})


_LIKING_VERB = _word_class(
    r"lov(?:e|es|ed|ing)|lik(?:e|es|ed|ing)|ador(?:e|es|ed|ing)|enjoy(?:s|ed|ing)?|"
    r"worship(?:s|ped|ping)?|idoli[sz](?:e|es|ed|ing)|stan(?:s|ned|ning)?|"
    r"follow(?:s|ed|ing)?|admir(?:e|es|ed|ing)|hat(?:e|es|ed|ing)|can't stand"
)
_FAN_NOUN = _word_class(
    r"fan|fans|fanatic|obsessed|crazy|mad|nuts|besotted|smitten|infatuated|enamou?red|hooked"
)
# Who is of an organisation without a place in it: its customers, users and admirers
# (also read before "of", "at" or "with" by the affiliation cues of ``subject``); the
# parse also knows its investors, critics and victims, and "part" or "one" of it.
OUTSIDERS = (
    r"fans?|customers?|clients?|users?|subscribers?|shareholders?|supporters?|followers?|"
    r"admirers?"
)
_OUTSIDER_NOUN = _word_class(rf"{OUTSIDERS}|investors?|critics?|victims?|part|one")


def liked(parses: Parses, start: int, end: int) -> bool:
    """``start:end`` is what someone loves, follows or is a fan of ("she loves X", "huge
    fan of X", "obsessed with X"): how people speak of stars, teams and works, not of the
    people in their lives."""
    if not _sentence_has(parses, start, end, _LIKING_VERB, _FAN_NOUN):
        return False  # parse only where the words can be
    span = parses.span(start, end)
    if span is None:
        return False
    token = span.root
    while token.dep_ == "conj" and token.head.i != token.i:
        token = token.head
    if token.dep_ == "dobj":
        return bool(_LIKING_VERB.match(token.head.text)) and not irrealis(token.head)
    if token.dep_ == "pobj" and token.head.lower_ in ("of", "with", "on", "about"):
        return bool(_FAN_NOUN.match(token.head.head.text))
    return False


_CONSUME_VERB = _word_class(
    r"watch(?:es|ed|ing)?|binge(?:s|d)?|bingeing|binging|stream(?:s|ed|ing)?|"
    r"read(?:s|ing)?|reread(?:s|ing)?|play(?:s|ed|ing)?|replay(?:s|ed|ing)?"
)
_THING_SUBJECT = frozenset(
    {"it", "this", "that", "everything", "something", "anything", "nothing", "which", "what",
     "all", "most", "much", "knowledge", "information", "data", "word", "name", "idea"}
)  # fmt: skip


def _sentence_has(parses: Parses, start: int, end: int, *words: regex.Pattern[str]) -> bool:
    """A word of one of these classes in the sentence(s) holding ``start:end``."""
    begin, finish = parses._around(start, end)
    return any(
        any(w.match(token) for w in words)
        for token in regex.findall(r"[\w'’]+", parses.text[begin:finish])
    )


def consumed(parses: Parses, start: int, end: int) -> bool:
    """``start:end`` is what someone watches, reads or plays: a show, a book, a game."""
    if not _sentence_has(parses, start, end, _CONSUME_VERB):
        return False  # parse only where the words can be
    span = parses.span(start, end)
    if span is None:
        return False
    token = span.root
    while token.dep_ in ("conj", "compound") and token.head.i != token.i:
        token = token.head
    return token.dep_ == "dobj" and bool(_CONSUME_VERB.match(token.head.text))


def thing_is_subject(parses: Parses, start: int, end: int) -> bool:
    """The clause that puts ``start:end`` somewhere has a thing as its subject ("what we
    know comes from Plato", "it is in the West"): not where someone lives."""
    span = parses.span(start, end)
    if span is None:
        return False
    token = span.root
    if token.dep_ != "pobj":
        return False
    verb = token.head.head
    subject = clause_subject(verb)
    return subject is not None and subject.lower_ in _THING_SUBJECT


def named_subject(parses: Parses, start: int, end: int) -> str | None:
    """The proper name that is the subject of the clause putting ``start:end`` somewhere
    ("Barcelona are moving back to [Camp Nou]", "Messi, who lives in [Miami]", "Taylor
    Swift grew up in [X]"), with its compound words; None for a pronoun, a common noun
    or no subject."""
    span = parses.span(start, end)
    if span is None or span.root.dep_ != "pobj":
        return None
    node = span.root.head  # the preposition
    attached_to = node.head  # what the place's phrase hangs from
    for _ in range(3):  # past particles and adverbs: "moving back to", "grew up in"
        node = node.head
        if node.tag_.startswith(("VB", "MD")) or node.dep_ in ("ROOT", "relcl"):
            break
    subject = clause_subject(node)
    if subject is not None and attached_to.i == subject.i:
        # the phrase hangs from the subject's own name, not from the clause's verb: no
        # more than the parse's guess ("We moved to Bend, Oregon from Leeds": Oregon
        # taken for the subject of what follows, Leeds for where it is from)
        return None
    if subject is None or subject.tag_ not in ("NNP", "NNPS"):
        return None  # (the tagger's tags: the pipeline runs without the attribute ruler)
    if possessor(subject) is not None:
        return None  # "my aama lives in X": someone of the writer's, whatever the word
    following = subject.nbor(1) if subject.i + 1 < len(subject.doc) else None
    if subject.i == subject.sent.start and following is not None and following.text == ",":
        return None  # "namaste, my aama lives in X": a greeting set apart, no subject

    words = [t for t in subject.children if t.dep_ == "compound" and t.i < subject.i]
    first = words[0].idx if words else subject.idx
    return subject.doc.text[first : subject.idx + len(subject.text)]


# Dealing with someone in person: the writer's own contacts, not people talked about.
_SOCIAL_VERBS = (
    r"meet|meets|met|meeting|call|calls|called|calling|phone|phoned|phoning|ring|rang|"
    r"text|texted|texting|e-?mail(?:s|ed|ing)?|messag(?:e|es|ed|ing)|follow|followed|"
    r"following|catch|caught|catching|chat|chatted|chatting|invit(?:e|es|ed|ing)|"
    r"thank(?:s|ed|ing)?|remind(?:s|ed|ing)?|cc|cc'd|loop|looped|ping|pinged|pinging|"
    r"hire(?:s|d)?|hiring|fire(?:s|d)?|firing|pay|pays|paid|paying|date|dated|dating|"
    r"marry|married|marrying|babysit(?:s|ting)?|visit(?:s|ed|ing)?|hug(?:s|ged|ging)?|"
    r"introduc(?:e|es|ed|ing)|check|checked|checking|sync|synced|syncing|coordinate|"
    r"coordinated|coordinating|confront(?:s|ed|ing)?|forgive|forgave|apologi[sz](?:e|ed|ing)"
)
_SOCIAL_VERB = _word_class(_SOCIAL_VERBS)


# Doing something for someone: its recipient ("write X a card", "buy X a gift").
_GIVING_VERBS = (
    r"write|writes|wrote|writing|send|sends|sent|sending|give|gives|gave|giving|buy|"
    r"buys|bought|buying|get|gets|got|getting|make|makes|made|making|bake|baked|baking|"
    r"cook|cooked|cooking|lend|lent|owe|owes|owed|pay|paid|show|showed|tell|told|teach|"
    r"taught|bring|brought|knit|knitted|draw|drew"
)
_GIVING_VERB = _word_class(_GIVING_VERBS)


def _first_conjunct(token):  # -> spacy Token
    """The first of coordinated words ("X and Y": X), which holds their shared role."""
    while token.dep_ == "conj" and token.head.i != token.i:
        token = token.head
    return token


def requested(parses: Parses, start: int, end: int) -> bool:
    """The sentence holding the span is a request to the model in the imperative, its root
    a bare verb with no subject at its start ("Write a fan post about X's season", "Summarize
    X without spoilers"): like a question, it asks for something, it tells no one's life."""
    span = parses.span(start, end)
    if span is None:
        return False
    sentence = span.sent
    root = sentence.root
    return (
        root.tag_ == "VB"
        and root.i - sentence.start <= 2  # ("Please write", "Now summarize")
        and not any(c.dep_ in ("nsubj", "nsubjpass", "expl", "aux") for c in root.children)
    )


def requester(parses: Parses, start: int, end: int) -> list[tuple[int, int]]:
    """In a request in the imperative (``requested``), the character ranges of the "me"
    or "us" it is asked for ("Write me a summary", "Explain to us", "Make it for me"): the
    one asking, at the moment of asking, which tells nothing of their life."""
    if not requested(parses, start, end):
        return []
    base = parses.parse(start, end)[0]
    root = parses.span(start, end).sent.root
    found = []
    for child in root.children:
        token = child
        if child.dep_ == "prep" and child.lower_ in ("to", "for"):
            token = next((c for c in child.children if c.dep_ == "pobj"), child)
        if token.lower_ in ("me", "us") and token.dep_ in ("dative", "dobj", "iobj", "pobj"):
            found.append((base + token.idx, base + token.idx + len(token)))
    return found


def dealt_with(parses: Parses, start: int, end: int) -> bool:
    """The person at ``start:end`` is someone the writer deals with in person: the object
    of a social verb ("call X", "follow up with X", "I met X at ...") whose subject is
    the writer, or which is the writer's own instruction (an imperative)."""
    span = parses.span(start, end) if parses.could_deal(start, end) else None
    if span is None:
        return False
    token = _first_conjunct(span.root)  # "call X and Y": Y is called too
    if token.dep_ == "pobj" and token.head.lower_ in ("with", "to", "for"):
        token = token.head
    verb = token.head
    # "write X a card": the recipient, parsed as a dative or as the first of two objects
    recipient = token.dep_ == "dative" or (
        token.dep_ == "dobj" and any(c.dep_ == "dobj" and c.i > token.i for c in verb.children)
    )
    giving = recipient and _GIVING_VERB.match(verb.text)
    social = token.dep_ in ("dobj", "dative", "prep") and _SOCIAL_VERB.match(verb.text)
    if not (giving or social) or irrealis(verb):
        return False
    if not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
        return verb.tag_ == "VB"  # an instruction: "follow up with X", "call X"
    return subject_owner(verb) is not None


def untagged_life_names(
    parses: Parses, tagged: list[tuple[int, int]]
) -> list[tuple[int, int, bool]]:
    """Proper-noun phrases NER left untagged (``tagged``: its entities' character ranges)
    that the parse ties to the writer's life, as (start, end, is_place) in the text: "we've
    lived in [Invercargill]", "our kid's daycare, [Little Acorns Early Learning]".
    Statistical NER misses unfamiliar names; the grammar around them does not need to
    know them."""
    is_tagged = _Ranges(tagged)
    candidates = life_name_sentences(parses, is_tagged)
    parses.prepare(candidates)
    found: list[tuple[int, int, bool]] = []
    for start, end in candidates:
        offset, doc = parses.parse(start, end)
        found += _untagged(doc, offset, is_tagged)
    return found


def life_name_sentences(
    parses: Parses, tagged: list[tuple[int, int]] | _Ranges
) -> list[tuple[int, int]]:
    """The sentences ``untagged_life_names`` parses: those where a capitalised word is no
    entity yet (``tagged``: NER's entities' character ranges) and a tie can be."""
    text = parses.text
    if not isinstance(tagged, _Ranges):
        tagged = _Ranges(tagged)
    return [
        (start, end)
        for start, end in parses.sentences()
        if any(
            not tagged(word.start(), word.end())
            for word in _CAPITALISED.finditer(text, start + 1, end)  # not the first word
        )
        and parses.could_tie(start, end)
    ]


class _Ranges:
    """Whether a range overlaps any of some character ranges, in log time: a long paste
    has thousands of entities and sentences, and testing each against each took time
    quadratic in the text's length."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        ordered = sorted(ranges)
        self._starts = [start for start, _ in ordered]
        self._reach: list[int] = []  # the furthest end among the ranges up to each one
        for _, end in ordered:
            self._reach.append(max(end, self._reach[-1]) if self._reach else end)

    def __call__(self, begin: int, end: int) -> bool:
        """Some range starts before ``end`` and ends after ``begin``."""
        last = bisect.bisect_left(self._starts, end) - 1
        return last >= 0 and self._reach[last] > begin


# A capitalised word inside a sentence: a proper noun NER may have missed ("I" is not).
_CAPITALISED = regex.compile(r"(?<=[ \t,;(])\p{Lu}(?:\p{Ll}|[\p{Lu}&]\p{Ll})[\p{L}&'’\-]*")


def _untagged(doc, offset: int, tagged: _Ranges) -> list[tuple[int, int, bool]]:
    from veil.rules import notability

    def is_tagged(token) -> bool:
        begin = offset + token.idx
        return tagged(begin, begin + len(token))

    found = []
    run: list = []
    for token in [*doc, None]:
        if token is not None and token.tag_ in ("NNP", "NNPS") and not is_tagged(token):
            run.append(token)
            continue
        if run and token is not None and token.text in ("&", "of"):
            run.append(token)
            continue
        while run and run[-1].tag_ not in ("NNP", "NNPS"):
            run.pop()  # "Bank of" without its noun
        if run:
            start, end = run[0].idx, run[-1].idx + len(run[-1])
            is_place = notability.place(doc.text[start:end]) is not None
            roots = [t for t in run if not run[0].i <= t.head.i <= run[-1].i or t.head.i == t.i]
            # an unknown name "in" something is a field or a topic ("my Masters in Public
            # Health"), not an organisation: those are worked, studied or treated "at"
            field = not is_place and any(
                r.dep_ == "pobj" and r.head.lower_ in ("in", "of", "on") for r in roots
            )
            if not field and any(_tie(root, is_place) is not None for root in roots):
                found.append((offset + start, offset + end, is_place))
        run = []
    return found


def _tie(token, place: bool, unknown: bool = False) -> Tie | None:
    node, preposition = token, None
    for _ in range(_MAX_CLIMB):
        dep = node.dep_
        head = node.head
        if head.i == node.i:  # the root (spaCy makes a new Token each access: no `is`)
            return None
        if dep == "poss":
            return None  # "Adichie's talk": the span owns, it is not owned
        if dep in ("compound", "flat", "nmod", "amod", "nummod", "case"):
            if place and dep == "compound" and head.tag_ == "NNS" and node.i == token.i:
                return None  # "US prospects", "Dutch suppliers": a kind of them, not a home
            if (
                not place
                and dep == "compound"
                and head.tag_ in ("NN", "NNS")
                and not _WORKPLACE.match(head.text)
            ):
                return None  # "my Flipkart order", "our Netflix account": a brand one uses
            if not place and dep == "compound" and _WORKPLACE.match(head.text):
                owner = possessor(head)  # "our Galway branch", "my sister's Leeds office"
                if owner is not None:
                    return Tie(owner, "possession", head.lower_)
            node = head  # a modifier: "our Leeds office", "the Riverside clinic"
            continue
        if dep == "pobj" and head.dep_ == "ROOT" and place and head.lower_ in _LOCATIVE:
            # a fragment with the subject left out, as chat is written: "Still in X."
            return None if irrealis(head) else Tie(Owner.WRITER, "clause", head.lower_)
        if dep == "oprd" and _NAMING_VERB.match(head.text) and head.dep_ == "acl":
            node = head.head  # "a pub called X": X names the pub
            continue
        if dep == "oprd" and _NAMING_VERB.match(head.text) and _names_itself(token, node):
            # "our family pizzeria is called X": X names what the passive's subject is,
            # whoever the town of that name may be (not a name further down: "called
            # Emma, not the Emma from Harry Potter")
            named = next((c for c in head.children if c.dep_ == "nsubjpass"), None)
            if named is None or not _noun(named) or _topic(named):
                return None  # not "my favourite band is called X"
            owner = possessor(named)
            return None if owner is None else Tie(owner, "possession", named.lower_)
        if dep == "dobj" and _FOUNDING_VERB.match(head.text) and not irrealis(head):
            owner = subject_owner(head)
            return None if owner is None else Tie(owner, "clause", head.lower_)
        if unknown and node.i == token.i and dep in ("nsubj", "dobj") and _deed(head):
            # "X let me go", "X hired my brother"; "we called X"
            owner = _object_owner(head) if dep == "nsubj" else subject_owner(head)
            return None if owner is None else Tie(owner, "clause", head.lower_)
        if dep == "pobj" and head.dep_ in ("prep", "dative"):  # "sent my CV to X"
            preposition = head.lower_
            governor = head.head
            if governor.dep_ in ("prep", "advmod") and governor.lower_ in _FIRST_OF_PAIR:
                # a preposition of two words: "based out of X", "next to X"
                preposition = _PAIRED_PREPOSITION.get(
                    f"{governor.lower_} {preposition}", preposition
                )
                governor = governor.head
            while governor.dep_ == "advmod" and governor.head.i != governor.i:
                governor = governor.head  # "I work remote for X", "back home in X"
            if governor.tag_ == "CD" and governor.dep_ == "pobj" and governor.head.lower_ == "of":
                governor = governor.head.head  # "we're a family of four in X": the family
            if governor.i == head.i or _FAN_NOUN.match(governor.text):
                return None  # "as a fan of Arsenal": no member of it
            if governor.dep_ == "acl" and _noun(governor.head):
                node = governor.head  # "a shop called X in Y": the shop is in Y
                continue
            found = _governor(governor, preposition, place, unknown)
            if found is not None or not _noun(governor):
                return found
            node = governor  # "the flat in X" under "we rent": read on up
            continue
        if (
            dep in ("npadvmod", "appos", "dobj")
            and head.dep_ == "relcl"
            and (token_after_comma(node, head))
        ):
            noun = head.head  # "the practice I go to, X,": X is the practice
            owner = possessor(noun) if _noun(noun) else None
            return None if owner is None else Tie(owner, "apposition", noun.lower_)
        if dep == "appos" and head.lower_ in _SELF_OBJECT and token_after_comma(node, head):
            return Tie(Owner.WRITER, "apposition", head.lower_)  # "from me, Callum Reid"
        if dep == "appos" and _noun(head):
            owner = possessor(head)
            if owner is not None and not _topic(head):
                return Tie(owner, "apposition", head.lower_)
            node = head
            continue
        if dep == "conj":
            node = head  # "in Leeds and X": the first conjunct's attachment
            continue
        return None
    return None


def _names_itself(token, node) -> bool:
    """``node`` is ``token`` or what it is a compound or conjunct of: the same name."""
    while token.i != node.i:
        if token.dep_ not in ("compound", "flat", "conj") or token.head.i == token.i:
            return False
        token = token.head
    return True


def token_after_comma(token, verb) -> bool:
    """A comma stands between ``verb`` and ``token``, which follows it."""
    return token.i > verb.i and any(t.text == "," for t in token.doc[verb.i + 1 : token.i])


def _noun(token) -> bool:
    # Penn Treebank tags: the tagger runs, the attribute ruler (coarse POS) does not.
    return token.tag_.startswith(("NN", "PRP")) or _prop_word(token)


def _prop_word(token) -> bool:
    """English's prop-word "one", standing for a noun said before: "my old one in X",
    "the new ones" (the tagger calls it a number)."""
    return token.lower_ in ("one", "ones") and any(
        c.dep_ in ("det", "poss", "amod") for c in token.children
    )


def _at_home(token) -> bool:
    """ "at home" hangs on the same word: "a fall at home in X" (not "fly home from X",
    where home is where one goes)."""
    return any(
        c.dep_ == "prep" and c.lower_ == "at" and any(g.lower_ == "home" for g in c.children)
        for c in token.children
    )


def _governor(governor, preposition: str, place: bool, unknown: bool = False) -> Tie | None:
    if preposition == "on" and not place:
        return None  # "we're on Django", "I'm on Netflix": what one uses, not where one works
    if place and preposition in ("in", "near", "outside") and _at_home(governor):
        # "my mum had a fall at home in X": the home is in X, and it is the doer's
        verb = governor if governor.tag_.startswith(("VB", "MD")) else governor.head
        owner = subject_owner(verb) if verb.tag_.startswith(("VB", "MD")) else None
        if owner is not None:
            return Tie(owner, "dwelling", "home")
    # the tagger calls "flat" in "a small flat near X" and "secondary" in "we're a small
    # secondary in X" adjectives; an object's role, a copula's complement's article say noun
    noun_by_role = (governor.dep_ == "dobj" and _DWELLING.match(governor.text)) or (
        governor.dep_ == "attr" and any(child.dep_ == "det" for child in governor.children)
    )
    if _FAN_NOUN.match(governor.text):
        return None  # "as a fan of Arsenal"
    if preposition == "from" and _COMMERCE_NOUN.match(governor.text):
        return None  # "my parcel from Temu", "a refund from Ryanair": a seller
    if _noun(governor) or noun_by_role:
        if preposition == "of" and place and _SETTLEMENT.match(governor.text):
            owner = possessor(governor)  # "my hometown of X": X is the hometown
            return None if owner is None else Tie(owner, "possession", governor.lower_)
        if _TRAVEL_NOUN.match(governor.text) and preposition != "from":
            return None
        if (
            preposition == "of"
            and not place
            and governor.dep_ == "attr"
            and not _OUTSIDER_NOUN.match(governor.text)
        ):
            # an office held in it: "I'm the treasurer of X", "she's a trustee of X" (not
            # "I'm a customer of X", one of its millions)
            if _copula_of_writer(governor.head):
                return Tie(Owner.WRITER, "clause", governor.lower_)
            if _copula_of_third_person(governor.head):
                return Tie(Owner.ACQUAINTANCE, "pronoun", governor.lower_)
        if preposition not in _PLACE_PREPOSITION or _topic(governor):
            return None
        owner = possessor(governor)
        if owner is not None:
            return Tie(owner, "possession", governor.lower_)
        if governor.dep_ == "attr" and _copula_of_writer(governor.head):
            return Tie(Owner.WRITER, "clause", governor.lower_)  # "I'm a nurse at X"
        if governor.dep_ == "attr" and _copula_of_third_person(governor.head):
            # "he's a plumber in X": someone's work, the caller says whose ("pronoun")
            return Tie(Owner.ACQUAINTANCE, "pronoun", governor.lower_)
        if _DWELLING.match(governor.text) and _definite(governor) and _writes_of_self(governor):
            return Tie(Owner.WRITER, "dwelling", governor.lower_)  # "the flat in X"
        if unknown and preposition == "at" and _definite(governor) and _writes_of_self(governor):
            # "the IT guy at X said my laptop is fine": someone the writer deals with, at
            # a firm no encyclopedia knows
            return Tie(Owner.ACQUAINTANCE, "possession", governor.lower_)
        if (
            _DWELLING.match(governor.text)
            and governor.dep_ == "dobj"
            and _HAVING_VERB.match(governor.head.text)
            and not irrealis(governor.head)
        ):
            owner = subject_owner(governor.head)  # "we have a little cottage near X"
            return None if owner is None else Tie(owner, "dwelling", governor.lower_)
        if (
            place
            and preposition in _LOCATIVE
            and governor.dep_ == "dobj"
            and _habitual_doing(governor.head)
            and not _TRAVEL_NOUN.match(governor.text)
            and not _PERIOD_NOUN.match(governor.text)
        ):
            # what someone does as a living or a habit, where the thing done is: "I clean
            # holiday rentals in X", "my parents run a café in X"
            owner = subject_owner(governor.head)
            return None if owner is None else Tie(owner, "clause", governor.head.lower_)
        return None
    if governor.tag_.startswith(("VB", "MD")) or governor.dep_ == "ROOT":
        return _clause(governor, preposition, place, unknown)
    if (
        place
        and preposition in _LOCATIVE
        and governor.dep_ == "acomp"
        and governor.head.lower_ in COPULA
        and not _IN_COMPLEMENT_ADJECTIVE.match(governor.text)
    ):
        return _clause(governor.head, preposition, place, unknown)  # "I'm stuck in X"
    return None


# Prepositions of time: "the lunches we run during Lent" says when, not where or whose.
_TIME_PREPOSITION = frozenset({"during", "before", "after", "until", "till", "since", "over"})


# Verbs of wanting, whose objects are wishes, not deeds ("we need a plumber in X")
_WANTING_VERB = _word_class(r"want|need|recommend|miss|prefer")


# Nouns of a stretch of time: "we have 3 nights in X" is a stay
_PERIOD_NOUN = _word_class(r"nights?|days?|weeks?|months?|hours?|weekends?|evenings?|mornings?")


def _habitual_doing(verb) -> bool:
    """A verb in the present simple or the present perfect (a habit, a living or a state
    that lasts, not one event: "I clean", "she runs", "I've run"), of doing rather than
    going, looking, liking or having, and asserted."""
    perfect = verb.tag_ == "VBN" and any(
        child.dep_ == "aux" and child.lower_ in ("have", "'ve", "’ve", "has", "'s", "’s")
        for child in verb.children
    )
    # (the tagger may miss a verb that its parse gives a subject and an object: "I clean
    # holiday cottages", "clean" read as an adjective)
    present = verb.tag_ in ("VBP", "VBZ") or (
        not verb.tag_.startswith(("VB", "MD"))
        and any(child.dep_ == "nsubj" for child in verb.children)
        and any(child.dep_ == "dobj" for child in verb.children)
    )
    return (
        (present or perfect)
        and not _TRAVEL_VERB.match(verb.text)
        and not _PERCEPTION_VERB.match(verb.text)
        and not _LIKING_VERB.match(verb.text)
        and not _WANTING_VERB.match(verb.text)
        and not _HAVING_VERB.match(verb.text)
        and not irrealis(verb)
    )


def _clause(verb, preposition: str, place: bool, unknown: bool = False) -> Tie | None:
    word = verb.text
    if preposition in _TIME_PREPOSITION:
        return None
    if preposition == "from" and _COMMERCE_VERB.match(word):
        return None  # "I ordered it from Zalando": a seller, not where one lives
    if (
        place
        and preposition in _LOCATIVE
        and _TRAVEL_VERB.match(word)
        and _object_owner(verb) is Owner.WRITER
    ):
        # "she wants to visit me in Leeds": whether or not the visit happens, the writer
        # is there
        return Tie(Owner.WRITER, "clause", verb.lower_)
    if preposition in ("to", "into"):
        admitted = preposition == "into" and not place and _COME_VERB.match(word)
        # "I reported this to X", "we applied to X": a firm no encyclopedia knows that
        # the writer deals with (not "went to X": going is no deed)
        dealt = preposition == "to" and unknown and not place and _deed(verb)
        if not (_MOVE_VERB.match(word) or admitted or dealt):  # "got into Kingsmead Grammar"
            return None
    elif (
        _TRAVEL_VERB.match(word)
        or _PERCEPTION_VERB.match(word)
        or not ((place and preposition in _LOCATIVE) or _LIFE_VERB.match(word) or unknown)
    ):
        return None
    if irrealis(verb, future_is_fact=not place):
        return None
    owner = subject_owner(verb)
    if owner is None and unknown and _deed(verb):
        owner = _object_owner(verb)  # "she hosted me through X"
    if (
        owner is None
        and place
        and _copula_of_third_person(verb)
        and any(c.dep_ == "attr" for c in verb.children)
    ):
        # "he's a dentist in X", the parser hanging "in X" on the copula: someone's work
        return Tie(Owner.ACQUAINTANCE, "pronoun", verb.lower_)
    occasion = _occasion_owner(verb) if owner is None and preposition in ("at", "in") else None
    if occasion is not None:
        return occasion
    if owner is None and place and _third_person_life(verb, preposition):
        # "He's from Dayton", "she lives in Oranmore": where someone's life is, whose
        # the caller says (the pronoun stands for the writer's intern, or for Obama)
        return Tie(Owner.ACQUAINTANCE, "pronoun", verb.lower_)
    if owner is None:
        return None
    return Tie(owner, "clause", verb.lower_)


# The occasions of a private life, which are held somewhere: where the writer's wedding,
# funeral or party is says where their people gather ("the reception's at X")
_OCCASIONS = (
    r"weddings?|receptions?|ceremony|funeral|wake|memorial|burial|cremation|vigil|party|"
    r"celebration|reunion|christening|baptism|mitzvah|engagement|do|dinner|meal|lunch|"
    r"brunch|shower|rehearsal|service|hen|stag|send-?off|gathering"
)
_OCCASION = _word_class(_OCCASIONS)
_HOLDING_VERB = _word_class(r"held|hold|holding|hosted|host|hosting|booked|take|takes|taking")


def _occasion_owner(verb) -> Tie | None:
    """Whose occasion is the subject of ``verb``, when the verb says where it is (the
    copula, "held", "hosted", "take place"): "our reception is at X" (possessed), "the
    funeral is at X on Friday" (definite, in a text where the writer speaks of
    themselves); not "where was the Queen's funeral held" (a public figure's, which
    ``possessor`` does not take) or "a wedding at X costs" (any wedding)."""
    if verb.lower_ not in COPULA and not _HOLDING_VERB.match(verb.text):
        return None
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    # (an occasion is planned before it is held: "will be at X" states where it is)
    if subject is None or not _OCCASION.match(subject.text) or irrealis(verb, True):
        return None
    owner = possessor(subject)
    if owner is not None:
        return Tie(owner, "possession", subject.lower_)
    bare = not any(c.dep_ in ("det", "poss") for c in subject.children)
    if (_definite(subject) or bare) and _writes_of_self(subject):
        return Tie(Owner.WRITER, "possession", subject.lower_)
    return None


# "see" is a deed in "I see a physio at X" (a life verb) but not in "I keep seeing X online"
_SEEING = _word_class(r"see|sees|seeing|seen|saw|show(?:s|ed|n|ing)?|find|finds|found")


# Saying and suggesting make what is said a topic: "my doctor brought up X", "she
# recommended X".
_SPEECH_VERB = _word_class(
    r"say|says|said|saying|mention(?:s|ed|ing)?|suggest(?:s|ed|ing)?|recommend(?:s|ed|ing)?|"
    r"prescrib(?:e|es|ed|ing)|propos(?:e|es|ed|ing)|bring|brings|brought|bringing|"
    r"talk(?:s|ed|ing)?|discuss(?:es|ed|ing)?|claim(?:s|ed|ing)?|explain(?:s|ed|ing)?|"
    r"compar(?:e|es|ed|ing)|prefer(?:s|red|ring)?"
)


# Trying, choosing and using make what is tried a product or an option, not a place in
# one's life: "I tried X for my thesis", "we compared X and Y for my mum".
_CHOOSING_VERB = _word_class(
    r"try|tries|tried|trying|use|uses|used|using|test(?:s|ed|ing)?|evaluat(?:e|es|ed|ing)|"
    r"choos(?:e|es|ing)|chose|chosen|pick(?:s|ed|ing)?|consider(?:s|ed|ing)?|"
    r"review(?:s|ed|ing)?|switch(?:es|ed|ing)?|cancel(?:s|led|ed|ling|ing)?|"
    r"subscrib(?:e|es|ed|ing)|install(?:s|ed|ing)?|download(?:s|ed|ing)?|shortlist(?:s|ed|ing)?"
)


_REPORTING_VERB = _word_class(
    r"say|says|said|think|thinks|thought|believ(?:e|es|ed)|reckon(?:s|ed)?|claim(?:s|ed)?|"
    r"argu(?:e|es|ed)|insist(?:s|ed)?|swear(?:s)?|swore|keep(?:s)? saying"
)


def reported(parses: Parses, start: int, end: int) -> bool:
    """The span is the subject of a clause someone reports ("my friend says X is right
    about lobsters"): what is said about a person in a reported opinion."""
    span = parses.span(start, end)
    if span is None:
        return False
    token = span.root
    clause = token.head
    return (
        token.dep_ in ("nsubj", "nsubjpass")
        and clause.dep_ == "ccomp"
        and bool(_REPORTING_VERB.match(clause.head.text))
    )


def hypothetical(parses: Parses, start: int, end: int) -> bool:
    """The clause that holds the span states no fact: a wish, a plan, a question with a
    modal ("should I study at X or Y?", "I want to apply to X", "would X suit my son?");
    a future job is a fact ("I'll be starting at X")."""
    span = parses.span(start, end) if parses.could_tie(start, end) else None
    if span is None:
        return False
    node = span.root
    for _ in range(_MAX_CLIMB):
        if node.tag_.startswith(("VB", "MD")) or node.head.i == node.i:
            break
        node = node.head
    if _polite_request(node):
        return False
    return irrealis(node, future_is_fact=True) or any(
        c.dep_ == "aux" and c.lower_ in ("should", "would", "could", "might", "may")
        for c in node.children
    )


# Who a polite request asks: "could you ...", "could someone from X come out?"
_ASKED = frozenset({"you", "someone", "somebody", "anyone", "anybody"})


def _polite_request(verb) -> bool:
    """A modal question that asks someone else to act ("Could someone from X come out
    tomorrow?"): a request of the writer's, no option weighed."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    first = next((c for c in verb.children if c.dep_ == "aux"), None)
    return (
        subject is not None
        and subject.lower_ in _ASKED
        and first is not None
        and first.i < subject.i  # the modal opens the question
    )


def considered(parses: Parses, start: int, end: int) -> bool:
    """The span is what someone tries, chooses, compares, mentions or uses: an option or
    a product ("I tried X", "we compared X and Y", "my GP suggested X")."""
    span = parses.span(start, end) if parses.could_tie(start, end) else None
    if span is None:
        return False
    token = _first_conjunct(span.root)  # "compared X and Y": Y is compared too
    verb = token.head
    return token.dep_ in ("dobj", "pobj") and bool(
        _CHOOSING_VERB.match(verb.text) or _SPEECH_VERB.match(verb.text)
    )


def _deed(verb) -> bool:
    """A verb of doing that states a fact: not looking, thinking, liking, buying or
    going, nor a wish or a plan."""
    word = verb.text
    return (
        verb.tag_.startswith("VB")
        and not (
            _PERCEPTION_VERB.match(word)
            or _TRAVEL_VERB.match(word)
            or _COMMERCE_VERB.match(word)
            or _LIKING_VERB.match(word)
            or _SEEING.match(word)
            or _SPEECH_VERB.match(word)
            or _CHOOSING_VERB.match(word)
            or word.lower() in COPULA
        )
        and not irrealis(verb)
    )


def _object_owner(verb) -> Owner | None:
    """The writer or an acquaintance as the object of ``verb`` ("let me go", "hired my
    brother")."""
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
    # the subject of a small clause is the object too: "let me go", "made my dad retire"
    objects += [
        g
        for c in verb.children
        if c.dep_ in ("ccomp", "xcomp")
        for g in c.children
        if g.dep_ == "nsubj" and g.i < c.i
    ]
    for child in objects:
        if child.lower_ in _SELF_OBJECT:
            return Owner.WRITER
        if possessor(child) is not None:
            return Owner.ACQUAINTANCE
    return None


def clause_subject(verb):  # -> spacy Token | None
    """The subject of ``verb``'s clause, following shared subjects of coordinated and
    subordinate verbs ("we sold up and moved to X")."""
    node = verb
    for _ in range(3):
        for child in node.children:
            if child.dep_ in ("nsubj", "nsubjpass", "expl"):
                if child.lower_ in _RELATIVE_PRONOUN and node.dep_ == "relcl":
                    return node.head  # "my friend Dewi, who's opening a shop": Dewi
                return child
        # not acl/relcl: "a show set in X" has the show as its subject
        if node.dep_ not in ("conj", "xcomp", "advcl", "ccomp", "pcomp"):
            return None
        if node.dep_ == "ccomp":
            # a clause with no "that" whose subject the parser took for the object of the
            # verb before ("I read [the archive] is at X"): the object is its subject
            taken = [
                c for c in node.head.children if c.dep_ == "dobj" and c.right_edge.i == node.i - 1
            ]
            if taken:
                return taken[0]
        node = node.head
    return None


def subject_owner(verb) -> Owner | None:
    """The writer or an acquaintance as the subject of ``verb``'s clause."""
    subject = clause_subject(verb)
    if subject is None:
        # chat drops the "I": "just moved to X", "Grew up in X" (a past verb heading the
        # sentence, in a text where the writer speaks of themselves)
        if verb.dep_ == "ROOT" and verb.tag_ in ("VBD", "VBN", "VBG") and _writes_of_self(verb):
            return Owner.WRITER  # (or a gerund: "moving to X next month for a job")
        # "commuting from X to Y is killing me": a doing as subject, told of its doer
        if verb.tag_ == "VBG" and verb.dep_ in ("nsubj", "csubj", "advcl"):
            return _object_owner(verb.head)  # (the parser may read it as a clause)
        return None
    if subject.lower_ in _FIRST_PERSON_SUBJECT:
        return Owner.WRITER
    if _bare_kin(subject):
        return Owner.ACQUAINTANCE  # "Mum still lives in X"
    return Owner.ACQUAINTANCE if possessor(subject) is not None else None


_BARE_KIN_WORD = regex.compile(rf"\b(?:{'|'.join(sorted(_BARE_KIN))})\b", regex.IGNORECASE)


def _bare_kin(token) -> bool:
    """A kin word with no determiner: the speaker's own ("Mum", "grandma's")."""
    return token.lower_ in _BARE_KIN and not any(c.dep_ in ("det", "poss") for c in token.children)


def possessor(noun, depth: int = 0) -> Owner | None:
    """The writer, or someone the writer names, as the possessor of ``noun``: "my flat"
    (writer), "my sister's flat", "our kid's daycare", "my partner Dana" (acquaintance);
    what the writer owns or runs ("I own a little grooming place, X")."""
    if (
        depth == 0
        and noun.dep_ == "dobj"
        and (_OWNING_VERB.match(noun.head.text) or _FOUNDING_VERB.match(noun.head.text))
        and not irrealis(noun.head)
    ):
        subject = clause_subject(noun.head)
        if subject is not None and subject.lower_ in _FIRST_PERSON_SUBJECT:
            return Owner.WRITER
    for child in noun.children:
        if child.dep_ == "relcl" and depth == 0 and _owned_by_clause(child):
            # "the dental practice I go to", "the gym my sister runs"
            subject = next((c for c in child.children if c.dep_ == "nsubj"), None)
            if subject is not None and subject.lower_ in _FIRST_PERSON_SUBJECT:
                return Owner.WRITER
            if subject is not None and possessor(subject, 1) is not None:
                return Owner.ACQUAINTANCE
        if child.dep_ == "poss":
            if child.lower_ in _FIRST_PERSON_POSSESSIVE:
                return Owner.WRITER
            if _bare_kin(child):
                return Owner.ACQUAINTANCE  # "grandma's care home"
            for grandchild in child.children:
                if grandchild.dep_ == "poss" and grandchild.lower_ in _FIRST_PERSON_POSSESSIVE:
                    return Owner.ACQUAINTANCE
        elif (
            child.dep_ in ("compound", "appos")
            and depth == 0
            and _noun(child)
            and possessor(child, 1) is not None
        ):
            return Owner.ACQUAINTANCE  # "my partner Dana Okafor": Okafor <- partner
    return None


def _owned_by_clause(verb) -> bool:
    """A relative clause that says the writer or someone they name uses, runs or belongs
    to the noun: a verb of life, work or care, not of perception ("the place I saw")."""
    word = verb.text
    return bool(
        _LIFE_VERB.match(word) or _FOUNDING_VERB.match(word) or _PATRON_VERB.match(word)
    ) and not (_PERCEPTION_VERB.match(word) or irrealis(verb))


def _copula_of(verb, subjects: frozenset[str]) -> bool:
    """A copula whose subject is one of these pronouns."""
    if verb.lower_ not in COPULA:
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in subjects for c in verb.children)


def _copula_of_writer(verb) -> bool:
    """ "I'm a ...", "we were ...": a copula whose subject is the writer."""
    return _copula_of(verb, _FIRST_PERSON_SUBJECT)


_THIRD_PERSON_SUBJECT = frozenset({"he", "she", "they"})


def _third_person_life(verb, preposition: str) -> bool:
    """A pronoun for someone else lives, works or comes from somewhere: a life verb, or a
    copula with "from" ("he's from X")."""
    subject = clause_subject(verb)
    if subject is None or subject.lower_ not in _THIRD_PERSON_SUBJECT:
        return False
    if verb.lower_ in COPULA:
        return preposition == "from"
    return bool(_LIFE_VERB.match(verb.text))


def _copula_of_third_person(verb) -> bool:
    """ "she's a vet tech ...", "he was ...": a copula whose subject is a pronoun for
    someone else (who it stands for, the text around says)."""
    return _copula_of(verb, _THIRD_PERSON_SUBJECT)


def _definite(noun) -> bool:
    return any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in noun.children)


def _writes_of_self(token) -> bool:
    """The writer speaks of themselves somewhere in the text ("I", "we", "my", "our"),
    as the text's Parses recorded on the sentence's doc."""
    return bool(token.doc.user_data.get(_SELF_IN_TEXT))


def _topic(noun) -> bool:
    """ "my favourite band", "my essay on": the possession is an opinion or a topic."""
    if _TOPIC_NOUN.match(noun.text):
        return True
    return any(child.dep_ == "amod" and _FAVOURITE.match(child.text) for child in noun.children)


# Prepositions whose gerund tells of a thing done: "since moving", "after graduating".
_COMPLETED_BEFORE = frozenset({"since", "after"})


def irrealis(verb, future_is_fact: bool = False) -> bool:
    """A wish, plan, condition or comparison: "if we lived in X", "I'd love to live in X",
    "explain it like I'm 15", "we will move to X". ``future_is_fact``: "will" states a
    fact ("I'll be starting at X in September": a job is settled before it starts, a
    trip's city is only a destination)."""
    if _PLAN_VERB.match(verb.text):
        return True  # "Planning 10 days in X", "hoping for a job in X"
    node = verb
    for _ in range(3):
        subject = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        for child in node.children:
            if child.dep_ == "mark" and child.lower_ in _IRREALIS_MARK:
                return True
            if (
                child.dep_ == "aux"
                and subject is not None
                and child.i < subject.i
                and subject.lower_ in _FIRST_PERSON_SUBJECT
            ):
                return True  # "can we walk from X", "should I move to X": a question
            if (
                child.dep_ == "aux"
                and child.lower_ in _IRREALIS_AUX
                and not (future_is_fact and child.lower_ in _FUTURE_AUX)
            ):
                return True
        if node.dep_ == "xcomp" and _INTENT_HEAD.match(node.head.text):
            return True
        if node.dep_ in ("xcomp", "conj"):
            node = node.head
            continue
        if node.dep_ == "pcomp" and node.head.dep_ == "prep":
            if node.head.lower_ in _COMPLETED_BEFORE:
                return False  # "since moving to X, how would I ...": the move was made
            node = node.head.head  # "should I be looking at moving to X": the gerund's verb
            continue
        return False
    return False


def first_person_in(text: str, begin: int, end: int) -> bool:
    """A first-person word ("I", "my", "we", ...) in ``text[begin:end]``."""
    return FIRST_PERSON_WORD.search(text, begin, end) is not None


# --- NER over the text, the parse only where a tie can be ----------------------------

_SELF_IN_TEXT = "veil.self_in_text"
FIRST_PERSON_WORD = regex.compile(
    r"\b(?:i|i'm|i’m|im|i've|i’ve|i'd|i’d|i'll|i’ll|me|my|mine|myself|we|we're|we’re|"
    r"we've|we’ve|us|our|ours|ourselves|"
    # the same in Russian and Polish, which veil's readers meet among English
    r"я|мне|меня|мой|моя|моё|мои|мы|нас|нам|наш|наша|наше|наши|"
    r"mnie|mój|moja|moje|nasz|nasza|nasze)\b",
    _I,
)
# "Still in X.", "Back home in X": a fragment whose subject, left out, is the writer.
_FRAGMENT_START = regex.compile(r"\W*(?:[\w'’]+\s+){0,2}?(?:in|at|near|from|outside|around)\s", _I)
_DWELLING_WORD = _in_text(_DWELLINGS)
_OCCASION_WORD = _in_text(_OCCASIONS)
_SOCIAL_WORD = _in_text(_SOCIAL_VERBS, _GIVING_VERBS)
# A bracketed aside that holds figures ("(DOB 14/02/1951, NHS no. 721 846 3053)", "(ref
# 4471)"): data a form's reader skips, and a parser trained on prose reads as the clause's
# subject. The parse of a sentence sees its asides blanked, unless the span asked about
# lies inside one.
_DATA_ASIDE = regex.compile(r"\((?=[^()\n]*\d)[^()\n]*\)")
_OPEN_ASIDE = regex.compile(r"\([^()\n]*$")
_ASIDE_REACH = 200


def _inside_brackets(text: str, position: int) -> bool:
    """An opening bracket before ``position`` on its line is not closed yet."""
    before = text[max(0, position - _ASIDE_REACH) : position]
    return (
        _OPEN_ASIDE.search(before) is not None and ")" in text[position : position + _ASIDE_REACH]
    )


def _blanked(aside) -> str:
    return " " * len(aside.group())


# A sentence ends at a line break, or at . ! ? before what starts one.
_SENTENCE_END = regex.compile(r"\n+|(?<=[.!?])[\"'’”)\]]*\s+(?=[\p{Lu}\d\"“'‘(\[])")
LONGEST_SENTENCE = 3_000  # characters parsed at once; a longer run is read in windows


class Parses:
    """One text read by spaCy: NER over all of it (``ner_docs``, piece by piece), and the
    dependency parse of a sentence only when a tie can be there (a first-person word, a
    fragment, a social verb), made on first need and kept. Most of a paste is never
    parsed: the parser costs about as much again as NER."""

    def __init__(self, text: str, model: str, piece_chars: int) -> None:
        self.text, self.model, self.piece_chars = text, model, piece_chars
        self.self_in_text = FIRST_PERSON_WORD.search(text) is not None
        self._sentences: list[tuple[int, int]] | None = None
        self._starts: list[int] = []
        self._parsed: dict[tuple[int, int, bool], object] = {}
        self._lock = threading.Lock()

    @cached_property
    def ner_docs(self) -> list[tuple[int, object]]:
        """NER's docs of the whole text, piece by piece, with each piece's offset (read on
        first need: a policy without the NER recognizer still parses)."""
        nlp = pipeline(self.model)
        pieces = self._pieces(nlp)
        docs = (nlp.make_doc(piece) for _, piece in pieces)
        for name in _ner_components(self.model):
            # one piece at a time: NER's precomputed features take memory in proportion to
            # the tokens of a batch (a 1 MB paste's ten pieces at once peaked at 3.4 GB),
            # and pieces are long enough that batching them saves no time
            docs = nlp.get_pipe(name).pipe(docs, batch_size=1)
        return [(start, doc) for (start, _), doc in zip(pieces, docs, strict=True)]

    @cached_property
    def times_and_places(self) -> _Ranges:
        """Where NER read a date, a time, an event or a place (overlap asked in log time)."""
        return _Ranges(
            [
                (offset + entity.start_char, offset + entity.end_char)
                for offset, doc in self.ner_docs
                for entity in doc.ents
                if entity.label_ in _TIME_OR_PLACE_ENTITIES
            ]
        )

    def _pieces(self, nlp) -> list[tuple[int, str]]:
        from veil.rules.recognizers.ner import readable_pieces

        return readable_pieces(self.text, min(self.piece_chars, nlp.max_length))

    def sentences(self) -> list[tuple[int, int]]:
        if self._sentences is None:
            bounds, start = [], 0
            for match in _SENTENCE_END.finditer(self.text):
                if match.group().isspace() and _inside_brackets(self.text, match.start()):
                    continue  # "(DOB 14/02/1951, NHS no. 721 846 3053)": an aside goes on
                if match.start() > start:
                    bounds.append((start, match.start()))
                start = match.end()
            if start < len(self.text):
                bounds.append((start, len(self.text)))
            windows = []
            for begin, end in bounds:  # a sentence of 100,000 characters: windows
                while end - begin > LONGEST_SENTENCE:
                    cut = self.text.rfind(" ", begin + 1, begin + LONGEST_SENTENCE) + 1 or (
                        begin + LONGEST_SENTENCE
                    )
                    windows.append((begin, cut))
                    begin = cut
                windows.append((begin, end))
            self._sentences = windows
            self._starts = [begin for begin, _ in windows]
        return self._sentences

    def _around(self, start: int, end: int) -> tuple[int, int]:
        """The sentence(s) holding ``start:end``, as one range (the whole text when it
        has no sentence: blank)."""
        sentences = self.sentences()
        if not sentences:
            return 0, len(self.text)
        first = max(0, bisect.bisect_right(self._starts, start) - 1)
        last = max(first, bisect.bisect_left(self._starts, end) - 1)
        return sentences[first][0], sentences[last][1]

    def could_tie(self, start: int, end: int) -> bool:
        begin, finish = self._around(start, end)
        return (
            FIRST_PERSON_WORD.search(self.text, begin, finish) is not None
            or _BARE_KIN_WORD.search(self.text, begin, finish) is not None
            or _FRAGMENT_START.match(self.text, begin, finish) is not None
            or (
                self.self_in_text
                and (
                    _DWELLING_WORD.search(self.text, begin, finish) is not None
                    or _OCCASION_WORD.search(self.text, begin, finish) is not None
                )
            )
        )

    def could_deal(self, start: int, end: int) -> bool:
        begin, finish = self._around(start, end)
        return _SOCIAL_WORD.search(self.text, begin, finish) is not None

    def _key(self, start: int, end: int) -> tuple[int, int, bool]:
        """The sentence(s) holding ``start:end``, and whether their data asides are
        blanked for it: they are unless the span lies inside one."""
        begin, finish = self._around(start, end)
        inside = any(
            aside.start() <= start and end <= aside.end()
            for aside in _DATA_ASIDE.finditer(self.text, begin, finish)
        )
        return begin, finish, not inside

    def parse(self, start: int, end: int) -> tuple[int, object]:
        """The parsed sentence(s) holding ``start:end``, with their offset."""
        key = self._key(start, end)
        self._prepare_keys([key])
        return key[0], self._parsed[key]

    def span(self, start: int, end: int):  # -> spacy.tokens.Span | None
        """The parsed tokens covering ``start:end`` (widened to whole tokens)."""
        offset, doc = self.parse(start, end)
        span = doc.char_span(start - offset, end - offset, alignment_mode="expand")
        return span if span is not None and len(span) else None

    def prepare(self, ranges: list[tuple[int, int]]) -> None:
        """Parse the sentences holding these ranges now, in one batch (spaCy's components
        run faster over several docs at once than one by one)."""
        self._prepare_keys([self._key(s, e) for s, e in ranges])

    def _prepare_keys(self, keys: list[tuple[int, int, bool]]) -> None:
        """Parse these sentences (``_key``'s), those not parsed yet, in one batch."""
        with self._lock:
            keys = self._unparsed(keys)
            if keys:
                self._parsed.update(zip(keys, _sentence_docs(self._wanted(keys)), strict=True))

    def _unparsed(self, keys: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
        return [k for k in dict.fromkeys(keys) if k not in self._parsed]

    def _wanted(self, keys: list[tuple[int, int, bool]]) -> list[tuple[str, str, bool]]:
        # a sentence's parse is its own (each is a doc of its own): one parsed for an
        # earlier message is the same doc here (an edited prompt sent again, a template,
        # a paragraph quoted from the history)
        return [
            (self.model, _sentence_text(self.text[a:b], blank), self.self_in_text)
            for a, b, blank in keys
        ]


def _sentence_docs(wanted: list[tuple[str, str, bool]]) -> list[object]:
    """The parsed docs of these (model, sentence, self in text) keys: those kept, the
    rest parsed in one batch (one model: the caller's) and kept."""
    found = _SENTENCES.get(wanted)
    missing = list(
        dict.fromkeys(key for key, doc in zip(wanted, found, strict=True) if doc is None)
    )
    if missing:
        nlp = pipeline(missing[0][0])
        docs = (nlp.make_doc(sentence) for _, sentence, _ in missing)
        for name in _PARSE:
            docs = nlp.get_pipe(name).pipe(docs)
        made = dict(zip(missing, docs, strict=True))
        for (_, _, self_in_text), doc in made.items():
            doc.user_data[_SELF_IN_TEXT] = self_in_text
            _drop_tensor(doc)
        _SENTENCES.put(list(made.items()))
        found = [made[key] if doc is None else doc for key, doc in zip(wanted, found, strict=True)]
    return found


def prepare_together(wanted: list[tuple[Parses, list[tuple[int, int]]]]) -> None:
    """Parse the sentences holding these ranges of several texts (one model's) in one
    batch, as ``Parses.prepare`` does for one text's: spaCy runs each of its layers once
    per batch, so a short text's sentence costs a fraction of its parse alone, and a
    sentence's doc is the same whatever the batch (each is a doc of its own)."""
    keys = [
        (reading, reading._unparsed([reading._key(s, e) for s, e in ranges]))
        for reading, ranges in wanted
    ]
    keys = [(reading, unparsed) for reading, unparsed in keys if unparsed]
    if len(keys) < 2:
        return  # one text: parsed when asked, as ever
    docs = iter(
        _sentence_docs([w for reading, unparsed in keys for w in reading._wanted(unparsed)])
    )
    for reading, unparsed in keys:
        parsed = [(key, next(docs)) for key in unparsed]
        with reading._lock:  # another thread may have parsed one meanwhile: the same doc
            for key, doc in parsed:
                reading._parsed.setdefault(key, doc)


def _drop_tensor(doc) -> None:
    """Let a kept doc go of tok2vec's output, which only the tagger and parser read, and
    they have run: each doc's rows are a view of its whole batch's array, so one doc
    kept from a long history's batch held all of it (megabytes) for as long as it was
    kept. Nothing veil reads of a doc (tags, dependencies, entities) comes from it."""
    import numpy

    doc.tensor = numpy.zeros((0,), dtype="float32")  # what a new Doc holds


def _sentence_text(sentence: str, blank: bool) -> str:
    """What a sentence's doc is made of: its long runs blanked, and its data asides too
    where ``blank`` says so."""
    from veil.rules.recognizers.ner import readable

    return _DATA_ASIDE.sub(_blanked, readable(sentence)) if blank else readable(sentence)


class _ParsedSentences:
    """The parsed docs of the last sentences read, by (model, sentence, whether the
    writer's text has a first-person word: the one thing of the text a doc carries),
    at most ``max_chars`` of sentences; the docs are only read once made."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self._docs: OrderedDict[tuple[str, str, bool], object] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    def get(self, keys: list[tuple[str, str, bool]]) -> list[object | None]:
        with self._lock:
            found = [self._docs.get(key) for key in keys]
            for key, doc in zip(keys, found, strict=True):
                if doc is not None:
                    self._docs.move_to_end(key)
            return found

    def put(self, items: list[tuple[tuple[str, str, bool], object]]) -> None:
        with self._lock:
            for key, doc in items:
                if key in self._docs or len(key[1]) > self.max_chars:
                    continue
                self._docs[key] = doc
                self._chars += len(key[1])
            while self._chars > self.max_chars:
                key, _ = self._docs.popitem(last=False)
                self._chars -= len(key[1])

    def clear(self) -> None:
        with self._lock:
            self._docs.clear()
            self._chars = 0


# About 10,000 words of sentences (a few MB of docs): a conversation's recent turns.
_SENTENCES = _ParsedSentences(max_chars=50_000)


# Texts read ahead together (``read_ahead``), at most: fewer than the readings kept. A
# short text's NER took 0.9 ms in a batch of six, 0.6 ms in a batch of twelve.
READ_AHEAD_TEXTS = 12
READ_AHEAD_CHARS = 10_000  # longer texts are read alone, piece by piece (``ner_docs``)


def read_ahead(texts: list[str], model: str, piece_chars: int) -> list[Parses]:
    """NER over several short texts at once, kept in their readings for the recognizers
    to find (messages that arrived together). spaCy runs each of its layers once per
    batch, not once per text: about a third less time per short text. A text's entities
    are the same read alone or in a batch (each row of a matrix product is computed the
    same way whatever the rows around it)."""
    batch = [parses(text, model, piece_chars) for text in texts[:READ_AHEAD_TEXTS]]
    batch = [r for r in batch if len(r.text) < READ_AHEAD_CHARS]
    readings = [r for r in batch if "ner_docs" not in vars(r)]
    if len(readings) < 2:
        return batch  # one text: read when the recognizer asks, as ever
    nlp = pipeline(model)
    pieces = [(reading, piece) for reading in readings for piece in reading._pieces(nlp)]
    docs = (nlp.make_doc(text) for _, (_, text) in pieces)
    for name in _ner_components(model):
        docs = nlp.get_pipe(name).pipe(docs, batch_size=len(pieces))
    read: dict[int, list[tuple[int, object]]] = {}
    for (reading, (start, _)), doc in zip(pieces, docs, strict=True):
        read.setdefault(id(reading), []).append((start, doc))
    for reading in readings:
        # what ``ner_docs`` would have read (a cached_property: its value lives here)
        vars(reading).setdefault("ner_docs", read[id(reading)])
    return batch


_CACHE_SIZE = 16
# The characters of the texts kept, at most (the newest is kept whatever its length):
# what eight texts of 100,000 characters held, the most before twelve were read ahead.
_CACHE_CHARS = 800_000
_cache: OrderedDict[tuple[str, str, int], Parses] = OrderedDict()
_cache_chars = 0
_cache_lock = threading.Lock()


def parses(text: str, model: str, piece_chars: int) -> Parses:
    """The spaCy reading of ``text``; the last few texts are kept, so the NER recognizer
    and the public/private decision share one."""
    key = (text, model, piece_chars)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    result = Parses(text, model, piece_chars)
    global _cache_chars
    with _cache_lock:
        if key not in _cache:
            _cache_chars += len(text)
        _cache[key] = result
        while len(_cache) > _CACHE_SIZE or (len(_cache) > 1 and _cache_chars > _CACHE_CHARS):
            _cache_chars -= len(_cache.popitem(last=False)[0][0])
    return result


def forget_long(min_chars: int) -> int:
    """Drop the kept readings of texts of ``min_chars`` or more: a long paste's docs take
    memory in proportion to it (hundreds of MB for a megabyte), and once its message is
    filtered nothing reads them again (the stages keep their own results). Returns how
    many were dropped."""
    global _cache_chars
    with _cache_lock:
        long = [key for key in _cache if len(key[0]) >= min_chars]
        for key in long:
            del _cache[key]
            _cache_chars -= len(key[0])
    return len(long)


_load_lock = threading.Lock()
_PARSE = ("tok2vec", "tagger", "parser")


@cache
def _ner_components(model: str) -> tuple[str, ...]:
    """NER and what it listens to (in the small English model: nothing, it has its own
    embedding layer); the parser's sentence starts never cut an entity. Asked once per
    model: walking NER's layers took a quarter of a millisecond per text."""
    from spacy.pipeline import Tok2Vec

    nlp = pipeline(model)
    ner = nlp.get_pipe("ner")
    listens = any("listener" in node.name for node in ner.model.walk())
    feeds = [name for name, pipe in nlp.pipeline if isinstance(pipe, Tok2Vec)] if listens else []
    return (*feeds, "ner")


def pipeline(model: str):  # -> spacy.Language
    """The model with what NER and the parse need (loaded once), its layers' backend
    made the current one in the caller's context.

    thinc keeps its current backend in a context variable, and each message is filtered
    in a copy of the event loop's context, where none was set: every parse step then
    looked for CPU backends again (failed imports of optional packages, a registry
    walk), a fifteenth of the filter thread's time under 50 clients."""
    nlp = _loaded(model)  # first: thinc is imported the way load_pipeline imports it
    from thinc.api import set_current_ops

    set_current_ops(nlp.get_pipe("ner").model.ops)
    return nlp


@cache
def _loaded(model: str):  # -> spacy.Language
    """The model with what NER and the parse need: tok2vec, tagger, parser, ner (the
    lemmatizer and attribute ruler cost a third more and are not read)."""
    with _load_lock:
        nlp = load_pipeline(model, exclude=["lemmatizer", "attribute_ruler", "senter"])
        missing = [name for name in ("ner", *_PARSE) if name not in nlp.pipe_names]
        if missing:
            raise ValueError(f"spaCy model {model!r} lacks {', '.join(missing)}")
        return nlp
