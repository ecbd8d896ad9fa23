"""The fast stage's recognition: normalize -> recognize -> lists -> thresholds -> merge."""

from __future__ import annotations

import bisect
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

import regex

from veil.rules import gazetteer, labels, name_extent, notability, truecase
from veil.rules.choices import DEFAULT_RECOGNIZERS, DEFAULT_THRESHOLD, PublicEntities
from veil.rules.compounds import join_compound_names
from veil.rules.domain_names import domain_echoes, firm_names
from veil.rules.linking import link
from veil.rules.lists import AllowList, DenyList
from veil.rules.locatives import closed_class
from veil.rules.merge import DENY_SOURCE, join_adjacent_names, resolve_overlaps
from veil.rules.normalize import normalize
from veil.rules.pattern import KOREAN_PARTICLES
from veil.rules.registry import Recognizer, create
from veil.rules.spans import Span
from veil.rules.subject import DECIDED_LABELS, Reason, Referee, Subject, Verdict, decide

# Statistical recognizers read language, so they see the text as typed, not normalized.
_TEXT_AS_TYPED_ONLY = ("spacy.", "gliner.", "names.", "institutions.", "places.")


def reads_language(recognizer: str) -> bool:
    """Whether a recognizer reads language (NER, name lists) rather than a format (an
    e-mail address, a card number, a token): those need the text's author to be known."""
    return recognizer.startswith(_TEXT_AS_TYPED_ONLY)


DISGUISE_BONUS = 0.2
ECHO_SOURCE = "subject.echo"


@dataclass(frozen=True, slots=True)
class Kept:
    """A public entity left in the text, and why veil thinks it is public."""

    span: Span
    reason: Reason


@dataclass(frozen=True, slots=True)
class Analysis:
    protected: tuple[Span, ...]
    kept: tuple[Kept, ...] = ()


@dataclass(frozen=True)
class RefereeSettings:
    """A local model asked about names nothing else decides; any failure protects."""

    referee: Referee
    max_calls: int = 4  # per text
    budget_s: float = 2.0  # per text, all calls together


@dataclass
class Analyzer:
    recognizers: Sequence[Recognizer]
    allow_list: AllowList = field(default_factory=AllowList)
    deny_list: DenyList = field(default_factory=DenyList)
    thresholds: Mapping[str, float] = field(default_factory=dict)
    default_threshold: float = DEFAULT_THRESHOLD
    # label -> keep | protect for public entities; labels not named are kept
    public_entities: Mapping[str, PublicEntities] = field(default_factory=dict)
    referee: RefereeSettings | None = None

    @classmethod
    def from_names(cls, names: Sequence[str] = DEFAULT_RECOGNIZERS, **kwargs) -> Analyzer:
        return cls(recognizers=[create(name) for name in names], **kwargs)

    def analyze(self, text: str) -> list[Span]:
        """The spans to protect."""
        return list(self.analyze_subjects(text).protected)

    def analyze_subjects(self, text: str) -> Analysis:
        """The spans to protect, and the public entities left as they are."""
        # (the same length as the text: what is found in it is found in the text)
        read, casual = truecase.read(text)
        spans: list[Span] = []
        for recognizer in self.recognizers:
            spans.extend(recognizer.find(read))
        return self._by_subject(read, self._finish(read, spans, typed=text), casual)

    def _by_subject(self, text: str, spans: list[Span], casual: bool = False) -> Analysis:
        verdicts = decide(text, spans, casual=casual)
        verdicts = self._referee(text, spans, verdicts)
        protected: list[Span] = []
        kept: list[Kept] = []
        for span, verdict in zip(spans, verdicts, strict=True):
            if verdict.label != span.label:
                span = replace(span, label=verdict.label)
            keep = self.public_entities.get(span.label, PublicEntities.KEEP)
            if (
                verdict.subject is Subject.PUBLIC
                and span.label in DECIDED_LABELS
                and keep is PublicEntities.KEEP
            ):
                kept.append(Kept(span, verdict.reason))
            else:
                protected.append(span)
        protected = name_extent.widen(text, protected, [k.span for k in kept])
        protected = name_extent.join_places(text, protected)
        protected, towns = name_extent.join_address_parts(text, protected, [k.span for k in kept])
        if towns:
            kept = [k for k in kept if k.span not in towns]
        protected = name_extent.join_names(text, protected)
        protected += _echoes(text, protected, kept)
        protected += _identifier_echoes(text, protected, kept)
        short_names = _short_name_echoes(text, protected, kept)
        if short_names:
            # (over a verdict of "public" for want of context: the same firm, named short)
            kept = [k for k in kept if not any(k.span.overlaps(s) for s in short_names)]
            protected += short_names
        firms = firm_names(text, [s for s in protected if s.label == labels.EMAIL])
        if firms:
            # the domain outweighs a public verdict ("Quillfern" kept as a nationality)
            moved = [k for k in kept if text[k.span.start : k.span.end].casefold() in firms]
            kept = [k for k in kept if k not in moved]
            protected += [replace(k.span, label=labels.ORGANIZATION) for k in moved]
            protected += domain_echoes(text, firms, [*protected, *(k.span for k in kept)])
        return Analysis(tuple(sorted(protected, key=lambda s: s.start)), tuple(kept))

    def _referee(self, text: str, spans: list[Span], verdicts: list[Verdict]) -> list[Verdict]:
        settings = self.referee
        if settings is None:
            return verdicts
        out = list(verdicts)
        deadline = time.monotonic() + settings.budget_s
        calls = 0
        for i, (span, verdict) in enumerate(zip(spans, verdicts, strict=True)):
            if verdict.subject is not Subject.UNKNOWN:
                continue
            if self.public_entities.get(verdict.label, PublicEntities.KEEP) is not (
                PublicEntities.KEEP
            ):
                continue  # protected whatever the answer: do not spend a call
            if calls >= settings.max_calls or time.monotonic() >= deadline:
                break  # the rest stay protected
            calls += 1
            try:
                public = settings.referee.is_public(
                    text, text[span.start : span.end], verdict.label, deadline
                )
            except Exception:  # fail closed: the span stays protected
                out[i] = Verdict(Subject.UNKNOWN, Reason.REFEREE_FAILED, verdict.label)
                continue
            if public and time.monotonic() <= deadline:
                out[i] = Verdict(Subject.PUBLIC, Reason.REFEREE_PUBLIC, verdict.label)
        return out

    def _finish(self, text: str, spans: list[Span], typed: str | None = None) -> list[Span]:
        """The spans above their thresholds, less the allowed, plus the denied terms (as
        the user typed them: ``typed``, where ``text`` is the text recased)."""
        normalized = normalize(text)
        if normalized.changed:
            for recognizer in self.recognizers:
                if recognizer.name.startswith(_TEXT_AS_TYPED_ONLY):
                    continue
                for found in recognizer.find(normalized.text):
                    original = normalized.to_original(found)
                    if normalized.touches_edit(original):
                        # Spelled out or spaced apart on purpose: that is evidence too.
                        original = replace(
                            original, score=min(0.95, original.score + DISGUISE_BONUS)
                        )
                    spans.append(original)
        spans.extend(self.deny_list.find(text if typed is None else typed))
        spans = [s for s in spans if s.source == DENY_SOURCE or s.score >= self._threshold(s)]
        spans = self.allow_list.filter(text, spans)
        spans = name_extent.trim_leading_words(
            text, name_extent.cut_at_quotations(text, resolve_overlaps(text, spans))
        )
        linked = link(text, join_adjacent_names(text, spans))
        return join_compound_names(text, linked, given_name=_given_name)

    def _threshold(self, span: Span) -> float:
        return self.thresholds.get(span.label, self.default_threshold)


def _given_name(word: str) -> bool:
    from veil.rules.recognizers.names import is_listed_first_name

    return is_listed_first_name(word)


_ECHO_SKIP = frozenset({"mr", "mrs", "ms", "dr"})


MAX_ECHO_NAMES = 200  # distinct private names followed through one text


# Echo patterns kept, of a few names each: a conversation's turns name the same people,
# and the regex module compiles in Python (about 0.7 ms a pattern). Longer lists are one
# text's own (a roster): compiled for it alone, not kept.
_ECHO_PATTERNS_KEPT = 128
_ECHO_NAMES_KEPT = 8


# Identifiers that a text names again where no pattern sees them: a handle first read in
# a package's path, then in prose ("@lisa-simpson-dev/tool ... lisa-simpson-dev is me").
_ECHOED_IDENTIFIERS = frozenset({labels.USERNAME, labels.URL})
_SHORTEST_ECHOED_IDENTIFIER = 4
# a pattern each (about 0.7 ms to compile): a log naming hundreds of accounts is followed
# for its first ones, which the recognizers found anyway where they stood
_MOST_ECHOED_IDENTIFIERS = 32


def _identifier_echoes(text: str, protected: list[Span], kept: list[Kept]) -> list[Span]:
    """Other mentions of a protected handle or host, as written, as a word of its own."""
    values = {
        (text[s.start : s.end], s.label)
        for s in protected
        if s.label in _ECHOED_IDENTIFIERS and s.end - s.start >= _SHORTEST_ECHOED_IDENTIFIER
    }
    if not values:
        return []
    taken = [*protected, *(k.span for k in kept)]
    found: list[Span] = []
    for value, label in sorted(values)[:_MOST_ECHOED_IDENTIFIERS]:
        # (a host after a URL's "user@" too)
        pattern = regex.compile(
            rf"(?<![\w/.\-]){regex.escape(value)}(?![\w\-]|/\w)", cache_pattern=False
        )
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(s.start < end and start < s.end for s in (*taken, *found)):
                continue
            found.append(Span(start, end, label, 0.8, ECHO_SOURCE))
    return found


def _short_name_echoes(text: str, protected: list[Span], kept: list[Kept]) -> list[Span]:
    """A private firm, school or clinic named again by the words before its kind ("our
    client Brightwell Dental ... before the Brightwell demo"), as written, capitalised."""
    from veil.rules.recognizers.institutions import HEAD_WORD

    short: set[str] = set()
    for span in protected:
        if span.label != labels.ORGANIZATION:
            continue
        words = text[span.start : span.end].split()
        if len(words) in (2, 3) and HEAD_WORD.fullmatch(words[-1]):
            name = " ".join(words[:-1])
            if all(w[:1].isupper() and len(w) >= 4 for w in words[:-1]):
                short.add(name)
    common = gazetteer.load("name_common_words")
    # (not a word the text also uses in a public name: "Lincoln Elementary" beside
    # "Abraham Lincoln ... Lincoln's childhood")
    public_words = {
        w for k in kept if len(words := text[k.span.start : k.span.end].split()) > 1 for w in words
    }
    short = {
        n
        for n in short
        if n.casefold() not in common and not closed_class(n) and n not in public_words
    }
    if not short:
        return []
    found: list[Span] = []
    # (alone: not the last word of a longer name, "Abraham Lincoln" beside "Lincoln High")
    pattern = regex.compile(
        rf"(?<![\w@/.\-])(?<!\p{{Lu}}[\p{{L}}.]*[ \t]+)"
        rf"(?:{'|'.join(map(regex.escape, sorted(short)))})(?![\w\-])(?![ \t]+\p{{Lu}})"
    )
    for match in pattern.finditer(text):
        start, end = match.span()
        if any(s.start < end and start < s.end for s in (*protected, *found)):
            continue
        # a verdict of "public" on the same word alone gives way: the firm, named short
        if any(
            k.span.overlaps(Span(start, end, labels.ORGANIZATION, 0.8, ECHO_SOURCE))
            and (k.span.start, k.span.end) != (start, end)
            for k in kept
        ):
            continue
        found.append(Span(start, end, labels.ORGANIZATION, 0.8, ECHO_SOURCE))
    return found


def _echo_pattern(alternatives: tuple[str, ...], flags: int) -> regex.Pattern[str]:
    if len(alternatives) > _ECHO_NAMES_KEPT:
        return _compile_echo_pattern(alternatives, flags)
    return _kept_echo_pattern(alternatives, flags)


def _compile_echo_pattern(alternatives: tuple[str, ...], flags: int) -> regex.Pattern[str]:
    # not the first word of a longer name ("Taylor" in "Taylor Swift"); not kept in the
    # regex module's cache of 500 patterns. A Korean name takes its particles joined to
    # it ("서윤이가", "서윤이는": the familiar "이", then the subject's or the topic's).
    return regex.compile(
        rf"(?<![\w@.])({'|'.join(alternatives)})"
        rf"(?:(?<=\p{{Hangul}})(?:{KOREAN_PARTICLES}))?(?![\w@])(?![ \t]+(?-i:\p{{Lu}}))",
        flags,
        cache_pattern=False,
    )


_kept_echo_pattern = lru_cache(maxsize=_ECHO_PATTERNS_KEPT)(_compile_echo_pattern)


def _echoes(text: str, protected: list[Span], kept: list[Kept]) -> list[Span]:
    """Other mentions of a private person's name that no recognizer saw ("taylor is 8"
    after "my daughter Taylor"). Names that are also words, well-known places or
    languages are only followed in the case they were written in. One pass over the
    text per case rule, however many names."""
    names = {text[s.start : s.end] for s in protected if s.label == labels.PERSON}
    # "Noor" after "Noor Al-Sayegh": the first name alone is the same person.
    names |= {n.split()[0] for n in names if " " in n and n.split()[0][:1].isupper()}
    common = gazetteer.load("name_common_words")
    exact, folded = [], []
    for name in sorted(names, key=len, reverse=True)[:MAX_ECHO_NAMES]:
        # (two Hangul syllables are a whole given name: "서윤")
        short = len(name) < 3 and not (len(name) == 2 and regex.fullmatch(r"\p{Hangul}+", name))
        if short or name.casefold() in _ECHO_SKIP:
            continue
        place = notability.place(name)
        ambiguous = (
            name.casefold() in common
            or (place is not None and place.prominent)
            or notability.is_language_or_nationality(name)
        )
        (exact if ambiguous else folded).append(regex.escape(name))
    taken = sorted([*protected, *(k.span for k in kept)], key=lambda s: s.start)
    starts = [s.start for s in taken]
    found: list[Span] = []
    for alternatives, flags in ((exact, 0), (folded, regex.IGNORECASE)):
        if not alternatives:
            continue
        for match in _echo_pattern(tuple(alternatives), flags).finditer(text):
            start, end = match.span(1)  # (the name, without a Korean particle after it)
            index = bisect.bisect_right(starts, start)
            if any(s.start < end and start < s.end for s in taken[max(0, index - 1) : index + 1]):
                continue
            echo = Span(start, end, labels.PERSON, 0.8, ECHO_SOURCE)
            found.append(echo)
            taken.insert(index, echo)  # later matches must not overlap it either
            starts.insert(index, start)
    return found
