"""HAProxy from Debian in front of the veil instances: round-robin per request.

One process, two front ends: ``team`` over every instance and ``single`` over the first
alone, so the one-instance figures take the same path through the balancer. Each answer
carries the instance that served it (``X-Veil-Instance``), which is how the bench knows
that a conversation's turns moved between instances.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.gateway.instances import Instance, free_ports, listening

PACKAGE = "haproxy"
INSTANCE_HEADER = "x-veil-instance"


def haproxy_binary() -> str | None:
    # Debian installs it in /usr/sbin, which is not on an ordinary user's PATH
    return shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")


@dataclass(frozen=True)
class Balancer:
    team_port: int
    single_port: int
    pid: int


def _backend(name: str, instances: list[Instance]) -> str:
    servers = "\n".join(
        f"    server {i.name} 127.0.0.1:{i.gateway_port} check inter 2s" for i in instances
    )
    return (
        f"backend {name}\n"
        "    balance roundrobin\n"
        f"    http-response set-header X-Veil-Instance %s\n"
        f"{servers}\n"
    )


def config(team_port: int, single_port: int, instances: list[Instance]) -> str:
    return (
        "global\n"
        "    maxconn 4096\n"
        "defaults\n"
        "    mode http\n"
        "    timeout connect 5s\n"
        # a streamed answer may pause between events: generous, as for real models
        "    timeout client 300s\n"
        "    timeout server 300s\n"
        f"frontend team\n    bind 127.0.0.1:{team_port}\n    default_backend team\n"
        f"frontend single\n    bind 127.0.0.1:{single_port}\n    default_backend single\n"
        + _backend("team", instances)
        + _backend("single", instances[:1])
    )


@contextlib.contextmanager
def haproxy(work: Path, instances: list[Instance]) -> Iterator[Balancer]:
    binary = haproxy_binary()
    if binary is None:
        raise FileNotFoundError(f"HAProxy is not installed (Debian package '{PACKAGE}')")
    team_port, single_port = free_ports(2)
    path = work / "haproxy.cfg"
    path.write_text(config(team_port, single_port, instances))
    checked = subprocess.run([binary, "-c", "-f", str(path)], capture_output=True, text=True)
    if checked.returncode != 0:
        raise RuntimeError(f"haproxy refused its configuration:\n{checked.stderr}")
    log = (work / "haproxy.log").open("wb")
    # -db: stay in the foreground, so terminating it here stops it
    process = subprocess.Popen(
        [binary, "-db", "-f", str(path)], stdout=log, stderr=subprocess.STDOUT
    )
    balancer = Balancer(team_port, single_port, process.pid)
    try:
        deadline = time.monotonic() + 30
        while not (listening(balancer.team_port) and listening(balancer.single_port)):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    "haproxy did not start: " + (work / "haproxy.log").read_text(errors="replace")
                )
            time.sleep(0.1)
        yield balancer
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
