"""What a client of the proxy sees when the slow stage's model worker fails: real mitmproxy
with veil's addon, a fake HTTPS chat service, the official OpenAI SDK, the tiny GGUF in a
real worker process. Whatever happens to the worker, each client gets an answer (restored)
or its site's refusal in the API's own format, nothing unredacted leaves where the policy
says block, and veil goes on serving."""

from __future__ import annotations

import json
import os
import signal
import ssl
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import openai
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import free_port
from tests.tiny_gguf import build_tiny_gguf
from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.load import clear_cache, load_llm
from veil.local_models.worker.supervisor import stop_workers

SECRET_NAME = "Ottoline Brackenbury"
PROMPT = f"Hi, I'm {SECRET_NAME}. I moved to Leeds for my nursing job after I turned 40."


def _policy(name: str, host: str, path: str, model: str, extra: str = "") -> str:
    return (
        f'name: {name}\nhosts: ["{host}{path}"]\nadapter: openai\non_error: block\n'
        "slow_stage:\n  enabled: true\n  max_rounds: 1\n  attributes: [location]\n"
        f"  attacker_model: {model}\n  anonymizer_model: {model}\n{extra}"
    )


@pytest.fixture(scope="module")
def stack(tmp_path_factory, tiny_gguf):
    directory = tmp_path_factory.mktemp("veil-worker-faults")
    other = build_tiny_gguf(directory / "other.gguf", seed=1)
    truncated = directory / "truncated.gguf"
    truncated.write_bytes(tiny_gguf.read_bytes()[:4096])
    clear_cache()
    stop_workers()
    with FakeChatService(directory) as upstream:
        policies = directory / "config" / "policies"
        policies.mkdir(parents=True)
        host = f"127.0.0.1:{upstream.port}"
        # /a: errors block; the budget is generous, so a stuck worker is an error
        (policies / "a.yaml").write_text(
            _policy("site-a", host, "/a", str(tiny_gguf), "  time_budget_s: 60\n")
        )
        # /b: another model; a spent budget sends the fast stage's text
        (policies / "b.yaml").write_text(
            _policy(
                "site-b", host, "/b", str(other),
                "  time_budget_s: 3\n  on_budget_exhausted: fast_stage\n",
            )
        )  # fmt: skip
        (policies / "c.yaml").write_text(_policy("site-c", host, "/c", str(truncated)))
        with ProxyThread(directory / "config", free_port(), str(upstream.ca)) as proxy:
            proxy.master.addons.get("veiladdon").slow_limits = TINY_MODEL_LIMITS
            yield upstream, proxy, tiny_gguf, other
    stop_workers()


def _client(stack, site: str) -> openai.OpenAI:
    upstream, proxy, *_ = stack
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    http = httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=120)
    return openai.OpenAI(
        api_key="sk-test",
        base_url=f"https://127.0.0.1:{upstream.port}/{site}/v1",
        http_client=http,
        max_retries=0,
    )


def _ask(stack, site: str, text: str = PROMPT) -> str:
    answer = _client(stack, site).chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": text}]
    )
    return answer.choices[0].message.content


def _sent_raw(upstream: FakeChatService, since: int) -> bool:
    return any(SECRET_NAME in json.dumps(body) for _, body in upstream.received[since:])


def _worker(model):
    return load_llm(str(model)).worker


def test_the_models_run_outside_the_proxy_process(stack):
    _, _, tiny, _ = stack
    assert SECRET_NAME in _ask(stack, "a")
    pid = _worker(tiny).pid
    assert pid is not None and pid != os.getpid()


def test_a_worker_killed_mid_call_blocks_that_message_and_the_next_one_is_served(stack):
    upstream, _, tiny, _ = stack
    _ask(stack, "a", "warm up: the worker is running")
    worker = _worker(tiny)
    pid, calls = worker.pid, worker.calls
    os.kill(pid, signal.SIGSTOP)  # it takes the call and never finishes it
    before = len(upstream.received)
    outcome: list[BaseException | str] = []

    def send() -> None:
        try:
            outcome.append(_ask(stack, "a", PROMPT + " (killed)"))
        except BaseException as error:
            outcome.append(error)

    sender = threading.Thread(target=send)
    sender.start()
    deadline = time.monotonic() + 30
    while worker.calls == calls and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)
    sender.join(60)
    refused = outcome[0]
    assert isinstance(refused, openai.APIStatusError), outcome
    assert "veil stopped this message" in refused.message
    assert len(upstream.received) == before  # on_error: block sent nothing
    # the proxy, and the next message, go on with a new worker
    assert SECRET_NAME in _ask(stack, "a", PROMPT + " (after)")
    assert worker.pid not in (None, pid)


def test_a_worker_that_never_answers_gets_the_sites_budget_fallback(stack):
    upstream, _, _, other = stack
    _ask(stack, "b", "warm up")
    worker = _worker(other)
    hung, started = worker.pid, worker.started
    os.kill(hung, signal.SIGSTOP)
    before = len(upstream.received)
    answer = _ask(stack, "b", PROMPT + " (hung)")  # within its 3 s budget, then fast stage
    assert SECRET_NAME in answer  # restored
    assert len(upstream.received) == before + 1 and not _sent_raw(upstream, before)
    assert SECRET_NAME in _ask(stack, "b", PROMPT + " (next)")
    assert worker.started > started  # the stopped worker was replaced (a 3 s budget may
    # stop the new one too on a loaded machine: only that a new one ran is certain)


def test_a_truncated_model_blocks_its_site_only(stack):
    upstream, *_ = stack
    before = len(upstream.received)
    with pytest.raises(openai.APIStatusError) as refused:
        _ask(stack, "c")
    assert "veil stopped this message" in refused.value.message
    assert "cannot load" in refused.value.message
    assert len(upstream.received) == before
    assert SECRET_NAME in _ask(stack, "a", PROMPT + " (other site)")


def test_two_sites_with_different_models_and_twenty_concurrent_messages(stack):
    upstream, _, tiny, other = stack
    before = len(upstream.received)
    jobs = [("a" if n % 2 else "b", f"{PROMPT} (message {n})") for n in range(20)]
    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda job: _ask(stack, *job), jobs))
    assert all(SECRET_NAME in answer for answer in answers)
    assert len(upstream.received) == before + 20 and not _sent_raw(upstream, before)
    assert _worker(tiny).pid != _worker(other).pid
