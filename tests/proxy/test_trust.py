"""veil's CA in real trust stores: a temporary NSS database (what Chromium reads) through
certutil, and the system store's anchor directory; `veil ca` on the command line."""

from __future__ import annotations

import subprocess

from click.testing import CliRunner

from tests.helpers import require
from veil.proxy.cli import main
from veil.proxy.system.trust import (
    CA_NICKNAME,
    LinuxSystemStore,
    NssDatabase,
    ensure_ca,
    fingerprint,
)


def test_the_ca_is_created_once_and_kept(tmp_path):
    first = ensure_ca(tmp_path)
    pem = first.read_bytes()
    assert b"BEGIN CERTIFICATE" in pem
    assert ensure_ca(tmp_path).read_bytes() == pem  # a second call must not replace it


def test_nss_database_round_trip(tmp_path):
    require("certutil")
    ca = ensure_ca(tmp_path / "config")
    store = NssDatabase("chromium", "Chromium/Chrome", tmp_path / "nssdb", create=True)
    assert store.available()
    assert store.status(ca).trusted is None  # no database yet
    store.install(ca)
    assert store.status(ca).trusted is True
    listed = subprocess.run(
        ["certutil", "-L", "-d", f"sql:{tmp_path / 'nssdb'}"], capture_output=True, text=True
    ).stdout
    line = next(line for line in listed.splitlines() if line.startswith(CA_NICKNAME))
    assert line.split()[-1] == "C,,"  # trusted to issue server certificates
    store.install(ca)  # installing twice keeps one entry
    again = subprocess.run(
        ["certutil", "-L", "-d", f"sql:{tmp_path / 'nssdb'}"], capture_output=True, text=True
    ).stdout
    assert again.count(CA_NICKNAME) == 1
    store.uninstall(ca)
    assert store.status(ca).trusted is False


def test_nss_database_replaces_an_older_veil_ca(tmp_path):
    require("certutil")
    old, new = ensure_ca(tmp_path / "old"), ensure_ca(tmp_path / "new")
    assert fingerprint(old.read_bytes()) != fingerprint(new.read_bytes())
    store = NssDatabase("chromium", "Chromium/Chrome", tmp_path / "nssdb", create=True)
    store.install(old)
    assert store.status(new).trusted is False
    assert "older" in store.status(new).detail
    store.install(new)
    assert store.status(new).trusted is True


def test_system_store_anchor_round_trip(tmp_path):
    ca = ensure_ca(tmp_path / "config")
    store = LinuxSystemStore(anchors=tmp_path / "anchors", update=("true",))
    assert store.status(ca).trusted is False
    store.install(ca)
    assert store.status(ca).trusted is True
    store.uninstall(ca)
    assert not list((tmp_path / "anchors").iterdir())


def test_ca_commands_install_status_uninstall_for_chromium(tmp_path):
    require("certutil")
    runner = CliRunner()
    env = {"HOME": str(tmp_path / "home"), "VEIL_CONFIG_DIR": str(tmp_path / "config")}
    done = runner.invoke(main, ["ca", "install", "--store", "chromium", "--yes"], env=env)
    assert done.exit_code == 0, done.output
    assert "will add" in done.output and "done" in done.output
    status = runner.invoke(main, ["ca", "status"], env=env)
    assert "Chromium/Chrome" in status.output and "yes" in status.output
    done = runner.invoke(main, ["ca", "uninstall", "--store", "chromium"], env=env, input="y\n")
    assert done.exit_code == 0, done.output
    assert "go ahead?" in done.output  # asked first
    store = NssDatabase("chromium", "c", tmp_path / "home/.pki/nssdb")
    assert store.status(tmp_path / "config/mitmproxy/mitmproxy-ca-cert.pem").trusted is False


def test_declining_changes_nothing(tmp_path):
    require("certutil")
    env = {"HOME": str(tmp_path / "home"), "VEIL_CONFIG_DIR": str(tmp_path / "config")}
    done = CliRunner().invoke(main, ["ca", "install", "--store", "chromium"], env=env, input="n\n")
    assert done.exit_code == 0
    assert not (tmp_path / "home/.pki/nssdb/cert9.db").exists()
