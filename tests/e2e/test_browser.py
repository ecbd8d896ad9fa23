"""veil in a real browser: headless Chromium (Debian's ``chromium``) whose proxy is set
by veil's PAC URL and which trusts veil's CA through a temporary NSS database, written
by ``veil ca install`` itself.

A fake chat page is served over HTTPS under chatgpt.com's name; its JavaScript sends a
prompt with fetch and renders the streamed answer. The fake service must receive the
redacted prompt and the page must show the restored answer. A second host that no
policy names goes DIRECT (the PAC says so) and shows its origin's own certificate.
The screenshot is kept in ``test-artifacts/`` (or ``$VEIL_TEST_ARTIFACTS``).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.chromium import launch
from tests.helpers import free_port, require
from veil.proxy.cli import main

CHAT_HOST = "chatgpt.com"
OTHER_HOST = "origin.veil.test"
PROMPT = "Hi, I'm Jane Doe, write to jane.doe@acme-health.org about my visit"


class ResolveForProxy:
    """The proxy's own name resolution for this test: chatgpt.com is the fake service.

    (Chromium's --host-resolver-rules only affects connections Chromium makes itself;
    a proxied request is resolved by the proxy.)"""

    def __init__(self, mapping: dict[str, tuple[str, int]]) -> None:
        self.mapping = mapping

    def server_connect(self, data) -> None:
        host = data.server.address[0] if data.server.address else None
        if host in self.mapping:
            data.server.address = self.mapping[host]


def _trust(home: Path, config: Path, other_ca: Path) -> None:
    """veil's CA via `veil ca install`; the other origin's CA as its owner would have it."""
    env = {"HOME": str(home), "VEIL_CONFIG_DIR": str(config)}
    done = CliRunner().invoke(main, ["ca", "install", "--store", "chromium", "--yes"], env=env)
    assert done.exit_code == 0, done.output
    database = f"sql:{home / '.pki' / 'nssdb'}"
    subprocess.run(
        ["certutil", "-A", "-d", database, "-t", "C,,", "-n", "other-origin", "-i", str(other_ca)],
        check=True,
    )


def test_chat_page_in_chromium_through_the_pac(tmp_path, artifacts):
    require("certutil")
    playwright = pytest.importorskip("playwright.sync_api")
    home, config = tmp_path / "home", tmp_path / "config"
    (tmp_path / "chat").mkdir()
    (tmp_path / "other").mkdir()
    with (
        FakeChatService(tmp_path / "chat", names=(CHAT_HOST,)) as chat,
        FakeChatService(tmp_path / "other", names=(OTHER_HOST,)) as other,
    ):
        resolve = ResolveForProxy({CHAT_HOST: ("127.0.0.1", chat.port)})
        port = free_port()
        with ProxyThread(config, port, str(chat.ca), extra_addons=[resolve]):
            _trust(home, config, other.ca)
            with playwright.sync_playwright() as driver:
                browser = launch(
                    driver,
                    f"--proxy-pac-url=http://127.0.0.1:{port}/proxy.pac",
                    f"--host-resolver-rules=MAP {OTHER_HOST} 127.0.0.1:{other.port}",
                    "--disable-quic",
                    env={**os.environ, "HOME": str(home)},
                )
                try:
                    page = browser.new_page()
                    response = page.goto(f"https://{CHAT_HOST}/?q={PROMPT}")
                    assert response is not None and response.ok
                    # the chat host went through veil: its certificate is veil's CA's
                    assert response.security_details()["issuer"] == "mitmproxy"
                    page.wait_for_function("document.title === 'done'", timeout=120_000)
                    shown = page.inner_text("#answer")
                    page.screenshot(path=str(artifacts / "browser-chat.png"), full_page=True)

                    direct = page.goto(f"https://{OTHER_HOST}/")
                    assert direct is not None and direct.ok
                    assert direct.security_details()["issuer"] == "veil test upstream CA"
                    assert page.title() == "fake chat"
                finally:
                    browser.close()
    assert shown == f"You said: {PROMPT}"
    sent = repr(chat.received[-1][1])
    assert "Jane Doe" not in sent and "jane.doe@acme-health.org" not in sent
    assert "[[PERSON_1]]" in sent
