"""The data key that seals veil's records: in the OS keyring, else a 0600 key file.

The keyring entry is named after the data directory, so separate data directories
(a portable setup, tests) never overwrite each other's key. Headless Linux has no
keyring backend: veil then keeps the key in ``<data dir>/data.key`` (mode 0600) and
says so once. A key file, once there, stays the key for that directory.
"""

from __future__ import annotations

import base64
import binascii
import logging
import os
import tempfile
import threading
from pathlib import Path

import keyring
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from veil.proxy.storage.files import move_aside

log = logging.getLogger("veil")

SERVICE = "veil"
KEY_FILE_NAME = "data.key"
KEY_BITS = 256

_warned: set[Path] = set()
_warned_lock = threading.Lock()


class NoDataKey(Exception):
    """There is no key for this data directory and none was to be made."""


def keyring_account(data_dir: Path) -> str:
    return f"data-key:{data_dir.expanduser().resolve()}"


def data_key(data_dir: Path, create: bool = True) -> bytes:
    """This directory's key; made (and stored) on first use unless ``create`` is false."""
    key_file = data_dir / KEY_FILE_NAME
    if key_file.exists():
        key = _read_key_file(key_file)
        if key is not None:
            return key
        if not create:
            raise NoDataKey(f"the key file {key_file} is not a veil key")
        aside = move_aside(key_file, "unreadable")
        log.warning("veil: %s was not a veil key; moved it to %s", key_file, aside)
    try:
        return _from_keyring(data_dir, create)
    except NoDataKey:
        raise
    except Exception as error:  # backends raise their own errors (dbus, locked, none at all)
        _warn_once(key_file, error)
        if not create:
            raise NoDataKey(f"no keyring and no key file {key_file}") from None
        return _new_key_file(key_file)


def key_from_file(key_file: Path, create: bool = True) -> bytes:
    """The key in a file the user names (shared by every veil process that shares a
    vault); made there, mode 0600, if it does not exist yet and ``create`` is true.
    Unlike a data directory's own key file, a named file is never moved aside."""
    key_file = key_file.expanduser()
    if key_file.exists():
        key = _read_key_file(key_file)
        if key is None:
            raise NoDataKey(
                f"the data key file {key_file} is not a veil key"
                f" (expected {KEY_BITS // 8} random bytes in base64 on one line)"
            )
        return key
    if not create:
        raise NoDataKey(f"the data key file {key_file} does not exist")
    key = _new_key_file(key_file)
    log.warning(
        "veil: made a new data key in %s: give every veil process that shares the vault"
        " this same file",
        key_file,
    )
    return key


def _from_keyring(data_dir: Path, create: bool) -> bytes:
    account = keyring_account(data_dir)
    stored = keyring.get_password(SERVICE, account)
    if stored is not None:
        key = _decode(stored)
        if key is not None:
            return key
        log.warning("veil: the data key in the keyring (%s) is not a veil key", account)
    if not create:
        raise NoDataKey(f"no data key in the keyring for {data_dir}")
    key = AESGCM.generate_key(KEY_BITS)
    keyring.set_password(SERVICE, account, _encode(key))
    return key


def _warn_once(key_file: Path, error: Exception) -> None:
    with _warned_lock:
        if key_file in _warned:
            return
        _warned.add(key_file)
    log.warning(
        "veil: no usable OS keyring (%s: %s); the data key is kept in %s (mode 0600)",
        type(error).__name__,
        error,
        key_file,
    )


def _new_key_file(key_file: Path) -> bytes:
    key_file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = AESGCM.generate_key(KEY_BITS)
    # Written whole to a private file, then linked into place: another process starting
    # at the same moment sees either no key file or a complete one, never a half-written
    # one. Created 0600 from the start: never readable by others, not even for a moment.
    fd, draft = tempfile.mkstemp(prefix=f".{key_file.name}.", dir=key_file.parent)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(_encode(key) + "\n")
        os.link(draft, key_file)
    except FileExistsError:  # another process made it first: use theirs
        existing = _read_key_file(key_file)
        if existing is None:
            raise NoDataKey(f"the key file {key_file} is not a veil key") from None
        return existing
    finally:
        os.unlink(draft)
    return key


def _read_key_file(key_file: Path) -> bytes | None:
    if key_file.stat().st_mode & 0o077:
        log.warning("veil: %s was readable by others; setting it to mode 0600", key_file)
        key_file.chmod(0o600)
    return _decode(key_file.read_text("ascii", errors="replace").strip())


def _encode(key: bytes) -> str:
    return base64.b64encode(key).decode("ascii")


def _decode(text: str) -> bytes | None:
    try:
        key = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    return key if len(key) == KEY_BITS // 8 else None
