"""Where veil's records live and which key seals them.

By default each kind of record is a SQLite file in the data directory, sealed with that
directory's key (keyring or ``data.key``). ``vault`` names a PostgreSQL database
instead (``postgresql://user@host:port/db``), which several veil processes share; they
then need one data key, given as a file (``--data-key-file``/``VEIL_DATA_KEY_FILE``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from veil.proxy.storage.database import Database, StorageError
from veil.proxy.storage.keys import NoDataKey, data_key, key_from_file
from veil.proxy.storage.migrations import Schema
from veil.proxy.storage.sealing import Sealer
from veil.proxy.storage.sqlite_database import SQLiteDatabase

URL_SCHEMES = ("postgresql", "postgres")


def is_postgres_url(text: str) -> bool:
    return urlsplit(text).scheme in URL_SCHEMES


def display_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


@dataclass(frozen=True)
class StorageLocation:
    data_dir: Path
    vault: str | None = None  # a postgresql:// URL; None: SQLite files in data_dir
    key_file: Path | None = None  # the data key; None: data_dir's own

    def __post_init__(self) -> None:
        if self.vault is not None and not is_postgres_url(self.vault):
            raise StorageError(
                f"--vault {display_url(self.vault)!r}: expected postgresql://user@host:port/db"
                " (leave it out for the SQLite files in the data directory)"
            )

    @classmethod
    def of(cls, where: Path | StorageLocation) -> StorageLocation:
        return where if isinstance(where, StorageLocation) else cls(Path(where))

    @property
    def shared(self) -> bool:
        return self.vault is not None

    def describe(self) -> str:
        return f"PostgreSQL {display_url(self.vault)}" if self.vault else str(self.data_dir)

    def has_records(self, file_name: str) -> bool:
        """Whether there may be something to read (a server cannot be checked offline)."""
        return self.shared or (self.data_dir / file_name).exists()

    def sealer(self, create_key: bool = True) -> Sealer:
        if self.key_file is not None:
            return Sealer(key_from_file(self.key_file, create=create_key))
        try:
            return Sealer(data_key(self.data_dir, create=create_key))
        except NoDataKey as error:
            if not self.shared:
                raise
            raise NoDataKey(
                f"{error}; a shared vault is opened with the key file its processes share"
                " (--data-key-file or VEIL_DATA_KEY_FILE)"
            ) from None

    def open_database(
        self, schema: Schema, file_name: str, sealer: Sealer, recover: bool = True
    ) -> Database:
        """``recover`` (SQLite only): set an unusable file aside and start afresh. A shared
        database is never set aside: another process may be using it."""
        if self.vault is not None:
            # Imported here: the driver takes a quarter second to load, and only a shared
            # vault needs it.
            from veil.proxy.storage.postgres_database import PostgresDatabase

            return PostgresDatabase(self.vault, sealer, schema)
        return SQLiteDatabase(self.data_dir / file_name, sealer, schema, recover=recover)
