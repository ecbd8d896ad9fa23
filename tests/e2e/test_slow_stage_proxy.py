"""The slow stage end to end: real mitmproxy with veil's addon on loopback, a fake HTTPS
chat service, the official SDKs as clients, and the tiny GGUF as attacker and anonymizer
for sites whose policy turns the slow stage on."""

from __future__ import annotations

import re
import ssl

import anthropic
import httpx
import openai
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import free_port
from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.load import clear_cache, load_llm
from veil.proxy.addon import VeilAddon

PROMPT = "Hi, I'm Jane Doe. I moved to Leeds for my nursing job after I turned 40."


@pytest.fixture(scope="module")
def stack(tmp_path_factory, tiny_gguf):
    directory = tmp_path_factory.mktemp("veil-slow")
    model = tiny_gguf
    clear_cache()  # so what is loaded below, the proxy's warm-up loaded
    with FakeChatService(directory) as upstream:
        policies = directory / "config" / "policies"
        policies.mkdir(parents=True)
        host = f"127.0.0.1:{upstream.port}"
        (policies / "slow-openai.yaml").write_text(
            f'name: slow-openai\nhosts: ["{host}/v1/chat"]\nadapter: openai\n'
            "slow_stage:\n  enabled: true\n  max_rounds: 1\n  time_budget_s: 120\n"
            "  attributes: [location]\n"
            f"  attacker_model: {model}\n  anonymizer_model: {model}\n"
        )
        # a budget no model call fits in, and the policy says block then
        (policies / "slow-anthropic.yaml").write_text(
            f'name: slow-anthropic\nhosts: ["{host}/v1/messages"]\nadapter: anthropic\n'
            "slow_stage:\n  enabled: true\n  time_budget_s: 0.000001\n"
            f"  on_budget_exhausted: block\n  attacker_model: {model}\n"
        )
        with ProxyThread(directory / "config", free_port(), str(upstream.ca)) as proxy:
            addon = proxy.master.addons.get("veiladdon")
            addon.slow_limits = TINY_MODEL_LIMITS  # before the first request builds a stage
            yield upstream, proxy


def test_the_slow_stage_models_are_loaded_before_the_first_message(stack, tiny_gguf):
    # ProxyThread is ready once the warm-up is done: the tiny model's worker runs by then
    assert load_llm(str(tiny_gguf)).worker.state().state == "ready"


def _http(proxy: ProxyThread) -> httpx.Client:
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    return httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", verify=trust, timeout=120)


def _runner(proxy: ProxyThread, port: int, path: str):
    addon = proxy.master.addons.get("veiladdon")
    assert isinstance(addon, VeilAddon)
    return addon.pipeline(addon.policies.match("127.0.0.1", port, path)).slow


def test_the_slow_stage_runs_on_the_new_turn_and_resent_history_hits_its_cache(stack):
    upstream, proxy = stack
    client = openai.OpenAI(
        api_key="sk-test", base_url=f"https://127.0.0.1:{upstream.port}/v1",
        http_client=_http(proxy),
    )  # fmt: skip
    history = [{"role": "user", "content": PROMPT}]
    answer = client.chat.completions.create(model="gpt-4o", messages=history)
    reply = answer.choices[0].message.content
    sent = upstream.received[-1][1]["messages"][0]["content"]
    assert "Jane Doe" not in sent and "[[PERSON_1]]" in sent
    assert "Jane Doe" in reply  # restored as usual
    runner = _runner(proxy, upstream.port, "/v1/chat/completions")
    first = runner.stage().cached(sent, re.findall(r"\[\[\w+\]\]", sent))
    assert first is not None and first.rounds[0].calls[0].model == "tiny.gguf"
    # the tiny model's answer is nonsense: whatever it kept, the pseudonym survived
    assert first.text == sent

    hits = runner.stage().cache.hits
    history += [{"role": "assistant", "content": reply}, {"role": "user", "content": "Thanks!"}]
    client.chat.completions.create(model="gpt-4o", messages=history)
    resent = upstream.received[-1][1]["messages"]
    assert resent[0]["content"] == sent and resent[2]["content"] == "Thanks!"
    assert runner.stage().cache.hits == hits + 1  # the first turn was not attacked again


def test_a_spent_budget_with_block_is_refused_in_the_sites_format(stack):
    upstream, proxy = stack
    before = len(upstream.received)
    client = anthropic.Anthropic(
        api_key="sk-ant-test", base_url=f"https://127.0.0.1:{upstream.port}",
        http_client=_http(proxy), max_retries=0,
    )  # fmt: skip
    with pytest.raises(anthropic.PermissionDeniedError) as refused:
        client.messages.create(
            model="claude-sonnet-4-5", max_tokens=50,
            messages=[{"role": "user", "content": PROMPT}],
        )  # fmt: skip
    message = refused.value.body["error"]["message"]
    assert "veil stopped this message" in message and "budget ran out" in message
    assert len(upstream.received) == before  # nothing went upstream
