"""Each policy field acts where it should in the addon: roles scanned, dry run, uploads,
the fast stage and the site switched off (mitmproxy test flows, no sockets)."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from mitmproxy import http
from mitmproxy.test import tflow

from veil.policies.loader import load_site_policy
from veil.policies.schema import FastStageSettings, SitePolicy
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

EMAIL = "jane.doe@acme-health.org"


def _addon(site: str = "openai-api", **changes) -> VeilAddon:
    policy = load_site_policy(site).model_copy(update=changes)
    return VeilAddon(SitePolicies([policy]))


def _flow(body: bytes | dict, path="/v1/chat/completions", host="api.openai.com", **headers):
    raw = json.dumps(body).encode() if isinstance(body, dict) else body
    # an API key, as every API client sends (a keyless one is refused: test_closed_by_default)
    headers = {"content-type": "application/json", "authorization": "Bearer sk-test", **headers}
    request = http.Request.make("POST", f"https://{host}{path}", raw, headers)
    return tflow.tflow(req=request)


def _run(addon: VeilAddon, flow: http.HTTPFlow) -> http.HTTPFlow:
    asyncio.run(addon.filter.request(flow))
    return flow


def _chat(*messages: tuple[str, str]) -> dict:
    return {"model": "m", "messages": [{"role": r, "content": c} for r, c in messages]}


def _sent(flow: http.HTTPFlow) -> list[str]:
    return [m["content"] for m in json.loads(flow.request.content)["messages"]]


def test_default_roles_scan_user_and_tool_but_not_the_system_prompt():
    body = _chat(
        ("system", f"Reply to {EMAIL}"), ("user", f"mail {EMAIL}"), ("tool", "owner: bob@x.org")
    )
    system, user, tool = _sent(_run(_addon(), _flow(body)))
    assert EMAIL not in user and "bob@x.org" not in tool
    # not scanned, but a value already pseudonymized in this request is swapped there too
    assert system == user.replace("mail ", "Reply to ")


def test_roles_can_add_the_system_prompt_and_drop_tool_results():
    body = _chat(
        ("developer", "Boss: Carl Lindqvist, carl@x.org"),
        ("user", "hi"),
        ("function", "Dana Whitfield, dana@x.org"),
    )
    addon = _addon(roles=["user", "system"])
    developer, _, function = _sent(_run(addon, _flow(body)))
    assert "Carl Lindqvist" not in developer and "carl@x.org" not in developer
    # a role not read in full still has its identifiers caught, not its names
    assert function.startswith("Dana Whitfield, [[EMAIL_")


def test_dry_run_forwards_unchanged_and_logs_what_it_would_do(caplog):
    body = _chat(("user", f"I am Jane Doe, {EMAIL}"))
    flow = _run(_addon(dry_run=True), _flow(body))
    assert flow.response is None and json.loads(flow.request.content) == body
    assert "veil" not in flow.metadata  # nothing to restore
    assert "dry run on openai-api: veil would replace" in caplog.text
    assert "1 EMAIL (pseudonymize)" in caplog.text
    assert EMAIL not in caplog.text  # labels and counts, never the values


def test_dry_run_only_logs_a_block(caplog):
    body = _chat(("user", "key sk-proj-Xq4v9TmL2cW8bN3rZp7Kd1Fh6Js0Ay5Eu"))
    flow = _run(_addon(dry_run=True, actions={"SECRET": "block"}), _flow(body))
    assert flow.response is None and json.loads(flow.request.content) == body
    assert "would stop a message" in caplog.text and "SECRET" in caplog.text


def test_dry_run_passes_what_on_error_would_block(caplog):
    flow = _run(_addon(dry_run=True), _flow(b'{"messages": ['))
    assert flow.response is None and flow.request.content == b'{"messages": ['
    assert "would stop a message" in caplog.text and "malformed JSON" in caplog.text


MULTIPART = b"--x\r\nContent-Disposition: form-data; name=file\r\n\r\nJane Doe\r\n--x--"


@pytest.mark.parametrize(
    ("path", "content_type", "body"),
    [
        ("/api/organizations/o/upload", "multipart/form-data; boundary=x", MULTIPART),
        ("/api/organizations/o/convert_document", "application/pdf", b"%PDF-1.7 Jane Doe"),
    ],
)
def test_upload_requests_follow_the_uploads_policy(path, content_type, body, caplog):
    blocked = _run(
        _addon("claude"), _flow(body, path, "claude.ai", **{"content-type": content_type})
    )
    assert blocked.response is not None
    assert "veil cannot scan" in blocked.response.text and "uploads: block" in blocked.response.text
    addon = _addon("claude", uploads="pass")
    passed = _run(addon, _flow(body, path, "claude.ai", **{"content-type": content_type}))
    assert passed.response is None and passed.request.content == body
    assert "UNSCANNED" in caplog.text and "(uploads: pass)" in caplog.text


def test_file_parts_in_a_message_follow_the_uploads_policy(caplog):
    body = {
        "model": "m",
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": f"who is {EMAIL}?"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
                ],
            }
        ],
    }
    blocked = _run(_addon(), _flow(body))
    assert blocked.response.status_code == 403
    assert "image_url" in json.loads(blocked.response.content)["error"]["message"]
    passed = _run(_addon(uploads="pass"), _flow(body))
    parts = json.loads(passed.request.content)["messages"][0]["content"]
    assert passed.response is None and EMAIL not in parts[0]["text"]  # text still filtered
    assert parts[1] == body["messages"][0]["content"][1]
    assert "UNSCANNED file (image_url)" in caplog.text


def test_text_documents_are_scanned_not_treated_as_files():
    body = {
        "model": "claude",
        "max_tokens": 5,
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "document", "source": {"type": "text", "data": f"from {EMAIL}"}}
                ],
            }
        ],
    }
    flow = _run(_addon("anthropic-api"), _flow(body, "/v1/messages", "api.anthropic.com"))
    assert flow.response is None
    sent = json.loads(flow.request.content)["messages"][0]["content"][0]["source"]["data"]
    assert EMAIL not in sent and sent.startswith("from [[EMAIL_")


def test_fast_stage_off_forwards_the_text_as_is():
    body = _chat(("user", f"I am {EMAIL}"))
    flow = _run(_addon(fast_stage=FastStageSettings(enabled=False)), _flow(body))
    assert flow.response is None and _sent(flow) == [f"I am {EMAIL}"]


def test_site_switched_off_is_not_touched():
    body = _chat(("user", f"I am {EMAIL}"))
    flow = _run(_addon(enabled=False), _flow(body))
    assert flow.response is None and flow.request.content == json.dumps(body).encode()
    assert "veil" not in flow.metadata


def test_reload_updates_allow_hosts_in_mitmproxy(tmp_path, caplog):
    from mitmproxy.test import taddons

    caplog.set_level(logging.INFO, logger="veil")
    policies = SitePolicies.load(tmp_path)
    addon = VeilAddon(policies, manage_allow_hosts=True)
    with taddons.context(addon) as context:
        context.options.update(allow_hosts=policies.allow_hosts())
        folder = tmp_path / "policies"
        folder.mkdir()
        (folder / "local.yaml").write_text(
            "name: local\nhosts: ['127.0.0.1:9000']\nadapter: openai\n"
        )
        assert asyncio.run(addon.reload()) is True
        assert r"^127\.0\.0\.1:9000$" in context.options.allow_hosts
        (folder / "chatgpt.yaml").write_text("enabled: false\n")
        asyncio.run(addon.reload())
        assert not any("chatgpt" in p for p in context.options.allow_hosts)
        assert asyncio.run(addon.reload()) is False  # nothing changed since
        policies.set_enabled("claude", False)  # as the dashboard does: refreshes at once
        asyncio.run(addon.reload())
        assert not any("claude" in p for p in context.options.allow_hosts)


def test_a_policy_without_a_config_dir_has_nothing_to_reload():
    addon = VeilAddon(SitePolicies([SitePolicy(name="x", hosts=["x.org"], adapter="openai")]))
    assert asyncio.run(addon.reload()) is False


def test_reload_keeps_hand_off_hosts_while_their_site_is_on(tmp_path):
    from mitmproxy.test import taddons

    from veil.proxy.adapters.chatgpt_web import Handoff
    from veil.rules.vault import Vault

    policies = SitePolicies.load(tmp_path)
    addon = VeilAddon(policies, manage_allow_hosts=True)
    with taddons.context(addon) as context:
        context.options.update(allow_hosts=policies.allow_hosts())
        send = _flow({}, "/backend-api/f/conversation", "chatgpt.com")
        addon.handoffs.expect(send, Handoff("ws.chatgpt.com", 443, "c1"), Vault())
        handoff_pattern = r"^ws\.chatgpt\.com:443$"
        asyncio.run(addon.reload())
        assert handoff_pattern in context.options.allow_hosts
        policies.set_enabled("chatgpt", False)
        asyncio.run(addon.reload())
        assert handoff_pattern not in context.options.allow_hosts
