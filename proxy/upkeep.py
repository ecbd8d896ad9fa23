"""The addon that keeps a running veil in shape: it loads the recognizers and models
before the first message, picks up edited policy files (hot reload, keeping mitmproxy's
``allow_hosts`` in step), and applies retention to the vault and the log.

Options (``--set`` on mitmdump, ``veil start`` sets them): ``veil_reload_interval``
(seconds between checks of the policy files; 0 turns hot reload off) and
``veil_manage_allow_hosts`` (intercept exactly the policies' hosts).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from mitmproxy import ctx

from veil.policies.engine import default_llm_loader
from veil.policies.loader import load_site_policy
from veil.policies.schema import SitePolicy
from veil.rules import lazy_regex

if TYPE_CHECKING:
    from veil.proxy.addon import VeilAddon

log = logging.getLogger("veil")

# How often retention runs and forgotten conversations leave the in-memory cache.
MAINTENANCE_INTERVAL_S = 60.0


class Upkeep:
    def __init__(
        self, veil: VeilAddon, reload_interval: float | None, manage_allow_hosts: bool
    ) -> None:
        self.veil = veil
        self.reload_interval = reload_interval or 0.0
        self.manage_allow_hosts = manage_allow_hosts
        self._tasks: list[asyncio.Task] = []

    def load(self, loader) -> None:
        loader.add_option(
            "veil_reload_interval",
            float,
            self.reload_interval,
            "Seconds between checks of veil's policy files for edits; 0: no hot reload.",
        )
        loader.add_option(
            "veil_manage_allow_hosts",
            bool,
            self.manage_allow_hosts,
            "Keep allow_hosts to the hosts veil's site policies name.",
        )

    def configure(self, updated: set[str]) -> None:
        if "veil_reload_interval" in updated:
            self.reload_interval = ctx.options.veil_reload_interval
        if "veil_manage_allow_hosts" in updated:
            self.manage_allow_hosts = ctx.options.veil_manage_allow_hosts

    async def running(self) -> None:
        # Background tasks, not work inside this hook: mitmproxy exits on any error logged
        # while it runs, and neither a failing retention sweep nor a policy file the user
        # breaks during a slow warm-up may stop the proxy.
        veil = self.veil
        if veil.conversations.store is not None or veil.redaction_log is not None:
            self._tasks.append(asyncio.create_task(self._maintain_periodically()))
        if self.reload_interval > 0 and veil.policies.config is not None:
            self._tasks.append(asyncio.create_task(self._watch(self.reload_interval)))
        # Load spaCy and the name lists now rather than during the first message; they
        # are shared, so warming one site's pipeline warms them all.
        policies = veil.policies.active()
        if policies:
            self._tasks.append(asyncio.create_task(self._warm(policies[0])))
        else:
            veil.warmed_up.set()

    def done(self) -> None:
        for task in self._tasks:
            task.cancel()

    async def _warm(self, policy: SitePolicy) -> None:
        try:
            await asyncio.to_thread(self.veil.pipeline(policy).warm_up)
            # The patterns the warm-up text did not reach, so no message waits for them.
            await asyncio.to_thread(lazy_regex.compile_all, True)
            # forked warm when messages queue up: the reader shares what was just loaded
            self.veil.filtering.arm_reader()
        except Exception:  # the first message will meet the same error and on_error decides
            log.exception("veil could not load its recognizers")
        try:
            await asyncio.to_thread(self._warm_slow_stage_models)
        finally:
            self.veil.warmed_up.set()

    def _warm_slow_stage_models(self) -> None:
        """Start the models of every site whose slow stage is on (their worker processes),
        so its first message does not wait; loaders cache, so the pipelines get these."""
        load = self.veil.load_llm or default_llm_loader
        specs = sorted({
            spec for p in self.veil.policies.active() if p.slow_stage.enabled
            for spec in (p.slow_stage.attacker_model, p.slow_stage.anonymizer_model)
        })  # fmt: skip
        for spec in specs:
            try:
                model = load(spec)
                warm = getattr(model, "load", None)  # a server needs no loading
                if callable(warm):
                    warm()
            except Exception as error:  # that site's first message meets it; on_error decides
                log.warning("veil could not load the slow stage's model %s: %s", spec, error)

    def maintain(self) -> None:
        """Apply retention and let go of conversations forgotten on disk."""
        veil = self.veil
        retention = {p.name: p.records.retention_days for p in veil.policies.all()}
        # Records of a site that no longer has a policy follow the default policy.
        default_days = load_site_policy("default").records.retention_days
        try:
            if veil.conversations.store is not None:
                purged = veil.conversations.store.purge(retention, default_days)
                if purged:
                    log.info("veil: deleted %d conversation(s) past retention", purged)
            if veil.redaction_log is not None:
                veil.redaction_log.purge(retention, default_days)
        except Exception:
            log.exception("veil: retention could not run; will try again")
        veil.conversations.drop_forgotten()

    async def _maintain_periodically(self) -> None:
        while True:
            await asyncio.to_thread(self.maintain)
            await asyncio.sleep(MAINTENANCE_INTERVAL_S)

    async def _watch(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await self.reload()
            except Exception:  # a reload must never stop the proxy or the next reload
                log.exception("veil could not reload its policies")

    async def reload(self) -> bool:
        """Pick up edited policy files now; True when the policies changed."""
        veil = self.veil
        changed = await asyncio.to_thread(veil.policies.refresh)
        # Compared every time: a switch flipped through SitePolicies.set_enabled (the
        # dashboard) has already refreshed the policies, so `changed` misses it.
        if self.manage_allow_hosts:
            hosts = veil.intercepted_patterns()
            if list(ctx.options.allow_hosts) != hosts:
                ctx.options.update(allow_hosts=hosts)
                log.info("veil now intercepts: %s", ", ".join(hosts))
        return changed
