"""A real PostgreSQL server for the tests: Debian's package, started on loopback by
``testing.local_postgres`` (shared with bench/gateway). Missing binaries skip
the tests that need them, or fail them where VEIL_REQUIRE_SYSTEM_TOOLS is set (CI).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from testing.local_postgres import PostgresServer, postgres_bindir

__all__ = ["PostgresServer", "postgres_server", "postgres_url", "start_server"]


def start_server() -> PostgresServer:
    bindir = postgres_bindir()
    if bindir is None:
        message = "PostgreSQL's server (initdb, pg_ctl) is not installed"
        if os.environ.get("VEIL_REQUIRE_SYSTEM_TOOLS"):
            pytest.fail(f"{message}, and it is required here (VEIL_REQUIRE_SYSTEM_TOOLS is set)")
        pytest.skip(f"{message}: install/system-packages.sh installs it")
    server = PostgresServer(bindir)
    server.start()
    return server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = start_server()
    yield server
    server.remove()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh database on the session's server, dropped afterwards."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)
