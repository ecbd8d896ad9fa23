"""CPU time the bench's processes spent, so the throughput figures can be read against
what one turn costs and what else ran on the machine (Linux's /proc; NaN elsewhere)."""

from __future__ import annotations

import os
import resource
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_seconds(pid: int) -> float:
    """User + system CPU seconds of one process so far."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return float("nan")
    # fields after the command name, which is in parentheses and may hold spaces
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def own_seconds() -> float:
    """This process (the clients and the fake upstream): user + system."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class CpuMeter:
    """CPU seconds per group of processes between ``start`` and ``stop``."""

    def __init__(self, groups: dict[str, list[int]]) -> None:
        self.groups = groups
        self._before: dict[str, float] = {}

    def _now(self) -> dict[str, float]:
        now = {name: sum(process_seconds(p) for p in pids) for name, pids in self.groups.items()}
        now["bench"] = own_seconds()
        return now

    def start(self) -> None:
        self._before = self._now()

    def stop(self) -> dict[str, float]:
        return {name: value - self._before[name] for name, value in self._now().items()}


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
