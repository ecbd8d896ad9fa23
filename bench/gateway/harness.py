"""The whole bench in one run: PostgreSQL, the fake upstream, the veil instances,
HAProxy, then the same load straight to the upstream, through one instance and through
all of them, and a sequential probe for veil's own latency."""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from bench.gateway import balancer as lb
from bench.gateway.checks import (
    instance_moves,
    judge,
    judge_upstream,
    percentiles_ms,
)
from bench.gateway.cpu import CpuMeter, load_average
from bench.gateway.instances import veil_instances
from bench.gateway.load import Phase, Turn, client_for, run_conversation, run_phase
from bench.gateway.scripts import Conversation, build
from testing import local_postgres
from testing.fake_upstream import FakeChatService

ROUTE = "/openai/v1"


class MissingTool(RuntimeError):
    """A system package the bench needs is not installed."""


@dataclass(frozen=True)
class Options:
    instances: int = 3
    clients: int = 50
    conversations: int = 20
    turns: int = 4
    probe: int = 20  # sequential conversations per path for the latency probe

    def __post_init__(self) -> None:
        if min(self.instances, self.clients, self.conversations, self.probe) < 1:
            raise ValueError("instances, clients, conversations and probe must be at least 1")
        if self.turns < 2:
            raise ValueError("turns must be at least 2 (an opening and a request)")


def required_tools() -> tuple[str, Path]:
    """HAProxy's binary and PostgreSQL's bin dir, or MissingTool naming the package."""
    haproxy = lb.haproxy_binary()
    if haproxy is None:
        raise MissingTool(
            f"HAProxy is not installed: apt-get install {lb.PACKAGE} "
            "(install/system-packages.sh installs it)"
        )
    bindir = local_postgres.postgres_bindir()
    if bindir is None:
        raise MissingTool(
            "PostgreSQL's server (initdb, pg_ctl) is not installed: apt-get install "
            f"{local_postgres.PACKAGE} (install/system-packages.sh installs it)"
        )
    return haproxy, bindir


def tenants(phase: str, count: int) -> list[str]:
    return [f"sk-bench-{phase}-client{n:03d}" for n in range(count)]


def _load_phase(
    name: str,
    base_url: str,
    options: Options,
    seed: int,
    upstream: FakeChatService,
    meter: CpuMeter,
) -> dict:
    plans = build(tenants(name, options.clients), options.conversations, options.turns, seed)
    mark = len(upstream.received)
    load_before = load_average()
    meter.start()
    phase = run_phase(base_url, plans)
    cpu = meter.stop()
    verdict = judge(phase, plans)
    answered = [t for t in phase.turns if t.answer is not None]
    result = {
        "turns": verdict.planned,
        "seconds": phase.seconds,
        "turns_per_second": len(answered) / phase.seconds,
        "latency_ms": percentiles_ms([t.seconds for t in answered]),
        "verdict": {**asdict(verdict), "clean": verdict.clean},
        "instances": instance_moves(phase),
        # CPU per answered turn by process group; "bench" is the clients and the fake
        # upstream. The load average (1 min) tells what else the machine was doing.
        "cpu_ms_per_turn": {k: v * 1e3 / max(1, len(answered)) for k, v in cpu.items()},
        "load_average": [load_before, load_average()],
    }
    if name != "direct":  # straight to the upstream, the real values are expected there
        upstream_verdict = judge_upstream(
            upstream.received[mark:], upstream.received_headers[mark:], plans
        )
        result["upstream"] = asdict(upstream_verdict)
    return result


def _probe(direct_url: str, team_url: str, options: Options, seed: int) -> dict:
    """One client, one turn at a time, alternating a conversation straight to the
    upstream with one through the balancer: latency without queueing."""
    plans = {
        path: build(tenants(f"probe-{path}", 1), options.probe, options.turns, seed + n)[0]
        for n, path in enumerate(("direct", "team"))
    }
    turns: dict[str, list[Turn]] = {"direct": [], "team": []}
    with (
        client_for(direct_url, plans["direct"][0].tenant) as direct,
        client_for(team_url, plans["team"][0].tenant) as team,
    ):
        for n in range(options.probe):
            turns["direct"] += run_conversation(direct, plans["direct"][n])
            turns["team"] += run_conversation(team, plans["team"][n])
    result: dict = {}
    for path, recorded in turns.items():
        verdict = judge(Phase(recorded, 0.0), [plans[path]])
        answered = [t.seconds for t in recorded if t.answer is not None]
        result[path] = {
            "latency_ms": percentiles_ms(answered),
            "verdict": {**asdict(verdict), "clean": verdict.clean},
            # alone on the balancer, round-robin moves every next turn
            "instances": instance_moves(Phase(recorded, 0.0)),
        }
    for cut in ("p50", "p95"):
        result[f"overhead_{cut}_ms"] = (
            result["team"]["latency_ms"][cut] - result["direct"]["latency_ms"][cut]
        )
    return result


def _warm_up(urls: list[str], rounds: int) -> None:
    """A few conversations through each path first, so that connections and what veil
    builds lazily are ready before anything is timed."""
    for n, url in enumerate(urls):
        plan: list[Conversation] = build(tenants(f"warm{n}", 1), rounds, 2, seed=900 + n)[0]
        with client_for(url, plan[0].tenant) as client:
            for conversation in plan:
                run_conversation(client, conversation)


def run(options: Options, work: Path | None = None) -> dict:
    _, bindir = required_tools()
    work = work or Path(tempfile.mkdtemp(prefix="veil-bench-gateway-"))
    server = local_postgres.PostgresServer(bindir)
    try:
        server.start()
        vault = server.new_database()
        with FakeChatService(work, chunk_bytes=64, tls=False) as upstream:
            direct_url = f"http://127.0.0.1:{upstream.port}/v1"
            with (
                veil_instances(
                    options.instances, work, direct_url, vault, work / "team.key"
                ) as instances,
                lb.haproxy(work, instances) as balancer,
            ):
                team_url = f"http://127.0.0.1:{balancer.team_port}{ROUTE}"
                single_url = f"http://127.0.0.1:{balancer.single_port}{ROUTE}"
                _warm_up([direct_url, single_url, team_url], rounds=2 * options.instances)
                results: dict = {"options": asdict(options), "cpus": os.cpu_count()}
                meter = CpuMeter(
                    {"veil": [i.process.pid for i in instances], "haproxy": [balancer.pid]}
                )
                for seed, (name, url) in enumerate(
                    (("direct", direct_url), ("single", single_url), ("team", team_url)), 1
                ):
                    results[name] = _load_phase(name, url, options, seed, upstream, meter)
                results["probe"] = _probe(direct_url, team_url, options, seed=100)
        results["summary"] = _summary(results)
        return results
    finally:
        server.remove()
        shutil.rmtree(work, ignore_errors=True)


def _summary(r: dict) -> dict:
    veil_phases = [r["single"], r["team"], r["probe"]["team"]]
    clean = all(p["verdict"]["clean"] for p in [r["direct"], *veil_phases])
    # each answered turn reached the upstream exactly once, filtered and numbered right
    upstream_clean = all(
        p["upstream"]["requests"] == p["verdict"]["answered"]
        and not (p["upstream"]["unfiltered"] or p["upstream"]["misnumbered"])
        and not p["upstream"]["unknown"]
        for p in (r["single"], r["team"])
    )
    return {
        "all_checks_passed": clean and upstream_clean,
        "team_vs_single_throughput": r["team"]["turns_per_second"]
        / r["single"]["turns_per_second"],
        "overhead_under_load_ms": {
            cut: r["team"]["latency_ms"][cut] - r["direct"]["latency_ms"][cut]
            for cut in ("p50", "p95")
        },
        "overhead_sequential_ms": {cut: r["probe"][f"overhead_{cut}_ms"] for cut in ("p50", "p95")},
    }
