"""Starting veil at login and restarting it when it fails: a systemd user unit on Linux,
a launchd agent on macOS, a scheduled task on Windows. Each runs ``veil start`` with the
same interpreter and the same config and data dirs as the command that installed it.
"""

from __future__ import annotations

import os
import plistlib
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from xml.sax.saxutils import escape

SERVICE_NAME = "veil"
LAUNCHD_LABEL = "dev.veil.proxy"


class ServiceError(RuntimeError):
    """The service manager refused or is not there; the message says what to do."""


@dataclass(frozen=True)
class ServiceStatus:
    installed: bool
    running: bool | None  # None: the service manager cannot tell (or is not there)
    detail: str


def start_command(
    listen_host: str, listen_port: int, config_dir: Path, data_dir: Path
) -> list[str]:
    return [
        sys.executable,
        "-m",
        "veil.proxy.cli",
        "start",
        *("--listen-host", listen_host, "--listen-port", str(listen_port)),
        *("--config-dir", str(config_dir), "--data-dir", str(data_dir)),
    ]


def _run(command: list[str], check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise ServiceError(f"{command[0]} is not installed") from None
    if check and done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise ServiceError(
            f"`{' '.join(command)}` failed: {lines[-1] if lines else done.returncode}"
        )
    return done


class Service(Protocol):
    label: str
    path: Path

    def render(self, command: list[str]) -> str: ...
    def install(self, command: list[str]) -> None: ...
    def uninstall(self) -> None: ...
    def status(self) -> ServiceStatus: ...


def _systemd_quote(argument: str) -> str:
    if argument and not any(c.isspace() or c in "\"'\\;$%" for c in argument):
        return argument
    escaped = argument.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%")
    return f'"{escaped}"'


class SystemdUserUnit:
    label = "systemd user unit"

    def __init__(self, config_home: Path | None = None, systemctl: str = "systemctl") -> None:
        base = config_home or Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
        self.path = base / "systemd" / "user" / f"{SERVICE_NAME}.service"
        self.systemctl = systemctl

    def render(self, command: list[str]) -> str:
        return (
            "[Unit]\n"
            "Description=veil: keeps personal data out of what you send to chatbots\n"
            "After=network-online.target\n\n"
            "[Service]\n"
            f"ExecStart={' '.join(_systemd_quote(a) for a in command)}\n"
            "Restart=on-failure\n"
            "RestartSec=3\n"
            "Environment=PYTHONUNBUFFERED=1\n\n"
            "[Install]\n"
            "WantedBy=default.target\n"
        )

    def _systemctl(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        if shutil.which(self.systemctl) is None:
            raise ServiceError(
                f"{self.path} is written, but systemd is not here: start veil at login "
                "another way (e.g. your desktop's autostart running `veil start`)"
            )
        return _run([self.systemctl, "--user", *args], check=check)

    def install(self, command: list[str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.render(command))
        self._systemctl("daemon-reload")
        self._systemctl("enable", "--now", f"{SERVICE_NAME}.service")

    def uninstall(self) -> None:
        if shutil.which(self.systemctl):
            self._systemctl("disable", "--now", f"{SERVICE_NAME}.service", check=False)
        self.path.unlink(missing_ok=True)
        if shutil.which(self.systemctl):
            self._systemctl("daemon-reload", check=False)

    def status(self) -> ServiceStatus:
        if not self.path.exists():
            return ServiceStatus(False, None, f"no unit at {self.path}")
        if shutil.which(self.systemctl) is None:
            return ServiceStatus(True, None, f"{self.path} (systemd not available)")
        state = _run(
            [self.systemctl, "--user", "is-active", f"{SERVICE_NAME}.service"], check=False
        ).stdout.strip()
        return ServiceStatus(True, state == "active", f"{self.path}: {state or 'unknown'}")


class LaunchAgent:
    label = "launchd agent"

    def __init__(self, home: Path | None = None) -> None:
        self.path = (home or Path.home()) / "Library" / "LaunchAgents" / f"{LAUNCHD_LABEL}.plist"
        self.log = (home or Path.home()) / "Library" / "Logs" / "veil.log"

    def render(self, command: list[str]) -> str:
        agent = {
            "Label": LAUNCHD_LABEL,
            "ProgramArguments": command,
            "RunAtLoad": True,
            "KeepAlive": {"SuccessfulExit": False},  # restart when it fails, not when stopped
            "ThrottleInterval": 5,
            "StandardErrorPath": str(self.log),
            "StandardOutPath": str(self.log),
        }
        return plistlib.dumps(agent).decode()

    def _domain(self) -> str:
        return f"gui/{os.getuid()}"

    def install(self, command: list[str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.render(command))
        _run(["launchctl", "bootstrap", self._domain(), str(self.path)])

    def uninstall(self) -> None:
        _run(["launchctl", "bootout", f"{self._domain()}/{LAUNCHD_LABEL}"], check=False)
        self.path.unlink(missing_ok=True)

    def status(self) -> ServiceStatus:
        if not self.path.exists():
            return ServiceStatus(False, None, f"no agent at {self.path}")
        listed = _run(["launchctl", "print", f"{self._domain()}/{LAUNCHD_LABEL}"], check=False)
        return ServiceStatus(True, "state = running" in listed.stdout, str(self.path))


class ScheduledTask:
    label = "scheduled task"

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or Path(os.environ.get("APPDATA", Path.home()))) / "veil-task.xml"

    def render(self, command: list[str]) -> str:
        program, arguments = command[0], " ".join(f'"{a}"' for a in command[1:])
        return (
            '<?xml version="1.0" encoding="UTF-16"?>\n'
            '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">\n'
            "  <RegistrationInfo><Description>veil filtering proxy</Description>"
            "</RegistrationInfo>\n"
            "  <Triggers><LogonTrigger><Enabled>true</Enabled></LogonTrigger></Triggers>\n"
            "  <Settings>\n"
            "    <RestartOnFailure><Interval>PT1M</Interval><Count>999</Count></RestartOnFailure>\n"
            "    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>\n"
            "    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>\n"
            "  </Settings>\n"
            "  <Actions><Exec>"
            f"<Command>{escape(program)}</Command><Arguments>{escape(arguments)}</Arguments>"
            "</Exec></Actions>\n"
            "</Task>\n"
        )

    def install(self, command: list[str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.render(command), encoding="utf-16")
        _run(["schtasks", "/Create", "/TN", SERVICE_NAME, "/XML", str(self.path), "/F"])
        _run(["schtasks", "/Run", "/TN", SERVICE_NAME], check=False)

    def uninstall(self) -> None:
        _run(["schtasks", "/End", "/TN", SERVICE_NAME], check=False)
        _run(["schtasks", "/Delete", "/TN", SERVICE_NAME, "/F"], check=False)
        self.path.unlink(missing_ok=True)

    def status(self) -> ServiceStatus:
        queried = _run(["schtasks", "/Query", "/TN", SERVICE_NAME, "/FO", "LIST"], check=False)
        if queried.returncode != 0:
            return ServiceStatus(False, None, "no scheduled task named veil")
        return ServiceStatus(True, "Running" in queried.stdout, "scheduled task veil")


def platform_service() -> Service:
    if sys.platform == "darwin":
        return LaunchAgent()
    if sys.platform == "win32":
        return ScheduledTask()
    return SystemdUserUnit()
