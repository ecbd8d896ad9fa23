"""No byte of a body in what veil logs, records or shows when it cannot read the body:
its messages say what is wrong (offset, length, encoding), never what the body held."""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import sys

import pytest
from mitmproxy import http
from mitmproxy.test import tflow

from tests.disk_bytes import leaked
from tests.helpers import API_KEY
from veil.proxy.addon import VeilAddon
from veil.proxy.safe_errors import ScrubBytes, describe
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.redaction_log import RedactionLog
from veil.proxy.storage.vault_store import VaultStore

# An AWS access key pair, as a user pastes it.
SECRET = b"AKIAQ3EGQ7ZJ4XMPLE2K wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8VXTa3"
PLAIN = json.dumps({"messages": [{"role": "user", "content": SECRET.decode()}]}).encode()

BODIES = {
    "not UTF-8": (SECRET + b"\xff\xfe" + SECRET, {}),
    "truncated gzip": (gzip.compress(PLAIN)[:40], {"content-encoding": "gzip"}),
    "not gzip": (SECRET, {"content-encoding": "gzip"}),
    "bad brotli": (SECRET, {"content-encoding": "br"}),
    "bad zstd": (SECRET, {"content-encoding": "zstd"}),
    "bad deflate": (SECRET, {"content-encoding": "deflate"}),
    "malformed JSON": (b'{"' + SECRET + b'": [', {}),
}


def _windows(data: bytes, size: int = 6) -> set[bytes]:
    """Every run of ``size`` bytes of ``data``, and of its repr (how bytes get quoted)."""
    forms = [data, repr(data)[2:-1].encode()]
    return {form[i : i + size] for form in forms for i in range(len(form) - size + 1)}


def _quoted(body: bytes, *places: str | bytes) -> list[bytes]:
    """The windows of ``body`` that appear in any of ``places``."""
    haystack = b"\n".join(p.encode() if isinstance(p, str) else p for p in places)
    return sorted(w for w in _windows(body) if w in haystack)


@pytest.mark.parametrize("on_error", ["block", "pass"])
@pytest.mark.parametrize("kind", sorted(BODIES))
def test_an_unreadable_body_is_described_never_quoted(
    memory_keyring, tmp_path, caplog, kind, on_error
):
    body, headers = BODIES[kind]
    config = tmp_path / "config" / "policies"
    config.mkdir(parents=True)
    (config / "openai-api.yaml").write_text(f"name: openai-api\non_error: {on_error}\n")
    data = tmp_path / "data"
    addon = VeilAddon(
        SitePolicies.load(tmp_path / "config"), VaultStore.open(data), RedactionLog.open(data)
    )
    request = http.Request.make(
        "POST",
        "https://api.openai.com/v1/chat/completions",
        b"",
        {"content-type": "application/json", **API_KEY, **headers},
    )
    request.raw_content = body  # as it came off the wire
    flow = tflow.tflow(req=request)
    caplog.set_level(logging.DEBUG)
    asyncio.run(addon.filter.request(flow))

    [entry] = addon.redaction_log.entries(with_values=True)
    shown = flow.response.content if flow.response is not None else b""
    assert (flow.response is not None) == (on_error == "block")
    assert entry.reason  # what is wrong is still said
    assert _quoted(body, caplog.text, entry.reason, json.dumps(entry.as_dict()), shown) == []
    addon.close()
    assert leaked(data, [SECRET.decode()[:8]]) == []


def test_a_decompression_error_says_encoding_size_and_kind():
    request = http.Request.make("POST", "https://api.openai.com/v1/chat/completions", b"")
    request.headers.update(
        {"content-type": "application/json", "content-encoding": "gzip", **API_KEY}
    )
    request.raw_content = gzip.compress(PLAIN)[:40]
    flow = tflow.tflow(req=request)
    asyncio.run(VeilAddon(SitePolicies.load(None)).filter.request(flow))
    message = json.loads(flow.response.content)["error"]["message"]
    assert "40 bytes are not valid 'gzip' (EOFError)" in message


def test_a_foreign_exception_is_named_by_type_and_place_not_by_its_message():
    try:
        int(SECRET.decode())
    except ValueError as error:
        described = describe(error)
    assert described.startswith("ValueError in ") and "AKIA" not in described


def test_third_party_log_lines_lose_their_bytes(caplog):
    """mitmproxy logs what a server sent too much of, as a bytes repr."""
    record = logging.LogRecord(
        "mitmproxy.proxy.layers.http", logging.INFO, __file__, 1,
        "Unexpected data from server: %s", (SECRET,), None,
    )  # fmt: skip
    ScrubBytes().filter(record)
    assert record.getMessage() == f"Unexpected data from server: <{len(SECRET)} bytes>"
    try:
        raise ValueError(f"decoding {SECRET[:10]!r}")
    except ValueError:
        failed = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    ScrubBytes().filter(failed)
    assert "AKIA" not in failed.exc_text and "<10 bytes>" in failed.exc_text
