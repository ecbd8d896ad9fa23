"""One benchmark case: a text, and the character ranges a detector must protect in it.

Cases are generated from each identifier's specification (check digits, lengths,
alphabets) and each token's documented format, never copied from another project's
tests. A negative case has no range: any span found in it is a false positive.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    family: str  # "national_id", "secret" or "generic"
    kind: str  # what the value is: "au.abn", "slack.bot_token", "credit_card"
    text: str
    spans: tuple[tuple[int, int], ...]  # empty: a negative case
    spec: str  # where the format is published (a document or a URL)

    @property
    def positive(self) -> bool:
        return bool(self.spans)


def embed(
    family: str, kind: str, spec: str, template: str, value: str, *, positive: bool = True
) -> Case:
    """A case from a sentence template with one ``{}`` where ``value`` goes."""
    if template.count("{}") != 1:
        raise ValueError(f"template needs exactly one {{}}: {template!r}")
    start = template.index("{}")
    text = template.replace("{}", value)
    spans = ((start, start + len(value)),) if positive else ()
    return Case(family, kind, text, spans, spec)


# A generator of cases: one module per family, each drawing its values from ``rng`` so a
# seed fixes the whole set.
CaseSource = Callable[[random.Random], list[Case]]
