"""What a policy chooses among, apart from the code that carries the choices out.

The policy schema validates a file against these words and defaults; they live here,
with nothing heavier than the standard library, so that reading a policy (``veil
check``, ``veil policy``) does not import the recognizers, name lists and place tables
that ``redact``, ``vault`` and ``analyzer`` need to act on them (those re-export them).
"""

from __future__ import annotations

from enum import StrEnum


class Action(StrEnum):
    PSEUDONYMIZE = "pseudonymize"  # consistent, restorable stand-in
    MASK = "mask"  # one-way, typed, fixed length
    BLOCK = "block"  # the whole message must not be sent
    WARN = "warn"  # sent unchanged, reported
    ALLOW = "allow"  # sent unchanged, not reported as a risk
    KEEP = "keep"  # veil's verdict on a public entity (a public figure, a city as topic): sent
    GENERALIZE = "generalize"  # a quasi-identifier said less precisely
    DECOY = "decoy"  # a quasi-identifier replaced by a plausible other value, restored


# What only veil decides: a policy's ``actions`` cannot name these for a PII label.
VEIL_ONLY_ACTIONS = frozenset({Action.KEEP, Action.GENERALIZE, Action.DECOY})


class PseudonymStyle(StrEnum):
    PLACEHOLDER = "placeholder"  # [[PERSON_1]]: survives Markdown and HTML
    SURROGATE = "surrogate"  # realistic fake values, check digits valid


class PublicEntities(StrEnum):
    """What happens to a span that names a public entity rather than a private person."""

    KEEP = "keep"  # sent unchanged (the question is about it)
    PROTECT = "protect"  # replaced like private data


# Everything veil ships that needs no optional extra or local model.
DEFAULT_RECOGNIZERS: tuple[str, ...] = (
    "regex.email.v1",
    "phonenumbers.phone.v1",
    "regex.credit_card.v1",
    "regex.iban.v1",
    "regex.crypto_wallet.v1",
    "regex.us_ssn.v1",
    "regex.ip_address.v1",
    "regex.mac_address.v1",
    "regex.url.v1",
    "regex.username.v1",
    "regex.date_of_birth.v1",
    "regex.street_address.v1",
    "regex.id_number.v1",
    "stdnum.national_id.v1",
    "secrets.v1",
    "spacy.ner.v1",
    "names.v1",
    "institutions.v1",
    "places.v1",
)

DEFAULT_THRESHOLD = 0.5
