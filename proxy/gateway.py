"""veil's gateway: base-URL endpoints for API clients, no CA and no HTTPS_PROXY.

A second mitmproxy listener (a ``regular@host:port`` mode beside the MITM proxy) takes
plain HTTP requests such as ``POST /openai/v1/chat/completions`` and points them at the
route's upstream before veil's addon sees them, so they get the same filtering, stream
restoring and log as intercepted ones. It is not a forward proxy: CONNECT is refused,
and every request goes to its route's upstream whatever host it names (mitmproxy
turns an absolute-form request into an origin-form one before veil sees it), or, if
no route serves its path, nowhere.

A route forwards its adapter's endpoints (which veil filters) and bodiless GET/HEAD
requests (model lists); anything else under it (embeddings, token counts, uploads)
carries text veil does not filter, so it gets a 404 and nothing goes upstream.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from urllib.parse import unquote

from mitmproxy import http
from mitmproxy.net.http import url
from mitmproxy.proxy import server_hooks

from veil.policies.schema import SitePolicy
from veil.proxy.adapters import ADAPTERS
from veil.proxy.gateway_errors import error_response
from veil.proxy.gateway_routes import GATEWAY_POLICY, Route, build_routes, family, find_route
from veil.proxy.site_policies import SitePolicies
from veil.proxy.tenants import credential

log = logging.getLogger("veil")

# How long a successful connection vouches for an upstream before the next request
# probes it again (only then can veil answer "unreachable" in the client's format).
REACHABLE_FOR_S = 30.0
PROBE_TIMEOUT_S = 10.0


def gateway_mode(host: str, port: int) -> str:
    """The mitmproxy mode spec of the gateway listener."""
    return f"regular@{host}:{port}"


class Reachability:
    """Which upstreams answered lately. mitmproxy answers a failed upstream connection
    with its own HTML page, so the gateway probes an upstream not seen working lately
    and answers a failure itself."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, int], float] = {}

    def mark(self, address: tuple[str, int], reachable: bool) -> None:
        if reachable:
            self._seen[address] = time.monotonic()
        else:
            self._seen.pop(address, None)

    async def problem(self, host: str, port: int) -> str | None:
        """None if the upstream accepts connections, else why not."""
        if time.monotonic() - self._seen.get((host, port), -math.inf) < REACHABLE_FOR_S:
            return None
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), PROBE_TIMEOUT_S)
        except TimeoutError:
            return f"no answer within {PROBE_TIMEOUT_S:.0f} s"
        except OSError as error:
            return error.strerror or str(error) or type(error).__name__
        writer.close()
        self.mark((host, port), True)
        return None


class Gateway:
    """The addon that owns the gateway listener's requests (add it before veil's)."""

    def __init__(self, policies: SitePolicies, host: str, port: int) -> None:
        self.policies = policies
        self.host, self.port = host, port
        self.mode = gateway_mode(host, port)
        self.reachability = Reachability()
        self._routes: tuple[tuple[SitePolicy, ...], list[Route]] = ((), [])

    def routes(self) -> list[Route]:
        """The routes of the policies in force, rebuilt only when they change (a reload
        replaces the objects of the sites it changed)."""
        active = tuple(self.policies.active())
        built_for, routes = self._routes
        if len(built_for) != len(active) or any(
            a is not b for a, b in zip(active, built_for, strict=True)
        ):
            routes = build_routes(list(active), set(ADAPTERS))
            self._routes = active, routes
        return routes

    def _ours(self, flow: http.HTTPFlow) -> bool:
        mode = getattr(flow.client_conn, "proxy_mode", None)
        return mode is not None and mode.full_spec == self.mode

    def http_connect(self, flow: http.HTTPFlow) -> None:
        if self._ours(flow):
            flow.response = error_response(
                None, 405, "veil's gateway is not a proxy: set your client's base URL to a route"
            )

    async def requestheaders(self, flow: http.HTTPFlow) -> None:
        if not self._ours(flow):
            return
        request = flow.request
        where = f"{request.method} {request.path.split('?', 1)[0]}"  # never the query: keys
        routes = self.routes()
        route = find_route(routes, request.path)
        refusal = self._refusal(flow, route)
        if refusal is not None:
            status, message = refusal
            log.info("gateway: %d for %s: %s", status, where, message)
            adapter = route.adapter if route else family(routes, request.path)
            flow.response = error_response(adapter, status, message)
            return
        assert route is not None
        upstream = route.upstream
        problem = await self.reachability.problem(upstream.host, upstream.port)
        if problem is not None:
            message = (
                f"veil's gateway cannot reach {route.policy.name}'s upstream "
                f"{upstream.host}:{upstream.port} ({problem}); nothing was sent"
            )
            log.warning("gateway: 502 for %s: %s", where, message)
            flow.response = error_response(route.adapter, 502, message)
            return
        rest = route.rest(request.path)
        assert rest is not None
        request.scheme, request.host, request.port = upstream.scheme, upstream.host, upstream.port
        request.path = upstream.path_for(rest)
        request.host_header = url.hostport(upstream.scheme, upstream.host, upstream.port)
        flow.metadata[GATEWAY_POLICY] = route.policy

    def _refusal(self, flow: http.HTTPFlow, route: Route | None) -> tuple[int, str] | None:
        request = flow.request
        path = request.path.split("?", 1)[0]
        if route is None:
            served = ", ".join(sorted(r.prefix for r in self.routes())) or "none"
            return 404, f"veil's gateway has no route for {path} (routes: {served})"
        if any(unquote(segment) in (".", "..") for segment in path.split("/")):
            return 404, f"veil's gateway does not forward paths with '.' or '..' ({path})"
        adapter = ADAPTERS[route.adapter]
        bodiless_read = request.method in ("GET", "HEAD") and not (
            request.headers.get("content-length", "0") != "0"
            or "transfer-encoding" in request.headers
        )
        if not adapter.matches(flow) and not bodiless_read:
            return 404, (
                f"veil's gateway does not serve {request.method} {path}: veil filters only "
                f"{route.policy.name}'s chat endpoints, so nothing else is forwarded"
            )
        if route.policy.require_credential and credential(request) is None:
            return 401, (
                "veil's gateway needs your API key (Authorization: Bearer, x-api-key, "
                "x-goog-api-key or ?key=): conversations are kept apart by it"
            )
        return None

    def server_connected(self, data: server_hooks.ServerConnectionHookData) -> None:
        if data.server.address:
            self.reachability.mark(data.server.address, True)

    def server_connect_error(self, data: server_hooks.ServerConnectionHookData) -> None:
        if data.server.address:
            self.reachability.mark(data.server.address, False)
