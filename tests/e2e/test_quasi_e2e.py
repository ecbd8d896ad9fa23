"""Quasi-identifiers end to end: real mitmproxy, the official SDKs streaming, a fake
HTTPS chat service that echoes what it received. Decoys go out, the user's own values
come back, split across stream chunks; the log records the residual risk as a number."""

from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys

import anthropic
import httpx
import openai
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import API_KEY, anthropic_answer, free_port
from veil.proxy.storage.redaction_log import RedactionLog

PROMPT = (
    "I'm a 34-year-old nurse and my husband and I live in Portland. "
    "What should we budget for a week of holidays?"
)
DISCLOSED = ("34-year-old", "husband", "Portland")


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("veil-quasi")
    with FakeChatService(directory) as upstream:
        policies = directory / "config" / "policies"
        policies.mkdir(parents=True)
        host = f"127.0.0.1:{upstream.port}"
        quasi = "quasi_identifiers:\n  operators: {age: decoy, family: decoy, location: decoy}\n"
        (policies / "local-openai.yaml").write_text(
            f'name: local-openai\nhosts: ["{host}/v1/chat"]\nadapter: openai\n{quasi}'
        )
        (policies / "local-anthropic.yaml").write_text(
            f'name: local-anthropic\nhosts: ["{host}/v1/messages"]\nadapter: anthropic\n'
            "quasi_identifiers: generalize\n"
        )
        (policies / "local-strict.yaml").write_text(
            f'name: local-strict\nhosts: ["{host}/v2/chat"]\nadapter: openai\n'
            "quasi_identifiers:\n  operators: {age: keep, location: keep, occupation: keep}\n"
            "  risk: {block_above: 0.000001}\n"
        )
        data = directory / "data"
        with ProxyThread(directory / "config", free_port(), str(upstream.ca), data) as proxy:
            yield upstream, proxy, data


def _http(proxy: ProxyThread) -> httpx.Client:
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    return httpx.Client(
        proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=60, headers=API_KEY
    )


def test_decoys_go_out_and_the_streamed_answer_comes_back_with_the_real_values(stack):
    upstream, proxy, _ = stack
    client = openai.OpenAI(
        api_key="sk-test", base_url=f"https://127.0.0.1:{upstream.port}/v1",
        http_client=_http(proxy),
    )  # fmt: skip
    messages = [{"role": "user", "content": PROMPT}]
    chunks = client.chat.completions.create(model="gpt-4o", messages=messages, stream=True)
    answer = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    sent = repr(upstream.received[-1][1])
    for value in DISCLOSED:
        assert value not in sent
    # a decoy, not a blank: a partner of the other gender and another status
    assert "-year-old professional" in sent
    assert "my girlfriend and I" in sent or "my fiancee and I" in sent
    # Decoys come back as the real values; the generalized job stays general.
    assert answer == f"You said: {PROMPT}".replace("nurse", "professional")
    # The next turn resends the history: the same decoys, so the model's picture holds.
    first_sent = upstream.received[-1][1]["messages"][0]["content"]
    messages += [{"role": "assistant", "content": answer}, {"role": "user", "content": "And?"}]
    client.chat.completions.create(model="gpt-4o", messages=messages)
    resent = upstream.received[-1][1]["messages"]
    assert resent[0]["content"] == first_sent
    assert all(value not in repr(resent) for value in DISCLOSED)


def test_generalized_values_go_out_and_are_not_restored(stack):
    upstream, proxy, data = stack
    client = anthropic.Anthropic(
        api_key="sk-ant-test", base_url=f"https://127.0.0.1:{upstream.port}",
        http_client=_http(proxy),
    )  # fmt: skip
    answer = anthropic_answer(client, PROMPT, stream=True)
    sent = repr(upstream.received[-1][1])
    assert "30-something professional" in sent and "my partner and I live in Oregon" in sent
    # Lossy: nothing to restore.
    assert answer.startswith("You said: I'm a 30-something professional")
    log = RedactionLog.open(data)
    try:
        entry = log.entries(site="local-anthropic", limit=1)[0]
    finally:
        log.close()
    assert entry.actions.get("generalize", 0) >= 3
    assert entry.risk is not None and 0 < entry.risk < 1


def test_a_message_that_still_points_at_its_writer_is_blocked_above_the_limit(stack):
    upstream, proxy, data = stack
    before = len(upstream.received)
    with _http(proxy) as http:
        response = http.post(
            f"https://127.0.0.1:{upstream.port}/v2/chat/completions",
            json={"model": "gpt-4o", "messages": [{"role": "user", "content": PROMPT}]},
        )
    assert response.status_code >= 400
    message = response.json()["error"]["message"]
    assert "re-identification risk" in message and "limit 1e-06" in message
    assert len(upstream.received) == before  # nothing went upstream
    log = RedactionLog.open(data)
    try:
        entry = log.entries(site="local-strict", limit=1)[0]
    finally:
        log.close()
    assert str(entry.decision) == "blocked" and entry.risk > 0.000001


def test_veil_check_and_the_proxy_agree_on_a_message_blocked_for_risk(stack):
    """`veil check --json` runs the same Pipeline as the proxy: the same policy file and the
    same message give the same block, for the same reason, with the same risk."""
    upstream, proxy, data = stack
    with _http(proxy) as http:
        response = http.post(
            f"https://127.0.0.1:{upstream.port}/v2/chat/completions",
            json={"model": "gpt-4o", "messages": [{"role": "user", "content": PROMPT}]},
        )
    assert response.status_code >= 400
    log = RedactionLog.open(data)
    try:
        entry = log.entries(site="local-strict", limit=1)[0]
    finally:
        log.close()
    env = {**os.environ, "VEIL_CONFIG_DIR": str(proxy.directory)}
    check = subprocess.run(
        [sys.executable, "-m", "veil.proxy.cli", "check", "--json", "--site", "local-strict"],
        input=PROMPT.encode(), capture_output=True, timeout=120, env=env,
    )  # fmt: skip
    assert check.returncode == 3, check.stderr
    output = json.loads(check.stdout)
    assert output["blocked"] is True
    assert output["blocked_reason"] in response.json()["error"]["message"]
    assert output["risk"]["kappa"] == pytest.approx(entry.risk, rel=0.05)  # shown rounded
