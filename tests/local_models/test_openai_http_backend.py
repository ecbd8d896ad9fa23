"""The OpenAI-compatible HTTP backend against real servers on loopback: llama-cpp-python's
own OpenAI-compatible server serving the tiny GGUF, and small stdlib servers for the
faults a real model server does not produce on demand (non-JSON answers, stalls)."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import jsonschema
import pytest

from tests.helpers import free_port
from veil.local_models.backend import LLMError, last_usage
from veil.local_models.load import clear_cache, load_llm
from veil.local_models.openai_http_backend import OpenAICompatibleLLM

# Each test starts a model process or loads a GGUF: seconds, not milliseconds.
pytestmark = pytest.mark.slow

ASK = [{"role": "user", "content": "Which city does the author live in?"}]
SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "maxLength": 10},
        "evidence": {"type": "array", "items": {"type": "string", "maxLength": 8}, "maxItems": 2},
    },
    "required": ["city", "evidence"],
    "additionalProperties": False,
}


@pytest.fixture(scope="module")
def llama_server(tiny_gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server on loopback; yields its /v1 base URL."""
    port = free_port()
    log = (tmp_path_factory.mktemp("server") / "server.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(tiny_gguf),
            "--model_alias",
            "tiny",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_threads",
            "1",
            "--n_ctx",
            "1024",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited: {Path(log.name).read_text()[-2000:]}")
            try:
                if httpx.get(f"{base_url}/models", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("llama_cpp.server did not start within 60 s")
            time.sleep(0.2)
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def test_structured_answer_from_a_real_server(llama_server: str) -> None:
    llm = OpenAICompatibleLLM(llama_server, "tiny")
    text = llm.complete(ASK, schema=SCHEMA, max_tokens=200)
    jsonschema.validate(json.loads(text), SCHEMA)
    usage = last_usage(llm)  # the server's own count, for the slow stage's token figures
    assert usage is not None and usage.prompt_tokens > 0 and usage.completion_tokens > 0


def test_server_without_json_schema_support_gets_json_object(llama_server: str) -> None:
    # llama-cpp-python's server refuses response_format json_schema (an HTTP 500 naming
    # the field): the backend falls back to {type: json_object, schema} and keeps it.
    llm = OpenAICompatibleLLM(llama_server, "tiny")
    refused = httpx.post(
        f"{llama_server}/chat/completions",
        json={
            "model": "tiny",
            "messages": ASK,
            "max_tokens": 8,
            "response_format": {"type": "json_schema", "json_schema": {"schema": SCHEMA}},
        },
        timeout=60,
    )
    assert refused.status_code >= 400 and "response_format" in refused.text
    first = llm.complete(ASK, schema=SCHEMA, max_tokens=200)
    assert llm._schema_style == "json_object"
    assert llm.complete(ASK, schema=SCHEMA, max_tokens=200) == first


def test_model_name_defaults_to_the_servers_first(llama_server: str) -> None:
    llm = OpenAICompatibleLLM(llama_server)
    text = llm.complete(ASK, max_tokens=6)
    assert isinstance(text, str)
    assert llm.name == f"{llama_server}#tiny"


def test_load_llm_spec_with_model_after_hash(llama_server: str) -> None:
    clear_cache()
    llm = load_llm(f"{llama_server}#tiny")
    assert isinstance(llm, OpenAICompatibleLLM)
    assert (llm.base_url, llm.model) == (llama_server, "tiny")
    assert load_llm(f"{llama_server}#tiny") is llm
    jsonschema.validate(json.loads(llm.complete(ASK, schema=SCHEMA, max_tokens=200)), SCHEMA)


def test_nothing_listening_is_a_clear_error() -> None:
    llm = OpenAICompatibleLLM(f"http://127.0.0.1:{free_port()}/v1", "tiny")
    with pytest.raises(LLMError, match="cannot reach"):
        llm.complete(ASK)


def test_http_error_is_a_clear_error(llama_server: str) -> None:
    llm = OpenAICompatibleLLM(llama_server.removesuffix("/v1") + "/nowhere", "tiny")
    with pytest.raises(LLMError, match="HTTP 404"):
        llm.complete(ASK)


class _FaultyHandler(http.server.BaseHTTPRequestHandler):
    mode = "html"

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", 0)))
        if self.mode == "stall":
            time.sleep(3)
        if self.mode == "prose":
            body = json.dumps({"choices": [{"message": {"content": "Sure! The city is"}}]})
        elif self.mode == "no-choices":
            body = json.dumps({"error": None})
        else:
            body = "<html>proxy login</html>"
        data = body.encode()
        self.send_response(200)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(data)  # fails when the client gave up first (the stall case)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def faulty_server() -> Iterator[callable]:
    servers = []

    def start(mode: str) -> str:
        handler = type("Handler", (_FaultyHandler,), {"mode": mode})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/v1"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("mode", "schema", "message"),
    [
        ("html", None, "the answer is not JSON"),
        ("no-choices", None, "no choices"),
        ("prose", SCHEMA, "returned text that is not JSON"),
    ],
)
def test_malformed_answers_are_clear_errors(faulty_server, mode, schema, message) -> None:
    llm = OpenAICompatibleLLM(faulty_server(mode), "m")
    with pytest.raises(LLMError, match=message) as raised:
        llm.complete(ASK, schema=schema)
    # never the answer itself: a model's answer may echo the prompt, and errors are logged
    assert "proxy login" not in str(raised.value) and "The city" not in str(raised.value)


def test_a_stalled_server_times_out(faulty_server) -> None:
    llm = OpenAICompatibleLLM(faulty_server("stall"), "m", timeout_s=0.5)
    with pytest.raises(LLMError, match="did not answer in time"):
        llm.complete(ASK)
