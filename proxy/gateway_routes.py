"""The gateway's route table: which site policy a base-URL path belongs to, and where
its requests go upstream.

Each API site policy may carry a ``gateway`` block (route prefix + upstream base URL).
``/openai/v1/chat/completions`` under the route ``/openai/v1`` -> ``https://api.openai.com/v1``
becomes ``https://api.openai.com/v1/chat/completions``. Prefixes match whole path
segments, the longest first.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

from veil.policies.schema import SitePolicy

log = logging.getLogger("veil")

# flow.metadata key: the site policy of a request that came in through a gateway route
GATEWAY_POLICY = "veil_gateway_policy"


@dataclass(frozen=True)
class Upstream:
    scheme: str
    host: str
    port: int
    base_path: str  # "" or "/v1": what the route prefix stands for upstream

    @classmethod
    def parse(cls, url: str) -> Upstream:
        parts = urlsplit(url)
        assert parts.hostname  # the policy schema checked it
        default_port = 443 if parts.scheme == "https" else 80
        return cls(parts.scheme, parts.hostname, parts.port or default_port, parts.path)

    def path_for(self, rest: str) -> str:
        """The upstream path (and query) of what follows the route prefix."""
        if not rest or rest[0] == "?":
            return (self.base_path or "/") + rest
        return self.base_path + rest


@dataclass(frozen=True)
class Route:
    prefix: str
    upstream: Upstream
    policy: SitePolicy

    @property
    def adapter(self) -> str:
        assert self.policy.adapter is not None
        return self.policy.adapter

    def rest(self, path: str) -> str | None:
        """What follows the prefix (path and query), or None if the path is not under it."""
        if not path.startswith(self.prefix):
            return None
        rest = path[len(self.prefix) :]
        return rest if rest == "" or rest[0] in "/?" else None


def build_routes(policies: list[SitePolicy], adapters: set[str]) -> list[Route]:
    """Routes of the sites switched on whose adapter veil has, longest prefix first.
    Two sites claiming one prefix: the first by name keeps it, the other is logged."""
    routes: dict[str, Route] = {}
    for policy in sorted(policies, key=lambda p: p.name):
        if policy.gateway is None or not policy.enabled or policy.adapter not in adapters:
            continue
        prefix = policy.gateway.prefix
        if prefix in routes:
            log.error(
                "gateway: sites %s and %s both claim %s; %s keeps it",
                routes[prefix].policy.name,
                policy.name,
                prefix,
                routes[prefix].policy.name,
            )
            continue
        routes[prefix] = Route(prefix, Upstream.parse(policy.gateway.upstream), policy)
    return sorted(routes.values(), key=lambda r: len(r.prefix), reverse=True)


def find_route(routes: list[Route], path: str) -> Route | None:
    return next((r for r in routes if r.rest(path) is not None), None)


def family(routes: list[Route], path: str) -> str | None:
    """The adapter whose clients use this path's first segment (``/openai/...``), so a
    request no route serves still gets an error its client can read."""
    first = _first_segment(path)
    for route in routes:
        if _first_segment(route.prefix) == first:
            return route.adapter
    return None


def _first_segment(path: str) -> str:
    return path.split("?", 1)[0].lstrip("/").split("/", 1)[0]
