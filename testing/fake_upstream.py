"""A fake chat service over real HTTPS (or plain HTTP) on loopback, for tests and
benchmarks (it ships with veil like mitmproxy.test ships with mitmproxy), speaking the
OpenAI (chat completions and Responses), Anthropic, Gemini API and Ollama wire formats.
It records what it received (and the headers) and answers by echoing the user's last
message, streamed in deliberately tiny chunks that split pseudonyms and UTF-8
characters. For chatgpt.com it can also hand the answer over to a WebSocket, as the
real site does, when the request carries a ``websocket_request_id``. For
gemini.google.com it assigns a new chat its id in the answer and serves its history."""

from __future__ import annotations

import base64
import datetime
import gzip
import hashlib
import ipaddress
import json
import secrets
import socket
import ssl
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def make_tls_files(directory: Path, names: tuple[str, ...] = ()) -> tuple[Path, Path, Path]:
    """(ca.pem, server.pem, server.key) for a server on 127.0.0.1 (and ``names``)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "veil test upstream CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=7))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=7))
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    x509.IPAddress(ipaddress.IPv4Address("127.0.0.1")),
                    *(x509.DNSName(name) for name in ("localhost", *names)),
                ]
            ),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    paths = directory / "upstream-ca.pem", directory / "upstream.pem", directory / "upstream.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


# A chat page like the real ones: it sends the prompt with fetch to chatgpt.com's endpoint
# and renders the streamed, delta-encoded answer as it arrives.
CHAT_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>fake chat</title></head>
<body style="font: 16px sans-serif; margin: 2em">
<h1>fake chat</h1>
<p>you: <span id="prompt"></span></p>
<p>assistant: <span id="answer"></span></p>
<script>
const prompt = new URLSearchParams(location.search).get("q") || "Hello";
document.getElementById("prompt").textContent = prompt;
async function send() {
  const message = {id: "u1", author: {role: "user"},
                   content: {content_type: "text", parts: [prompt]}};
  const response = await fetch("/backend-api/f/conversation", {
    method: "POST", headers: {"content-type": "application/json"},
    body: JSON.stringify({action: "next", messages: [message], model: "auto"})});
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "", text = "";
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, {stream: true});
    let end;
    while ((end = buffer.indexOf("\\n\\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split("\\n")) {
        if (!line.startsWith("data: {")) continue;
        const event = JSON.parse(line.slice(6));
        const keys = Object.keys(event);
        if (typeof event.v === "string" && keys.every(k => "povc".includes(k))) {
          text += event.v;
          document.getElementById("answer").textContent = text;
        }
      }
    }
  }
  document.title = "done";
}
if (location.search.includes("q=")) send().catch(e => { document.title = "error: " + e; });
</script>
</body></html>
"""

CHATGPT_CONVERSATION = "6740d1a2-1b2c-4d5e-8f90-a1b2c3d4e5f6"
WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455's handshake constant


def _server_frame(opcode: int, payload: bytes) -> bytes:
    """One final, unmasked WebSocket frame (servers do not mask, RFC 6455 §5.1)."""
    size = len(payload)
    if size < 126:
        header = bytes([0x80 | opcode, size])
    elif size < 1 << 16:
        header = bytes([0x80 | opcode, 126]) + size.to_bytes(2, "big")
    else:
        header = bytes([0x80 | opcode, 127]) + size.to_bytes(8, "big")
    return header + payload


def _sse_bytes(events: list[tuple[str | None, dict | str]]) -> bytes:
    stream = b""
    for name, payload in events:
        data = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        stream += ((f"event: {name}\n" if name else "") + f"data: {data}\n\n").encode()
    return stream


def last_user_text(body: dict) -> str:
    for message in reversed(body.get("messages", [])):
        if message.get("role") == "user":
            content = message["content"]
            if isinstance(content, str):
                return content
            return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def _parts_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def responses_user_text(body: dict) -> str:
    """The Responses API's last user input (a string, or items with input_text parts)."""
    given = body.get("input")
    if isinstance(given, str):
        return given
    for item in reversed(given or []):
        if isinstance(item, dict) and item.get("role") == "user":
            return _parts_text(item.get("content"))
    return ""


def gemini_user_text(body: dict) -> str:
    for content in reversed(body.get("contents", [])):
        if content.get("role", "user") == "user":
            return "".join(p.get("text", "") for p in content.get("parts", []))
    return ""


class _Server(ThreadingHTTPServer):
    # socketserver's default backlog of 5 drops connections that 50 clients open at once
    # (the kernel retries them a second later): a bench would time that, not the service
    request_queue_size = 256

    def handle_error(self, request: object, client_address: object) -> None:
        # A client (or a proxy being stopped) dropping a kept-alive connection is not the
        # server's error: no traceback for it.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class FakeChatService:
    def __init__(
        self,
        directory: Path,
        chunk_bytes: int = 3,
        names: tuple[str, ...] = (),
        tls: bool = True,
    ) -> None:
        """``names``: host names the certificate is valid for besides 127.0.0.1 and
        localhost (a test that maps a chat site's name to this server). ``tls`` false:
        plain HTTP, as a local Ollama serves."""
        self.ca: Path | None = None
        if tls:
            self.ca, cert, key = make_tls_files(directory, names)
        self.received: list[tuple[str, dict]] = []
        self.received_headers: list[dict[str, str]] = []  # in step with ``received``
        self._recording = threading.Lock()  # keeps the two lists in step across threads
        self.chunk_bytes = chunk_bytes
        self._handed_over: list[bytes] = []  # SSE answers waiting for their WebSocket
        self.gemini_chats: dict[str, list[str]] = {}  # c_... id -> the prompts it got
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in separate writes: without this, Nagle and
                # delayed ACKs add ~40 ms to every response.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_POST(self) -> None:
                raw_bytes = self.rfile.read(int(self.headers["content-length"]))
                if self.headers.get("content-encoding", "").lower() == "gzip":
                    raw_bytes = gzip.decompress(raw_bytes)  # as real APIs accept
                raw = raw_bytes.decode()
                path = self.path.split("?", 1)[0]
                if path.endswith("StreamGenerate"):
                    form = dict(urllib.parse.parse_qsl(raw))
                    service.gemini_web(self, json.loads(json.loads(form["f.req"])[1]))
                    return
                if path.endswith("/data/batchexecute"):
                    form = dict(urllib.parse.parse_qsl(raw))
                    service.gemini_history(self, json.loads(form["f.req"]))
                    return
                try:
                    body = json.loads(raw)
                except ValueError:  # a form or text body (an unknown endpoint's)
                    body = {"raw": raw}
                service.record(self.path, body, self.headers.items())
                if path.endswith("/chat/completions"):
                    service.openai(self, body, f"You said: {last_user_text(body)}")
                elif path.endswith("/responses"):
                    service.responses(self, body, f"You said: {responses_user_text(body)}")
                elif path.endswith((":generateContent", ":streamGenerateContent")):
                    stream = path.endswith(":streamGenerateContent")
                    service.gemini_api(self, stream, f"You said: {gemini_user_text(body)}")
                elif path.endswith("/api/chat"):
                    service.ollama(self, body, "message", f"You said: {last_user_text(body)}")
                elif path.endswith("/api/generate"):
                    service.ollama(self, body, "response", f"You said: {body.get('prompt', '')}")
                elif path.endswith("/v1/messages"):
                    service.anthropic(self, body, f"You said: {last_user_text(body)}")
                elif path.endswith("/completion"):
                    service.anthropic(
                        self, {"model": "claude", "stream": True}, f"You said: {body['prompt']}"
                    )
                elif path.endswith("/conversation"):
                    text = body["messages"][0]["content"]["parts"][0]
                    if body.get("websocket_request_id"):
                        service.chatgpt_handoff(self, f"You said: {text}")
                    else:
                        service.chatgpt_web(self, f"You said: {text}")
                else:  # an endpoint of no adapter's: echoed, so restoring can be seen
                    service._json(self, {"object": "echo", "path": self.path, "received": body})

            def _echo_any(self) -> None:
                """PUT, PATCH, DELETE and a GET with a body: recorded and echoed as JSON."""
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length).decode("utf-8", "replace")
                try:
                    body = json.loads(raw) if raw else {}
                except ValueError:
                    body = {"raw": raw}
                service.record(self.path, body, self.headers.items())
                service._json(self, {"object": "echo", "path": self.path, "received": body})

            do_PUT = do_PATCH = do_DELETE = _echo_any

            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                if int(self.headers.get("content-length") or 0):
                    self._echo_any()
                elif self.headers.get("upgrade", "").lower() == "websocket":
                    service.chatgpt_socket(self)
                elif "/chat_conversations/" in path:
                    # claude.ai's history load: the chat as the service stored it.
                    service.claude_history(self, path)
                elif path == "/":
                    service.chat_page(self)
                elif path.endswith(("/models", "/api/tags")):  # model lists
                    service.record(self.path, {}, self.headers.items())
                    service._json(self, {"object": "list", "data": [], "models": []})
                else:
                    self.send_error(404)

        self.server = _Server(("127.0.0.1", 0), Handler)
        if tls:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(cert, key)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeChatService:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()

    # --- answers ----------------------------------------------------------------------

    def _json(self, handler: BaseHTTPRequestHandler, payload: dict) -> None:
        data = json.dumps(payload).encode()
        handler.send_response(200)
        handler.send_header("content-type", "application/json")
        handler.send_header("content-length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def _sse(
        self, handler: BaseHTTPRequestHandler, events: list[tuple[str | None, dict | str]]
    ) -> None:
        self._chunked(handler, "text/event-stream", _sse_bytes(events))

    def _chunked(self, handler: BaseHTTPRequestHandler, content_type: str, data: bytes) -> None:
        """Send ``data`` in chunks of ``chunk_bytes``, each flushed on its own."""
        handler.send_response(200)
        handler.send_header("content-type", content_type)
        handler.send_header("transfer-encoding", "chunked")
        handler.end_headers()
        for start in range(0, len(data), self.chunk_bytes):
            piece = data[start : start + self.chunk_bytes]
            handler.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            handler.wfile.flush()
        handler.wfile.write(b"0\r\n\r\n")

    def claude_history(self, handler: BaseHTTPRequestHandler, path: str) -> None:
        messages = []
        for sent_path, body in self.received:
            if sent_path.split("?", 1)[0] == f"{path}/completion":
                messages.append({"sender": "human", "text": body["prompt"]})
                said = [{"type": "text", "text": f"You said: {body['prompt']}"}]
                messages.append({"sender": "assistant", "content": said})
        self._json(handler, {"uuid": path.rsplit("/", 1)[1], "chat_messages": messages})

    def record(self, path: str, body: dict, headers) -> None:
        with self._recording:
            self.received.append((path, body))
            self.received_headers.append({k.lower(): v for k, v in headers})

    def openai(self, handler: BaseHTTPRequestHandler, body: dict, answer: str) -> None:
        base = {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": body["model"],
        }
        if not body.get("stream"):
            self._json(
                handler,
                {
                    "id": "chatcmpl-1",
                    "object": "chat.completion",
                    "created": 1,
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": answer},
                            "finish_reason": "stop",
                        }
                    ],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                },
            )
            return
        words = answer.split(" ")
        events: list[tuple[str | None, dict | str]] = [
            (
                None,
                {
                    **base,
                    "choices": [
                        {
                            "index": 0,
                            "delta": {"role": "assistant", "content": ""},
                            "finish_reason": None,
                        }
                    ],
                },
            )
        ]
        for i, word in enumerate(words):
            piece = word if i == 0 else " " + word
            # split each word in two so pseudonyms straddle events as well as chunks
            for part in (piece[: len(piece) // 2], piece[len(piece) // 2 :]):
                events.append(
                    (
                        None,
                        {
                            **base,
                            "choices": [
                                {"index": 0, "delta": {"content": part}, "finish_reason": None}
                            ],
                        },
                    )
                )
        events.append(
            (None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        )
        events.append((None, "[DONE]"))
        self._sse(handler, events)

    def anthropic(self, handler: BaseHTTPRequestHandler, body: dict, answer: str) -> None:
        message = {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
        if not body.get("stream"):
            self._json(
                handler,
                {
                    **message,
                    "content": [{"type": "text", "text": answer}],
                    "stop_reason": "end_turn",
                },
            )
            return
        events: list[tuple[str | None, dict | str]] = [
            ("message_start", {"type": "message_start", "message": {**message, "content": []}}),
            (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
            ),
        ]
        for start in range(0, len(answer), 5):
            events.append(
                (
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "text_delta", "text": answer[start : start + 5]},
                    },
                )
            )
        events += [
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": {"output_tokens": 5},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
        self._sse(handler, events)

    def responses(self, handler: BaseHTTPRequestHandler, body: dict, answer: str) -> None:
        """The Responses API: one output message; streamed as typed events."""
        part = {"type": "output_text", "text": answer, "annotations": []}
        item = {
            "type": "message",
            "id": "msg_1",
            "status": "completed",
            "role": "assistant",
            "content": [part],
        }
        response = {
            "id": "resp_1",
            "object": "response",
            "created_at": 1,
            "model": body["model"],
            "status": "completed",
            "output": [item],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
        }
        if not body.get("stream"):
            self._json(handler, response)
            return
        where = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
        started = {**response, "status": "in_progress", "output": []}
        events: list[dict] = [
            {"type": "response.created", "response": started},
            {
                "type": "response.output_item.added",
                "output_index": 0,
                "item": {**item, "status": "in_progress", "content": []},
            },
            {"type": "response.content_part.added", **where, "part": {**part, "text": ""}},
        ]
        events += [
            {"type": "response.output_text.delta", **where, "delta": answer[i : i + 4]}
            for i in range(0, len(answer), 4)
        ]
        events += [
            {"type": "response.output_text.done", **where, "text": answer},
            {"type": "response.content_part.done", **where, "part": part},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {"type": "response.completed", "response": response},
        ]
        numbered = [{**event, "sequence_number": n} for n, event in enumerate(events)]
        self._sse(handler, [(event["type"], event) for event in numbered])

    def gemini_api(self, handler: BaseHTTPRequestHandler, stream: bool, answer: str) -> None:
        """generateContent, or streamGenerateContent?alt=sse with a whole response per
        event and CRLF line endings, as the real API sends."""

        def response(text: str, done: bool) -> dict:
            content = {"role": "model", "parts": [{"text": text}]}
            candidate = {
                "content": content,
                "index": 0,
                **({"finishReason": "STOP"} if done else {}),
            }
            return {"candidates": [candidate], "modelVersion": "gemini-fake"}

        if not stream:
            self._json(handler, response(answer, True))
            return
        pieces = [answer[i : i + 7] for i in range(0, len(answer), 7)]
        events = [json.dumps(response(p, n == len(pieces) - 1)) for n, p in enumerate(pieces)]
        data = b"".join(f"data: {event}\r\n\r\n".encode() for event in events)
        self._chunked(handler, "text/event-stream", data)

    def ollama(self, handler: BaseHTTPRequestHandler, body: dict, field: str, answer: str) -> None:
        """``/api/chat`` (``message.content``) or ``/api/generate`` (``response``):
        NDJSON unless the request says ``"stream": false``."""

        def line(text: str, done: bool) -> dict:
            value = {"role": "assistant", "content": text} if field == "message" else text
            return {"model": body.get("model", "llama3"), field: value, "done": done}

        if body.get("stream") is False:
            self._json(handler, line(answer, True))
            return
        pieces = [answer[i : i + 5] for i in range(0, len(answer), 5)]
        lines = [line(p, False) for p in pieces] + [line("", True)]
        data = b"".join(json.dumps(x, ensure_ascii=False).encode() + b"\n" for x in lines)
        self._chunked(handler, "application/x-ndjson", data)

    def chatgpt_web(self, handler: BaseHTTPRequestHandler, answer: str) -> None:
        self._chunked(handler, "text/event-stream", self._chatgpt_stream(answer))

    def chatgpt_handoff(self, handler: BaseHTTPRequestHandler, answer: str) -> None:
        """Answer with a ``wss_url`` on another host name; the stream goes there."""
        self._handed_over.append(self._chatgpt_stream(answer))
        self._json(
            handler,
            {
                "wss_url": f"wss://localhost:{self.port}/client/hubs/conversations?access_token=t",
                "conversation_id": CHATGPT_CONVERSATION,
                "response_id": "r-1",
                "expires_at": "2030-01-01T00:00:00Z",
            },
        )

    def chatgpt_socket(self, handler: BaseHTTPRequestHandler) -> None:
        """The hand-off WebSocket: the SSE answer, base64-wrapped, in tiny messages."""
        key = handler.headers["sec-websocket-key"].strip()
        accept = base64.b64encode(hashlib.sha1((key + WEBSOCKET_GUID).encode()).digest())
        handler.send_response(101)
        handler.send_header("upgrade", "websocket")
        handler.send_header("connection", "Upgrade")
        handler.send_header("sec-websocket-accept", accept.decode())
        handler.end_headers()
        stream = self._handed_over.pop(0) if self._handed_over else b""
        step = self.chunk_bytes * 4
        pieces = [stream[i : i + step] for i in range(0, len(stream), step)] or [b""]
        for sequence, piece in enumerate(pieces, start=1):
            data = {
                "type": "http.response.body",
                "body": base64.b64encode(piece).decode(),
                "more_body": sequence < len(pieces),
                "response_id": "r-1",
                "conversation_id": CHATGPT_CONVERSATION,
            }
            message = {"sequenceId": sequence, "type": "message", "from": "server"}
            payload = json.dumps({**message, "dataType": "json", "data": data}).encode()
            handler.wfile.write(_server_frame(0x1, payload))
        handler.wfile.write(_server_frame(0x8, (1000).to_bytes(2, "big")))
        handler.wfile.flush()
        handler.close_connection = True

    def chat_page(self, handler: BaseHTTPRequestHandler) -> None:
        data = CHAT_PAGE.encode()
        handler.send_response(200)
        handler.send_header("content-type", "text/html; charset=utf-8")
        handler.send_header("content-length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def _chatgpt_stream(self, answer: str) -> bytes:
        conversation = CHATGPT_CONVERSATION
        message = {
            "id": "m-bot",
            "author": {"role": "assistant"},
            "status": "in_progress",
            "content": {"content_type": "text", "parts": [""]},
        }
        events: list[tuple[str | None, dict | str]] = [
            ("delta_encoding", "v1"),
            (
                "delta",
                {"p": "", "o": "add", "v": {"message": message, "conversation_id": conversation}},
            ),
            ("delta", {"p": "/message/content/parts/0", "o": "append", "v": answer[:4]}),
        ]
        events += [("delta", {"v": answer[i : i + 4]}) for i in range(4, len(answer), 4)]
        events += [
            (
                "delta",
                {
                    "p": "",
                    "o": "patch",
                    "v": [{"p": "/message/status", "o": "replace", "v": "finished_successfully"}],
                },
            ),
            (None, {"type": "message_stream_complete", "conversation_id": conversation}),
            (None, "[DONE]"),
        ]
        return _sse_bytes(
            [(name, json.dumps(v) if name == "delta_encoding" else v) for name, v in events]
        )

    def gemini_web(self, handler: BaseHTTPRequestHandler, inner: list) -> None:
        """StreamGenerate: growing snapshots of the answer. A new chat (no id in the
        request) gets its ``c_...`` id here, in the answer, as on the real site."""
        prompt = inner[0][0]
        given = inner[2][0] if len(inner) > 2 and inner[2] and inner[2][0] else None
        conversation = given or f"c_{secrets.token_hex(8)}"
        self.received.append((handler.path, {"prompt": prompt, "conversation": given}))
        self.gemini_chats.setdefault(conversation, []).append(prompt)
        answer = f"You said: {prompt}"
        frames = []
        for end in [*range(6, len(answer), 6), len(answer)]:
            body = [None, [conversation, "r_1"], None, None, [["rc_1", [answer[:end]], None]]]
            frames.append([["wrb.fr", None, json.dumps(body, ensure_ascii=False)]])
        self._chunked(handler, "application/json; charset=utf-8", gemini_frames(frames))

    def gemini_history(self, handler: BaseHTTPRequestHandler, rpcs: list) -> None:
        """batchexecute ``hNvQHb``: a chat's turns, the user's text and the answer."""
        rpc, arguments = rpcs[0][0][0], json.loads(rpcs[0][0][1])
        conversation = arguments[0]
        turns = [
            [[conversation, "r_1"], None, [[prompt], 1], [[["rc_1", [f"You said: {prompt}"]]]]]
            for prompt in self.gemini_chats.get(conversation, [])
        ]
        history = json.dumps([turns], ensure_ascii=False)
        envelope = ["wrb.fr", rpc, history, None, None, None, "generic"]
        self._chunked(handler, "application/json; charset=utf-8", gemini_frames([[envelope]]))


def gemini_frames(frames: list) -> bytes:
    """``)]}'`` then each frame as ``<length>\\n<JSON>\\n``, where the length counts the
    UTF-16 code units after the digits (both newlines included)."""
    out = ")]}'\n"
    for frame in frames:
        body = "\n" + json.dumps(frame, ensure_ascii=False) + "\n"
        out += f"{len(body.encode('utf-16-le')) // 2}{body}"
    return out.encode()
