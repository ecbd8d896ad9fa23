"""The site policies the proxy applies, and which one a request's host falls under.

Shipped defaults plus the user's files in ``<config dir>/policies/*.yaml``; a user file
with a shipped site's name overrides it field by field, any other name adds a site
(self-hosted and compatible endpoints: ``hosts: ["127.0.0.1:9000"]``, ``adapter: openai``).
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from veil.policies.loader import (
    PolicyError,
    load_site_policy,
    merge,
    parse_policy_yaml,
    site_names,
)
from veil.policies.schema import SitePolicy


class SitePolicies:
    def __init__(self, policies: list[SitePolicy]) -> None:
        self._policies = policies

    @classmethod
    def load(cls, config_dir: Path | None) -> SitePolicies:
        policies = {name: load_site_policy(name) for name in site_names()}
        user_dir = config_dir / "policies" if config_dir else None
        for path in sorted(user_dir.glob("*.yaml")) if user_dir and user_dir.is_dir() else []:
            data = parse_policy_yaml(path.read_text("utf-8"), str(path))
            name = data.get("name") or path.stem
            base = (
                policies[name].model_dump() if name in policies else load_site_policy().model_dump()
            )
            try:
                policies[name] = SitePolicy.model_validate(merge(base, {**data, "name": name}))
            except ValidationError as error:
                raise PolicyError(f"{path}: {error}") from None
        return cls(list(policies.values()))

    def all(self) -> list[SitePolicy]:
        return list(self._policies)

    def match(self, host: str, port: int, path: str) -> SitePolicy | None:
        for policy in self._policies:
            for entry in policy.hosts:
                entry_host, _, prefix = entry.partition("/")
                name, _, entry_port = entry_host.partition(":")
                if name.lower() != host.lower() or (entry_port and int(entry_port) != port):
                    continue
                if prefix and not path.startswith("/" + prefix):
                    continue
                return policy
        return None

    def without_adapter(self) -> list[SitePolicy]:
        from veil.proxy.adapters import ADAPTERS

        return [p for p in self._policies if p.adapter not in ADAPTERS]

    def allow_hosts(self) -> list[str]:
        """mitmproxy ``allow_hosts`` patterns: intercept these, tunnel everything else.

        A site whose adapter veil does not have is not intercepted at all: its TLS goes
        through untouched rather than being opened and passed on unfiltered."""
        patterns = []
        missing = {p.name for p in self.without_adapter()}
        for policy in self._policies:
            if policy.name in missing:
                continue
            for entry in policy.hosts:
                host = entry.partition("/")[0]
                name, _, port = host.partition(":")
                port_pattern = port or r"\d+"
                patterns.append(f"^{re.escape(name)}:{port_pattern}$")
        return patterns
