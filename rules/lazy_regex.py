"""The ``regex`` module, with patterns compiled on first use.

``regex`` parses a pattern in Python: the few hundred module-level patterns of the
recognizers and the judgement rules took about 1.5 s to compile at import, most of them
patterns a given text never reaches (a frame gated by a keyword, a provider's key
format). A module that imports this one as ``regex`` (``from veil.rules import
lazy_regex as regex``) gets everything of the ``regex`` module as it is, except that
``compile`` returns a stand-in that compiles on first use and then holds the compiled
pattern's own bound methods, so a call costs what it did before. The module-level
functions (``regex.search(pattern, ...)``) accept a stand-in as well as a string.

A stand-in keeps ``pattern`` (the source, for building larger patterns) without
compiling. ``compile_all`` compiles every stand-in still in use: the proxy does it in
its background warm-up, so that no request pays for a first use, and the tests do it so
that a bad pattern still fails at once.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

import regex as _regex

# All of regex.Pattern's public attributes.
_ATTRIBUTES = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subf",
    "subn",
    "subfn",
    "split",
    "splititer",
    "scanner",
    "flags",
    "groups",
    "groupindex",
    "named_lists",
)

_made: weakref.WeakSet[LazyPattern] = weakref.WeakSet()
_made_lock = threading.Lock()


class LazyPattern:
    """``regex.compile(pattern, flags, **kwargs)``, done on first use."""

    def __init__(self, pattern: str, flags: int = 0, **kwargs: Any) -> None:
        self.pattern = pattern
        self._arguments = (flags, kwargs)

    def compiled(self) -> _regex.Pattern[str]:
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            flags, kwargs = self._arguments
            compiled = _regex.compile(self.pattern, flags, **kwargs)
            # Two threads may both get here: each compiles the same pattern, either wins.
            for name in _ATTRIBUTES:
                self.__dict__[name] = getattr(compiled, name)
            self.__dict__["_compiled"] = compiled
        return compiled

    def __getattr__(self, name: str) -> Any:
        # Reached only for what the instance does not hold yet: before the first use.
        if name.startswith("__") or name in ("_arguments", "_compiled"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self._arguments[0]!r})"


def compile(pattern: Any, flags: int = 0, **kwargs: Any) -> Any:
    """A pattern that ``regex.compile``s itself on first use (a compiled one as it is)."""
    if not isinstance(pattern, str):
        return _regex.compile(_real(pattern), flags, **kwargs)
    lazy = LazyPattern(pattern, flags, **kwargs)
    with _made_lock:
        _made.add(lazy)
    return lazy


def compile_all() -> int:
    """Compile every stand-in still in use; how many there are."""
    with _made_lock:
        made = list(_made)
    for lazy in made:
        lazy.compiled()
    return len(made)


def _real(pattern: Any) -> Any:
    return pattern.compiled() if isinstance(pattern, LazyPattern) else pattern


def _taking_a_pattern(name: str) -> Any:
    function = getattr(_regex, name)

    def call(pattern: Any, *args: Any, **kwargs: Any) -> Any:
        return function(_real(pattern), *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = function.__doc__
    return call


search = _taking_a_pattern("search")
match = _taking_a_pattern("match")
fullmatch = _taking_a_pattern("fullmatch")
finditer = _taking_a_pattern("finditer")
findall = _taking_a_pattern("findall")
sub = _taking_a_pattern("sub")
subf = _taking_a_pattern("subf")
subn = _taking_a_pattern("subn")
subfn = _taking_a_pattern("subfn")
split = _taking_a_pattern("split")
splititer = _taking_a_pattern("splititer")


prefixmatch = _taking_a_pattern("prefixmatch")

# Everything else is the regex module's own: flags, escape, Pattern, Match, error, ...
globals().update({name: getattr(_regex, name) for name in _regex.__all__ if name not in globals()})


def __getattr__(name: str) -> Any:
    return getattr(_regex, name)
