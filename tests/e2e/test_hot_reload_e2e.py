"""Hot reload against a real running proxy: edit a policy file and the next requests
follow it; an invalid edit is logged with file, line and field while the old policy
stays; a new profile applies at once; switching the site off stops interception (its
TLS passes through untouched)."""

from __future__ import annotations

import logging
import os
import ssl
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.helpers import API_KEY, free_port

EMAIL = "jane.doe@acme-health.org"
WAIT_S = 30  # generous: the proxy polls every second, but CI machines are slow


def _edit(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text)
    if before:  # coarse file-system clocks: make sure the edit is seen as one
        os.utime(path, ns=(before + 10_000_000, before + 10_000_000))


def _eventually(check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"not true within {WAIT_S} s")
        time.sleep(0.2)


def _post(
    proxy: ProxyThread, upstream: FakeChatService, trust: str, text: str = f"mail {EMAIL}"
) -> httpx.Response:
    context = ssl.create_default_context(cafile=trust)
    body = {"model": "m", "messages": [{"role": "user", "content": text}]}
    proxy_url = f"http://127.0.0.1:{proxy.port}"
    with httpx.Client(proxy=proxy_url, verify=context, timeout=60, headers=API_KEY) as client:
        return client.post(f"https://127.0.0.1:{upstream.port}/v1/chat/completions", json=body)


def test_policy_edits_apply_to_a_running_proxy(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="veil")
    with FakeChatService(tmp_path) as upstream:
        folder = tmp_path / "config" / "policies"
        folder.mkdir(parents=True)
        site = folder / "local.yaml"
        head = (
            f'name: local\nhosts: ["127.0.0.1:{upstream.port}/v1/chat"]\nadapter: openai\n'
            "recognizers: [regex.email.v1]\n"  # no NER model to load: a faster test
        )
        site.write_text(head)
        with ProxyThread(tmp_path / "config", free_port(), str(upstream.ca)) as proxy:
            first = _post(proxy, upstream, proxy.ca_file)
            assert first.status_code == 200
            assert EMAIL not in repr(upstream.received[-1][1]) and EMAIL in first.text

            _edit(site, head + "actions:\n  EMAIL: block\n")
            _eventually(lambda: _post(proxy, upstream, proxy.ca_file).status_code == 403)
            sent_before = len(upstream.received)

            _edit(site, head + "actions:\n  EMAIL: blok\n")
            _eventually(lambda: "policies/local.yaml:6: actions.EMAIL" in caplog.text)
            assert "keeps using the last valid version" in caplog.text
            blocked = _post(proxy, upstream, proxy.ca_file)
            assert blocked.status_code == 403 and "EMAIL" in blocked.text
            assert len(upstream.received) == sent_before  # nothing went upstream

            # The profile applies to every site, and is picked up the same way.
            (tmp_path / "config" / "profile.yaml").write_text("names: [Zorblax Quentin]\n")

            def name_is_redacted() -> bool:
                answer = _post(proxy, upstream, proxy.ca_file, "I am Zorblax Quentin")
                sent = upstream.received[-1][1]["messages"][0]["content"]
                return "Zorblax" not in sent and "Zorblax Quentin" in answer.text

            _eventually(name_is_redacted)

            _edit(site, head + "enabled: false\n")
            # Not intercepted any more: the client sees the origin's own certificate.
            origin = str(upstream.ca)
            _eventually(lambda: _reaches_origin(proxy, upstream, origin))
            assert upstream.received[-1][1]["messages"][0]["content"] == f"mail {EMAIL}"
            with pytest.raises(httpx.ConnectError):
                _post(proxy, upstream, proxy.ca_file)  # veil's CA no longer matches


def _reaches_origin(proxy: ProxyThread, upstream: FakeChatService, origin_ca: str) -> bool:
    try:
        return _post(proxy, upstream, origin_ca).status_code == 200
    except httpx.ConnectError:
        return False


@pytest.mark.parametrize(
    ("broken", "problem"),
    [
        ("adapter: opnai\n", "local.yaml:3: adapter: Input should be 'openai'"),
        ("", "local.yaml:1: the file is empty"),
    ],
    ids=["mistyped-adapter", "emptied-file"],
)
def test_a_broken_edit_never_stops_interception(tmp_path, caplog, broken, problem):
    """A typo in the adapter's name or an emptied file keeps the last good version: the
    host stays intercepted and filtered, and the dashboard says what is wrong."""
    with FakeChatService(tmp_path) as upstream:
        folder = tmp_path / "config" / "policies"
        folder.mkdir(parents=True)
        site = folder / "local.yaml"
        good = (
            f'name: local\nhosts: ["127.0.0.1:{upstream.port}/v1/chat"]\nadapter: openai\n'
            "recognizers: [regex.email.v1]\n"
        )
        site.write_text(good)
        with ProxyThread(tmp_path / "config", free_port(), str(upstream.ca)) as proxy:
            assert _post(proxy, upstream, proxy.ca_file).status_code == 200
            _edit(site, good.replace("adapter: openai\n", broken) if broken else "")
            _eventually(lambda: problem in caplog.text)
            answer = _post(proxy, upstream, proxy.ca_file)
            assert answer.status_code == 200 and EMAIL in answer.text  # restored
            assert EMAIL not in repr(upstream.received[-1][1])  # still filtered
            status = httpx.get(f"http://127.0.0.1:{proxy.port}/veil/api/policies", timeout=10)
            assert any(problem in line for line in status.json()["problems"])
