"""A throwaway PostgreSQL server on loopback, for tests and benchmarks (it ships with veil
as ``fake_upstream`` does): Debian's package, ``initdb`` into a temporary directory and
``pg_ctl start`` on a free port (TCP on 127.0.0.1 and a Unix socket in the same
directory), trust authentication for the ``postgres`` role, durability off (a scratch
server). PostgreSQL refuses to run as root: as root the server runs as the ``postgres``
system user, in a directory that user owns.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

# What to install where initdb and pg_ctl are missing (Debian's package name)
PACKAGE = "postgresql"

SERVER_USER = "postgres"


def postgres_bindir() -> Path | None:
    """The newest installed server's bin directory (Debian keeps them per version)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: (
            int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0
        ),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One server in its own directory; ``stop`` and ``start`` again keep its data."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="veil-pg-"))
        self.data = self.directory / "data"
        self.log = self.directory / "server.log"
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            account = pwd.getpwnam(SERVER_USER)
            os.chown(self.directory, account.pw_uid, account.pw_gid)
            self._as_user = ["runuser", "-u", SERVER_USER, "--"]
        self._names = itertools.count(1)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
        )

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as_user, str(self.bindir / tool), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{tool} failed: {done.stderr or done.stdout}\n{log}")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        import psycopg

        name = f"veil_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def remove(self) -> None:
        with contextlib.suppress(RuntimeError):  # already stopped
            self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)
