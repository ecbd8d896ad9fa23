"""The fast stage's recognition: normalize -> recognize -> lists -> thresholds -> merge."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from veil.rules.lists import AllowList, DenyList
from veil.rules.merge import DENY_SOURCE, resolve_overlaps
from veil.rules.normalize import normalize
from veil.rules.registry import Recognizer, create
from veil.rules.spans import Span

# Everything veil ships that needs no optional extra or local model.
DEFAULT_RECOGNIZERS: tuple[str, ...] = (
    "regex.email.v1",
    "phonenumbers.phone.v1",
    "regex.credit_card.v1",
    "regex.iban.v1",
    "regex.us_ssn.v1",
    "regex.ip_address.v1",
    "regex.mac_address.v1",
    "regex.url.v1",
    "regex.username.v1",
    "regex.date_of_birth.v1",
    "regex.street_address.v1",
    "regex.id_number.v1",
    "secrets.v1",
    "spacy.ner.v1",
    "names.v1",
)

# Statistical recognizers read language, so they see the text as typed, not normalized.
_TEXT_AS_TYPED_ONLY = ("spacy.", "gliner.", "names.")

DEFAULT_THRESHOLD = 0.5
DISGUISE_BONUS = 0.2


@dataclass
class Analyzer:
    recognizers: Sequence[Recognizer]
    allow_list: AllowList = field(default_factory=AllowList)
    deny_list: DenyList = field(default_factory=DenyList)
    thresholds: Mapping[str, float] = field(default_factory=dict)
    default_threshold: float = DEFAULT_THRESHOLD

    @classmethod
    def from_names(cls, names: Sequence[str] = DEFAULT_RECOGNIZERS, **kwargs) -> Analyzer:
        return cls(recognizers=[create(name) for name in names], **kwargs)

    def analyze(self, text: str) -> list[Span]:
        spans: list[Span] = []
        for recognizer in self.recognizers:
            spans.extend(recognizer.find(text))
        return self._finish(text, spans)

    def _finish(self, text: str, spans: list[Span]) -> list[Span]:
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
        spans.extend(self.deny_list.find(text))
        spans = [s for s in spans if s.source == DENY_SOURCE or s.score >= self._threshold(s)]
        spans = self.allow_list.filter(text, spans)
        return resolve_overlaps(spans)

    def _threshold(self, span: Span) -> float:
        return self.thresholds.get(span.label, self.default_threshold)
