"""Closed by default: the strings of a body that no adapter slot covers.

An adapter knows where a site puts the user's text and the model's; everything else in
the body (a field it was not written for, a part type new to it, a tool's description,
the API's ``user`` field, a mapping key that is not a field name) is returned here as
residual slots, which the proxy scans like the user's own text. Only fields that cannot
carry text pass unscanned:
a short list of names (``INERT_KEYS`` and each adapter's own) whose value is an
identifier (letters, digits and ``_.:/+=-``, no spaces, no ``@``) that the secret
detectors find no token in (a key pasted into ``model`` is still caught), and the nodes a
file or
a signature makes untouchable (uploads follow the ``uploads`` policy; Anthropic's signed
thinking blocks are refused by the API once edited and hold only pseudonyms).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from veil.policies.pipeline import FIELD_ROLE
from veil.proxy.adapters.base import KeyName, Path, TextSlot
from veil.proxy.uploads import FILE_KEYS, is_file_part
from veil.rules.recognizers.secrets import SecretRecognizer

# read in full by the fast stage, never rewritten by the slow stage (policies.pipeline)
RESIDUAL_ROLE = FIELD_ROLE

# A value these fields hold is a setting or an id, never the user's words, when it has
# the shape of one (checked by IDENTIFIER as well: a name or an e-mail is scanned).
INERT_KEYS = frozenset({
    "model", "type", "role", "object", "status", "id", "action", "kind", "stream",
    "content_type", "mime_type", "mimetype", "encoding_format", "format", "version",
    "locale", "language", "timezone", "timezone_offset_min", "rendering_mode",
    "tool_choice", "reasoning_effort", "service_tier", "truncation", "verbosity",
    "finish_reason", "stop_reason", "effort", "mode", "category", "threshold",
    "response_mime_type", "responsemimetype", "keep_alive", "detail", "modalities",
})  # fmt: skip
IDENTIFIER = re.compile(r"[A-Za-z0-9_.:/+=-]{0,128}")
# Mapping keys that are field names ("messages", "systemInstruction"): a word in snake or
# camel case, no digits, no capital first letter. Any other key (an e-mail, a number, a
# token, "Jane Doe") is scanned like a value.
FIELD_NAME = re.compile(r"[a-z][A-Za-z_]{0,39}")


def is_inert(key: str | int | None, value: str, extra_keys: frozenset[str] = frozenset()) -> bool:
    """Whether a string under ``key`` can pass unscanned (see the module docstring)."""
    if not value.strip():
        return True  # nothing to find
    if not isinstance(key, str) or not IDENTIFIER.fullmatch(value):
        return False
    name = key.lower()
    is_id = (name == "id" or name.endswith(("_id", "-id")) or key.endswith("Id")) and not (
        name.startswith("user")  # a user id may well be an e-mail or a name: scanned
    )
    return (name in INERT_KEYS or name in extra_keys or is_id) and not holds_secret(value)


@functools.lru_cache(maxsize=4096)
def holds_secret(value: str) -> bool:
    """Whether the secret detectors find a token in an identifier-shaped value. Kept per
    value: every request repeats the same few ("gpt-4o", "user", "auto"), and running
    every detector on each took a fiftieth of the proxy's time under 50 clients (values
    are at most 128 characters: the cache stays small)."""
    return bool(_secrets().find(value))


@functools.cache
def _secrets() -> SecretRecognizer:
    return SecretRecognizer()


def residual_slots(
    body: Any,
    covered: set[Path],
    *,
    extra_inert_keys: frozenset[str] = frozenset(),
    untouchable: Callable[[dict[str, Any]], bool] = lambda node: False,
    roots: tuple[Path, ...] = ((),),
) -> list[TextSlot]:
    """Every string (and mapping key) under ``roots`` that is not at a ``covered`` path,
    not inert, not inside an ``untouchable`` node and not file data (``FILE_KEYS``)."""
    walk = _Walk(covered, extra_inert_keys, untouchable)
    slots: list[TextSlot] = []
    for root in roots:
        node = _at(body, root)
        if node is not None:
            slots += [
                TextSlot(path, RESIDUAL_ROLE, text) for path, text in walk.strings(node, root)
            ]
    return slots


def _at(body: Any, path: Path) -> Any:
    for step in path:
        try:
            body = body[step]
        except (KeyError, IndexError, TypeError):
            return None
    return body


class _Walk:
    def __init__(
        self,
        covered: set[Path],
        extra_inert_keys: frozenset[str],
        untouchable: Callable[[dict[str, Any]], bool],
    ) -> None:
        self.covered = covered
        self.extra = extra_inert_keys
        self.untouchable = untouchable

    def strings(self, node: Any, path: Path) -> Iterator[tuple[Path, str]]:
        # An explicit stack, not recursion: a body may nest thousands of levels deep.
        stack: list[tuple[Any, Path, str | int | None]] = [(node, path, None)]
        while stack:
            value, at, name = stack.pop()
            if at in self.covered:
                continue
            if isinstance(value, str):
                if not is_inert(name, value, self.extra):
                    yield at, value
            elif isinstance(value, list):
                stack.extend((item, (*at, i), name) for i, item in enumerate(value))
            elif isinstance(value, dict) and not (is_file_part(value) or self.untouchable(value)):
                for key, child in value.items():
                    if not FIELD_NAME.fullmatch(key) and key.strip():
                        yield (*at, KeyName(key)), key
                    if key not in FILE_KEYS:  # file data: the uploads policy decides
                        stack.append((child, (*at, key), key))
