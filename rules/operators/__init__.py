"""What veil does with a quasi-identifier the writer disclosed (rules/quasi finds them).

- ``generalize``: say it less precisely (34 -> "30-something", Portland -> Oregon, an
  ICU nurse -> a health professional); lossy, never restored.
- ``decoy``: say something different of the same kind (34 -> 38, Portland -> another
  city of its size, husband -> girlfriend), after IncogniText (Frikha et al., 2024); the
  decoy is kept in the conversation's vault like a pseudonym, so answers come back with
  the real value.
- ``allow``: send it unchanged; ``warn``: send it unchanged and report it.

Each operator is named as the action the redaction records (rules.redact.Action), so a
disclosure sent as written is ``allow`` in the policy and in the log alike; ``keep`` is
veil's own verdict on a public entity. Policy files that still say ``keep`` for an
attribute mean ``allow`` (the policy schema reads the old word).

An operator that has nothing to say for a disclosure (a decoy for a health condition,
a generalization of something already coarse) falls back to the next coarser one:
decoy -> generalize -> warn, so nothing silently passes as if handled.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from veil.rules.spans import Span

if TYPE_CHECKING:
    from veil.rules.vault import Vault

# An area must hold this many people before a place is said by its name
# (generalizations.py).
MIN_POPULATION = 2_000_000


class QIOperator(StrEnum):
    """What a policy may ask for a disclosed attribute; each value is an Action's."""

    GENERALIZE = "generalize"
    DECOY = "decoy"
    ALLOW = "allow"
    WARN = "warn"


class DisclosureLike(Protocol):
    """What rules.quasi.Disclosure carries (a protocol, so operators need not import it)."""

    span: Span
    attribute: str
    subject: str
    value: str | int | None
    detail: str


@dataclass(frozen=True, slots=True)
class Operation:
    """One disclosure and what was done with it; ``replacement`` None: sent unchanged."""

    disclosure: DisclosureLike
    operator: QIOperator  # what was applied (after any fallback)
    replacement: str | None
    asked: QIOperator  # what the policy asked for
    surface: str  # the words as written


def apply_operators(
    text: str,
    disclosures: Sequence[DisclosureLike],
    operators: Mapping[str, QIOperator],
    vault: Vault,
    default: QIOperator = QIOperator.GENERALIZE,
    min_population: int = MIN_POPULATION,
) -> list[Operation]:
    """Decide each disclosure's replacement; decoys are taken from (and saved to) ``vault``
    so the same value gets the same decoy in every turn."""
    operations: list[Operation] = []
    for disclosure in disclosures:
        asked = QIOperator(operators.get(disclosure.attribute, default))
        operator, replacement = _apply(text, disclosure, asked, vault, min_population)
        surface = text[disclosure.span.start : disclosure.span.end]
        operations.append(Operation(disclosure, operator, replacement, asked, surface))
    return operations


def _apply(
    text: str,
    disclosure: DisclosureLike,
    asked: QIOperator,
    vault: Vault,
    min_population: int,
) -> tuple[QIOperator, str | None]:
    # imported here: the policy schema reads QIOperator without the place tables
    from veil.rules.operators import decoys, generalizations

    surface = text[disclosure.span.start : disclosure.span.end]
    if asked is QIOperator.DECOY:

        def make(rng: random.Random) -> str | None:
            return decoys.decoy(disclosure, surface, rng)

        made = vault.decoy_for(surface, disclosure.span.label, make, exclude_text=text)
        if made is not None:
            return QIOperator.DECOY, made
        asked = QIOperator.GENERALIZE
    if asked is QIOperator.GENERALIZE:
        general = generalizations.generalize(disclosure, surface, text, min_population)
        if general is not None and general.casefold() != surface.casefold():
            return QIOperator.GENERALIZE, general
        return QIOperator.WARN, None
    return asked, None


__all__ = [
    "MIN_POPULATION",
    "DisclosureLike",
    "Operation",
    "QIOperator",
    "apply_operators",
]
