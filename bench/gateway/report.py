"""The bench's figures as a markdown table and a few sentences."""

from __future__ import annotations

PATHS = (
    ("direct", "straight to the fake service"),
    ("single", "HAProxy → 1 veil instance"),
    ("team", "HAProxy → {instances} veil instances"),
)


def _row(label: str, p: dict, through_balancer: bool) -> str:
    v, moves = p["verdict"], p["instances"]
    unrestored = v["wrong_answers"] + v["placeholders_in_answers"]
    moved = f"{moves['moved_instance']} of {moves['followup_turns']}" if through_balancer else "–"
    return (
        f"| {label} | {v['planned']} | {v['errors']} | {v['lost']} | {unrestored} | "
        f"{v['cross_tenant_answers']} | {p['turns_per_second']:.1f} | "
        f"{p['latency_ms']['p50']:.1f} ms | {p['latency_ms']['p95']:.1f} ms | {moved} |"
    )


def render(r: dict) -> str:
    o, s = r["options"], r["summary"]
    rows = [
        "| path | turns | errors | lost | not restored | other tenant's values | turns/s "
        "| latency p50 | latency p95 | next turn on another instance |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *(_row(label.format(**o), r[key], key != "direct") for key, label in PATHS),
    ]
    upstream = [
        f"- {key}: {r[key]['upstream']['requests']} requests reached the service, "
        f"{r[key]['upstream']['unfiltered']} with a personal value, "
        f"{r[key]['upstream']['misnumbered']} with another conversation's placeholders, "
        f"{r[key]['upstream']['unknown']} unplaceable"
        for key in ("single", "team")
    ]
    probe = r["probe"]
    spread = ", ".join(f"{k} {n}" for k, n in r["team"]["instances"]["per_instance"].items())
    return "\n".join(
        [
            f"### gateway: {o['clients']} clients × {o['conversations']} conversations × "
            f"{o['turns']} turns, {o['instances']} instances on one PostgreSQL behind HAProxy",
            "",
            *rows,
            "",
            f"- all checks passed: {'yes' if s['all_checks_passed'] else 'NO'}",
            f"- throughput, {o['instances']} instances vs 1: "
            f"{s['team_vs_single_throughput']:.2f}x "
            f"({r['team']['turns_per_second']:.1f} vs {r['single']['turns_per_second']:.1f} "
            "turns/s, all processes on this machine's cores)",
            f"- veil's overhead, one turn at a time ({o['probe']} conversations per path): "
            f"p50 {s['overhead_sequential_ms']['p50']:.1f} ms, "
            f"p95 {s['overhead_sequential_ms']['p95']:.1f} ms "
            f"(direct p50 {probe['direct']['latency_ms']['p50']:.1f} ms, through veil "
            f"{probe['team']['latency_ms']['p50']:.1f} ms)",
            f"- under the full load, through {o['instances']} instances minus straight: "
            f"p50 {s['overhead_under_load_ms']['p50']:.1f} ms, "
            f"p95 {s['overhead_under_load_ms']['p95']:.1f} ms (queueing included)",
            f"- turns per instance: {spread}",
            *(_cpu_line(label.format(**o), r[key], r.get("cpus")) for key, label in PATHS),
            *upstream,
        ]
    )


def _cpu_line(label: str, p: dict, cpus: int | None) -> str:
    cpu = p["cpu_ms_per_turn"]
    load = p["load_average"]
    return (
        f"- CPU per turn, {label}: veil {cpu['veil']:.1f} ms, HAProxy {cpu['haproxy']:.1f} ms, "
        f"clients and fake service {cpu['bench']:.1f} ms (PostgreSQL not counted); "
        f"load average {load[0]:.1f} → {load[1]:.1f} on {cpus} cores"
    )
