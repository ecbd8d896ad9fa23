"""Words older policy files use for what veil now names otherwise: read as the new word,
with a deprecation note (once per process) saying what to write instead.

- attributes: ``sex`` is ``gender``, ``income_level`` is ``income``,
  ``relationship_status`` is ``family`` (rules/attributes.py);
- the quasi-identifier operator ``keep`` is ``allow``: the action the redaction records
  for what is sent as written (``keep`` is veil's verdict on a public entity).
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from veil.rules.attributes import ALIASES
from veil.rules.operators import QIOperator

log = logging.getLogger("veil")

OPERATOR_ALIASES: dict[str, QIOperator] = {"keep": QIOperator.ALLOW}


def attribute(name: Any, where: str) -> Any:
    """The attribute's current name for ``name``; anything else unchanged."""
    if isinstance(name, str) and name in ALIASES:
        _note(where, name, ALIASES[name])
        return ALIASES[name]
    return name


def operator(value: Any, where: str) -> Any:
    """The operator's current word for ``value``; anything else unchanged."""
    if isinstance(value, str) and value in OPERATOR_ALIASES:
        _note(where, value, str(OPERATOR_ALIASES[value]))
        return OPERATOR_ALIASES[value]
    return value


@cache
def _note(where: str, old: str, new: str) -> None:
    log.warning(
        "policy: %s: %r is deprecated, write %r (the old word still works for now)",
        where, old, new,
    )  # fmt: skip
