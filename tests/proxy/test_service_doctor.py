"""`veil service` unit files and `veil doctor` against a real proxy, a broken policy
file and an untrusted CA."""

from __future__ import annotations

import json
import plistlib
import shlex
import socket
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from testing.proxy_thread import ProxyThread
from tests.helpers import free_port, require
from veil.proxy.cli import main
from veil.proxy.system.doctor import Setup, run_checks
from veil.proxy.system.service import (
    LaunchAgent,
    ScheduledTask,
    ServiceError,
    SystemdUserUnit,
    start_command,
)

COMMAND = ["/opt/my venv/bin/python", "-m", "veil.proxy.cli", "start", "--listen-port", "8080"]


def test_start_command_runs_this_interpreter_with_the_chosen_dirs(tmp_path):
    command = start_command("127.0.0.1", 9999, tmp_path / "c", tmp_path / "d")
    assert command[1:4] == ["-m", "veil.proxy.cli", "start"]
    assert command[command.index("--config-dir") + 1] == str(tmp_path / "c")
    assert command[command.index("--data-dir") + 1] == str(tmp_path / "d")


def test_systemd_unit_restarts_on_failure_and_quotes_paths(tmp_path):
    unit = SystemdUserUnit(config_home=tmp_path).render(COMMAND)
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    assert shlex.split(exec_start.removeprefix("ExecStart=")) == COMMAND
    assert "Restart=on-failure" in unit and "WantedBy=default.target" in unit


def test_systemd_install_without_systemd_says_so_and_uninstall_cleans_up(tmp_path):
    unit = SystemdUserUnit(config_home=tmp_path, systemctl="no-such-systemctl")
    with pytest.raises(ServiceError, match="systemd is not here"):
        unit.install(COMMAND)
    assert unit.path == tmp_path / "systemd/user/veil.service" and unit.path.exists()
    status = unit.status()
    assert status.installed and status.running is None
    unit.uninstall()
    assert not unit.path.exists() and not unit.status().installed


def test_launch_agent_keeps_veil_alive_after_failures(tmp_path):
    agent = plistlib.loads(LaunchAgent(home=tmp_path).render(COMMAND).encode())
    assert agent["ProgramArguments"] == COMMAND
    assert agent["RunAtLoad"] is True and agent["KeepAlive"] == {"SuccessfulExit": False}


def test_scheduled_task_starts_at_logon_and_restarts(tmp_path):
    xml = ScheduledTask(directory=tmp_path).render(COMMAND)
    ns = {"t": "http://schemas.microsoft.com/windows/2004/02/mit/task"}
    task = ET.fromstring(xml.split("\n", 1)[1])
    assert task.find("t:Triggers/t:LogonTrigger", ns) is not None
    assert task.find("t:Settings/t:RestartOnFailure/t:Count", ns).text == "999"
    assert task.find("t:Actions/t:Exec/t:Command", ns).text == COMMAND[0]
    assert shlex.split(task.find("t:Actions/t:Exec/t:Arguments", ns).text) == COMMAND[1:]


def _by_name(results) -> dict:
    return {r.name: r for r in results}


def test_doctor_names_each_broken_piece_with_its_fix(tmp_path):
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "claude.yaml").write_text("name: claude\nactions:\n  SECRET: blok\n")
    setup = Setup(config, tmp_path / "data", "127.0.0.1", free_port())
    checks = _by_name(run_checks(setup))
    assert not checks["policies"].ok and "claude.yaml:3" in checks["policies"].detail
    assert not checks["CA trusted"].ok and checks["CA trusted"].fix == "veil ca install"
    assert not checks["proxy answers"].ok and "veil start" in checks["proxy answers"].fix
    assert not checks["PAC served"].ok
    assert checks["vault and log"].ok  # nothing recorded yet is fine


def test_doctor_names_the_model_a_slow_stage_site_lacks(tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_MODELS_DIR", str(tmp_path / "models"))
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "claude.yaml").write_text(
        "name: claude\nslow_stage:\n  enabled: true\n  attacker_model: smollm2-135m-instruct\n"
    )
    checks = _by_name(run_checks(Setup(config, tmp_path / "data", "127.0.0.1", free_port())))
    assert not checks["models"].ok
    assert "smollm2-135m-instruct (for claude)" in checks["models"].detail
    assert "veil models pull smollm2-135m-instruct" in checks["models"].detail


def test_doctor_passes_the_pieces_of_a_working_setup(tmp_path):
    require("certutil")
    config, home = tmp_path / "config", tmp_path / "home"
    env = {"HOME": str(home), "VEIL_CONFIG_DIR": str(config)}
    runner = CliRunner()
    assert (
        runner.invoke(main, ["ca", "install", "--store", "chromium", "--yes"], env=env).exit_code
        == 0
    )
    port = free_port()
    with ProxyThread(config, port):
        done = runner.invoke(
            main,
            ["doctor", "--json", "--listen-port", str(port), "--data-dir", str(tmp_path / "d")],
            env=env,
        )
    checks = {c["name"]: c for c in json.loads(done.output)}
    for name in ("policies", "CA trusted", "proxy answers", "PAC served", "vault and log"):
        assert checks[name]["ok"], checks[name]
    # the service is not installed in a test: doctor must say so and exit non-zero
    assert not checks["starts at login"]["ok"] and done.exit_code == 1
    assert checks["starts at login"]["fix"] == "veil service install"


@pytest.mark.slow
def test_doctor_tells_another_server_on_the_port_from_veil(tmp_path):
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        setup = Setup(tmp_path / "config", tmp_path / "data", "127.0.0.1", port)
        checks = _by_name(run_checks(setup))
    assert checks["proxy answers"].ok  # something listens...
    assert not checks["PAC served"].ok  # ...but it is not veil
