"""bench/proxy runs end to end at a tiny scale: real mitmproxy, real `veil start`, a client
that sends its key as an API client does; answers come back restored and upstream sees no
direct identifier of the prompt."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_proxy_benchmark_runs_and_leaks_nothing(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.proxy", "--requests", "3", "--clients", "2",
         "--per-client", "2", "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads((tmp_path / "proxy.json").read_text())
    assert figures["unfiltered_at_upstream"] == 0
    assert figures["requests_through_veil"] > 0
    concurrency = figures["concurrency"]
    assert concurrency["errors"] == concurrency["lost"] == 0
    assert concurrency["restored_answers"] == concurrency["requests"] == 4
    reference = figures["bare_mitmproxy"]["concurrency"]  # the same load, without veil
    assert reference["requests"] == 4 and reference["errors"] == 0
    assert figures["veil"]["latency_ms"]["p50"] > 0
    # the fast stage's own time on the measured requests, from veil's redaction log
    assert figures["veil"]["fast_stage_in_proxy_ms"]["p50"] > 0
    assert "on the same requests in the proxy" in (tmp_path / "proxy.md").read_text()
    assert "veil (fast stage)" in (tmp_path / "proxy.md").read_text()
