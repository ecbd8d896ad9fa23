"""The fast stage's second half: what the writer discloses about themselves (age, town,
job, family, ...) gets the operator the policy names (rules/operators), and the residual
re-identification risk of what is left is estimated (rules/risk).

A place the public/private decision already made private ("we live in Portland") is a
disclosure of where the writer lives, and an organisation someone works at ("my husband
works at Intel") one of an employer: they are generalized or decoyed like one, rather
than pseudonymized, when the policy's location or employer operator says so.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from veil.policies.memo import Memo
from veil.policies.schema import QuasiIdentifierSettings
from veil.rules import geography, labels
from veil.rules import lazy_regex as regex
from veil.rules.operators import Operation, QIOperator, apply_operators
from veil.rules.redact import Action, Rewrite, redact
from veil.rules.risk import NO_RISK, Risk, estimate
from veil.rules.spans import Span
from veil.rules.vault import Vault

CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class QuasiResult:
    protected: tuple[Span, ...]  # the PII spans still to pseudonymize
    rewrites: tuple[Rewrite, ...]
    operations: tuple[Operation, ...]
    risk: Risk
    kept: tuple = ()  # the public entities still kept (analyzer.Kept)


class QuasiIdentifierStage:
    def __init__(self, settings: QuasiIdentifierSettings, cache_size: int = CACHE_SIZE) -> None:
        self.settings = settings
        self._find = Memo(self._find_uncached, cache_size)

    def _find_uncached(self, text: str, protected: tuple[Span, ...], year: int) -> tuple:
        from veil.rules.quasi import find_disclosures

        return tuple(find_disclosures(text, protected, year=year))

    def find(self, text: str, protected: Sequence[Span]) -> tuple:
        """The disclosures of ``text`` outside ``protected`` (the PII side's spans): what
        depends on the text alone, kept by text and spans (``key``)."""
        return self._find(*self.key(text, protected))

    @staticmethod
    def key(text: str, protected: Sequence[Span]) -> tuple[str, tuple[Span, ...], int]:
        # A nationality or religion is claimed by a disclosure, not excluded from them.
        firm = tuple(s for s in protected if s.label != labels.NORP)
        return text, firm, datetime.date.today().year

    def learn(self, key: tuple[str, tuple[Span, ...], int], found: tuple) -> None:
        """``find``'s answer for ``key``, made elsewhere (the reader process)."""
        self._find.put(key, found)

    def warm_up(self) -> None:
        geography.warm_up()
        self._find_uncached("I'm a 34-year-old nurse here in Portland.", (), 2026)

    def apply(
        self, text: str, protected: Sequence[Span], vault: Vault, kept: Sequence = ()
    ) -> QuasiResult:
        """``protected``: the PII side's spans; ``kept``: the public entities it keeps
        (analyzer.Kept), of which a repeat of a private place is no longer one."""
        operators = self.settings.operators
        # A nationality or religion the PII side protects ("I'm a Buddhist") is the
        # writer's disclosure when the recognizers read it as one: its operator decides.
        claimable = [s for s in protected if s.label == labels.NORP]
        found = self.find(text, protected)
        claimed = [s for s in claimable if any(d.span.overlaps(s) for d in found)]
        protected = tuple(s for s in protected if s not in claimed)
        protected, taken = _taken_over(text, protected, operators, self.settings.min_population)
        from veil.rules.quasi import with_echoes

        disclosures = sorted(
            [*found, *(t for t in taken if not any(t.span.overlaps(d.span) for d in found))],
            key=lambda d: d.span.start,
        )
        # a name disclosed once is disclosed wherever it is repeated
        disclosures = with_echoes(text, disclosures, protected)
        operations = apply_operators(
            text, disclosures, operators, vault, min_population=self.settings.min_population
        )
        operations, named = _places_said_by_name(text, operations)
        protected = _with_place_echoes(text, (*protected, *named), disclosures)
        kept = tuple(k for k in kept if not any(k.span.overlaps(p) for p in protected))
        rewrites = tuple(_rewrite(text, operation) for operation in operations)
        rewrites += _agreeing(text, operations, protected, rewrites)
        risk = estimate(operations) if operations else NO_RISK
        return QuasiResult(protected, rewrites, tuple(operations), risk, kept)


# A person word's decoy: whose pronouns follow it (rules/operators/agreement.py). A
# partner, child or ex is someone else; the writer as a parent or by gender is "I".
_THIRD_PERSON = frozenset({"spouse", "child", "ex", "sibling"})
_WRITER_AS_PERSON = frozenset({"self", "parent"})


def _agreeing(
    text: str,
    operations: Sequence[Operation],
    protected: Sequence[Span],
    rewrites: Sequence[Rewrite],
) -> tuple[Rewrite, ...]:
    """The pronouns that refer to a person whose gender a decoy changed ("my husband ...
    he" -> "my girlfriend ... she"), rewritten to agree with the decoy."""
    people = [
        o
        for o in operations
        if o.operator in _REWRITTEN
        and o.replacement
        and o.disclosure.attribute in ("family", "gender")
        and o.disclosure.detail in _THIRD_PERSON | _WRITER_AS_PERSON
    ]
    if not people:
        return ()
    from veil.rules.operators.agreement import agreements
    from veil.rules.quasi.regions import Regions

    regions = Regions(text, protected)
    taken = [r.span for r in rewrites]

    def blocked(start: int, end: int) -> bool:
        return regions.excluded(start, end) or any(s.start < end and start < s.end for s in taken)

    names = _names(text, protected)
    possessive, verb = _pronoun_readers(text)
    out: list[Rewrite] = []
    for operation in people:
        span = operation.disclosure.span
        for agreement in agreements(
            text,
            span.start,
            span.end,
            operation.surface,
            operation.replacement or "",
            operation.disclosure.detail in _THIRD_PERSON,
            blocked,
            names,
            possessive,
            verb,
        ):
            pronoun = Span(agreement.start, agreement.end, span.label, span.score, span.source)
            taken.append(pronoun)
            out.append(Rewrite(pronoun, Action(operation.operator), agreement.replacement))
    return tuple(out)


def _names(text: str, protected: Sequence[Span]) -> list[tuple[int, int]]:
    """Where people are named: the PII side's person spans and NER's (public figures
    too), each a possible antecedent of a later pronoun."""
    from veil.rules import syntax
    from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

    found = [(s.start, s.end) for s in protected if s.label == labels.PERSON]
    for offset, doc in syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS).ner_docs:
        found += [
            (offset + e.start_char, offset + e.end_char) for e in doc.ents if e.label_ == "PERSON"
        ]
    return found


def _pronoun_readers(text: str):
    """From the sentence's parse: whether a "her" is possessive ("her bag") or an object
    ("saw her"), and the finite verb a subject pronoun agrees with ("he says")."""
    from veil.rules import syntax
    from veil.rules.operators.agreement import plural_verb
    from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

    parses = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)

    def possessive(start: int, end: int) -> bool:
        span = parses.span(start, end)
        return span is not None and span[0].tag_ == "PRP$"

    def verb(start: int, end: int) -> tuple[int, int, str] | None:
        span = parses.span(start, end)
        if span is None:
            return None
        offset, _ = parses.parse(start, end)
        found = plural_verb(span[0])
        return None if found is None else (offset + found[0], offset + found[1], found[2])

    return possessive, verb


_PLACES = frozenset({"location", "birthplace"})
_REWRITTEN = (QIOperator.GENERALIZE, QIOperator.DECOY)


def _places_said_by_name(
    text: str, operations: Sequence[Operation]
) -> tuple[list[Operation], list[Span]]:
    """A place the writer discloses that no generalization can coarsen (a country, a city
    of millions: its area is itself) gets what the PII side gives such a place, the
    conversation's pseudonym, rather than going out as typed when the policy asked for it
    to be rewritten. Returns the other operations and the places' spans."""
    kept: list[Operation] = []
    named: list[Span] = []
    for operation in operations:
        disclosure = operation.disclosure
        if (
            disclosure.attribute in _PLACES
            and operation.asked in _REWRITTEN
            and operation.replacement is None
            and disclosure.detail in ("city", "country", "region")
            and geography.population_of(operation.surface.strip())
        ):
            span = disclosure.span
            named.append(Span(span.start, span.end, labels.LOCATION, span.score, span.source))
        else:
            kept.append(operation)
    return kept, named


def _with_place_echoes(
    text: str, protected: Sequence[Span], disclosures: Sequence
) -> tuple[Span, ...]:
    """``protected`` and every other mention, as a whole word, of a private place in it:
    a place the writer lives in or comes from says the same wherever it is repeated
    ("I live in Madrid ... the road from Madrid to Toledo"), so it gets the same
    pseudonym. Mentions inside quotations, code, other spans or disclosures are not;
    a mention in lower case repeats a capitalised name only if the writer wrote that
    one in lower case too (rules.quasi.with_echoes reads names alike)."""
    places = {
        text[s.start : s.end]
        for s in protected
        if s.label == labels.LOCATION and len(text[s.start : s.end].strip()) >= 4
    }
    if not places:
        return tuple(protected)
    from veil.rules.quasi import repeats
    from veil.rules.quasi.regions import Regions

    regions = Regions(text, protected)
    taken = [d.span for d in disclosures]
    echoes: list[Span] = []
    for surface in sorted(places, key=len, reverse=True):
        if geography.population_of(surface.strip()) is None:
            continue
        for start, end in repeats(text, surface, taken):
            if regions.excluded(start, end):
                continue
            echo = Span(start, end, labels.LOCATION, 0.6, "quasi.echo")
            taken.append(echo)
            echoes.append(echo)
    return tuple(sorted((*protected, *echoes), key=lambda s: s.start))


@dataclass(frozen=True, slots=True)
class TakenOver:
    """A private place or employer the PII side found, seen as what it discloses: where
    the writer lives, or whom they (or someone they know) work for."""

    span: Span
    attribute: str
    subject: str = "writer"
    value: str | None = None
    detail: str = ""


# "works at X", "my job at X", "employed by X", "interning with X"
_WORKS_FOR = regex.compile(
    r"(?:\b(?:work(?:s|ed|ing)?|job|employed|intern(?:s|ed|ing)?|shifts?|hired)"
    r"(?:\s+\w+){0,2}?\s+(?:at|for|with|by)\s+(?:the\s+)?)$",
    regex.IGNORECASE,
)


_TITLE_AT = regex.compile(r"([\p{L}-]+)\s+(?:at|for|with)\s+(?:the\s+)?$", regex.IGNORECASE)


def _works_for(before: str) -> bool:
    """Whether the words before an organisation make it someone's employer."""
    if _WORKS_FOR.search(before):
        return True
    title = _TITLE_AT.search(before)  # "a nurse at X", "engineers for X"
    if title is None:
        return False
    from veil.rules.quasi import occupation_group

    return occupation_group(title.group(1)) is not None


def _taken_over(
    text: str, protected: tuple[Span, ...], operators: dict, min_population: int
) -> tuple[tuple[Span, ...], list[TakenOver]]:
    from veil.rules.quasi.regions import Regions

    rewrites = (QIOperator.GENERALIZE, QIOperator.DECOY)
    quoted_or_code = Regions(text)  # someone else's words: left to the PII side
    places = operators["location"] in rewrites
    employers = operators["employer"] in rewrites
    kept: list[Span] = []
    taken: list[TakenOver] = []
    for span in protected:
        value = text[span.start : span.end]
        if quoted_or_code.excluded(span.start, span.end):
            kept.append(span)
        elif (
            places
            and span.label == labels.LOCATION
            and geography.population_of(value)
            and _says_less(value, operators["location"], min_population)
        ):
            taken.append(TakenOver(span, "location", value=value, detail="city"))
        elif (
            employers
            and span.label == labels.ORGANIZATION
            and _works_for(text[max(0, span.start - 60) : span.start])
        ):
            taken.append(TakenOver(span, "employer", value=value, detail="employer"))
        else:
            kept.append(span)
    return tuple(kept), taken


def _says_less(place: str, operator: QIOperator, min_population: int) -> bool:
    """Whether the operator's words for a place the PII side would pseudonymize say less
    than the place's name. A place big enough to be its own generalization (a country or
    a city of millions) would be sent as typed, which tells more than its pseudonym: it
    stays pseudonymized."""
    if operator is not QIOperator.GENERALIZE:
        return True  # a decoy names another place
    area = geography.generalize(place, min_population)
    # a city of millions is its own area, also under its full name ("Rio" -> "Rio de Janeiro")
    return (
        area is not None
        and area.kind != "city"
        and area.name.casefold() != place.strip().casefold()
    )


# on the span's own line, searched in the whole text so that "Riisa\n\n Estonia" has no
# article "a" (a slice would hide the letters before it)
_ARTICLE_BEFORE = regex.compile(r"(?<!\w)(an?)[ \t]+$", regex.IGNORECASE)
_DETERMINER_BEFORE = regex.compile(
    r"(?<!\w)(?:my|our|his|her|their|your|the|this|that|its)[ \t]+$", regex.IGNORECASE
)
_LEADING_ARTICLE = regex.compile(r"^(?:an?|the)\s+", regex.IGNORECASE)
_STARTS_WITH_DETERMINER = regex.compile(r"(?:an?|the|in|my|their|under)\s", regex.IGNORECASE)


def _rewrite(text: str, operation: Operation) -> Rewrite:
    span = operation.disclosure.span
    action = Action(operation.operator)  # an operator is named as the action it records
    replacement = operation.replacement
    if replacement is None:
        return Rewrite(span, action, None)
    # "my Bachelors" -> "my degree", not "my a degree": a determiner before the span
    # takes the place of the replacement's own article.
    if _DETERMINER_BEFORE.search(text, max(0, span.start - 8), span.start):
        bare = _LEADING_ARTICLE.sub("", replacement, count=1)
        return Rewrite(span, action, bare)
    # "an ICU nurse" -> "a professional": the article before the span follows the new word.
    article = _ARTICLE_BEFORE.search(text, max(0, span.start - 4), span.start)
    if article is None or not replacement:
        return Rewrite(span, action, replacement)
    start = span.start - (len(article.group(0)))
    written = article.group(1)
    if _STARTS_WITH_DETERMINER.match(replacement):
        new = replacement  # it brings its own: "a 34-year-old" -> "in my 30s"? drop "a"
        if written[:1].isupper():
            new = new[:1].upper() + new[1:]
    else:
        fitting = "an" if _vowel_sound(replacement) else "a"
        if written[:1].isupper():
            fitting = fitting.capitalize()
        new = f"{fitting} {replacement}"
    return Rewrite(span, action, new, start=start)


def _vowel_sound(word: str) -> bool:
    first = word.lstrip()[:2].casefold()
    if first[:1].isdigit():
        return first[:1] == "8" or first in {"11", "18"}
    if word.lstrip()[:3].casefold() in {"uni", "use", "usu", "one"}:
        return False
    return first[:1] in "aeiou" and first != "eu"


class EvidenceGeneralizer:
    """The slow stage's evidence, rewritten by the policy's operators: the attacker only
    has to point at a phrase and name the attribute; the words inside it that say the
    value are generalized by rule (rules/operators), and only what no rule can read is
    left to the anonymizer model. A decoy is generalized here too: the slow stage's
    results are shared across conversations by its cache, and a decoy belongs to one."""

    def __init__(self, settings: QuasiIdentifierSettings) -> None:
        self.settings = settings

    def key(self) -> object:
        return {
            "operators": {a: str(o) for a, o in sorted(self.settings.operators.items())},
            "min_population": self.settings.min_population,
        }

    def edits(self, text: str, leaks: list) -> tuple[list, list]:
        from veil.local_models.slow_stage.anonymizer import Edit

        edits: dict[str, Edit] = {}
        left = []
        for leak in leaks:
            attribute = leak.inference.attribute  # one name in both stages (rules/attributes)
            operator = self.settings.operators.get(attribute)
            if operator not in (QIOperator.GENERALIZE, QIOperator.DECOY):
                left.append(leak)
                continue
            covered = True
            for phrase in leak.inference.evidence:
                if phrase in edits:
                    continue
                replacement = self._generalized(phrase, attribute)
                if replacement is None:
                    covered = False
                else:
                    edits[phrase] = Edit(phrase, replacement, by_operator=True)
            if not covered:
                left.append(leak)
        return list(edits.values()), left

    def _generalized(self, phrase: str, attribute: str) -> str | None:
        from veil.rules.operators.evidence import read_evidence

        found = read_evidence(phrase, attribute)
        scratch = Vault()  # generalizing neither reads nor writes a vault
        operations = apply_operators(
            phrase,
            found,
            {attribute: QIOperator.GENERALIZE},
            scratch,
            min_population=self.settings.min_population,
        )
        rewrites = [
            _rewrite(phrase, operation)
            for operation in operations
            if operation.operator is QIOperator.GENERALIZE
        ]
        return redact(phrase, (), scratch, rewrites=rewrites).text if rewrites else None
