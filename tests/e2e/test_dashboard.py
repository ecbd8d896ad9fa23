"""The dashboard served by a real proxy: its JSON endpoints, the token and origin checks on
the site switch, and the page itself in headless Chromium (Debian's ``chromium``).

One proxy for the module, with a data dir, and a few real requests sent through it to a
fake chat service so the redaction log has rows. The screenshot is kept in
``test-artifacts/dashboard.png`` (or under ``$VEIL_TEST_ARTIFACTS``).
"""

from __future__ import annotations

import os
import re
import ssl

import httpx
import keyring
import pytest

from testing.fake_upstream import FakeChatService
from testing.proxy_thread import ProxyThread
from tests.chromium import launch
from tests.helpers import API_KEY, free_port
from tests.memory_keyring import MemoryKeyring
from veil.local_models.worker.supervisor import stop_workers
from veil.proxy.site_policies import SitePolicies

PROMPTS = [
    "Hi, I'm Jane Doe, write to jane.doe@acme-health.org about my visit",
    "Call Marcus Oyelaran on +44 20 7946 0958 tomorrow",
    "Nothing personal here, just a haiku about autumn",
]
RAW_VALUES = ["Jane Doe", "jane.doe@acme-health.org", "Marcus Oyelaran", "7946 0958"]
SITE = "local-openai"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("dashboard")
    stop_workers()  # the registry is per process: none left by an earlier test here
    previous = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    # The slow stage's model status reads the models dir: an empty one, not the user's.
    models_before = os.environ.get("VEIL_MODELS_DIR")
    os.environ["VEIL_MODELS_DIR"] = str(directory / "models")
    config, data = directory / "config", directory / "data"
    (config / "policies").mkdir(parents=True)
    try:
        with FakeChatService(directory) as upstream:
            host = f"127.0.0.1:{upstream.port}"
            (config / "policies" / f"{SITE}.yaml").write_text(
                f'name: {SITE}\nhosts: ["{host}/v1/chat"]\nadapter: openai\n'
            )
            (config / "policies" / "local-anthropic.yaml").write_text(
                # Another host name for it, so switching SITE off frees SITE's host.
                f'name: local-anthropic\nhosts: ["localhost:{upstream.port}/v1/messages"]\n'
                "adapter: anthropic\n"
            )
            with ProxyThread(config, free_port(), str(upstream.ca), data_dir=data) as proxy:
                trust = ssl.create_default_context(cafile=proxy.ca_file)
                with httpx.Client(
                    proxy=f"http://127.0.0.1:{proxy.port}",
                    verify=trust,
                    timeout=60,
                    headers=API_KEY,
                ) as client:
                    for prompt in PROMPTS:
                        sent = client.post(
                            f"https://{host}/v1/chat/completions",
                            json={
                                "model": "gpt-4o",
                                "messages": [{"role": "user", "content": prompt}],
                            },
                        )
                        assert sent.status_code == 200, sent.text
                yield proxy, config
    finally:
        keyring.set_keyring(previous)
        if models_before is None:
            os.environ.pop("VEIL_MODELS_DIR", None)
        else:
            os.environ["VEIL_MODELS_DIR"] = models_before


def _base(proxy: ProxyThread) -> str:
    return f"http://127.0.0.1:{proxy.port}/veil/"


def _token(proxy: ProxyThread) -> str:
    page = httpx.get(_base(proxy), timeout=30)
    assert page.status_code == 200
    return re.search(r'name="veil-token" content="([^"]+)"', page.text).group(1)


def _switch(proxy: ProxyThread, site: str, enabled: bool, **headers: str) -> httpx.Response:
    return httpx.post(
        f"{_base(proxy)}api/policies/{site}", json={"enabled": enabled}, headers=headers, timeout=30
    )


def test_page_is_served_with_a_token_and_a_strict_policy(stack):
    proxy, _ = stack
    page = httpx.get(_base(proxy), timeout=30)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "{{TOKEN}}" not in page.text and len(_token(proxy)) >= 40
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert "script-src 'self'" in page.headers["content-security-policy"]
    script = httpx.get(_base(proxy) + "app.js", timeout=30)
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "http" not in re.sub(r"http://www\.w3\.org/2000/svg", "", script.text)  # offline
    assert httpx.get(_base(proxy) + "api/nothing", timeout=30).status_code == 404


def test_a_rebound_host_name_does_not_get_the_dashboard(stack):
    proxy, _ = stack
    # A web page's name re-pointed at 127.0.0.1 (DNS rebinding) sends its own Host header.
    page = httpx.get(_base(proxy), headers={"host": "rebound.invalid"}, timeout=30)
    assert page.status_code != 200
    assert "veil-token" not in page.text


def test_recent_requests_and_chart_endpoints(stack):
    proxy, _ = stack
    body = httpx.get(_base(proxy) + "api/requests", timeout=30)
    assert body.status_code == 200
    data = body.json()
    assert data["logging"] is True
    assert [r["site"] for r in data["requests"]] == [SITE] * 3
    assert {r["decision"] for r in data["requests"]} == {"sent"}
    assert data["requests"][-1]["entities"].get("PERSON") == 1  # the oldest: Jane Doe
    assert all(r["stages"] for r in data["requests"])
    for value in RAW_VALUES:
        assert value not in body.text

    chart = httpx.get(_base(proxy) + "api/chart?range=24h", timeout=30).json()
    assert sum(chart["series"]["PERSON"]) == 2 and chart["series"]["PERSON"][-1] == 2
    assert len(httpx.get(_base(proxy) + "api/chart?range=30d", timeout=30).json()["buckets"]) == 30
    assert httpx.get(_base(proxy) + "api/chart?range=1y", timeout=30).status_code == 400


def test_policies_endpoint_lists_sites_and_slow_stage(stack):
    proxy, _ = stack
    policies = httpx.get(_base(proxy) + "api/policies", timeout=30).json()["policies"]
    by_name = {p["name"]: p for p in policies}
    assert by_name[SITE]["enabled"] is True and by_name["chatgpt"]["adapter"] == "chatgpt_web"
    slow = by_name[SITE]["slow_stage"]
    assert slow["enabled"] is False
    assert [m["role"] for m in slow["models"]] == ["attacker", "anonymizer"]
    assert [m["present"] for m in slow["models"]] == [False, False]  # an empty models dir


@pytest.mark.parametrize(
    "headers",
    [
        {},  # no token
        {"x-veil-token": "guessed"},
        {"x-veil-token": "TOKEN", "origin": "https://chatgpt.com"},
        {"x-veil-token": "TOKEN", "referer": "https://evil.example/page"},
        {"x-veil-token": "TOKEN"},  # neither Origin nor Referer
        {"x-veil-token": "TOKEN", "origin": "null"},
    ],
    ids=["no-token", "wrong-token", "foreign-origin", "foreign-referer", "no-origin", "null"],
)
def test_switch_refused_without_token_and_own_origin(stack, headers):
    proxy, config = stack
    token = _token(proxy)
    headers = {k: v.replace("TOKEN", token) for k, v in headers.items()}
    refused = _switch(proxy, SITE, False, **headers)
    assert refused.status_code == 403
    assert proxy.addon.policies.get(SITE).enabled
    assert SitePolicies.load(config).get(SITE).enabled


def test_switch_with_token_turns_a_site_off_and_on(stack):
    proxy, config = stack
    token, own = _token(proxy), f"http://127.0.0.1:{proxy.port}"
    patterns = set(proxy.master.options.allow_hosts)
    site_patterns = set(SitePolicies.load(config).allow_hosts())
    assert site_patterns <= patterns

    off = _switch(proxy, SITE, False, **{"x-veil-token": token, "origin": own})
    assert off.status_code == 200 and off.json() == {"name": SITE, "enabled": False}
    assert SitePolicies.load(config).get(SITE).enabled is False  # saved in the user's file
    now = set(proxy.master.options.allow_hosts)
    gone = site_patterns - set(SitePolicies.load(config).allow_hosts())
    assert gone and not gone & now  # its host is no longer intercepted
    listed = httpx.get(_base(proxy) + "api/policies", timeout=30).json()["policies"]
    assert {p["name"]: p["enabled"] for p in listed}[SITE] is False

    on = _switch(proxy, SITE, True, **{"x-veil-token": token, "referer": own + "/veil/"})
    assert on.status_code == 200 and on.json()["enabled"] is True
    assert gone <= set(proxy.master.options.allow_hosts)
    assert SitePolicies.load(config).get(SITE).enabled is True


def test_switch_rejects_bad_requests(stack):
    proxy, _ = stack
    headers = {"x-veil-token": _token(proxy), "origin": f"http://127.0.0.1:{proxy.port}"}
    assert _switch(proxy, "no-such-site", False, **headers).status_code == 404
    bad = httpx.post(
        f"{_base(proxy)}api/policies/{SITE}", content=b"off", headers=headers, timeout=30
    )
    assert bad.status_code == 400
    assert proxy.addon.policies.get(SITE).enabled


def test_dashboard_in_chromium(stack, artifacts):
    playwright = pytest.importorskip("playwright.sync_api")
    proxy, config = stack
    with playwright.sync_playwright() as driver:
        browser = launch(driver, "--no-proxy-server")
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(_base(proxy))
            page.wait_for_selector("body[data-loaded='true']", timeout=30_000)

            rows = page.locator("#requests tbody tr")
            assert rows.count() == 3
            assert SITE in rows.first.inner_text() and "sent" in rows.first.inner_text()
            assert "PERSON 1" in rows.last.inner_text()
            assert page.locator("svg#chart rect.bar[data-label='PERSON']").count() >= 1
            assert "PERSON 2" in page.inner_text("#legend")
            switch = page.locator(f"input.switch[data-site='{SITE}']")
            assert switch.is_checked()
            assert page.locator("input.switch").count() >= 3  # shipped sites are listed too
            slow = page.locator(f"tr[data-site='{SITE}'] .slow-stage").inner_text()
            assert "disabled" in slow
            assert "attacker: qwen2.5-coder-0.5b-instruct (not downloaded)" in slow
            body = page.content()
            assert not any(value in body for value in RAW_VALUES)

            for wanted in (False, True):
                page.click(f"input.switch[data-site='{SITE}']")
                state = "on" if wanted else "off"
                page.wait_for_function(
                    "([site, state]) => { const row = document.querySelector("
                    "`tr[data-site='${site}']`); return row && !row.querySelector("
                    "'input:disabled') && row.querySelector('.state').textContent === state; }",
                    arg=[SITE, state],
                    timeout=15_000,
                )
                assert proxy.addon.policies.get(SITE).enabled is wanted
                assert SitePolicies.load(config).get(SITE).enabled is wanted
                assert page.locator(f"input.switch[data-site='{SITE}']").is_checked() is wanted
                assert page.locator("#error").is_hidden()
            page.screenshot(path=str(artifacts / "dashboard.png"), full_page=True)
            assert errors == []
        finally:
            browser.close()


def test_status_says_when_the_recognizers_are_loaded(stack):
    """ProxyThread is ready only once veil has warmed up, so the status must say so."""
    proxy, _ = stack
    status = httpx.get(_base(proxy) + "api/status", timeout=30)
    assert status.status_code == 200
    assert status.json() == {"warmed_up": True, "model_workers": []}  # no slow stage here
