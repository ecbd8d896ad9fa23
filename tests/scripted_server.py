"""A scripted OpenAI-compatible endpoint: ``/v1/chat/completions`` answered by a Python
function of the request's messages, for tests that need a teacher or a model server that
says exactly what the test wants (and misbehaves on cue: stalls, refuses, garbles).

``answer(step, messages)`` returns the reply's content (a dict is sent as JSON), or one of
``STALL`` (the server sleeps past the client's deadline), ``REFUSE`` (an apology instead
of JSON), ``GARBLE`` (broken JSON).
"""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from tests.scripted_llm import step_of

STALL, REFUSE, GARBLE = "<stall>", "<refuse>", "<garble>"
STALL_S = 5.0

Answer = Callable[[str, Sequence[dict[str, str]]], Any]


def _handler(answer: Answer, calls: list[str]) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self._send({"object": "list", "data": [{"id": "teacher", "object": "model"}]})

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            messages = body["messages"]
            step = step_of(messages)
            calls.append(step)
            content = answer(step, messages)
            if content == STALL:
                time.sleep(STALL_S)
                content = "{}"
            elif content == REFUSE:
                content = "I'm sorry, but I can't help with identifying people."
            elif content == GARBLE:
                content = '{"inferences": [{"attribute": "age", '
            elif not isinstance(content, str):
                content = json.dumps(content)
            self._send({
                "id": "x", "object": "chat.completion", "model": "teacher",
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": content}}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5},
            })  # fmt: skip

        def _send(self, document: dict[str, Any]) -> None:
            data = json.dumps(document).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a stall test)

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@contextmanager
def scripted_server(answer: Answer) -> Iterator[tuple[str, list[str]]]:
    """(base URL ending in /v1, the steps called so far)."""
    calls: list[str] = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(answer, calls))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", calls
    finally:
        server.shutdown()
        server.server_close()
