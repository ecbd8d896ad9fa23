"""bench/proxy: what veil costs on the wire, against a local fake chat service.

    .venv/bin/python -m bench.proxy [--requests 100] [--clients 50] [--per-client 20]

In one run: latency p50/p95 of a 1 KB prompt sent directly, through bare mitmproxy
(mitmdump, no addon), through veil (fast stage) and through veil without spaCy's NER
(the configuration a latency-sensitive site can choose); time to the first answer token
of a streamed answer the same ways; 50 concurrent clients x 20 requests through veil
(errors, lost requests, answers restored); each proxy's peak memory (VmHWM); and, in
process, where the fast stage's time goes per recognizer, which explains veil's share.
Writes bench/proxy/results/proxy.{json,md}.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.output import publish
from testing.fake_upstream import FakeChatService
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.rules.analyzer import DEFAULT_RECOGNIZERS
from veil.rules.vault import Vault

NER = "spacy.ner.v1"

PROMPT = (
    "Hi, I'm Dana Whitfield, a nurse at Northwind Health in Sacramento. Please draft a short, "
    "friendly email to my landlord Marcus Oyelaran (marcus.oyelaran@gmail.com, +1 415-867-5309) "
    "saying that the heater in apartment 3 at 1842 Larkspur Lane has been broken since Monday, "
    "that I have already called the repair company twice, and that I would like him to confirm "
    "a date for the technician before Friday. Mention that I can be reached after 6 pm on my "
    "mobile and that rent for November was paid from my account GB33BUKB20201555555555 as usual. "
    "Keep the tone polite but firm, no more than 150 words, and sign it with my first name only. "
    "If it helps, our lease says repairs must be made within seven days of notice, and I sent "
    "the first notice by email last Tuesday. My neighbour in apartment 4, Priya Raman, has the "
    "same problem and may write to him separately, so please do not mention her by name. "
    "Thank you so much for your help with this, it has been a long week!"
)


# What the prompt names directly: each must reach the service pseudonymized and come back
# restored. (Quasi-identifiers such as "a nurse in Sacramento" are generalized by default,
# one way, so the answer is not the prompt verbatim.)
DIRECT_IDENTIFIERS = (
    "Dana Whitfield",
    "Marcus Oyelaran",
    "marcus.oyelaran@gmail.com",
    "+1 415-867-5309",
    "GB33BUKB20201555555555",
    "Priya Raman",
)


def check_restored(answer: str, received: str) -> None:
    """The direct identifiers are back in the answer and were not in what was sent."""
    missing = [value for value in DIRECT_IDENTIFIERS if value not in answer]
    leaked = [value for value in DIRECT_IDENTIFIERS if value in received]
    if missing or leaked:
        raise SystemExit(
            f"veil did not filter and restore the prompt: not restored {missing}, "
            f"sent upstream {leaked}"
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"nothing listening on {port}")


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@contextmanager
def proxy_process(command: list[str], port: int, ca_file: Path):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_port(port)
        deadline = time.monotonic() + 60
        while not ca_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_until_warmed_up(port: int, timeout: float = 300) -> None:
    """veil loads its recognizers in the background after it starts listening; measure
    only once that is done (its dashboard says so), not while it competes for the CPU."""
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/veil/api/status"
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=5, trust_env=False).json().get("warmed_up"):
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.2)
    raise TimeoutError("veil did not finish loading its recognizers")


def client(proxy_port: int | None, ca: Path) -> httpx.Client:
    context = ssl.create_default_context(cafile=str(ca))
    proxy = f"http://127.0.0.1:{proxy_port}" if proxy_port else None
    # an API client sends its key; veil refuses keyless API requests (require_credential)
    headers = {"Authorization": "Bearer sk-bench"}
    return httpx.Client(proxy=proxy, verify=context, timeout=120, headers=headers)


def chat(http: httpx.Client, url: str, prompt: str) -> str:
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": prompt}]}
    response = http.post(url, json=body)
    response.raise_for_status()
    return response.json()["choices"][0]["message"]["content"]


def first_token_seconds(http: httpx.Client, url: str, prompt: str) -> float:
    body = {"model": "gpt-4o", "stream": True, "messages": [{"role": "user", "content": prompt}]}
    started = time.perf_counter()
    first = None
    with http.stream("POST", url, json=body) as response:
        for line in response.iter_lines():
            if (
                first is None
                and line.startswith("data: {")
                and '"content": ""' not in line
                and ('"content"' in line)
            ):
                first = time.perf_counter() - started
    return first if first is not None else float("nan")


def percentiles(values: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": cuts[49] * 1e3, "p95": cuts[94] * 1e3}


def prompt(n: int) -> str:
    # A different text every time: nothing may be served from a cache.
    return f"{PROMPT} (ref {n:05d})"


def measure(http: httpx.Client, url: str, requests: int) -> tuple[dict, dict]:
    for n in range(5):
        chat(http, url, prompt(-n))
    latencies = []
    for n in range(requests):
        started = time.perf_counter()
        chat(http, url, prompt(n))
        latencies.append(time.perf_counter() - started)
    ttft = [
        first_token_seconds(http, url, prompt(10_000 + n)) for n in range(max(10, requests // 3))
    ]
    return percentiles(latencies), percentiles(ttft)


def fast_stage_breakdown(samples: int) -> dict:
    """The fast stage in process on the same prompts: total and per recognizer (p50)."""
    stage = FastStage(load_site_policy("openai-api"))
    stage.warm_up()
    per_recognizer: dict[str, list[float]] = {}
    totals = []
    for n in range(samples):
        text = prompt(20_000 + n)
        for recognizer in stage.analyzer.recognizers:
            started = time.perf_counter()
            recognizer.find(text)
            per_recognizer.setdefault(recognizer.name, []).append(time.perf_counter() - started)
        started = time.perf_counter()
        stage.run(text, Vault())
        totals.append(time.perf_counter() - started)
    return {
        "total_p50_ms": statistics.median(totals) * 1e3,
        "by_recognizer_p50_ms": {
            name: statistics.median(times) * 1e3 for name, times in per_recognizer.items()
        },
    }


def concurrency(proxy_port: int, ca: Path, url: str, clients: int, per_client: int) -> dict:
    errors: list[str] = []
    restored_ok = 0
    lock = threading.Lock()

    def worker(n: int) -> None:
        nonlocal restored_ok
        with client(proxy_port, ca) as http:
            for i in range(per_client):
                name = f"Person{n}x{i} Example"
                prompt = f"My colleague is {name}, email p{n}.{i}@acme-health.org. Say hi."
                try:
                    answer = chat(http, url, prompt)
                    with lock:
                        restored_ok += name in answer and f"p{n}.{i}@acme-health.org" in answer
                except Exception as error:  # counted, not raised: the figure is the point
                    with lock:
                        errors.append(f"{type(error).__name__}: {error}")

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    total = clients * per_client
    return {
        "requests": total,
        "errors": len(errors),
        "restored_answers": restored_ok,
        "lost": total - restored_ok - len(errors),
        "seconds": elapsed,
        "requests_per_second": total / elapsed,
        "first_errors": errors[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--per-client", type=int, default=20)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="veil-bench-"))
    results: dict = {"prompt_bytes": len(PROMPT.encode())}
    try:
        with FakeChatService(work, chunk_bytes=64) as upstream:
            url = f"https://127.0.0.1:{upstream.port}/v1/chat/completions"
            host = f"127.0.0.1:{upstream.port}"
            config, light_config = work / "veil", work / "veil-no-ner"
            (config / "policies").mkdir(parents=True)
            (config / "policies" / "bench.yaml").write_text(
                f'name: bench\nhosts: ["{host}"]\nadapter: openai\n'
            )
            (light_config / "policies").mkdir(parents=True)
            without_ner = [name for name in DEFAULT_RECOGNIZERS if name != NER]
            (light_config / "policies" / "bench.yaml").write_text(
                f'name: bench\nhosts: ["{host}"]\nadapter: openai\n'
                f"recognizers: {json.dumps(without_ner)}\n"
            )
            bare_port, veil_port, light_port = free_port(), free_port(), free_port()
            bare_conf = work / "bare"
            mitmdump = Path(sys.executable).with_name("mitmdump")
            bare_cmd = [
                str(mitmdump),
                "-q",
                "--listen-host",
                "127.0.0.1",
                "--listen-port",
                str(bare_port),
                "--set",
                f"confdir={bare_conf}",
                "--set",
                f"ssl_verify_upstream_trusted_ca={upstream.ca}",
                # stream answers as veil does: mitmproxy buffers whole bodies by default,
                # which would make the baseline's time to first token the full answer's
                "--set",
                "stream_large_bodies=1",
            ]

            def veil_cmd(port: int, directory: Path) -> list[str]:
                return [
                    *(sys.executable, "-m", "veil.proxy.cli", "start"),
                    *("--listen-port", str(port), "--config-dir", str(directory)),
                    # a throwaway vault and log, as a real user would have
                    *("--data-dir", str(directory.parent / f"{directory.name}-data")),
                    *("--upstream-ca", str(upstream.ca)),
                ]

            with client(None, upstream.ca) as http:
                latency, ttft = measure(http, url, args.requests)
            results["direct"] = {"latency_ms": latency, "ttft_ms": ttft}

            with proxy_process(bare_cmd, bare_port, bare_conf / "mitmproxy-ca-cert.pem") as process:
                with client(bare_port, bare_conf / "mitmproxy-ca-cert.pem") as http:
                    latency, ttft = measure(http, url, args.requests)
                results["bare_mitmproxy"] = {
                    "latency_ms": latency,
                    "ttft_ms": ttft,
                    "peak_memory_mb": peak_memory_mb(process.pid),
                }

            veil_ca = config / "mitmproxy" / "mitmproxy-ca-cert.pem"
            veil_start = len(upstream.received)
            with proxy_process(veil_cmd(veil_port, config), veil_port, veil_ca) as process:
                wait_until_warmed_up(veil_port)
                with client(veil_port, veil_ca) as http:
                    answer = chat(http, url, PROMPT)  # first request loads the models
                    check_restored(answer, json.dumps(upstream.received[-1][1]))
                    latency, ttft = measure(http, url, args.requests)
                results["veil"] = {"latency_ms": latency, "ttft_ms": ttft}
                results["concurrency"] = concurrency(
                    veil_port, veil_ca, url, args.clients, args.per_client
                )
                results["veil"]["peak_memory_mb"] = peak_memory_mb(process.pid)
            # Every request veil forwarded must have reached the service filtered.
            through_veil = [json.dumps(body) for _, body in upstream.received[veil_start:]]
            results["unfiltered_at_upstream"] = sum(
                any(value in body for value in DIRECT_IDENTIFIERS) or "@acme-health.org" in body
                for body in through_veil
            )
            results["requests_through_veil"] = len(through_veil)

            light_ca = light_config / "mitmproxy" / "mitmproxy-ca-cert.pem"
            with proxy_process(veil_cmd(light_port, light_config), light_port, light_ca) as process:
                wait_until_warmed_up(light_port)
                with client(light_port, light_ca) as http:
                    chat(http, url, PROMPT)
                    latency, ttft = measure(http, url, args.requests)
                results["veil_without_ner"] = {
                    "latency_ms": latency,
                    "ttft_ms": ttft,
                    "peak_memory_mb": peak_memory_mb(process.pid),
                }
        results["fast_stage"] = fast_stage_breakdown(samples=30)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    report = render(results)
    publish(args.out, "proxy", results, report)


def render(r: dict) -> str:
    rows = [
        "| path | latency p50 | latency p95 | first token p50 | first token p95 | peak memory |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for key, label in (
        ("direct", "direct"),
        ("bare_mitmproxy", "bare mitmproxy"),
        ("veil", "veil (fast stage)"),
        ("veil_without_ner", "veil without spaCy NER"),
    ):
        x = r[key]
        memory = f"{x['peak_memory_mb']:.0f} MB" if "peak_memory_mb" in x else "–"
        rows.append(
            f"| {label} | {x['latency_ms']['p50']:.1f} ms | {x['latency_ms']['p95']:.1f} ms | "
            f"{x['ttft_ms']['p50']:.1f} ms | {x['ttft_ms']['p95']:.1f} ms | {memory} |"
        )

    def over_bare(key: str, metric: str) -> float:
        return r[key][metric]["p50"] - r["bare_mitmproxy"][metric]["p50"]

    added, ttft_added = over_bare("veil", "latency_ms"), over_bare("veil", "ttft_ms")
    stage = r["fast_stage"]
    ner = stage["by_recognizer_p50_ms"].get(NER, 0.0)
    slowest = sorted(stage["by_recognizer_p50_ms"].items(), key=lambda kv: -kv[1])[:4]
    c = r["concurrency"]
    return "\n".join(
        [
            f"### proxy overhead, {r['prompt_bytes']}-byte prompt",
            "",
            *rows,
            "",
            f"- veil adds {added:.1f} ms p50 over bare mitmproxy (target ≤ 20 ms); "
            f"without spaCy NER {over_bare('veil_without_ner', 'latency_ms'):.1f} ms",
            f"- veil adds {ttft_added:.1f} ms to time-to-first-token p50 over bare mitmproxy "
            f"(target ≤ 5 ms); without spaCy NER "
            f"{over_bare('veil_without_ner', 'ttft_ms'):.1f} ms",
            f"- where it goes (in process, same prompts): the fast stage takes "
            f"{stage['total_p50_ms']:.1f} ms p50, of which spaCy NER {ner:.1f} ms; slowest "
            "recognizers: " + ", ".join(f"{name} {ms:.1f} ms" for name, ms in slowest),
            f"- everything else veil does per request (parse, rewrite, restore, worker "
            f"thread): about {added - stage['total_p50_ms']:.1f} ms",
            f"- time to first token carries the same fast stage (the request is filtered "
            f"before it leaves); beyond the request's latency cost, restoring the stream "
            f"adds {ttft_added - added:+.1f} ms p50",
            f"- {c['requests']} requests from concurrent clients: {c['errors']} errors, "
            f"{c['lost']} lost, {c['restored_answers']} answers restored exactly, "
            f"{c['requests_per_second']:.1f} req/s (target: 0 errors, 0 lost)",
            f"- requests veil forwarded that still held a direct identifier of the prompt: "
            f"{r['unfiltered_at_upstream']} of {r['requests_through_veil']} (must be 0)",
        ]
    )


if __name__ == "__main__":
    main()
