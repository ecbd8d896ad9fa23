"""Disclosures read from the dependency parse, where the cue frames of the other
recognizers do not reach: "I turned 34 last week", "since my divorce", "back when I was
doing my residency", "my first year teaching", "my wife and I separated".

The parse is the one the public/private decision reads (rules/syntax.py), and so are its
rules for whose something is: a value belongs to the writer (or someone they name) when

- a noun carrying it is possessed by them ("my divorce", "our wedding", "my sister's
  residency" is an acquaintance's);
- or it is the complement of a verb whose subject is the writer ("I turned 34", "we
  separated", "I'm doing a postdoc"), or the object of a preposition that sets that
  clause in a stage of life ("back in college, I ..."), in any tense, unless the clause
  only supposes it ("explain it like I'm 15", "if we divorced") or is about a topic
  ("I read about divorce");
- a third party who is a topic ("the 34-year-old suspect turned 35") has no such tie.

Which words carry an attribute is the closed classes of rules/quasi/events.py. A sentence
is parsed only when it has a first-person word and one of those words; the sentences of
a text are parsed in one batch, and the parse is shared with the decision's.
"""

from __future__ import annotations

from collections.abc import Iterator

from veil.rules import lazy_regex as regex
from veil.rules import syntax
from veil.rules.pattern import needles
from veil.rules.quasi import events, lexicon
from veil.rules.quasi.age import ANY_AGES, WRITER_AGES
from veil.rules.quasi.disclosure import ACQUAINTANCE, WRITER, Candidate
from veil.rules.quasi.numbers import WORD_NUMBER, parse_number
from veil.rules.quasi.whose import NOT_PEOPLE
from veil.rules.subject import RELATION

_RELATION_WORD = regex.compile(rf"(?:{RELATION})s?", regex.IGNORECASE)

# Longest first; words of one length alphabetically, so that the pattern is the same in
# every process (the word classes are sets) and its compiled form can be kept.
_TRIGGER_WORDS = sorted(map(regex.escape, events.TRIGGER_WORDS), key=lambda w: (-len(w), w))
_TRIGGER = regex.compile(
    rf"\b(?:{'|'.join(_TRIGGER_WORDS)}|"
    rf"at\s+(?:\d{{1,3}}|{WORD_NUMBER}))\b",  # "now at 61"
    regex.IGNORECASE,
)
# The trigger's two kinds of match, for a sentence's quick test: one of its words, or its
# "at" with an age (the same alternative alone, within the same bounds).
_TRIGGER_NEEDLES = needles(*sorted(events.TRIGGER_WORDS))
_AT_AGE = regex.compile(rf"\b(?:at\s+(?:\d{{1,3}}|{WORD_NUMBER}))\b", regex.IGNORECASE)
_OWNERS = {syntax.Owner.WRITER: WRITER, syntax.Owner.ACQUAINTANCE: ACQUAINTANCE}
_FIRST_PERSON = frozenset({"i", "we"})
_COMPLEMENT = frozenset({"dobj", "attr", "acomp", "oprd", "npadvmod", "nummod", "appos"})
_SCORE = 0.75  # below the cue frames': where both read a span, theirs decides


def find(text: str, year: int) -> Iterator[Candidate]:
    del year
    sentences = _sentences(text)
    if not sentences:
        return
    from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

    parses = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    parses.prepare(sentences)
    for start, end in sentences:
        offset, doc = parses.parse(start, end)
        for token in doc:
            found = _read(token)
            if found is not None:
                begin, finish, attribute, subject, value, detail = found
                yield Candidate(
                    offset + begin, offset + finish, attribute, subject, value, detail, _SCORE
                )


def _sentences(text: str) -> list[tuple[int, int]]:
    """The sentences worth parsing: a first-person word and an attribute-bearing word."""
    if not _TRIGGER.search(text) or not syntax.first_person_in(text, 0, len(text)):
        return []
    from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

    parses = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    # a gendered word is read in a writer's sentence that leaves its subject out too
    # ("Always been more of a batman kinda guy"); the trigger, the costliest test, last
    return [
        (start, end)
        for start, end in parses.sentences()
        if (syntax.first_person_in(text, start, end) or _GENDERED.search(text, start, end))
        and _has_trigger(text, start, end)
    ]


def _has_trigger(text: str, start: int, end: int) -> bool:
    """Whether ``_TRIGGER.search(text, start, end)`` finds one: not where the sentence holds
    none of the trigger words (substring tests) and no "at" with an age (a search far
    cheaper than the whole alternation's)."""
    folded = text[start:end].casefold().replace("\u0307", "")
    if not any(word in folded for word in _TRIGGER_NEEDLES) and not _AT_AGE.search(
        text, start, end
    ):
        return False
    return _TRIGGER.search(text, start, end) is not None


_GENDERED = regex.compile(
    rf"\b(?:{'|'.join(sorted(events.GENDER_NOUNS, key=lambda w: (-len(w), w)))})\b",
    regex.IGNORECASE,
)


# Verbs that say what their subject is ("I've always been more of a ... guy"): the
# copula and the verbs of becoming and remaining.
_COPULAS = syntax.COPULA | frozenset(
    {"being", "become", "became", "becomes", "becoming", "stay", "stayed", "remain",
     "remained", "seem", "seemed", "seems"}
)  # fmt: skip

_Found = tuple[int, int, str, str, "str | int | None", str]


def _read(token) -> _Found | None:
    word = token.lower_
    if token.tag_ == "CD":
        return _age(token) or _age_at(token)
    if word in events.STATUS_NOUNS or (word.endswith("s") and word[:-1] in events.STATUS_NOUNS):
        return _status_noun(token)
    if word in events.STATUS_VERBS and token.tag_.startswith("VB"):
        return _status_verb(token)
    if word in events.CAREER_STAGES:
        return _career_stage(token)
    if word in events.COUNTERPARTS:
        return _counterpart(token)
    if word in events.PRACTICE_FORMS:
        return _practice(token)
    if _stage_name(token) in events.SCHOOL_AGES:
        found = _school_age(token)
        if found is not None:
            return found
    if word in events.EDUCATION_STAGES or _compound_stage(token):
        return _education_stage(token)
    if word in events.GENDER_NOUNS:
        return _gender_self(token)
    return None


def _span(token) -> tuple[int, int]:
    return token.idx, token.idx + len(token)


# --- whose ----------------------------------------------------------------------------


def _clause_owner(verb) -> str | None:
    """The writer or an acquaintance as the subject of ``verb``, in a clause that states a
    fact. "My wife and I" is the writer."""
    if syntax.irrealis(verb):
        return None
    for child in verb.children:
        if child.dep_ in ("nsubj", "nsubjpass") and any(
            c.dep_ == "conj" and c.lower_ in _FIRST_PERSON for c in child.children
        ):
            return WRITER
    owner = syntax.subject_owner(verb)
    if owner is syntax.Owner.ACQUAINTANCE and not _a_person(syntax.clause_subject(verb)):
        return None  # "my cat turned 12", "our car hit 200k"
    return _OWNERS[owner] if owner is not None else None


def _a_person(noun) -> bool:
    """A relation word that names a person ("sister", "boss"), not a pet or a group."""
    if noun is None:
        return False
    word = noun.lower_
    return _RELATION_WORD.fullmatch(word) is not None and word.rstrip("s") not in NOT_PEOPLE


def _governing_verb(token):
    """The verb ``token`` is a complement or adjunct of (through one preposition), with
    the preposition's word, or (None, "")."""
    head = token.head
    if head.i == token.i:
        return None, ""
    if token.dep_ == "pobj" and head.dep_ in ("prep", "agent"):
        verb = head.head
        while verb.dep_ in ("advmod", "prep") and verb.head.i != verb.i:
            verb = verb.head  # "back in college", "out of college"
        return (verb, head.lower_) if _verb(verb) else (None, "")
    if token.dep_ in _COMPLEMENT and _verb(head):
        return head, ""
    return None, ""


def _verb(token) -> bool:
    return token.tag_.startswith(("VB", "MD")) or token.dep_ == "ROOT"


def _owner_of_noun(noun, undergo: bool = False) -> str | None:
    """The writer or an acquaintance whose ``noun`` is: its possessor, or the subject of
    the clause it is a complement of (only verbs of undergoing when ``undergo``)."""
    owner = syntax.possessor(noun)
    if owner is not None:
        return _possessed(noun, owner)
    verb, preposition = _governing_verb(noun)
    if verb is None or verb.lower_ in events.TOPIC_VERBS:
        return None
    if undergo and not (
        verb.lower_ in events.UNDERGO_VERBS and preposition in ("", "through", "for")
    ):
        return None
    return _clause_owner(verb)


def _possessed(noun, owner: syntax.Owner) -> str | None:
    """ "my divorce" is the writer's; "my sister's divorce" an acquaintance's, but "my
    dog's ..." nobody's."""
    if owner is syntax.Owner.WRITER:
        return WRITER
    holders = [c for c in noun.children if c.dep_ == "poss"]
    return ACQUAINTANCE if any(_a_person(h) for h in holders) else None


# --- readers --------------------------------------------------------------------------


def _gender_self(token) -> _Found | None:
    """A word for a person that says their gender, said of the writer: the complement of
    a clause whose subject is the writer, in any tense and however far inside its noun
    phrase ("I'm more of a Pernod kinda guy", "I was the only girl in my class"), also
    with the subject left out ("Always been more of a batman kinda guy"); "a lady like
    myself". Not "my friend is a great guy", "if I were a woman", "guys"."""
    if token.tag_ in ("NNS", "NNPS") or token.dep_ in ("compound", "amod", "poss", "nmod"):
        return None
    value = events.GENDER_NOUNS[token.lower_]
    if any(
        c.dep_ == "prep"
        and c.lower_ == "like"
        and any(o.lower_ in ("me", "myself") for o in c.children)
        for c in token.children
    ):
        return (*_span(token), "gender", WRITER, value, "self")
    node = token
    for _ in range(3):  # "more of a ... guy", "the kind of guy", "a bit of a lad"
        head = node.head
        if node.dep_ == "pobj" and head.lower_ == "of" and head.head.i != head.i:
            node = head.head
        else:
            break
    verb = node.head
    if node.dep_ not in ("attr", "oprd") or verb.lower_ not in _COPULAS:
        return None
    owner = _clause_owner(verb)
    if owner is None and _subjectless(verb):
        owner = WRITER
    return (*_span(token), "gender", WRITER, value, "self") if owner == WRITER else None


def _subjectless(verb) -> bool:
    """A main clause stating a fact with its subject left out, as one writes of oneself
    ("Always been a night owl"); not a command, a question or a supposition."""
    return (
        verb.dep_ == "ROOT"
        and syntax.clause_subject(verb) is None
        and verb.tag_ != "VB"
        and not syntax.irrealis(verb)
        and not any(c.dep_ == "expl" for c in verb.children)
        and not verb.sent.text.rstrip().endswith("?")
    )


def _age(token) -> _Found | None:
    """A count of years a person reaches or is: "I turned 34", "my son hits 16 in May",
    "I'm 34 now"; not "I was 34 when", "34 pages", "like I'm 15"."""
    value = parse_number(token.text)
    head = token.head
    if value is None or token.dep_ not in ("dobj", "attr", "acomp", "npadvmod", "oprd"):
        return None
    if any(c.dep_ not in ("advmod", "punct", "cc", "prep", "npadvmod") for c in token.children):
        return None  # "34 pages", "34 percent": the number counts something else
    if head.lower_ in events.AGE_VERBS:
        detail = "turned"
    elif head.lower_ in events.PRESENT_COPULA and not _past(head):
        detail = "age"
    else:
        return None
    if _unit_follows(token):
        return None  # "I turned 34 degrees", "we're 5 minutes away"
    subject = _clause_owner(head)
    if subject is None or value not in (WRITER_AGES if subject == WRITER else ANY_AGES):
        return None
    return (*_span(token), "age", subject, value, detail)


def _age_at(token) -> _Found | None:
    """An age one is at now: "Now at 61, I don't ...", "At 45, I still ..." (fronted
    before the writer's clause, or with "now"); "at 25 I had my first kid" is then."""
    preposition = token.head
    value = parse_number(token.text)
    if value is None or token.dep_ != "pobj" or preposition.lower_ != "at":
        return None
    if any(c.dep_ != "punct" for c in token.children) or _unit_follows(token):
        return None  # "at 5 pm", "at 30 percent"
    verb = preposition.head
    now = any(c.lower_ == "now" for c in (*preposition.children, *verb.children, verb))
    if verb.lower_ == "now":
        verb = verb.head  # "now at 61" as an adverb phrase
    if not _verb(verb) or _past(verb):
        return None
    subject = syntax.clause_subject(verb)
    fronted = subject is not None and preposition.i < subject.i
    if not (now or fronted):
        return None
    owner = _clause_owner(verb)
    # "Now at 41, my home console is my kitchen": the writer's things, the writer's age
    if (
        owner is None
        and subject is not None
        and not syntax.irrealis(verb)
        and syntax.possessor(subject) is syntax.Owner.WRITER
        and not _a_person(subject)
    ):
        owner = WRITER
    if owner is None or value not in (WRITER_AGES if owner == WRITER else ANY_AGES):
        return None
    return (*_span(token), "age", owner, value, "age")


def _past(verb) -> bool:
    return verb.tag_ in ("VBD", "VBN") or any(
        c.dep_ == "aux" and c.lower_ in ("was", "were", "had", "did") for c in verb.children
    )


_UNIT_AFTER = regex.compile(
    r"(?:%|percent|minutes?|mins?|hours?|days?|weeks?|months?|degrees?|points?|pages?|"
    r"times?|k|kg|lbs?|miles?|km|mph|kph|dollars?|bucks|euros?|pounds?|st|nd|rd|th|am|pm|"
    r"a\.m\.|p\.m\.|o'clock|feet|ft|meters?|metres?|fps|hz|[kmgt]b|ms|rpm|bpm|wpm|dpi|px|"
    r"x|users?|rows?|items?|files?|lines?)$",
    regex.IGNORECASE,
)


def _unit_follows(token) -> bool:
    following = token.nbor(1) if token.i + 1 < len(token.doc) else None
    return following is not None and _UNIT_AFTER.match(following.text) is not None


def _status_noun(token) -> _Found | None:
    """ "since my divorce", "our wedding", "I'm going through a separation"."""
    if token.dep_ in ("compound", "amod"):
        return None  # "divorce lawyer", "wedding photographer": a topic's modifier
    key = token.lower_ if token.lower_ in events.STATUS_NOUNS else token.lower_[:-1]
    subject = _owner_of_noun(token, undergo=True)
    if subject is None:
        return None
    return (*_span(token), "family", subject, events.STATUS_NOUNS[key], "event")


def _status_verb(token) -> _Found | None:
    """ "we separated last year", "my wife and I divorced", "I married young"."""
    word = token.lower_
    objects = [c for c in token.children if c.dep_ == "dobj"]
    if objects and not all(_person(o) for o in objects):
        return None  # "I separated the eggs", "she married the two ideas"
    if any(_not_a_status(word, c) for c in token.children if c.dep_ == "prep"):
        return None  # "engaged in a project", "separated by a wall", "from the group"
    subject = _clause_owner(token)
    if subject is None:
        return None
    return (*_span(token), "family", subject, events.STATUS_VERBS[word], "status_verb")


_NOT_STATUS_PREPOSITIONS = {"engaged": {"in", "with", "by", "into"}, "separated": {"by", "into"}}


def _not_a_status(word: str, preposition) -> bool:
    if preposition.lower_ in _NOT_STATUS_PREPOSITIONS.get(word, ()):
        return True
    # "separated from the group" is not a status; "separated from my husband" is
    objects = [c for c in preposition.children if c.dep_ == "pobj"]
    return preposition.lower_ == "from" and not any(_person(o) for o in objects)


def _person(token) -> bool:
    return (
        token.tag_ in ("PRP", "NNP")
        or lexicon.key(token.text) in lexicon.family_terms()
        or syntax.possessor(token) is not None
    )


def _career_stage(token) -> _Found | None:
    """ "back when I was doing my residency", "I'm on my second deployment"."""
    if token.dep_ in ("compound", "amod"):
        return None  # "residency programs", "tenure track" debates
    subject = _owner_of_noun(token)
    if subject is None:
        return None
    title = events.CAREER_STAGES[token.lower_]
    return (*_span(token), "occupation", subject, title, "stage")


def _counterpart(token) -> _Found | None:
    """ "my students" are a teacher's, "our patients" a clinician's; not "my fellow
    students" (the writer is one of them)."""
    if token.dep_ == "compound" or any(
        c.lower_ in ("fellow", "classmates") for c in token.children
    ):
        return None
    if not any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in token.children):
        return None
    title = events.COUNTERPARTS[token.lower_]
    return (*_span(token), "occupation", WRITER, title, "counterpart")


def _practice(token) -> _Found | None:
    """Practising an occupation in a frame of a career: "my first year teaching",
    "20 years nursing", "I've been teaching since 2010", "I teach third grade"; not
    "I taught my son to swim" or "teach me"."""
    stem, _ = events.PRACTICE_FORMS[token.lower_]
    title = events.PRACTICE_VERBS[stem]
    if stem in events.PRACTICE_INTRANSITIVE and any(c.dep_ == "dobj" for c in token.children):
        return None
    time = token.nbor(-1) if token.i > 0 else None
    if time is not None and time.lower_ in events.TIME_NOUNS:
        # "my first year teaching": the length of a career, whoever's it is
        subject = _owner_of_noun(time) or _time_owner(time)
        if subject is None and time.head.i == token.i:
            subject = _owner_of_noun(token)  # parsed as "my (first year) teaching"
    elif token.tag_.startswith("VB") and _career_clause(token):
        subject = _clause_owner(token)
    else:
        return None
    if subject is None:
        return None
    return (*_span(token), "occupation", subject, title, "practice")


def _time_owner(time) -> str | None:
    """ "I spent 20 years nursing": the clause the length of time is counted in."""
    node = time
    while node.dep_ in ("pobj", "prep", "npadvmod", "dobj", "nummod") and node.head.i != node.i:
        node = node.head
        if _verb(node):
            return _clause_owner(node)
    return None


def _career_clause(verb) -> bool:
    """A practice verb said as a job: no person taught ("I taught my son", "teach me to"),
    no goal ("to teach English someday"), and habitual or lasting: present, perfect,
    progressive, or a past with a length of time ("taught for 10 years")."""
    for child in verb.children:
        if child.dep_ in ("dobj", "dative") and _person(child):
            return False
        if child.dep_ == "xcomp":
            return False
    if verb.dep_ == "xcomp":
        return verb.head.lower_ == "used"  # "I used to teach", not "I want to teach"
    if verb.tag_ in ("VBP", "VBZ") and verb.lower_ not in ("nurse", "nurses", "farm", "farms"):
        return True
    perfect = any(c.dep_ == "aux" and c.lower_ in ("been", "'ve", "’ve") for c in verb.children)
    lasting = any(
        c.dep_ == "prep" and c.lower_ in ("for", "since") and _counts_time(c) for c in verb.children
    )
    return perfect or lasting or (verb.tag_ == "VBG" and _progressive(verb))


def _counts_time(preposition) -> bool:
    return any(
        t.lower_ in events.TIME_NOUNS or (t.tag_ == "CD" and len(t.text) == 4)
        for t in preposition.subtree
    )


def _progressive(verb) -> bool:
    return any(
        c.dep_ == "aux"
        and c.lower_ in ("am", "'m", "’m", "are", "'re", "’re", "is", "was", "were", "been")
        for c in verb.children
    )


def _compound_stage(token) -> bool:
    """ "grad school", "community college": a two-word stage, read at its head noun."""
    if token.i == 0:
        return False
    name = f"{token.nbor(-1).lower_} {token.lower_}"
    return name in events.EDUCATION_STAGES or name in events.SCHOOL_AGES


def _stage_name(token) -> str:
    return (
        token.doc[token.i - 1 : token.i + 1].text.casefold()
        if _compound_stage(token)
        else token.lower_
    )


def _school_age(token) -> _Found | None:
    """A stage of school someone is in now: "our twins start kindergarten", "my son is in
    middle school", "I'm in high school"; "I was in high school" is then (education),
    "I teach kindergarten" is work."""
    if token.tag_ in ("NNS", "NNPS") or token.dep_ in ("compound", "amod"):
        return None
    value = events.SCHOOL_AGES[_stage_name(token)]
    if token.dep_ == "dobj" and token.head.lower_ in events.SCHOOL_VERBS:
        verb = token.head
    elif token.dep_ == "pobj" and token.head.lower_ in ("in", "at"):
        verb = token.head.head
    else:
        return None
    if not _verb(verb) or _past(verb) or verb.lower_ in events.WORK_VERBS:
        return None
    owner = _clause_owner(verb)
    if owner is None or (owner == WRITER and value not in WRITER_AGES):
        return None
    start = token.i - 1 if _compound_stage(token) else token.i
    return (token.doc[start].idx, token.idx + len(token), "age", owner, value, "stage")


def _education_stage(token) -> _Found | None:
    """ "back in college, I ...", "we met at uni", "my grad school years", "I dropped out
    of law school"; not "I teach at a college", "a job at a university", "my son's
    college" (his), or "applying to colleges" (a plural is a choice, not a stage)."""
    if token.tag_ in ("NNS", "NNPS"):
        return None
    start = token.i - 1 if _compound_stage(token) else token.i
    level = events.EDUCATION_STAGES.get(_stage_name(token))
    if level is None:
        return None
    subject = _stage_owner(token)
    if subject is None:
        return None
    return (token.doc[start].idx, token.idx + len(token), "education", subject, level, "stage")


def _stage_owner(token) -> str | None:
    if token.dep_ in ("compound", "amod", "nmod"):
        # "my college years": a stage counted in time is its possessor's
        head = token.head
        if head.lower_ not in events.TIME_NOUNS:
            return None
        owner = syntax.possessor(head)
        return _possessed(head, owner) if owner is not None else None
    owner = syntax.possessor(token)
    if owner is not None:
        return _possessed(token, owner)
    if token.dep_ != "pobj" or token.head.lower_ not in events.STAGE_PREPOSITIONS:
        return None
    governor = token.head.head
    for _ in range(4):  # up through "back", "as a task", ... to the clause's verb
        if _verb(governor):
            break
        # "a task back in college", "friends from uni": a thing's, then its clause's;
        # a person's ("my son in college") or a job's ("a post at a college") is not
        if _a_person(governor) or governor.lower_ in events.WORK_NOUNS:
            return None
        governor = governor.head
    else:
        return None
    if governor.lower_ in events.WORK_VERBS | events.TOPIC_VERBS or any(
        c.dep_ == "dobj" and c.lower_ in events.WORK_NOUNS for c in governor.children
    ):
        return None  # "I got a job at a university"
    return _clause_owner(governor)
