"""What veil costs besides latency: start-up, warm-up, `veil check` cold, memory over
time, and bad input (a 2 MB prompt, a 500-turn history). Each measured in a process of
its own or against the running proxy, next to its reference in the same run."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
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
    return _status_mb(pid, "VmRSS:")


def peak_mb(pid: int) -> float:
    return _status_mb(pid, "VmHWM:")


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
