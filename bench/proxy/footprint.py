"""What veil costs besides latency: start-up, warm-up, `veil check` cold, memory over
time, and bad input (a 2 MB prompt, a 500-turn history). Each measured in a process of
its own or against the running proxy, next to its reference in the same run."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

CHECK_SENTENCE = "My name is Anna Berg and I live at 12 Elm Street"

# In a fresh interpreter: the imports a proxy needs (the reference), then the fast
# stage's warm-up, with the resident memory after each.
_WARM_UP = """
import json, time
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
started = time.perf_counter()
from veil.policies.loader import load_site_policy
from veil.policies.pipeline import Pipeline
import veil.proxy.addon
pipeline = Pipeline(load_site_policy("openai-api"))
imports, imports_mb = time.perf_counter() - started, rss()
pipeline.warm_up()
print(json.dumps({"imports_s": imports, "imports_mb": imports_mb,
                  "warm_up_s": time.perf_counter() - started - imports,
                  "warm_up_mb": rss() - imports_mb}))
"""


def rss_mb(pid: int) -> float:
    """The process's resident memory, plus its children's own (``children_uss_mb``)."""
    return _status_mb(pid, "VmRSS:") + children_uss_mb(pid)


def own_rss_mb(pid: int) -> float:
    """The process's own resident memory, without its children."""
    return _status_mb(pid, "VmRSS:")


def reader_stops(pid: int, idle_s: float) -> dict:
    """How long after the load the process's children (veil's reader) stop, waiting up
    to ``idle_s`` and 15 seconds more, and the family's memory then."""
    started = time.monotonic()
    stopped = None
    while time.monotonic() - started < idle_s + 15:
        if not children(pid):
            stopped = time.monotonic() - started
            break
        time.sleep(0.5)
    return {
        "stopped_after_s": stopped,
        "waited_s": time.monotonic() - started,
        "family_mb": rss_mb(pid),
    }


def peak_mb(pid: int) -> float:
    """The process's own peak resident memory (VmHWM; without its children)."""
    return _status_mb(pid, "VmHWM:")


def children(pid: int) -> list[int]:
    """The process's children and theirs (veil's reader process, model workers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:  # the thread ended meanwhile
            continue
    return [c for child in found for c in (child, *children(child))]


def uss_mb(pid: int) -> float:
    """Memory only this process holds (its private pages: USS). A child forked from the
    proxy shares the pages neither has written since; those are counted once, in the
    proxy's own resident memory."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:  # it exited meanwhile
        return 0.0
    kb = sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Private_"))
    return kb / 1024


def children_uss_mb(pid: int) -> float:
    return sum(uss_mb(child) for child in children(pid))


class FamilyPeak:
    """The peak memory of a process and its children (veil's reader process): the most,
    sampled every ``interval`` seconds while in use, of the process's resident memory
    plus its children's own (USS), or the process's own peak (VmHWM) if higher (before
    the sampling, or between samples, when it had no children to add)."""

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.pid, self.interval = pid, interval
        self.sampled_mb = 0.0
        self.children_mb = 0.0  # the children's own memory at the sampled peak
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> FamilyPeak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._take()

    @property
    def peak_mb(self) -> float:
        return max(self.sampled_mb, peak_mb(self.pid))

    def _take(self) -> None:
        children = children_uss_mb(self.pid)
        total = _status_mb(self.pid, "VmRSS:") + children
        if total > self.sampled_mb:
            self.sampled_mb, self.children_mb = total, children

    def _sample(self) -> None:
        while not self._stop.wait(self.interval):
            self._take()


def _status_mb(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field):
            return int(line.split()[1]) / 1024
    return float("nan")


def warm_up() -> dict[str, float]:
    """The fast stage's warm-up against the imports alone, in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", _WARM_UP], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def check_cold(runs: int = 3) -> dict[str, float]:
    """`veil check "<one sentence>"` wall time, each run a new process (median), against
    starting the same interpreter and importing the check command alone."""
    veil = Path(sys.executable).with_name("veil")

    def timed(command: list[str]) -> float:
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False)
        return time.perf_counter() - started

    check = [timed([str(veil), "check", CHECK_SENTENCE]) for _ in range(runs)]
    # the check command's own imports (the command line imports a command when it runs)
    imports = [timed([sys.executable, "-c", "import veil.proxy.cli.check"]) for _ in range(runs)]
    return {"check_s": statistics.median(check), "cli_imports_s": statistics.median(imports)}


def first_filtered(start: float, send) -> float:
    """Seconds from ``start`` (when `veil start` was run) until ``send()`` (a filtered
    request) succeeds: the proxy may be listening before it can filter."""
    while True:
        try:
            send()
            return time.perf_counter() - start
        except (httpx.HTTPError, OSError):
            if time.perf_counter() - start > 300:
                raise
            time.sleep(0.05)


def history(turns: int, tag: str) -> list[dict[str, str]]:
    """A chat of ``turns`` user messages (and the answers between them), each naming
    someone, as a client resends it whole."""
    messages = []
    for n in range(turns):
        messages.append(
            {
                "role": "user",
                "content": f"Turn {n} ({tag}): my colleague Person{n} Example-{tag} asked "
                f"whether the report for week {n} can move to Thursday. What do I say?",
            }
        )
        if n < turns - 1:
            messages.append({"role": "assistant", "content": f"Tell them week {n} is fine."})
    return messages


def timed_post(http: httpx.Client, url: str, body: dict) -> float:
    started = time.perf_counter()
    response = http.post(url, json=body, timeout=900)
    response.raise_for_status()
    return time.perf_counter() - started
