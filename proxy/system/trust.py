"""Trusting veil's CA in the stores that browsers and tools read, every step undoable.

veil's CA is mitmproxy's, kept in ``<config dir>/mitmproxy``. The stores:
- Linux: the system store (``/usr/local/share/ca-certificates`` + update-ca-certificates,
  needs root), the NSS database Chromium and Chrome read (``~/.pki/nssdb``), and every
  Firefox profile (NSS too), both with certutil from libnss3-tools;
- macOS: the login keychain (``security add-trusted-cert``), and Firefox profiles;
- Windows: the user's Root store (``certutil -user``), and Firefox profiles.
Each store says what it changes before it changes it, and which steps need root.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization

CA_NICKNAME = "veil local filter CA"
CA_FILE = "mitmproxy-ca-cert.pem"
SYSTEM_ANCHOR = "veil-local-filter-ca.crt"


class TrustError(RuntimeError):
    """A store could not be changed; the message says which command failed and why."""


def ca_path(config_dir: Path) -> Path:
    return config_dir / "mitmproxy" / CA_FILE


def ensure_ca(config_dir: Path) -> Path:
    """veil's CA certificate, created (as mitmproxy would on first start) if missing."""
    path = ca_path(config_dir)
    if not path.exists():
        from mitmproxy.certs import CertStore

        path.parent.mkdir(parents=True, exist_ok=True)
        CertStore.from_store(path.parent, "mitmproxy", 2048)
    return path


def fingerprint(pem: bytes) -> str:
    cert = x509.load_pem_x509_certificate(pem)
    return hashlib.sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest()


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        raise TrustError(f"{command[0]} is not installed") from None
    if done.returncode != 0:
        output = (done.stderr or done.stdout).strip().splitlines()
        raise TrustError(
            f"`{' '.join(command)}` failed: {output[-1] if output else done.returncode}"
        )
    return done


@dataclass(frozen=True)
class StoreStatus:
    store: str
    trusted: bool | None  # None: the store is not there or cannot be read
    detail: str


class TrustStore(Protocol):
    key: str  # what --store names: system, chromium, firefox, macos, windows
    label: str
    needs_root: bool

    def available(self) -> bool: ...
    def change(self, ca: Path) -> str: ...  # what install changes, said before doing it
    def status(self, ca: Path) -> StoreStatus: ...
    def install(self, ca: Path) -> None: ...
    def uninstall(self, ca: Path) -> None: ...


class NssDatabase:
    """An NSS database (Chromium/Chrome on Linux, a Firefox profile), via certutil."""

    needs_root = False

    def __init__(self, key: str, label: str, directory: Path, create: bool = False) -> None:
        self.key, self.label, self.directory, self.create = key, label, directory, create

    @property
    def _db(self) -> str:
        return f"sql:{self.directory}"

    def available(self) -> bool:
        exists = (self.directory / "cert9.db").exists()
        return shutil.which("certutil") is not None and (exists or self.create)

    def change(self, ca: Path) -> str:
        return f"add {CA_NICKNAME!r} as a trusted CA to the NSS database {self.directory}"

    def status(self, ca: Path) -> StoreStatus:
        if shutil.which("certutil") is None:
            return StoreStatus(self.label, None, "certutil not installed (Debian: libnss3-tools)")
        if not (self.directory / "cert9.db").exists():
            return StoreStatus(self.label, None, f"no NSS database at {self.directory}")
        listed = subprocess.run(
            ["certutil", "-L", "-d", self._db, "-n", CA_NICKNAME, "-a"],
            capture_output=True,
            text=True,
        )
        if listed.returncode != 0:
            return StoreStatus(self.label, False, f"not in {self.directory}")
        same = fingerprint(listed.stdout.encode()) == fingerprint(ca.read_bytes())
        detail = str(self.directory) if same else "an older veil CA is there: reinstall"
        return StoreStatus(self.label, same, detail)

    def install(self, ca: Path) -> None:
        if not (self.directory / "cert9.db").exists():
            self.directory.mkdir(parents=True, exist_ok=True)
            _run(["certutil", "-N", "-d", self._db, "--empty-password"])
        if self.status(ca).trusted is False:
            self.uninstall(ca)  # an older veil CA under the same name
        _run(["certutil", "-A", "-d", self._db, "-t", "C,,", "-n", CA_NICKNAME, "-i", str(ca)])

    def uninstall(self, ca: Path) -> None:
        if self.status(ca).trusted is not None:
            probe = ["certutil", "-L", "-d", self._db, "-n", CA_NICKNAME]
            if subprocess.run(probe, capture_output=True).returncode == 0:
                _run(["certutil", "-D", "-d", self._db, "-n", CA_NICKNAME])


class LinuxSystemStore:
    """The system store OpenSSL-based tools read (curl, Python, git), on Debian-likes."""

    key, label, needs_root = "system", "Linux system store", True

    def __init__(
        self,
        anchors: Path = Path("/usr/local/share/ca-certificates"),
        update: tuple[str, ...] = ("update-ca-certificates",),
    ) -> None:
        self.anchors, self.update = anchors, update

    def available(self) -> bool:
        return sys.platform.startswith("linux") and shutil.which(self.update[0]) is not None

    def change(self, ca: Path) -> str:
        return f"copy the CA to {self.anchors / SYSTEM_ANCHOR} and run {' '.join(self.update)}"

    def status(self, ca: Path) -> StoreStatus:
        anchor = self.anchors / SYSTEM_ANCHOR
        if not anchor.exists():
            return StoreStatus(self.label, False, f"{anchor} not present")
        same = fingerprint(anchor.read_bytes()) == fingerprint(ca.read_bytes())
        return StoreStatus(self.label, same, str(anchor) if same else "an older veil CA")

    def install(self, ca: Path) -> None:
        self.anchors.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ca, self.anchors / SYSTEM_ANCHOR)
        _run([*_as_root(), *self.update])

    def uninstall(self, ca: Path) -> None:
        (self.anchors / SYSTEM_ANCHOR).unlink(missing_ok=True)
        _run([*_as_root(), *self.update, "--fresh"])


class MacKeychain:
    """The user's login keychain (the system keychain would need root)."""

    key, label, needs_root = "macos", "macOS login keychain", False
    keychain = Path.home() / "Library" / "Keychains" / "login.keychain-db"

    def available(self) -> bool:
        return sys.platform == "darwin"

    def change(self, ca: Path) -> str:
        return f"trust the CA for SSL in {self.keychain} (macOS asks for your password)"

    def status(self, ca: Path) -> StoreStatus:
        done = subprocess.run(
            ["security", "verify-cert", "-c", str(ca), "-p", "ssl"], capture_output=True
        )
        return StoreStatus(self.label, done.returncode == 0, str(self.keychain))

    def install(self, ca: Path) -> None:
        _run(["security", "add-trusted-cert", "-r", "trustRoot", "-k", str(self.keychain), str(ca)])

    def uninstall(self, ca: Path) -> None:
        sha1 = x509.load_pem_x509_certificate(ca.read_bytes()).fingerprint(hashes.SHA1())
        _run(["security", "delete-certificate", "-Z", sha1.hex().upper(), str(self.keychain)])


class WindowsUserRoot:
    """The current user's trusted root store (no administrator rights needed)."""

    key, label, needs_root = "windows", "Windows user Root store", False

    def available(self) -> bool:
        return sys.platform == "win32"

    def change(self, ca: Path) -> str:
        return "add the CA to your user's trusted Root store (Windows asks to confirm)"

    def _serial(self, ca: Path) -> str:
        return format(x509.load_pem_x509_certificate(ca.read_bytes()).serial_number, "x")

    def status(self, ca: Path) -> StoreStatus:
        done = subprocess.run(
            ["certutil", "-user", "-verifystore", "Root", self._serial(ca)], capture_output=True
        )
        return StoreStatus(self.label, done.returncode == 0, "CurrentUser\\Root")

    def install(self, ca: Path) -> None:
        _run(["certutil", "-user", "-addstore", "Root", str(ca)])

    def uninstall(self, ca: Path) -> None:
        _run(["certutil", "-user", "-delstore", "Root", self._serial(ca)])


def _as_root() -> list[str]:
    if sys.platform == "win32" or os.geteuid() == 0:
        return []
    if shutil.which("sudo") is None:
        raise TrustError("this step needs root and sudo is not installed; run it as root")
    return ["sudo"]


def firefox_profiles(home: Path) -> list[Path]:
    roots = {
        "linux": [home / ".mozilla/firefox", home / "snap/firefox/common/.mozilla/firefox"],
        "darwin": [home / "Library/Application Support/Firefox/Profiles"],
        "win32": [Path(os.environ.get("APPDATA", home)) / "Mozilla/Firefox/Profiles"],
    }
    platform = "linux" if sys.platform.startswith("linux") else sys.platform
    return sorted(
        profile
        for root in roots.get(platform, [])
        if root.is_dir()
        for profile in root.iterdir()
        if (profile / "cert9.db").exists()
    )


def stores(home: Path | None = None) -> list[TrustStore]:
    """Every store veil knows on this platform, available or not."""
    home = home or Path.home()
    found: list[TrustStore] = []
    if sys.platform.startswith("linux"):
        found.append(LinuxSystemStore())
        found.append(NssDatabase("chromium", "Chromium/Chrome", home / ".pki/nssdb", create=True))
    elif sys.platform == "darwin":
        found.append(MacKeychain())
    elif sys.platform == "win32":
        found.append(WindowsUserRoot())
    found += [
        NssDatabase("firefox", f"Firefox profile {profile.name}", profile)
        for profile in firefox_profiles(home)
    ]
    return found
