"""Google's ``google-genai`` and the ``ollama`` Python client, the official clients of the
Gemini API and of Ollama, through both of veil's doors: the MITM proxy (the client trusts
veil's CA and uses it as its proxy) and the gateway (the client knows only a base URL).
Streamed and not; the service receives pseudonyms, the client reads its own values."""

from __future__ import annotations

import ssl

import keyring
import ollama
import pytest
from google import genai
from google.genai import types

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import free_port
from tests.memory_keyring import MemoryKeyring

PROMPT = "Hi, I'm Jane Doe (jane.doe@acme-health.org), card 4526 0181 5908 3012. Grüße!"
SECRETS = ("Jane Doe", "jane.doe@acme-health.org", "4526 0181")
KEY = "client-key-0123456789abcdef"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("veil-clients")
    previous = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    try:
        with (
            FakeChatService(directory) as gemini,
            FakeChatService(directory, tls=False) as local_ollama,
        ):
            policies = directory / "config" / "policies"
            policies.mkdir(parents=True)
            # the gateway's routes, pointed at the fakes
            (policies / "gemini-api.yaml").write_text(
                f"gateway: {{upstream: 'https://localhost:{gemini.port}'}}\n"
            )
            (policies / "ollama.yaml").write_text(
                f"gateway: {{upstream: 'http://127.0.0.1:{local_ollama.port}'}}\n"
            )
            # the MITM proxy's hosts, for the same fakes
            (policies / "mitm-gemini.yaml").write_text(
                f'hosts: ["127.0.0.1:{gemini.port}/v1beta"]\nadapter: gemini_api\n'
            )
            (policies / "mitm-ollama.yaml").write_text(
                f'hosts: ["127.0.0.1:{local_ollama.port}"]\nadapter: ollama\n'
                "require_credential: false\n"  # a keyless server, as Ollama is
            )
            with ProxyThread(
                directory / "config",
                free_port(),
                str(gemini.ca),
                data_dir=directory / "data",
                gateway_port=free_port(),
            ) as proxy:
                yield gemini, local_ollama, proxy
    finally:
        keyring.set_keyring(previous)


def _assert_filtered(service: FakeChatService, answer: str) -> None:
    sent = repr(service.received[-1][1])
    for value in SECRETS:
        assert value not in sent, f"{value!r} reached the service"
    assert "[[PERSON_1]]" in sent
    assert answer == f"You said: {PROMPT}"


def _gemini(base_url: str, client_args: dict) -> genai.Client:
    options = types.HttpOptions(base_url=base_url, client_args=client_args)
    return genai.Client(api_key=KEY, http_options=options)


def _gemini_answer(client: genai.Client, stream: bool) -> str:
    if stream:
        chunks = client.models.generate_content_stream(model="gemini-2.5-flash", contents=PROMPT)
        return "".join(chunk.text or "" for chunk in chunks)
    return client.models.generate_content(model="gemini-2.5-flash", contents=PROMPT).text


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_google_genai_through_the_mitm_proxy(stack, stream):
    gemini, _, proxy = stack
    trust = ssl.create_default_context(cafile=proxy.ca_file)
    client = _gemini(
        f"https://127.0.0.1:{gemini.port}",
        {"proxy": f"http://127.0.0.1:{proxy.port}", "verify": trust},
    )
    _assert_filtered(gemini, _gemini_answer(client, stream))


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_google_genai_through_the_gateway(stack, stream):
    gemini, _, proxy = stack
    client = _gemini(f"http://127.0.0.1:{proxy.gateway_port}/gemini", {"trust_env": False})
    _assert_filtered(gemini, _gemini_answer(client, stream))
    assert gemini.received[-1][0].startswith("/v1beta/models/gemini-2.5-flash:")


def _ollama_answer(client: ollama.Client, stream: bool) -> str:
    messages = [{"role": "user", "content": PROMPT}]
    if stream:
        parts = client.chat(model="llama3.2", messages=messages, stream=True)
        return "".join(part.message.content or "" for part in parts)
    return client.chat(model="llama3.2", messages=messages).message.content


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_ollama_client_through_the_mitm_proxy(stack, stream):
    _, local_ollama, proxy = stack
    client = ollama.Client(  # keyless, as Ollama's clients are
        host=f"http://127.0.0.1:{local_ollama.port}", proxy=f"http://127.0.0.1:{proxy.port}"
    )
    _assert_filtered(local_ollama, _ollama_answer(client, stream))


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_ollama_client_through_the_gateway(stack, stream):
    _, local_ollama, proxy = stack
    client = ollama.Client(host=f"http://127.0.0.1:{proxy.gateway_port}/ollama", trust_env=False)
    _assert_filtered(local_ollama, _ollama_answer(client, stream))
    assert local_ollama.received[-1][0] == "/api/chat"
