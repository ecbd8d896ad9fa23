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

The verb and noun classes below are the small closed classes that say which relation a
clause states (dwelling, work and study, travel); who stands in it is the parse's job.
One spaCy run per text gives the entities and the parse (``parsed``), shared with the
NER recognizer through a small cache.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

import regex

_I = regex.IGNORECASE


class Owner(StrEnum):
    WRITER = "writer"
    ACQUAINTANCE = "acquaintance"


@dataclass(frozen=True, slots=True)
class Tie:
    """How the grammar ties a span to someone's life."""

    owner: Owner
    via: str  # "possession" (my/our + noun) | "clause" (I/we + verb) | "apposition"
    head: str  # the word it attaches to ("place", "live")


_FIRST_PERSON_SUBJECT = frozenset({"i", "we"})
_FIRST_PERSON_POSSESSIVE = frozenset({"my", "our", "mine", "ours"})

# Dwelling, origin, work and study: the verbs that say where someone's life is.
_LIFE_VERB = regex.compile(
    r"^(?:liv(?:e|es|ed|ing)|resid(?:e|es|ed|ing)|stay(?:s|ed|ing)?|settl(?:e|es|ed|ing)|"
    r"mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|emigrat(?:e|es|ed|ing)|"
    r"immigrat(?:e|es|ed|ing)|grow|grew|grown|growing|born|raised|based|rent(?:s|ed|ing)?|"
    r"own(?:s|ed|ing)?|bought|buy(?:s|ing)?|commut(?:e|es|ed|ing)|com(?:e|es|ing)|came|"
    r"hail(?:s|ed)?|work(?:s|ed|ing)?|employed|teach(?:es|ing)?|taught|stud(?:y|ies|ied|ying)|"
    r"train(?:s|ed|ing)?|intern(?:s|ed|ing)?|volunteer(?:s|ed|ing)?|graduat(?:e|es|ed|ing)|"
    r"attend(?:s|ed|ing)?|enrol(?:l|ls|led|ling|s)?|join(?:s|ed|ing)?|start(?:s|ed|ing)?|"
    r"hired|retir(?:e|es|ed|ing)|quit|left|lead(?:s|ing)?|led|manag(?:e|es|ed|ing)|"
    r"run(?:s|ning)?|ran|serv(?:e|es|ed|ing)|practi[cs](?:e|es|ed|ing)|be|am|is|are|was|"
    r"were|been|being|'m|’m|'re|’re|'s|’s|sit|sits|sat|lodg(?:e|es|ed|ing)|"
    r"see|sees|seen|seeing|saw|treated|registered)$",
    _I,
)
# Going somewhere is a trip, not where one's life is ("we fly to X", "heading to X").
_TRAVEL_VERB = regex.compile(
    r"^(?:go|goes|going|went|gone|fly|flies|flew|flying|flown|travel(?:s|led|ed|ling|ing)?|"
    r"visit(?:s|ed|ing)?|head(?:s|ed|ing)?|tour(?:s|ed|ing)?|drive|drives|drove|driving|"
    r"driven|cruis(?:e|es|ed|ing)|land(?:s|ed|ing)?|arriv(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|"
    r"book(?:s|ed|ing)?|spend|spends|spent|spending)$",
    _I,
)
_TRAVEL_NOUN = regex.compile(
    r"^(?:trip|trips|holiday|holidays|vacation|vacations|honeymoon|tour|visit|visits|"
    r"itinerary|weekend|stopover|layover|cruise|excursion|journey|getaway|break)$",
    _I,
)
# Prepositions that place a life somewhere; "to" only after a verb of moving house.
_PLACE_PREPOSITION = frozenset(
    {"in", "at", "near", "outside", "around", "from", "for", "with", "by", "on", "to", "into"}
)
# Where the writer does anything puts their life there ("we sold our place in X").
_LOCATIVE = frozenset({"in", "at", "near", "outside", "around", "from"})
# ... except looking and thinking about a place ("I looked at X on the map").
_PERCEPTION_VERB = regex.compile(
    r"^(?:look(?:s|ed|ing)?|star(?:e|es|ed|ing)|glanc(?:e|es|ed|ing)|read(?:s|ing)?|"
    r"heard|hear(?:s|ing)?|watch(?:es|ed|ing)?|interested|think(?:s|ing)?|thought|"
    r"know(?:s|n|ing)?|knew|learn(?:s|ed|t|ing)?|wonder(?:s|ed|ing)?|ask(?:s|ed|ing)?)$",
    _I,
)
_MOVE_VERB = regex.compile(
    r"^(?:mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|emigrat(?:e|es|ed|ing)|"
    r"immigrat(?:e|es|ed|ing)|commut(?:e|es|ed|ing))$",
    _I,
)
# A clause that states no fact: a wish, a plan, a condition, a comparison.
_IRREALIS_MARK = frozenset({"if", "like", "unless", "whether", "though"})
_IRREALIS_AUX = frozenset({"will", "'ll", "’ll", "would", "'d", "’d", "could", "might", "may"})
_INTENT_HEAD = regex.compile(
    r"^(?:want(?:s|ed|ing)?|plan(?:s|ned|ning)?|hop(?:e|es|ed|ing)|wish(?:es|ed|ing)?|"
    r"dream(?:s|ed|t|ing)?|consider(?:s|ed|ing)?|think(?:s|ing)?|thought|lik(?:e|es|ed)|"
    r"lov(?:e|es|ed)|prefer(?:s|red)?|decid(?:e|es|ing)|try|tries|trying|need(?:s)?|"
    r"going|gonna|imagine|pretend)$",
    _I,
)
# Nouns possessed by the writer that do not make what follows theirs ("my favourite band,
# X", "my question about X"): evaluations and topics.
_TOPIC_NOUN = regex.compile(
    r"^(?:favou?rites?|question|questions|essay|thoughts?|opinion|view|views|take|idea|"
    r"ideas|research|homework|assignment|report|presentation|project|thesis|dissertation|"
    r"article|post|review|interest|obsession|hero|idol|inspiration|understanding)$",
    _I,
)
_FAVOURITE = regex.compile(r"^(?:favou?rite|fave|beloved|dream)$", _I)

_MAX_CLIMB = 5


def tie(pieces: list[tuple[int, object]], start: int, end: int, place: bool) -> Tie | None:
    """How the parse ties the characters ``start:end`` of the text to the writer or to
    someone they name, or None. ``pieces``: ``parsed(text)``; ``place``: the span is a
    place (anything the writer does in a place puts their life there), else an
    organisation (only dwelling, work and study make one theirs)."""
    for offset, doc in pieces:
        span = doc.char_span(start - offset, end - offset, alignment_mode="expand")
        if span is not None and len(span):
            return _tie(span.root, place)
    return None


def _tie(token, place: bool) -> Tie | None:
    node, preposition = token, None
    for _ in range(_MAX_CLIMB):
        dep = node.dep_
        head = node.head
        if head is node:
            return None
        if dep in ("compound", "flat", "nmod", "amod", "nummod", "poss", "case"):
            node = head  # inside a longer name: "Riverside Women's Clinic"
            continue
        if dep == "pobj" and head.dep_ == "prep":
            preposition = head.lower_
            governor = head.head
            while governor.dep_ == "advmod" and governor.head is not governor:
                governor = governor.head  # "I work remote for X", "back home in X"
            if governor is head:
                return None
            found = _governor(governor, preposition, place)
            if found is not None or not _noun(governor):
                return found
            node = governor  # "the flat in X" under "we rent": read on up
            continue
        if dep == "appos" and _noun(head):
            owner = _possessor(head)
            if owner is not None and not _topic(head):
                return Tie(owner, "apposition", head.lower_)
            node = head
            continue
        if dep == "conj":
            node = head  # "in Leeds and X": the first conjunct's attachment
            continue
        return None
    return None


def _noun(token) -> bool:
    # Penn Treebank tags: the tagger runs, the attribute ruler (coarse POS) does not.
    return token.tag_.startswith(("NN", "PRP"))


def _governor(governor, preposition: str, place: bool) -> Tie | None:
    if _noun(governor):
        if _TRAVEL_NOUN.match(governor.text) and preposition != "from":
            return None
        owner = _possessor(governor)
        if owner is not None and not _topic(governor) and preposition in _PLACE_PREPOSITION:
            return Tie(owner, "possession", governor.lower_)
        return None
    if governor.tag_.startswith(("VB", "MD")) or governor.dep_ == "ROOT":
        return _clause(governor, preposition, place)
    return None


def _clause(verb, preposition: str, place: bool) -> Tie | None:
    word = verb.text
    if preposition in ("to", "into"):
        if not _MOVE_VERB.match(word):
            return None
    elif _TRAVEL_VERB.match(word) or _PERCEPTION_VERB.match(word):
        return None
    elif not (place and preposition in _LOCATIVE) and not _LIFE_VERB.match(word):
        return None
    if _irrealis(verb):
        return None
    owner = _subject_owner(verb)
    if owner is None:
        return None
    return Tie(owner, "clause", verb.lower_)


def _subject_owner(verb) -> Owner | None:
    """The writer or an acquaintance as the clause's subject, following shared subjects
    of coordinated and subordinate verbs ("we sold up and moved to X")."""
    node = verb
    for _ in range(3):
        for child in node.children:
            if child.dep_ in ("nsubj", "nsubjpass", "expl"):
                if child.lower_ in _FIRST_PERSON_SUBJECT:
                    return Owner.WRITER
                owner = _possessor(child)
                if owner is not None:
                    return Owner.ACQUAINTANCE
                return None
        # not acl/relcl: "a show set in X" has the show as its subject
        if node.dep_ in ("conj", "xcomp", "advcl", "ccomp", "pcomp"):
            node = node.head
            continue
        return None
    return None


def _possessor(noun) -> Owner | None:
    """The writer, or someone the writer names, as the possessor of ``noun``: "my flat"
    (writer), "my sister's flat", "our kid's daycare" (acquaintance)."""
    for child in noun.children:
        if child.dep_ != "poss":
            continue
        if child.lower_ in _FIRST_PERSON_POSSESSIVE:
            return Owner.WRITER
        for grandchild in child.children:
            if grandchild.dep_ == "poss" and grandchild.lower_ in _FIRST_PERSON_POSSESSIVE:
                return Owner.ACQUAINTANCE
    return None


def _topic(noun) -> bool:
    """ "my favourite band", "my essay on": the possession is an opinion or a topic."""
    if _TOPIC_NOUN.match(noun.text):
        return True
    return any(child.dep_ == "amod" and _FAVOURITE.match(child.text) for child in noun.children)


def _irrealis(verb) -> bool:
    """A wish, plan, condition or comparison: "if we lived in X", "I'd love to live in X",
    "explain it like I'm 15", "we will move to X"."""
    node = verb
    for _ in range(3):
        for child in node.children:
            if child.dep_ == "mark" and child.lower_ in _IRREALIS_MARK:
                return True
            if child.dep_ == "aux" and child.lower_ in _IRREALIS_AUX:
                return True
        if node.dep_ == "xcomp" and _INTENT_HEAD.match(node.head.text):
            return True
        if node.dep_ in ("xcomp", "conj"):
            node = node.head
            continue
        return False
    return False


# --- one spaCy run per text, shared by NER and the parse ------------------------------

_CACHE_SIZE = 8
_cache: OrderedDict[tuple[str, str, int], list[tuple[int, object]]] = OrderedDict()
_cache_lock = threading.Lock()


def parsed(text: str, model: str, piece_chars: int) -> list[tuple[int, object]]:
    """spaCy's docs of ``text`` (entities and dependency parse), piece by piece, with each
    piece's offset into ``text``. The last few texts are cached: the NER recognizer and
    the public/private decision read the same run."""
    key = (text, model, piece_chars)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    from veil.rules.recognizers.ner import readable_pieces

    nlp = pipeline(model)
    pieces = readable_pieces(text, min(piece_chars, nlp.max_length))
    docs = (nlp.make_doc(piece) for _, piece in pieces)
    # NER first: it reads no other component, and sentence starts set by the parser
    # would stop an entity at a boundary the parser guessed wrong.
    for name in _ORDER:
        docs = nlp.get_pipe(name).pipe(docs)
    docs = list(docs)
    result = [(start, doc) for (start, _), doc in zip(pieces, docs, strict=True)]
    with _cache_lock:
        _cache[key] = result
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return result


_load_lock = threading.Lock()
_ORDER = ("ner", "tok2vec", "tagger", "parser")


@cache
def pipeline(model: str):  # -> spacy.Language
    """The model with what NER and the parse need: tok2vec, tagger, parser, ner (the
    lemmatizer and attribute ruler cost a third more and are not read)."""
    import spacy

    with _load_lock:
        nlp = spacy.load(model, exclude=["lemmatizer", "attribute_ruler", "senter"])
        missing = [name for name in _ORDER if name not in nlp.pipe_names]
        if missing:
            raise ValueError(f"spaCy model {model!r} lacks {', '.join(missing)}")
        return nlp
