"""bench/proxy: what veil costs on the wire, against a local fake chat service.

    .venv/bin/python -m bench.proxy [--requests 100] [--clients 50] [--per-client 20]
        [--large-sizes 500000 2000000] [--history-turns 125 250 500]

In one run: latency p50/p95 of a 1 KB prompt sent directly, through bare mitmproxy
(mitmdump, no addon), through veil (fast stage) and through veil without spaCy's NER
(the configuration a latency-sensitive site can choose); time to the first answer token
of a streamed answer the same ways; 50 concurrent clients x 20 requests through veil
(errors, lost requests, answers restored) and through bare mitmproxy (the reference);
each proxy's peak memory serving 1 KB prompts one at a time (bare mitmproxy's before
its concurrent load) and veil's under the 50 clients: the most, sampled every 0.1 s, of
the process's resident memory plus its child processes' own (USS: veil's reader process,
forked when messages queue up, shares the rest with the proxy), or the process's VmHWM
if higher; whether the reader stops once idle; and the proxy's own resident memory
before and after those 1,000 requests;
the time from `veil start` (and from starting bare mitmproxy) to the first request
through it; the fast stage's warm-up against the imports alone and `veil check` cold,
each in a fresh process; bad input through veil (prose prompts up to 2 MB, histories up
to 500 turns: time per character and per turn, and memory afterwards); and, in process,
where the fast stage's time goes (spaCy's NER and parse, per recognizer). The issue's
figures are printed as one table, each next to its reference and target. Writes
bench/proxy/results/proxy.{json,md}.
"""

from __future__ import annotations

import argparse
import functools
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

from bench.gateway.instances import free_ports
from bench.large_inputs.texts import NAMES as LARGE_TEXT_NAMES
from bench.large_inputs.texts import large_text
from bench.output import publish
from bench.proxy import footprint
from bench.proxy.footprint import own_rss_mb, peak_mb, rss_mb
from testing.fake_upstream import FakeChatService
from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.proxy.reader import IDLE_S as READER_IDLE_S
from veil.rules import syntax
from veil.rules.analyzer import DEFAULT_RECOGNIZERS
from veil.rules.vault import Vault

NER = "spacy.ner.v1"
# issue 20: what veil may add to a 1 KB prompt's latency p50 (the table and the notes)
ADDED_LATENCY_TARGET_MS = 15.0

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


def wait_for_port(port: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listening on {port}")


@contextmanager
def proxy_process(command: list[str], port: int, ca_file: Path, wait: bool = True):
    """The proxy running (listening, its CA written, unless not ``wait``). Its log goes to
    a file nobody reads: a pipe nobody reads would stop it once full."""
    log = tempfile.TemporaryFile()  # noqa: SIM115  # closed below, after the process
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    try:
        if wait:
            wait_for_port(port)
            deadline = time.monotonic() + 60
            while not ca_file.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
        yield process
    finally:
        log.close()
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


def measure(
    http: httpx.Client, url: str, requests: int, after_latency=lambda: None
) -> tuple[dict, dict]:
    """Latency and time to first token; ``after_latency`` runs between the two."""
    for n in range(5):
        chat(http, url, prompt(-n))
    latencies = []
    for n in range(requests):
        started = time.perf_counter()
        chat(http, url, prompt(n))
        latencies.append(time.perf_counter() - started)
    after_latency()
    ttft = [
        first_token_seconds(http, url, prompt(10_000 + n)) for n in range(max(10, requests // 3))
    ]
    return percentiles(latencies), percentiles(ttft)


def logged_fast_stage_ms(port: int, requests: int) -> list[float]:
    """The fast stage's own time (ms) in the proxy for each of the last ``requests``
    messages veil logged, from its redaction log (the dashboard's request list): the
    timings of its stages (recognize, quasi, redact). Empty when veil logs nothing."""
    url = f"http://127.0.0.1:{port}/veil/api/requests?limit={requests}"
    entries = httpx.get(url, timeout=30, trust_env=False).json()["requests"]
    return [sum(entry["stages"].values()) for entry in entries if entry["stages"]]


def fast_stage_breakdown(samples: int) -> dict:
    """The fast stage in process on the same prompts (p50): the whole stage on a text
    nothing has read yet (spaCy's reading of a text is cached, so a text read once costs
    less the second time), the share of spaCy's NER and parse in it, and each recognizer
    alone on another fresh text."""
    stage = FastStage(load_site_policy("openai-api"))
    stage.warm_up()
    spent = {"ner": 0.0, "parse": 0.0}
    ner_docs, prepare = syntax.Parses.ner_docs, syntax.Parses.prepare

    def timed_ner(reading):
        started = time.perf_counter()
        try:
            return ner_docs.func(reading)
        finally:
            spent["ner"] += time.perf_counter() - started

    def timed_prepare(reading, ranges):
        started = time.perf_counter()
        try:
            return prepare(reading, ranges)
        finally:
            spent["parse"] += time.perf_counter() - started

    timed_ner_docs = functools.cached_property(timed_ner)
    timed_ner_docs.__set_name__(syntax.Parses, "ner_docs")
    syntax.Parses.ner_docs, syntax.Parses.prepare = timed_ner_docs, timed_prepare
    per_recognizer: dict[str, list[float]] = {}
    totals, ner, parse = [], [], []
    steps: dict[str, list[float]] = {}
    try:
        for n in range(samples):
            spent.update(ner=0.0, parse=0.0)
            started = time.perf_counter()
            result = stage.run(prompt(20_000 + n), Vault())
            totals.append(time.perf_counter() - started)
            ner.append(spent["ner"])
            parse.append(spent["parse"])
            for step, ms in result.timings_ms.items():
                steps.setdefault(step, []).append(ms)
            text = prompt(30_000 + n)
            for recognizer in stage.analyzer.recognizers:
                started = time.perf_counter()
                recognizer.find(text)
                per_recognizer.setdefault(recognizer.name, []).append(time.perf_counter() - started)
    finally:
        syntax.Parses.ner_docs, syntax.Parses.prepare = ner_docs, prepare
    return {
        "total_p50_ms": statistics.median(totals) * 1e3,
        "spacy_ner_p50_ms": statistics.median(ner) * 1e3,
        "spacy_parse_p50_ms": statistics.median(parse) * 1e3,
        "steps_p50_ms": {step: statistics.median(ms) for step, ms in steps.items()},
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
        "clients": clients,
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
    parser.add_argument(
        "--large-sizes", type=int, nargs="*", default=[500_000, 2_000_000],
        help="prose prompts of these many characters through veil (none: skip)",
    )  # fmt: skip
    parser.add_argument(
        "--history-turns", type=int, nargs="*", default=[125, 250, 500],
        help="histories of these many user turns through veil (none: skip)",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="veil-bench-"))
    results: dict = {"prompt_bytes": len(PROMPT.encode())}
    try:
        # In fresh processes first, before the proxies compete for the CPU.
        results["warm_up"] = footprint.warm_up()
        results["check_cold"] = footprint.check_cold()
        with FakeChatService(work, chunk_bytes=64) as upstream:
            run_proxies(work, upstream, args, results)
        results["fast_stage"] = fast_stage_breakdown(samples=30)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    report = render(results)
    publish(args.out, "proxy", results, report)


def run_proxies(work: Path, upstream: FakeChatService, args, results: dict) -> None:
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
        f'name: bench\nhosts: ["{host}"]\nadapter: openai\nrecognizers: {json.dumps(without_ner)}\n'
    )
    bare_port, veil_port, light_port, *gateway_ports = free_ports(5)
    # each veil's gateway on a port of its own: another veil on this machine may hold 8788
    gateways = dict(zip((veil_port, light_port), gateway_ports, strict=True))
    bare_conf = work / "bare"
    mitmdump = Path(sys.executable).with_name("mitmdump")
    bare_cmd = [
        str(mitmdump),
        "-q",
        *("--listen-host", "127.0.0.1", "--listen-port", str(bare_port)),
        *("--set", f"confdir={bare_conf}"),
        *("--set", f"ssl_verify_upstream_trusted_ca={upstream.ca}"),
        # stream answers as veil does: mitmproxy buffers whole bodies by default,
        # which would make the baseline's time to first token the full answer's
        *("--set", "stream_large_bodies=1"),
    ]

    def veil_cmd(port: int, directory: Path) -> list[str]:
        return [
            *(sys.executable, "-m", "veil.proxy.cli", "start"),
            *("--listen-port", str(port), "--config-dir", str(directory)),
            *("--gateway-port", str(gateways[port])),
            # a throwaway vault and log, as a real user would have
            *("--data-dir", str(directory.parent / f"{directory.name}-data")),
            *("--upstream-ca", str(upstream.ca)),
        ]

    with client(None, upstream.ca) as http:
        latency, ttft = measure(http, url, args.requests)
    results["direct"] = {"latency_ms": latency, "ttft_ms": ttft}

    bare_ca = bare_conf / "mitmproxy-ca-cert.pem"
    with proxy_process(bare_cmd, bare_port, bare_ca) as process:
        with client(bare_port, bare_ca) as http:
            latency, ttft = measure(http, url, args.requests)
        results["bare_mitmproxy"] = {
            "latency_ms": latency,
            "ttft_ms": ttft,
            "peak_memory_mb": peak_mb(process.pid),
        }
        # the concurrent load's reference: the same clients through mitmproxy alone
        results["bare_mitmproxy"]["concurrency"] = concurrency(
            bare_port, bare_ca, url, args.clients, args.per_client
        )
    # Start-up, the CA made (mitmproxy writes one on a user's first start only).
    started = time.perf_counter()
    with (
        proxy_process(bare_cmd, bare_port, bare_ca, wait=False),
        client(bare_port, bare_ca) as http,
    ):
        results["bare_mitmproxy"]["first_request_s"] = footprint.first_filtered(
            started, lambda: chat(http, url, prompt(-99))
        )

    veil_ca = config / "mitmproxy" / "mitmproxy-ca-cert.pem"
    shutil.copytree(bare_conf, veil_ca.parent)  # the same: start-up without making a CA
    veil_start = len(upstream.received)
    started = time.perf_counter()
    with proxy_process(veil_cmd(veil_port, config), veil_port, veil_ca, wait=False) as process:
        with client(veil_port, veil_ca) as http:

            def first() -> None:
                answer = chat(http, url, PROMPT)
                check_restored(answer, json.dumps(upstream.received[-1][1]))

            first_request = footprint.first_filtered(started, first)
            wait_until_warmed_up(veil_port)
            # veil's reader process is a child: its own memory (USS) counts too
            # the fast stage's time on these same requests, as veil itself timed it
            logged: list[float] = []
            with footprint.FamilyPeak(process.pid) as one_client:
                latency, ttft = measure(
                    http, url, args.requests,
                    lambda: logged.extend(logged_fast_stage_ms(veil_port, args.requests)),
                )  # fmt: skip
            results["veil"] = {
                "latency_ms": latency, "ttft_ms": ttft, "first_request_s": first_request,
                "peak_memory_mb": one_client.peak_mb,
                "one_client_children_mb": one_client.children_mb,
            }  # fmt: skip
            if len(logged) > 1:
                seconds = [ms / 1e3 for ms in logged]
                results["veil"]["fast_stage_in_proxy_ms"] = percentiles(seconds)
            # growth is the proxy's own memory: the reader comes and goes with the load
            results["veil"]["rss_before_mb"] = own_rss_mb(process.pid)
            with footprint.FamilyPeak(process.pid) as loaded:
                results["concurrency"] = concurrency(
                    veil_port, veil_ca, url, args.clients, args.per_client
                )
            results["veil"]["rss_after_mb"] = own_rss_mb(process.pid)
            results["veil"]["loaded_peak_memory_mb"] = loaded.peak_mb
            results["veil"]["children_peak_memory_mb"] = loaded.children_mb
            results["veil"]["reader_idle"] = footprint.reader_stops(process.pid, READER_IDLE_S)
        results["veil"]["proxy_peak_memory_mb"] = peak_mb(process.pid)
        veil_end = len(upstream.received)
        with client(veil_port, veil_ca) as http:
            results["bad_input"] = bad_input(http, url, process.pid, args)
    results["bad_input"]["names_sent"] = sorted(
        name
        for name in LARGE_TEXT_NAMES
        if any(name in json.dumps(body) for _, body in upstream.received[veil_end:])
    )
    # Every 1 KB prompt veil forwarded must have reached the service filtered.
    through_veil = [json.dumps(body) for _, body in upstream.received[veil_start:veil_end]]
    results["unfiltered_at_upstream"] = sum(
        any(value in body for value in DIRECT_IDENTIFIERS) or "@acme-health.org" in body
        for body in through_veil
    )
    results["requests_through_veil"] = len(through_veil)

    light_ca = light_config / "mitmproxy" / "mitmproxy-ca-cert.pem"
    with proxy_process(veil_cmd(light_port, light_config), light_port, light_ca) as process:
        wait_until_warmed_up(light_port)
        with client(light_port, light_ca) as http, footprint.FamilyPeak(process.pid) as children:
            chat(http, url, PROMPT)
            latency, ttft = measure(http, url, args.requests)
        results["veil_without_ner"] = {
            "latency_ms": latency,
            "ttft_ms": ttft,
            "peak_memory_mb": children.peak_mb,
        }


def bad_input(http: httpx.Client, url: str, pid: int, args) -> dict:
    """Large prose prompts and long histories through veil: seconds per character and
    per turn (steady when time grows linearly), and resident memory before and after."""
    out: dict = {"rss_before_mb": rss_mb(pid), "large": [], "history": []}
    with footprint.FamilyPeak(pid) as children:
        _bad_input(http, url, pid, args, out)
    out["rss_after_mb"] = rss_mb(pid)
    out["peak_memory_mb"] = children.peak_mb
    # a history's turns queue up and fork the reader: memory once it has stopped, idle
    out["reader_idle"] = footprint.reader_stops(pid, READER_IDLE_S)
    return out


def _bad_input(http: httpx.Client, url: str, pid: int, args, out: dict) -> None:
    for size in args.large_sizes:
        text = large_text(size, "prose")
        body = {"model": "gpt-4o", "messages": [{"role": "user", "content": text}]}
        seconds = footprint.timed_post(http, url, body)
        out["large"].append({"chars": len(text), "seconds": seconds, "rss_mb": rss_mb(pid)})
    for turns in args.history_turns:
        tag = f"h{turns}"
        body = {"model": "gpt-4o", "messages": footprint.history(turns, tag)}
        seconds = footprint.timed_post(http, url, body)
        # the same chat one turn later: the earlier turns were read before
        body["messages"] = footprint.history(turns + 1, tag)
        again = footprint.timed_post(http, url, body)
        out["history"].append(
            {"turns": turns, "seconds": seconds, "next_turn_s": again, "rss_mb": rss_mb(pid)}
        )
    for n in range(20):  # ordinary traffic again
        chat(http, url, prompt(50_000 + n))


def _met(ok: bool) -> str:
    return "yes" if ok else "**no**"


def issue_table(r: dict) -> list[str]:
    """Issue 20's figures, each beside its reference in this run and its target."""
    veil, bare, c = r["veil"], r["bare_mitmproxy"], r["concurrency"]
    warm, check, stage = r["warm_up"], r["check_cold"], r["fast_stage"]
    added = veil["latency_ms"]["p50"] - bare["latency_ms"]["p50"]
    growth = veil["rss_after_mb"] / veil["rss_before_mb"] - 1
    rows = [
        (
            "peak memory of `veil start` serving 1 KB prompts, one at a time",
            f"{veil['peak_memory_mb']:.0f} MB",
            f"bare mitmproxy {bare['peak_memory_mb']:.0f} MB",
            "≤ 300 MB",
            _met(veil["peak_memory_mb"] <= 300),
        ),
        (
            f"peak memory under {c['clients']} clients (the reader process forked)",
            f"{veil.get('loaded_peak_memory_mb', float('nan')):.0f} MB{_split(veil)}",
            _reader_idle(veil),
            "–",
            "–",
        ),
        (
            "fast stage warm-up (spaCy, name lists, places, ...)",
            f"{warm['warm_up_s']:.2f} s, +{warm['warm_up_mb']:.0f} MB",
            f"imports alone {warm['imports_s']:.2f} s, {warm['imports_mb']:.0f} MB",
            "≤ 1.5 s, ≤ +200 MB",
            _met(warm["warm_up_s"] <= 1.5 and warm["warm_up_mb"] <= 200),
        ),
        (
            '`veil check "<one sentence>"` wall time, cold',
            f"{check['check_s']:.2f} s",
            f"importing the check command alone {check['cli_imports_s']:.2f} s",
            "≤ 1.5 s",
            _met(check["check_s"] <= 1.5),
        ),
        (
            "added latency p50, 1 KB prompt",
            f"{added:.1f} ms",
            f"bare mitmproxy {bare['latency_ms']['p50']:.1f} ms",
            f"≤ {ADDED_LATENCY_TARGET_MS:g} ms",
            _met(added <= ADDED_LATENCY_TARGET_MS),
        ),
        (
            "of which spaCy NER / parse (in process)",
            f"{stage['spacy_ner_p50_ms']:.1f} / {stage['spacy_parse_p50_ms']:.1f} ms",
            f"whole fast stage {stage['total_p50_ms']:.1f} ms",
            "–",
            "–",
        ),
        (
            f"{c['clients']} clients x {c['requests'] // c['clients']} requests",
            f"{c['lost']} lost, {c['requests_per_second']:.0f} req/s",
            _bare_concurrency(bare),
            "0 lost, ≥ 150 req/s",
            _met(c["lost"] == 0 and c["errors"] == 0 and c["requests_per_second"] >= 150),
        ),
        (
            f"the proxy's resident memory after {c['requests']:,} requests",
            f"{veil['rss_after_mb']:.0f} MB ({growth:+.1%})",
            f"before them {veil['rss_before_mb']:.0f} MB",
            "≤ +10%",
            _met(growth <= 0.10),
        ),
        (
            "from start to the first filtered request",
            f"{veil['first_request_s']:.2f} s",
            f"bare mitmproxy {bare['first_request_s']:.2f} s",
            "–",
            "–",
        ),
    ]
    return [
        "| figure | veil now | reference in the same run | target | met |",
        "|---|---|---|---|---|",
        *("| " + " | ".join(row) + " |" for row in rows),
    ]


def _split(veil: dict) -> str:
    """Its children's (the reader process's) own memory at the peak, and the proxy's own."""
    children = veil.get("children_peak_memory_mb")  # absent in results from before it
    if not children:
        return ""
    return (
        f" (of which its reader process's own {children:.0f} MB; the proxy's own peak "
        f"{veil['proxy_peak_memory_mb']:.0f} MB)"
    )


def _reader_idle(veil: dict) -> str:
    idle = veil.get("reader_idle")
    if not idle:
        return "–"
    if idle["stopped_after_s"] is None:
        return f"the reader still ran {idle['waited_s']:.0f} s after the load"
    return (
        f"the reader stopped {idle['stopped_after_s']:.0f} s after the load (idle "
        f"{READER_IDLE_S:.0f} s); then {idle['family_mb']:.0f} MB in all"
    )


def _bare_concurrency(bare: dict) -> str:
    c = bare.get("concurrency")  # absent in results written before it was measured
    if c is None:
        return "–"
    return f"bare mitmproxy {c['lost']} lost, {c['requests_per_second']:.0f} req/s"


def bad_input_lines(b: dict) -> list[str]:
    lines = ["| input | seconds | per unit | resident memory after |", "|---|---:|---:|---:|"]
    for x in b["large"]:
        lines.append(
            f"| prose prompt, {x['chars']:,} characters | {x['seconds']:.1f} | "
            f"{x['seconds'] / x['chars'] * 1e6:.1f} µs/character | {x['rss_mb']:.0f} MB |"
        )
    for x in b["history"]:
        lines.append(
            f"| history of {x['turns']} user turns (next turn: {x['next_turn_s']:.2f} s) | "
            f"{x['seconds']:.2f} | {x['seconds'] / x['turns'] * 1e3:.1f} ms/turn | "
            f"{x['rss_mb']:.0f} MB |"
        )
    lines.append(
        f"\nresident memory before bad input {b['rss_before_mb']:.0f} MB, after it and 20 "
        f"ordinary requests {b['rss_after_mb']:.0f} MB "
        f"({b['rss_after_mb'] / b['rss_before_mb'] - 1:+.1%}); peak {b['peak_memory_mb']:.0f} MB"
    )
    idle = b.get("reader_idle")
    if idle and idle["stopped_after_s"] is not None:
        lines.append(
            f"\nonce the reader process had stopped ({idle['stopped_after_s']:.0f} s later, idle): "
            f"{idle['family_mb']:.0f} MB ({idle['family_mb'] / b['rss_before_mb'] - 1:+.1%})"
        )
    if b["large"]:
        sent = ", ".join(b.get("names_sent", [])) or "none"
        lines.append(f"\nnames of the prose prompts that reached the service unchanged: {sent}")
    return lines


def _everything_else(r: dict, added: float) -> str:
    """veil's added latency less the fast stage: the fast stage's time in the proxy on the
    same requests (its log's timings), where the run has it. The in-process figure is
    measured minutes later, in another process: on a machine shared with other work the
    two differ by more than everything else costs (0.7 and 25.8 ms in two runs of the
    same code), so it is only the fallback for results written before."""
    in_proxy = r["veil"].get("fast_stage_in_proxy_ms")
    if in_proxy is None:
        return f"about {added - r['fast_stage']['total_p50_ms']:.1f} ms"
    return (
        f"about {added - in_proxy['p50']:.1f} ms (the added latency less the fast stage's "
        f"own time on the same requests in the proxy, {in_proxy['p50']:.1f} ms p50 by veil's "
        "redaction log)"
    )


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
    ner, parse = stage["spacy_ner_p50_ms"], stage["spacy_parse_p50_ms"]
    steps = ", ".join(f"{step} {ms:.1f} ms" for step, ms in stage["steps_p50_ms"].items())
    slowest = sorted(stage["by_recognizer_p50_ms"].items(), key=lambda kv: -kv[1])[:5]
    c = r["concurrency"]
    return "\n".join(
        [
            "### issue 20's figures",
            "",
            *issue_table(r),
            "",
            f"### proxy overhead, {r['prompt_bytes']}-byte prompt",
            "",
            *rows,
            "",
            f"- veil adds {added:.1f} ms p50 over bare mitmproxy "
            f"(target ≤ {ADDED_LATENCY_TARGET_MS:g} ms); "
            f"without spaCy NER {over_bare('veil_without_ner', 'latency_ms'):.1f} ms",
            f"- veil adds {ttft_added:.1f} ms to time-to-first-token p50 over bare mitmproxy "
            f"(target ≤ 5 ms); without spaCy NER "
            f"{over_bare('veil_without_ner', 'ttft_ms'):.1f} ms",
            f"- where it goes (in process, same prompts, each read for the first time): the "
            f"fast stage takes {stage['total_p50_ms']:.1f} ms p50 ({steps}), of which spaCy's "
            f"NER {ner:.1f} ms and its dependency parse {parse:.1f} ms; slowest recognizers "
            "alone (NER's includes the parse it reads): "
            + ", ".join(f"{name} {ms:.1f} ms" for name, ms in slowest),
            f"- everything else veil does per request (parse the body, rewrite, vault, log, "
            f"restore, worker thread): {_everything_else(r, added)}",
            f"- time to first token carries the same fast stage (the request is filtered "
            f"before it leaves); beyond the request's latency cost, restoring the stream "
            f"adds {ttft_added - added:+.1f} ms p50",
            f"- {c['requests']} requests from concurrent clients: {c['errors']} errors, "
            f"{c['lost']} lost, {c['restored_answers']} answers restored exactly, "
            f"{c['requests_per_second']:.1f} req/s (target: 0 errors, 0 lost)",
            f"- requests veil forwarded that still held a direct identifier of the prompt: "
            f"{r['unfiltered_at_upstream']} of {r['requests_through_veil']} (must be 0)",
            "",
            "### bad input through veil",
            "",
            *bad_input_lines(r["bad_input"]),
        ]
    )


if __name__ == "__main__":
    main()
