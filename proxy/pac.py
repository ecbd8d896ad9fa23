"""A proxy auto-config file: chat hosts go through veil, everything else DIRECT."""

from __future__ import annotations

import json

from veil.proxy.site_policies import SitePolicies


def pac_file(policies: SitePolicies, listen_host: str, listen_port: int) -> str:
    missing = {p.name for p in policies.without_adapter()}
    hosts = sorted(
        {
            entry.partition("/")[0].partition(":")[0].lower()
            for policy in policies.active()
            if policy.name not in missing
            for entry in policy.hosts
        }
    )
    return (
        "function FindProxyForURL(url, host) {\n"
        f"  var chatHosts = {json.dumps(hosts)};\n"
        "  host = host.toLowerCase();\n"
        "  for (var i = 0; i < chatHosts.length; i++) {\n"
        "    if (host === chatHosts[i]) {\n"
        f'      return "PROXY {listen_host}:{listen_port}";\n'
        "    }\n"
        "  }\n"
        '  return "DIRECT";\n'
        "}\n"
    )
