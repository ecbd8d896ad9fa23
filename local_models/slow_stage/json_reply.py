"""Reading a model's JSON reply: a reply that is not the JSON asked for is an error that
says what was wrong, never a silent empty result."""

from __future__ import annotations

import json
from typing import Any

from veil.local_models.backend import LLMError


class BadReply(LLMError):
    """The model answered, but not with the JSON document the schema asks for."""


def parse_object(reply: str, key: str, what: str) -> list[dict[str, Any]]:
    """The list under ``key`` in a JSON object reply; items that are not objects are skipped."""
    try:
        document = json.loads(reply)
    except json.JSONDecodeError as error:
        raise BadReply(f"{what}: reply is not JSON ({error.msg} at char {error.pos})") from None
    if not isinstance(document, dict) or not isinstance(document.get(key), list):
        raise BadReply(f"{what}: reply has no list {key!r}")
    return [item for item in document[key] if isinstance(item, dict)]


def text_field(item: dict[str, Any], key: str, limit: int) -> str:
    value = item.get(key)
    return value.strip()[:limit] if isinstance(value, str) else ""


def text_list(item: dict[str, Any], key: str, limit: int, count: int) -> tuple[str, ...]:
    values = item.get(key)
    if not isinstance(values, list):
        return ()
    cleaned = (v.strip()[:limit] for v in values if isinstance(v, str))
    return tuple(v for v in cleaned if v)[:count]
