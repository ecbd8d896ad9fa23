"""A proxy auto-config file: chat hosts go through veil, everything else DIRECT.

``veil pac`` prints it, and the running proxy serves it at ``/proxy.pac`` on its own
address, so a browser can point at ``http://127.0.0.1:8080/proxy.pac`` and pick up
policy changes without editing anything.
"""

from __future__ import annotations

import json
import logging

from mitmproxy import ctx, http

from veil.proxy.site_policies import SitePolicies

log = logging.getLogger("veil")

PAC_PATH = "/proxy.pac"
PAC_CONTENT_TYPE = "application/x-ns-proxy-autoconfig"
LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1", "[::1]"}


def intercepted_hosts(policies: SitePolicies) -> list[tuple[str, int | None]]:
    """(host, port or None for any port) for every site veil filters."""
    entries = set()
    for policy in policies.active():
        for entry in policy.hosts:
            name, _, port = entry.partition("/")[0].partition(":")
            entries.add((name.lower(), int(port) if port else None))
    return sorted(entries, key=lambda e: (e[0], e[1] or 0))


def pac_file(policies: SitePolicies, listen_host: str, listen_port: int) -> str:
    proxy_host = listen_host if listen_host not in ("", "0.0.0.0", "::") else "127.0.0.1"
    hosts = [[name, port] for name, port in intercepted_hosts(policies)]
    return (
        "// veil: chat services go through the local filter, everything else DIRECT.\n"
        "function FindProxyForURL(url, host) {\n"
        f"  var chatHosts = {json.dumps(hosts)};\n"
        "  host = host.toLowerCase();\n"
        "  var m = url.match(/^([a-z]+):\\/\\/[^\\/]*?:(\\d+)(?:\\/|$)/i);\n"
        "  var port = m ? parseInt(m[2], 10)\n"
        "    : (url.substring(0, 6).toLowerCase() === 'https:' ? 443 : 80);\n"
        "  for (var i = 0; i < chatHosts.length; i++) {\n"
        "    var anyPort = chatHosts[i][1] === null;\n"
        "    if (host === chatHosts[i][0] && (anyPort || chatHosts[i][1] === port)) {\n"
        f'      return "PROXY {proxy_host}:{listen_port}";\n'
        "    }\n"
        "  }\n"
        '  return "DIRECT";\n'
        "}\n"
    )


class ServePac:
    """Answers ``GET /proxy.pac`` addressed to the proxy itself, never forwarding it."""

    def __init__(self, policies: SitePolicies) -> None:
        self.policies = policies

    def _is_for_proxy(self, request: http.Request) -> bool:
        port = ctx.options.listen_port or 8080
        own_hosts = LOOPBACK_NAMES | {ctx.options.listen_host}
        return request.port == port and request.host.lower() in own_hosts

    def requestheaders(self, flow: http.HTTPFlow) -> None:
        request = flow.request
        if request.path.split("?", 1)[0] != PAC_PATH or not self._is_for_proxy(request):
            return
        if request.method not in ("GET", "HEAD"):
            flow.response = http.Response.make(405, b"", {"allow": "GET, HEAD"})
            return
        body = pac_file(self.policies, ctx.options.listen_host, ctx.options.listen_port)
        flow.response = http.Response.make(
            200,
            body.encode() if request.method == "GET" else b"",
            {"content-type": PAC_CONTENT_TYPE, "cache-control": "no-cache"},
        )
