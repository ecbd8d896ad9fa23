"""The model worker process: one GGUF model behind a loopback, OpenAI-compatible server.

It speaks the subset of OpenAI's chat API that veil's HTTP backend uses (``POST
/v1/chat/completions`` without streaming, with ``response_format`` ``json_object`` +
``schema`` or ``json_schema``; ``GET /v1/models``; ``GET /health``), so the proxy's side
is the same client it uses for any inference server. The model is veil's own llama.cpp
backend with its grammar-first sampler, which llama-cpp-python's server would not use.

Started by ``supervisor.ModelWorker``: it loads the model first, then prints one JSON
line, ``{"ready": true, "port": N, ...}`` or ``{"ready": false, "error": ...}``. Every
request must carry the bearer token the parent put in ``VEIL_WORKER_TOKEN`` (other local
users can reach a loopback port). It exits when its standard input closes, so a parent
that dies, however it dies, leaves no worker behind.

    python -m veil.local_models.worker.server --model FILE.gguf [--name NAME]
"""

from __future__ import annotations

import argparse
import hmac
import json
import os
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from veil.local_models.backend import LLMError

TOKEN_ENV = "VEIL_WORKER_TOKEN"
MAX_REQUEST_BYTES = 8 * 1024 * 1024
ROLES = frozenset({"system", "user", "assistant"})


class BadRequest(ValueError):
    """The request is not one this server answers; the message says why."""


def chat_arguments(body: Any) -> dict[str, Any]:
    """``LlamaCppLLM.complete``'s arguments from a chat-completions request body."""
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    if body.get("stream"):
        raise BadRequest("stream is not supported")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages must be a non-empty list")
    for message in messages:
        if (
            not isinstance(message, dict)
            or message.get("role") not in ROLES
            or not isinstance(message.get("content"), str)
        ):
            raise BadRequest("each message needs a role (system|user|assistant) and text")
    max_tokens = body.get("max_tokens", 512)
    temperature = body.get("temperature", 0.0)
    if not isinstance(max_tokens, int) or max_tokens < 1:
        raise BadRequest("max_tokens must be a positive integer")
    if not isinstance(temperature, int | float):
        raise BadRequest("temperature must be a number")
    return {
        "messages": [{"role": m["role"], "content": m["content"]} for m in messages],
        "schema": _schema(body.get("response_format")),
        "max_tokens": max_tokens,
        "temperature": float(temperature),
    }


def _schema(response_format: Any) -> dict[str, Any] | None:
    if response_format is None:
        return None
    if not isinstance(response_format, dict):
        raise BadRequest("response_format must be an object")
    kind = response_format.get("type")
    if kind == "text":
        return None
    if kind == "json_object":
        schema = response_format.get("schema")
    elif kind == "json_schema":
        schema = (response_format.get("json_schema") or {}).get("schema")
    else:
        raise BadRequest(f"response_format type {kind!r} is not supported")
    if not isinstance(schema, dict):
        raise BadRequest("response_format needs a JSON schema")
    return schema


class WorkerServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, llm: Any, token: str) -> None:
        super().__init__(("127.0.0.1", 0), WorkerHandler)
        self.llm = llm
        self.token = token


class WorkerHandler(BaseHTTPRequestHandler):
    server: WorkerServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # prompts must not reach a log; the parent logs what it needs

    def do_GET(self) -> None:
        if not self._authorized():
            return
        if self.path == "/health":
            self._reply(HTTPStatus.OK, {"status": "ok", "model": self.server.llm.name})
        elif self.path == "/v1/models":
            self._reply(HTTPStatus.OK, {"object": "list", "data": [{"id": self.server.llm.name}]})
        else:
            self._error(HTTPStatus.NOT_FOUND, f"no route {self.path}")

    def do_POST(self) -> None:
        if not self._authorized():
            return
        if self.path != "/v1/chat/completions":
            self._error(HTTPStatus.NOT_FOUND, f"no route {self.path}")
            return
        try:
            length = int(self.headers.get("content-length") or 0)
            if length > MAX_REQUEST_BYTES:
                raise BadRequest(f"request of {length} bytes is over {MAX_REQUEST_BYTES}")
            arguments = chat_arguments(json.loads(self.rfile.read(length)))
        except (ValueError, BadRequest) as error:
            self._error(HTTPStatus.BAD_REQUEST, str(error))
            return
        llm = self.server.llm
        try:
            text = llm.complete(**arguments)
        except LLMError as error:
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, str(error))
            return
        usage = llm.usage.last()
        self._reply(
            HTTPStatus.OK,
            {
                "object": "chat.completion",
                "created": int(time.time()),
                "model": llm.name,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": usage.prompt_tokens if usage else 0,
                    "completion_tokens": usage.completion_tokens if usage else 0,
                },
            },
        )

    def _authorized(self) -> bool:
        sent = self.headers.get("authorization", "").removeprefix("Bearer ").strip()
        if hmac.compare_digest(sent.encode(), self.server.token.encode()):
            return True
        self._error(HTTPStatus.UNAUTHORIZED, "missing or wrong worker token")
        return False

    def _error(self, status: HTTPStatus, message: str) -> None:
        self._reply(status, {"error": {"message": message, "type": status.phrase}})

    def _reply(self, status: HTTPStatus, body: dict[str, Any]) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def _exit_when_parent_goes() -> None:
    """The parent holds our stdin open; end of file means it is gone."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def _announce(report: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(report) + "\n")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description="veil's model worker (started by veil)")
    parser.add_argument("--model", required=True, help="a .gguf file")
    parser.add_argument("--name", default=None)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--context", type=int, default=None)
    options = parser.parse_args()
    token = os.environ.get(TOKEN_ENV, "")
    if not token:
        _announce({"ready": False, "error": f"{TOKEN_ENV} is not set"})
        sys.exit(2)
    threading.Thread(target=_exit_when_parent_goes, daemon=True).start()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    from veil.local_models.llama_cpp_backend import DEFAULT_CONTEXT, LlamaCppLLM

    started = time.perf_counter()
    llm = LlamaCppLLM(
        options.model,
        name=options.name,
        n_ctx=options.context or DEFAULT_CONTEXT,
        n_threads=options.threads,
        probe=False,  # this process is the probe: a crash here is reported by the parent
    )
    try:
        llm.load()
    except LLMError as error:
        _announce({"ready": False, "error": str(error)})
        sys.exit(1)
    server = WorkerServer(llm, token)
    _announce({
        "ready": True,
        "port": server.server_address[1],
        "pid": os.getpid(),
        "load_s": round(time.perf_counter() - started, 3),
        "chat_template": llm.chat_template_source,
    })  # fmt: skip
    server.serve_forever()


if __name__ == "__main__":
    main()
