"""The site policies the proxy applies, and which one a request's host falls under.

Shipped defaults plus the user's files in ``<config dir>/policies/*.yaml`` and the
profile (see ``veil.policies.user_config``). A site switched off (``enabled: false``)
matches no request and is not intercepted.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path

from veil.policies.loader import PolicyError, load_site_policy, site_names
from veil.policies.schema import SitePolicy
from veil.policies.user_config import UserConfig

log = logging.getLogger("veil")

# allow_hosts with no pattern would intercept every host: this one matches none.
NO_HOST = r"^veil-intercepts-no-host\.invalid:0$"


class SitePolicies:
    """The policies in force. ``refresh`` picks up edits to the user's files; readers
    always see one consistent set (the list is replaced, never changed in place)."""

    def __init__(self, policies: list[SitePolicy], config: UserConfig | None = None) -> None:
        self._policies = policies
        self._config = config
        self._lock = threading.Lock()  # the watcher and a dashboard may both refresh

    @classmethod
    def load(cls, config_dir: Path | None, strict: bool = True) -> SitePolicies:
        """Shipped policies with the user's files laid over them.

        ``strict``: any invalid user file is an error (at startup, where the user is
        watching); otherwise its problems are logged and the file is left out."""
        if config_dir is None:
            return cls([load_site_policy(name) for name in site_names()])
        config = UserConfig(config_dir)
        _, problems = config.scan()
        if problems and strict:
            raise PolicyError([line for problem in problems for line in problem.problems])
        for problem in problems:
            log.error("%s\nveil ignores this file until it is fixed", problem)
        return cls(config.sites(), config)

    @property
    def config(self) -> UserConfig | None:
        return self._config

    def refresh(self) -> bool:
        """Read the user's files again if they changed; True when the policies changed.

        An invalid file is logged with its file, line and field, and its last valid
        version stays in force."""
        if self._config is None:
            return False
        with self._lock:
            changed, problems = self._config.scan()
            for problem in problems:
                log.error("%s\nveil keeps using the last valid version of this file", problem)
            if not changed:
                return False
            old = {p.name: p for p in self._policies}
            new = self._config.sites()
            # Unchanged sites keep their objects, so their fast stages are not rebuilt.
            self._policies = [old[p.name] if old.get(p.name) == p else p for p in new]
        edited = {p.name for p in new if old.get(p.name) != p} | (
            old.keys() - {p.name for p in new}
        )
        log.info("veil reloaded its policies; changed: %s", ", ".join(sorted(edited)))
        return True

    def problems(self) -> list[str]:
        """What is wrong with the user's files as they are on disk (file, line, field);
        each such file's last valid version is in force meanwhile."""
        if self._config is None:
            return []
        return [line for error in self._config.problems() for line in error.problems]

    def all(self) -> list[SitePolicy]:
        """Every site, switched on or off."""
        return list(self._policies)

    def active(self) -> list[SitePolicy]:
        return [p for p in self._policies if p.enabled]

    def get(self, name: str) -> SitePolicy | None:
        return next((p for p in self._policies if p.name == name), None)

    def set_enabled(self, name: str, enabled: bool) -> Path:
        """Switch a site on or off in the user's override file (for the dashboard);
        the change is in force when this returns."""
        if self._config is None:
            raise PolicyError(["no config dir: cannot save a site switch"])
        with self._lock:
            path = self._config.set_enabled(name, enabled)
        self.refresh()
        return path

    def match(self, host: str, port: int, path: str) -> SitePolicy | None:
        """The site whose hosts entry covers the request. A path prefix is compared with
        the path as an upstream would route it (``normalized_path``): no other spelling of
        it escapes the site."""
        from veil.proxy.adapters.base import normalized_path  # not at import: mitmproxy

        route = normalized_path(path)
        for policy in self.active():
            for entry in policy.hosts:
                entry_host, _, prefix = entry.partition("/")
                name, _, entry_port = entry_host.partition(":")
                if name.lower() != host.lower() or (entry_port and int(entry_port) != port):
                    continue
                wanted = normalized_path(prefix)
                if prefix and route != wanted and not route.startswith(wanted + "/"):
                    continue
                return policy
        return None

    def allow_hosts(self) -> list[str]:
        """mitmproxy ``allow_hosts`` patterns: intercept these, tunnel everything else.
        (Every site with hosts names an adapter veil has: the schema refuses others.)"""
        patterns = []
        for policy in self.active():
            for entry in policy.hosts:
                host = entry.partition("/")[0]
                name, _, port = host.partition(":")
                port_pattern = port or r"\d+"
                patterns.append(f"^{re.escape(name)}:{port_pattern}$")
        return patterns or [NO_HOST]


def effective_policy(name: str, config_dir: Path | None) -> SitePolicy:
    """One site's policy as the proxy applies it: the shipped one with the user's files
    and profile laid over it (``veil check --site``, ``veil slow --site``)."""
    policies = SitePolicies.load(config_dir)
    policy = policies.get(name)
    if policy is None and name == "default":  # the base of every site, not a site itself
        base = load_site_policy("default")
        return policies.config.profile.apply(base) if policies.config else base
    if policy is None:
        known = ", ".join(sorted(p.name for p in policies.all()))
        raise PolicyError([f"unknown site {name!r}; known: {known}"])
    return policy
