"""Recognizers and their registry of versioned names (``regex.email.v1``, ``spacy.ner.v1``).

Policy files list recognizers by these names; a new behaviour gets a new version so an
existing policy keeps meaning what it meant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from veil.rules.spans import Span


@runtime_checkable
class Recognizer(Protocol):
    name: str
    labels: tuple[str, ...]

    def find(self, text: str) -> list[Span]: ...


RecognizerFactory = Callable[..., Recognizer]

_FACTORIES: dict[str, RecognizerFactory] = {}


class UnknownRecognizerError(KeyError):
    def __str__(self) -> str:
        known = ", ".join(sorted(_FACTORIES))
        return f"unknown recognizer {self.args[0]!r}; known: {known}"


def register(name: str) -> Callable[[RecognizerFactory], RecognizerFactory]:
    """Register a recognizer factory (a class or a function) under a versioned name."""

    def decorate(factory: RecognizerFactory) -> RecognizerFactory:
        if name in _FACTORIES and _FACTORIES[name] is not factory:
            raise ValueError(f"recognizer name {name!r} registered twice")
        _FACTORIES[name] = factory
        return factory

    return decorate


def create(name: str, **config: object) -> Recognizer:
    _load_builtin()
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise UnknownRecognizerError(name) from None
    return factory(**config)


def registered_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def _load_builtin() -> None:
    # Importing the package registers every built-in recognizer.
    import veil.rules.recognizers  # noqa: F401
