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

Compiled patterns are also kept in a table in the user cache, as .pyc files keep compiled
code: ``regex`` pickles a pattern as the arguments of its C constructor (the compiled
program), and rebuilding one from them takes microseconds instead of milliseconds. Only
patterns made while a module is imported go there (the rules' own, never one made from a
message's words or a vault's values); an entry is found by the pattern's source and
flags, so one the code no longer makes is never used, and a pattern not in the table is
compiled as usual. ``compile_all(save=True)`` (the proxy's warm-up, ``veil tables
build``) writes the table anew when it lacks a pattern.
"""

from __future__ import annotations

import hashlib
import importlib
import logging
import marshal
import os
import sys
import tempfile
import threading
import weakref
from pathlib import Path
from typing import Any

import regex as _regex

log = logging.getLogger("veil")

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

    def __init__(
        self, pattern: str, flags: int = 0, *, stored: bool = False, **kwargs: Any
    ) -> None:
        self.pattern = pattern
        self._arguments = (flags, kwargs)
        # a rule's own pattern (made at import): may be read from and written to the table
        self._stored = stored and not kwargs

    def compiled(self) -> _regex.Pattern[str]:
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            flags, kwargs = self._arguments
            if self._stored:
                compiled = _from_table(self.pattern, int(flags))
            if compiled is None:
                compiled = _regex.compile(self.pattern, flags, **kwargs)
            # Two threads may both get here: each compiles the same pattern, either wins.
            for name in _ATTRIBUTES:
                self.__dict__[name] = getattr(compiled, name)
            self.__dict__["_compiled"] = compiled
        return compiled

    def __getattr__(self, name: str) -> Any:
        # Reached only for what the instance does not hold yet: before the first use.
        if name.startswith("__") or name in ("_arguments", "_compiled", "_stored"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self._arguments[0]!r})"


def compile(pattern: Any, flags: int = 0, **kwargs: Any) -> Any:
    """A pattern that ``regex.compile``s itself on first use (a compiled one as it is)."""
    if not isinstance(pattern, str):
        return _regex.compile(_real(pattern), flags, **kwargs)
    lazy = LazyPattern(pattern, flags, stored=_at_import(), **kwargs)
    with _made_lock:
        _made.add(lazy)
    return lazy


def compile_now(pattern: str, flags: int = 0) -> _regex.Pattern[str]:
    """A pattern made at run time from a message's words or a vault's values, compiled
    now (off the event loop, where its maker runs) and kept by its maker alone: not in
    the regex module's cache of 500 patterns, where a long chat's patterns (megabytes
    each) would stay long after the chat moved on."""
    compiled = _regex.compile(pattern, flags, cache_pattern=False)
    _LOCALE_SENSITIVE.pop((str, pattern), None)
    return compiled


# regex notes, by source, whether each pattern it compiles is locale-sensitive, also for
# a pattern it does not cache (``cache_pattern=False``); only pruning its cache of 500
# empties that table. veil compiles its run-time patterns uncached (a vault's values: a
# new one each time a conversation's vault grows), so their sources stayed for good: a
# 500-turn history left megabytes there. An entry absent means "maybe sensitive": the
# next cached compile of that source looks the locale up, nothing else changes.
_LOCALE_SENSITIVE: dict = vars(importlib.import_module(_regex.compile.__module__)).get(
    "_locale_sensitive", {}
)


def forget_uncached_sources() -> int:
    """Drop regex's notes on the sources of patterns it does not keep (compiled uncached
    anywhere: ``compile_now``, or ``cache_pattern=False`` given directly), as pruning its
    cache does. Returns how many were dropped."""
    cache = vars(importlib.import_module(_regex.compile.__module__)).get("_cache", {})
    kept = {(type(key[0]), key[0]) for key in tuple(cache)}
    dropped = [source for source in tuple(_LOCALE_SENSITIVE) if source not in kept]
    for source in dropped:
        _LOCALE_SENSITIVE.pop(source, None)
    return len(dropped)


def compile_all(save: bool = False) -> int:
    """Compile every stand-in still in use; how many there are. ``save``: write the
    table of compiled patterns anew if it lacks one of the rules' patterns."""
    with _made_lock:
        made = list(_made)
    for lazy in made:
        lazy.compiled()
    if save:
        entries = {
            (lazy.pattern, int(lazy._arguments[0])): lazy.compiled()._pickled_data
            for lazy in made
            if lazy._stored
        }
        table = _table()
        if not entries.keys() <= table.keys():
            # Kept: the patterns of modules this process did not import. Dropped: those
            # of older code, once they outnumber the current ones.
            merged = {**table, **entries}
            _write_table(merged if len(merged) <= 2 * len(entries) else entries)
    return len(made)


def build_table() -> int:
    """Import every module of the rules, compile their patterns and write the table;
    how many patterns it holds."""
    import importlib
    import pkgutil

    import veil.rules

    for module in pkgutil.walk_packages(veil.rules.__path__, "veil.rules."):
        importlib.import_module(module.name)
    compile_all(save=True)
    return len(_table())


def _at_import() -> bool:
    """Whether the module whose code is running (the nearest module-level frame: a helper
    such as ``compile_words`` called at import counts) is being imported."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "<module>":
            spec = frame.f_globals.get("__spec__")
            return bool(getattr(spec, "_initializing", False))
        frame = frame.f_back
    return False


# --- the table of compiled patterns ---------------------------------------------------

_TABLE_LOCK = threading.Lock()
_loaded: dict[tuple[str, int], tuple] | None = None


def table_path() -> Path:
    """The table's file: in the derived tables' dir, named by the regex module's version
    (its compiled programs are its own)."""
    from veil.rules.derived import tables_dir

    return tables_dir() / f"patterns-regex-{_regex.__version__}.marshal"


def _table() -> dict[tuple[str, int], tuple]:
    global _loaded
    with _TABLE_LOCK:
        if _loaded is None:
            _loaded = _read_table(table_path())
        return _loaded


def _read_table(path: Path) -> dict[tuple[str, int], tuple]:
    """The table, or nothing when it is missing or damaged (then patterns compile)."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    digest, payload = data[:32], data[32:]
    try:
        if hashlib.sha256(payload).digest() != digest:
            raise ValueError("checksum mismatch")
        table = marshal.loads(payload)
        if not isinstance(table, dict):
            raise ValueError("not a table")
        return table
    except (ValueError, EOFError, TypeError) as error:
        log.warning("veil: ignoring the compiled patterns in %s (%s)", path, error)
        return {}


def _from_table(pattern: str, flags: int) -> _regex.Pattern[str] | None:
    arguments = _table().get((pattern, flags))
    if arguments is None:
        return None
    try:
        compiled = _regex._regex.compile(*arguments)  # what unpickling a pattern does
    except Exception:  # an entry this regex cannot take: compile instead
        return None
    return compiled if compiled.pattern == pattern else None


def _write_table(entries: dict[tuple[str, int], tuple]) -> None:
    """Replace the table (whole: a reader never sees half of one); a cache dir that
    cannot be written only means patterns are compiled."""
    global _loaded
    path = table_path()
    payload = marshal.dumps(entries)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(hashlib.sha256(payload).digest() + payload)
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
        finally:
            Path(temporary).unlink(missing_ok=True)
    except OSError as error:
        log.warning("veil: cannot write the compiled patterns to %s: %s", path, error)
        return
    with _TABLE_LOCK:
        _loaded = entries


def _real(pattern: Any) -> Any:
    return pattern.compiled() if isinstance(pattern, LazyPattern) else pattern


# Patterns given to the module-level functions as strings, compiled: the regex module's
# own cache is looked up through ~4 µs of Python (flags, locale, keyword arguments) per
# call, and the rules call these functions some sixty times a text. Bounded as regex's
# cache is (a pattern may be made of a message's words); oldest out first.
_BY_SOURCE: dict[tuple[str, int], _regex.Pattern[str]] = {}
_BY_SOURCE_MAX = 500


def _by_source(pattern: str, flags: int) -> _regex.Pattern[str]:
    key = (pattern, flags)
    compiled = _BY_SOURCE.get(key)
    if compiled is None:
        compiled = _regex.compile(pattern, flags)
        if len(_BY_SOURCE) >= _BY_SOURCE_MAX:
            _BY_SOURCE.pop(next(iter(_BY_SOURCE)), None)
        _BY_SOURCE[key] = compiled
    return compiled


def _taking_a_pattern(name: str, data: int, flags_next: bool) -> Any:
    """The module-level function ``name``, whose first ``data`` positional arguments
    after the pattern are the string (or the replacement and the string), and then the
    flags where ``flags_next`` (``sub`` and ``split`` take a count first)."""
    function = getattr(_regex, name)
    method = getattr(_regex.Pattern, name)
    most = data + 1 if flags_next else data

    def call(pattern: Any, *args: Any, **kwargs: Any) -> Any:
        # the common call, a string pattern with the data and at most the flags: the
        # compiled pattern's method with its defaults, as the function would call it
        if type(pattern) is str and not kwargs and data <= len(args) <= most:
            flags = args[data] if len(args) > data else 0
            return method(_by_source(pattern, flags), *args[:data])
        return function(_real(pattern), *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = function.__doc__
    return call


search = _taking_a_pattern("search", 1, True)
match = _taking_a_pattern("match", 1, True)
fullmatch = _taking_a_pattern("fullmatch", 1, True)
finditer = _taking_a_pattern("finditer", 1, True)
findall = _taking_a_pattern("findall", 1, True)
sub = _taking_a_pattern("sub", 2, False)
subf = _taking_a_pattern("subf", 2, False)
subn = _taking_a_pattern("subn", 2, False)
subfn = _taking_a_pattern("subfn", 2, False)
split = _taking_a_pattern("split", 1, False)
splititer = _taking_a_pattern("splititer", 1, False)


prefixmatch = _taking_a_pattern("prefixmatch", 1, True)

# Everything else is the regex module's own: flags, escape, Pattern, Match, error, ...
globals().update({name: getattr(_regex, name) for name in _regex.__all__ if name not in globals()})


def __getattr__(name: str) -> Any:
    return getattr(_regex, name)
