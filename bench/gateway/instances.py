"""Real `veil start` processes for the bench: each its own config and data dir (the same
policies), all on one PostgreSQL vault and one data key file, gateway on loopback."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

START_TIMEOUT_S = 300.0  # loading spaCy on two busy cores takes a while


def free_ports(count: int) -> list[int]:
    """``count`` distinct free ports: the probes stay bound until all are taken, or the
    system may hand the same just-freed port out twice."""
    with contextlib.ExitStack() as stack:
        probes = [stack.enter_context(socket.socket()) for _ in range(count)]
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]


def veil_command() -> list[str]:
    """The installed `veil` script beside this interpreter, else the module it runs."""
    script = Path(sys.executable).with_name("veil")
    return [str(script)] if script.exists() else [sys.executable, "-m", "veil.proxy.cli"]


@dataclass
class Instance:
    name: str
    listen_port: int  # the MITM proxy (and its dashboard, which says when models are loaded)
    gateway_port: int
    log: Path
    process: subprocess.Popen

    def log_tail(self, lines: int = 20) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def write_policies(config_dir: Path, upstream_base: str) -> None:
    """The openai-api route pointed at the fake upstream; everything else as shipped."""
    policies = config_dir / "policies"
    policies.mkdir(parents=True, exist_ok=True)
    (policies / "openai-api.yaml").write_text(f"gateway: {{upstream: '{upstream_base}'}}\n")


def _launch(name: str, work: Path, upstream_base: str, vault: str, key_file: Path) -> Instance:
    home = work / name
    write_policies(home / "config", upstream_base)
    listen_port, gateway_port = free_ports(2)
    command = [
        *veil_command(),
        "start",
        *("--listen-port", str(listen_port)),
        *("--gateway-host", "127.0.0.1", "--gateway-port", str(gateway_port)),
        *("--config-dir", str(home / "config"), "--data-dir", str(home / "data")),
        *("--vault", vault, "--data-key-file", str(key_file)),
    ]
    log = home / "veil.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    return Instance(name, listen_port, gateway_port, log, process)


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _warmed_up(instance: Instance) -> bool:
    url = f"http://127.0.0.1:{instance.listen_port}/veil/api/status"
    try:
        reply = httpx.get(url, timeout=5, trust_env=False)
        return bool(reply.json().get("warmed_up"))
    except (httpx.HTTPError, ValueError):
        return False


def _wait_ready(instances: list[Instance]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    waiting = list(instances)
    while waiting:
        for instance in list(waiting):
            if instance.process.poll() is not None:
                raise RuntimeError(
                    f"veil instance {instance.name} exited ({instance.process.returncode}):\n"
                    + instance.log_tail()
                )
            if listening(instance.gateway_port) and _warmed_up(instance):
                waiting.remove(instance)
        if waiting and time.monotonic() > deadline:
            names = ", ".join(i.name for i in waiting)
            raise TimeoutError(f"veil instances {names} not ready in {START_TIMEOUT_S:.0f} s")
        time.sleep(0.3)


def _stop(instance: Instance) -> None:
    instance.process.terminate()
    try:
        instance.process.wait(15)
    except subprocess.TimeoutExpired:
        instance.process.kill()
        instance.process.wait()


@contextlib.contextmanager
def veil_instances(
    count: int, work: Path, upstream_base: str, vault: str, key_file: Path
) -> Iterator[list[Instance]]:
    """``count`` instances started together (they migrate the shared schema once, under
    its lock, and agree on the key file), yielded once each has loaded its models."""
    instances: list[Instance] = []
    try:
        for n in range(1, count + 1):
            instances.append(_launch(f"veil{n}", work, upstream_base, vault, key_file))
        _wait_ready(instances)
        yield instances
    finally:
        for instance in instances:
            _stop(instance)
