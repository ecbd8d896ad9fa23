"""The local dashboard at ``http://127.0.0.1:<port>/veil/``, served by the proxy itself.

Like the PAC file, it answers only requests addressed to the proxy's own port under a
loopback name, from a loopback client; nothing is forwarded. GET endpoints change
nothing. The one state-changing action (a site's on/off switch) is a POST that must
carry this proxy run's random token (embedded in the page) in ``X-Veil-Token`` and an
Origin (or Referer) of the dashboard's own origin: a chat site's page cannot flip it.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import logging
import secrets
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from mitmproxy import ctx, http

from veil.policies.loader import PolicyError
from veil.proxy import dashboard_data
from veil.proxy.addon import VeilAddon

log = logging.getLogger("veil")

PREFIX = "/veil"
TOKEN_HEADER = "x-veil-token"
LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1", "[::1]"}
STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
}
SECURITY_HEADERS = {
    # No inline script, no other origin, no framing (clickjacking the switches).
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


def dashboard_url(listen_port: int) -> str:
    return f"http://127.0.0.1:{listen_port}{PREFIX}/"


def _static(name: str) -> bytes:
    return resources.files("veil.proxy").joinpath("dashboard_static", name).read_bytes()


def _is_loopback_client(flow: http.HTTPFlow) -> bool:
    try:
        address = ipaddress.ip_address(flow.client_conn.peername[0])
    except (TypeError, ValueError, IndexError):
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


class Dashboard:
    """Serves the dashboard page, its JSON endpoints and the site switches."""

    def __init__(self, veil: VeilAddon, token: str | None = None) -> None:
        self.veil = veil
        self.token = token or secrets.token_urlsafe(32)

    # -- which requests are ours ------------------------------------------------------

    def _is_for_dashboard(self, flow: http.HTTPFlow) -> bool:
        request = flow.request
        path = request.path.split("?", 1)[0]
        if path != PREFIX and not path.startswith(PREFIX + "/"):
            return False
        port = ctx.options.listen_port or 8080
        # The Host header too: a DNS-rebound name that resolves to 127.0.0.1 is not ours.
        host_header = _authority(request).rsplit(":", 1)[0].lower()
        return (
            request.port == port
            and request.host.lower() in LOOPBACK_NAMES
            and host_header in LOOPBACK_NAMES
            and _is_loopback_client(flow)
        )

    def requestheaders(self, flow: http.HTTPFlow) -> None:
        # Decided before the body is read, so a request for us is never streamed on.
        if self._is_for_dashboard(flow):
            flow.metadata["veil.dashboard"] = True

    async def request(self, flow: http.HTTPFlow) -> None:
        if not flow.metadata.get("veil.dashboard") or flow.response is not None:
            return
        try:
            flow.response = await self._answer(flow.request)
        except Exception:  # a dashboard bug must never reach mitmproxy's event loop
            log.exception("veil dashboard: %s %s failed", flow.request.method, flow.request.path)
            flow.response = _json(500, {"error": "internal error; see veil's log"})

    # -- routing ------------------------------------------------------------------------

    async def _answer(self, request: http.Request) -> http.Response:
        path, _, query = request.path.partition("?")
        route = path[len(PREFIX) :].strip("/")
        if request.method == "POST":
            return await self._post(request, route)
        if request.method not in ("GET", "HEAD"):
            return _json(405, {"error": "method not allowed"}, {"allow": "GET, HEAD, POST"})
        if path == PREFIX:
            return http.Response.make(308, b"", {"location": PREFIX + "/"})
        params = {key: values[-1] for key, values in parse_qs(query).items()}
        if route == "":
            page = _static("index.html").replace(b"{{TOKEN}}", self.token.encode())
            return _response(200, page, "text/html; charset=utf-8")
        if route in STATIC:
            return _response(200, _static(route), STATIC[route])
        if route == "api/requests":
            return await self._requests(params)
        if route == "api/chart":
            span = params.get("range", "24h")
            if span not in dashboard_data.RANGES:
                return _json(400, {"error": f"range must be one of {list(dashboard_data.RANGES)}"})
            log_ = self.veil.redaction_log
            return _json(200, await asyncio.to_thread(dashboard_data.entity_chart, log_, span))
        if route == "api/policies":
            policies = await asyncio.to_thread(dashboard_data.policies_status, self.veil.policies)
            # files that failed to load: their last valid version is in force meanwhile
            problems = self.veil.policies.problems()
            return _json(200, {"policies": policies, "problems": problems})
        if route == "api/status":
            # warmed_up: recognizers loaded; until then a message waits for the models
            from veil.local_models.worker.supervisor import worker_states

            workers = [state.as_dict() for state in worker_states()]
            return _json(200, {"warmed_up": self.veil.warmed_up.is_set(), "model_workers": workers})
        return _json(404, {"error": "not found"})

    async def _requests(self, params: dict[str, str]) -> http.Response:
        try:
            limit = int(params.get("limit", "50"))
        except ValueError:
            return _json(400, {"error": "limit must be a number"})
        body = await asyncio.to_thread(
            dashboard_data.recent_requests, self.veil.redaction_log, limit, params.get("site")
        )
        return _json(200, body)

    async def _post(self, request: http.Request, route: str) -> http.Response:
        refusal = self._refusal(request)
        if refusal:
            log.warning("veil dashboard: refused POST %s: %s", request.path, refusal)
            return _json(403, {"error": refusal})
        if not route.startswith("api/policies/"):
            return _json(404, {"error": "not found"})
        name = route.removeprefix("api/policies/")
        if self.veil.policies.get(name) is None:
            return _json(404, {"error": f"no site {name!r}"})
        try:
            enabled = json.loads(request.content or b"")["enabled"]
        except (ValueError, KeyError, TypeError):
            enabled = None
        if not isinstance(enabled, bool):
            return _json(400, {"error": 'send {"enabled": true} or {"enabled": false}'})
        try:
            await asyncio.to_thread(self.veil.policies.set_enabled, name, enabled)
        except PolicyError as error:
            return _json(409, {"error": str(error)})
        # allow_hosts now, not at the watcher's next tick: "off" means not intercepted.
        await self.veil.reload()
        log.info("veil dashboard: site %s switched %s", name, "on" if enabled else "off")
        policy = self.veil.policies.get(name)
        return _json(200, {"name": name, "enabled": policy is not None and policy.enabled})

    def _refusal(self, request: http.Request) -> str | None:
        """Why this state-changing request is refused, or None."""
        given = request.headers.get(TOKEN_HEADER, "")
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return "missing or wrong token"
        own = f"http://{_authority(request)}"
        origin = request.headers.get("origin")
        if origin is None:
            referer = urlsplit(request.headers.get("referer", ""))
            origin = f"{referer.scheme}://{referer.netloc}" if referer.netloc else None
        if origin != own:
            return f"origin {origin!r} is not the dashboard's own ({own})"
        return None


def _authority(request: http.Request) -> str:
    """host[:port] as the client wrote it (Host header, else the absolute URL's)."""
    return request.host_header or request.authority or f"{request.host}:{request.port}"


def _response(status: int, body: bytes, content_type: str, extra: dict | None = None):
    headers = {**SECURITY_HEADERS, "content-type": content_type, **(extra or {})}
    return http.Response.make(status, body, headers)


def _json(status: int, body: Any, extra: dict | None = None) -> http.Response:
    data = json.dumps(body, ensure_ascii=False).encode()
    return _response(status, data, "application/json", extra)
