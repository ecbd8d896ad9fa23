"""The dashboard's JSON bodies, built from a real redaction log in a temporary data dir."""

from __future__ import annotations

import asyncio
import json

import pytest
from mitmproxy import http

from veil.proxy import dashboard_data
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.redaction_log import Decision, LogEntry, RedactionLog

HOUR = 3600
NOW = 1_800_000_000.0 + 1800  # half past a whole UTC hour


@pytest.fixture
def log(memory_keyring, tmp_path):
    records = RedactionLog.open(tmp_path / "data")
    yield records
    records.close()


def test_recent_requests_hold_counts_and_never_values_or_reasons(log):
    log.record(
        LogEntry(
            site="chatgpt",
            time=NOW - 60,
            entities={"PERSON": 2, "EMAIL": 1},
            actions={"pseudonymize": 3},
            stages={"fast": 12.345},
            values=[
                {
                    "label": "PERSON",
                    "value": "Jane Doe",
                    "replacement": "[[PERSON_1]]",
                    "action": "pseudonymize",
                }
            ],
        )
    )
    log.record(
        LogEntry(
            site="claude",
            time=NOW,
            decision=Decision.BLOCKED,
            entities={"SECRET": 1},
            reason="blocked: sk-live-abcdef quoted",
        )
    )
    body = dashboard_data.recent_requests(log, limit=10, site=None)
    assert [r["site"] for r in body["requests"]] == ["claude", "chatgpt"]  # newest first
    assert body["requests"][1]["entities"] == {"EMAIL": 1, "PERSON": 2}
    assert body["requests"][1]["stages"] == {"fast": 12.3}
    assert body["requests"][0]["decision"] == "blocked"
    assert body["sites"] == {"chatgpt": 1, "claude": 1}
    text = json.dumps(body)
    assert "Jane Doe" not in text and "sk-live" not in text and "reason" not in text
    only = dashboard_data.recent_requests(log, limit=10, site="chatgpt")
    assert [r["site"] for r in only["requests"]] == ["chatgpt"]


def test_recent_requests_without_a_log():
    assert dashboard_data.recent_requests(None, 10, None) == {
        "logging": False,
        "requests": [],
        "sites": {},
    }


def test_chart_buckets_findings_per_hour_and_per_day(log):
    hour_start = NOW - 1800
    log.record(LogEntry(site="a", time=NOW - 5, entities={"PERSON": 2}))
    log.record(LogEntry(site="a", time=hour_start + 1, entities={"PERSON": 1, "EMAIL": 4}))
    log.record(LogEntry(site="a", time=hour_start - 1, entities={"PERSON": 7}))  # previous hour
    log.record(LogEntry(site="a", time=NOW - 25 * HOUR, entities={"PHONE": 9}))  # too old
    chart = dashboard_data.entity_chart(log, "24h", now=NOW)
    assert chart["bucket_seconds"] == HOUR and len(chart["buckets"]) == 24
    assert chart["buckets"][-1] == hour_start
    assert chart["series"]["PERSON"][-1] == 3 and chart["series"]["PERSON"][-2] == 7
    assert chart["series"]["EMAIL"][-1] == 4 and sum(chart["series"]["EMAIL"]) == 4
    assert "PHONE" not in chart["series"]
    assert list(chart["series"]) == ["PERSON", "EMAIL"]  # most findings first

    days = dashboard_data.entity_chart(log, "30d", now=NOW)
    assert len(days["buckets"]) == 30 and days["buckets"][-1] % 86400 == 0
    assert days["series"]["PHONE"][-2:] in ([9, 0], [0, 9])  # yesterday or today, by UTC
    assert sum(days["series"]["PERSON"]) == 10


def test_chart_without_a_log_is_empty_but_shaped():
    chart = dashboard_data.entity_chart(None, "24h", now=NOW)
    assert chart["series"] == {} and len(chart["buckets"]) == 24


def test_model_status_by_kind(tmp_path):
    """The same rules as loading: a path is a file, a URL a server, else a catalog name,
    present only once `veil models pull` installed it in the models dir."""
    models = tmp_path / "models"
    models.mkdir()
    (tmp_path / "mine.gguf").write_bytes(b"GGUF")
    # a file that merely looks like the model does not make the catalog entry installed
    (models / "qwen2.5-coder-0.5b-instruct.gguf").write_bytes(b"GGUF")
    status = dashboard_data.model_status
    assert status("qwen2.5-coder-0.5b-instruct", models) == {
        "name": "qwen2.5-coder-0.5b-instruct",
        "kind": "catalog",
        "present": False,
    }
    assert status("phi-3-mini", models)["present"] is False  # not in the catalog
    assert status(str(tmp_path / "mine.gguf"), models) == {
        "name": str(tmp_path / "mine.gguf"),
        "kind": "file",
        "present": True,
    }
    assert status(str(tmp_path / "gone.gguf"), models)["present"] is False
    assert status("http://127.0.0.1:8081/v1", models) == {
        "name": "http://127.0.0.1:8081/v1",
        "kind": "server",
        "present": None,
    }


def test_policies_status_lists_every_site_with_its_slow_stage(tmp_path):
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    model = tmp_path / "a.gguf"
    (config / "policies" / "chatgpt.yaml").write_text(
        f"name: chatgpt\nenabled: false\nslow_stage:\n  enabled: true\n  attacker_model: {model}\n"
    )
    (tmp_path / "models").mkdir()
    model.write_bytes(b"GGUF")
    listed = dashboard_data.policies_status(SitePolicies.load(config), tmp_path / "models")
    by_name = {p["name"]: p for p in listed}
    assert by_name["chatgpt"]["enabled"] is False
    assert by_name["chatgpt"]["slow_stage"]["enabled"] is True
    models = by_name["chatgpt"]["slow_stage"]["models"]
    assert models[0] == {"role": "attacker", "name": str(model), "kind": "file", "present": True}
    assert models[1]["role"] == "anonymizer" and models[1]["present"] is False
    assert any(p["enabled"] and p["adapter"] for p in listed)


def _flow(method: str, url: str, client: str = "127.0.0.1", **headers: str):
    from mitmproxy.test import tflow

    flow = tflow.tflow()
    flow.client_conn.peername = (client, 50000)
    flow.request = http.Request.make(method, url, b"", headers)
    return flow


def _serve(addon, flow) -> None:
    addon.requestheaders(flow)
    asyncio.run(addon.request(flow))


@pytest.fixture
def dashboard(tmp_path):
    from mitmproxy.test import taddons

    from veil.proxy.addon import VeilAddon
    from veil.proxy.dashboard import Dashboard

    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    veil = VeilAddon(SitePolicies.load(config), reload_interval=None)
    addon = Dashboard(veil, token="secret-token")
    with taddons.context(addon) as context:
        context.configure(addon, listen_port=8080)
        yield addon, config


@pytest.mark.parametrize(
    "url, client",
    [
        ("http://127.0.0.1:8080/veil/", "192.0.2.5"),  # another machine
        ("http://attacker.example:8080/veil/", "127.0.0.1"),  # a rebound name
        ("http://127.0.0.1:9090/veil/", "127.0.0.1"),  # another port: not this proxy
        ("http://127.0.0.1:8080/veilx", "127.0.0.1"),
    ],
)
def test_only_loopback_requests_to_this_proxy_are_answered(dashboard, url, client):
    addon, _ = dashboard
    flow = _flow("GET", url, client)
    _serve(addon, flow)
    assert flow.response is None  # left to mitmproxy: never the dashboard


def test_a_get_never_switches_and_the_page_carries_the_token(dashboard):
    addon, config = dashboard
    page = _flow("GET", "http://localhost:8080/veil/", "::ffff:127.0.0.1")
    _serve(addon, page)
    assert page.response.status_code == 200 and b'content="secret-token"' in page.response.content
    switch = _flow(
        "GET",
        "http://127.0.0.1:8080/veil/api/policies/chatgpt?enabled=false",
        **{"x-veil-token": "secret-token", "origin": "http://127.0.0.1:8080"},
    )
    _serve(addon, switch)
    assert switch.response.status_code == 404
    assert SitePolicies.load(config).get("chatgpt").enabled
    assert not (config / "policies" / "chatgpt.yaml").exists()
