"""The gateway's route table, its policy block, and tenant keys (no sockets)."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mitmproxy.test import tflow, tutils
from pydantic import ValidationError

from veil.policies.loader import load_site_policy
from veil.policies.schema import GatewaySettings
from veil.proxy.adapters import ADAPTERS
from veil.proxy.conversations import ConversationStore
from veil.proxy.gateway_errors import error_payload
from veil.proxy.gateway_routes import Upstream, build_routes, family, find_route
from veil.proxy.tenants import credential

SHIPPED = [
    load_site_policy(name) for name in ("openai-api", "anthropic-api", "gemini-api", "ollama")
]


def _routes(*policies):
    return build_routes(list(policies) or SHIPPED, set(ADAPTERS))


def test_shipped_routes_and_their_upstreams():
    table = {r.prefix: (r.policy.name, r.upstream) for r in _routes()}
    assert table == {
        "/openai/v1": ("openai-api", Upstream("https", "api.openai.com", 443, "/v1")),
        "/anthropic": ("anthropic-api", Upstream("https", "api.anthropic.com", 443, "")),
        "/gemini": (
            "gemini-api",
            Upstream("https", "generativelanguage.googleapis.com", 443, ""),
        ),
        "/ollama": ("ollama", Upstream("http", "127.0.0.1", 11434, "")),
    }


@pytest.mark.parametrize(
    ("path", "upstream_path"),
    [
        ("/openai/v1/chat/completions", "/v1/chat/completions"),
        ("/openai/v1/responses?stream=true", "/v1/responses?stream=true"),
        ("/openai/v1", "/v1"),
        ("/anthropic/v1/messages", "/v1/messages"),
        ("/anthropic", "/"),
        ("/anthropic?x=1", "/?x=1"),
        ("/gemini/v1beta/models/g:streamGenerateContent?alt=sse&key=k",
         "/v1beta/models/g:streamGenerateContent?alt=sse&key=k"),
    ],
)  # fmt: skip
def test_a_path_maps_onto_its_upstream(path, upstream_path):
    route = find_route(_routes(), path)
    assert route is not None
    rest = route.rest(path)
    assert rest is not None and route.upstream.path_for(rest) == upstream_path


@pytest.mark.parametrize("path", ["/openai/v10/x", "/openai", "/anthropicx/v1", "/", "/gem"])
def test_prefixes_match_whole_segments(path):
    assert find_route(_routes(), path) is None


@given(st.lists(st.sampled_from(["openai", "v1", "v2", "anthropic", "x", "", "..", "a?b"])))
def test_the_route_found_is_the_longest_whole_segment_prefix(segments):
    path = "/" + "/".join(segments)
    nested = load_site_policy("openai-api").model_copy(
        update={
            "name": "nested",
            "gateway": GatewaySettings(prefix="/openai/v1/x", upstream="http://h"),
        }
    )
    routes = _routes(*SHIPPED, nested)
    route = find_route(routes, path)
    candidates = [
        r.prefix for r in routes
        if path == r.prefix or path.startswith(r.prefix + "/") or path.startswith(r.prefix + "?")
    ]  # fmt: skip
    assert (route.prefix if route else None) == max(candidates, key=len, default=None)


def test_an_unknown_path_gets_its_familys_error_format():
    routes = _routes()
    assert family(routes, "/openai/v2/chat") == "openai"
    assert family(routes, "/anthropic/x") == "anthropic"
    assert family(routes, "/nowhere") is None
    assert set(error_payload("openai", 404, "m")["error"]) == {"message", "type", "param", "code"}
    assert error_payload("anthropic", 401, "m")["error"]["type"] == "authentication_error"
    assert error_payload("gemini_api", 502, "m")["error"]["status"] == "UNAVAILABLE"
    assert error_payload("ollama", 404, "m") == {"error": "m"}


def test_switched_off_sites_and_clashing_prefixes_serve_no_route(caplog):
    off = SHIPPED[0].model_copy(update={"enabled": False})
    clash = SHIPPED[1].model_copy(
        update={
            "name": "zz-clash",
            "gateway": GatewaySettings(prefix="/anthropic", upstream="http://h"),
        }
    )
    with caplog.at_level(logging.ERROR, logger="veil"):
        routes = _routes(off, SHIPPED[1], clash)
    assert [(r.prefix, r.policy.name) for r in routes] == [("/anthropic", "anthropic-api")]
    assert "both claim /anthropic" in caplog.text


@pytest.mark.parametrize(
    ("prefix", "upstream"),
    [
        ("openai", "https://api.openai.com"),  # no leading slash
        ("/", "https://api.openai.com"),
        ("/a b", "https://api.openai.com"),
        ("/ok", "ftp://api.openai.com"),
        ("/ok", "https://"),
        ("/ok", "https://api.openai.com/v1?x=1"),
        ("/ok", "https://user:pw@api.openai.com"),
        ("/ok", "https://api.openai.com:99999"),
    ],
)
def test_a_bad_gateway_block_is_an_error(prefix, upstream):
    with pytest.raises(ValidationError):
        GatewaySettings(prefix=prefix, upstream=upstream)


# --- tenants ----------------------------------------------------------------------------


def _request(headers: dict[str, str] | None = None, path: str = "/v1/chat/completions"):
    flow = tflow.tflow(req=tutils.treq(path=path.encode()))
    flow.request.headers.clear()
    flow.request.headers.update(headers or {})
    return flow.request


def test_every_kind_of_api_key_is_a_credential():
    assert credential(_request()) is None
    assert credential(_request({"authorization": "Bearer"})) is None
    assert credential(_request({"x-api-key": " "})) is None
    for headers, path in [
        ({"authorization": "Bearer sk-1"}, "/v1/chat/completions"),
        ({"x-api-key": "sk-1"}, "/v1/messages"),
        ({"x-goog-api-key": "sk-1"}, "/v1beta/models/g:generateContent"),
        ({}, "/v1beta/models/g:generateContent?alt=sse&key=sk-1"),
    ]:
        found = credential(_request(headers, path))
        assert found is not None and b"sk-1" in found


@given(st.text(min_size=1).filter(str.strip), st.text(min_size=1).filter(str.strip))
def test_different_keys_never_share_a_conversation(key_a, key_b):
    store = ConversationStore()
    a = credential(_request({"x-api-key": key_a.strip()[:200]}))
    b = credential(_request({"x-api-key": key_b.strip()[:200]}))
    same_text = "Hi, I'm Jane Doe."
    ids = {tenant: store.conversation_id("openai-api", same_text, tenant) for tenant in (a, b)}
    assert (ids[a] == ids[b]) == (a == b)
    assert store.conversation_id("openai-api", same_text, a) == ids[a]  # stable per tenant
    assert store.conversation_id("openai-api", same_text) not in ids.values()
