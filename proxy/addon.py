"""The mitmproxy addon: filter requests to chat services, restore their answers.

Only flows to hosts that a site policy names get here (mitmproxy's ``allow_hosts``
keeps TLS to every other host untouched). Model work runs in a worker thread, off
mitmproxy's event loop. If anything fails, the site's ``on_error`` decides: block with
an error in the site's own format (nothing goes upstream), or pass and log loudly.
With a ``VaultStore`` vaults outlive the process; with a ``RedactionLog`` each decision
is recorded (proxy/storage).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mitmproxy import ctx, http

from veil.local_models.slow_stage import SlowStageResult
from veil.local_models.slow_stage.cache import ResultCache
from veil.local_models.slow_stage.limits import Limits
from veil.policies.engine import (
    FastStage,
    LLMLoader,
    SlowOutcome,
    SlowStageBlocked,
    SlowStageRunner,
    default_llm_loader,
)
from veil.policies.loader import load_site_policy
from veil.policies.schema import (
    OnError,
    SitePolicy,
    UnknownEndpoints,
    UploadAction,
    normalize_role,
)
from veil.proxy.adapters import ADAPTERS, SiteAdapter, TextSlot
from veil.proxy.adapters.base import BLOCK_PREFIX, Unscannable, apply_texts, request_path
from veil.proxy.adapters.chatgpt_web import Handoff, HandoffSocket
from veil.proxy.adapters.residual import RESIDUAL_ROLE, residual_slots
from veil.proxy.adapters.unknown_endpoint import UnknownEndpoint
from veil.proxy.conversations import ConversationStore
from veil.proxy.gateway_routes import GATEWAY_POLICY
from veil.proxy.safe_errors import describe
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.redaction_log import Decision, LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore
from veil.proxy.tenants import credential
from veil.proxy.uploads import file_parts, upload_request
from veil.rules.analyzer import reads_language
from veil.rules.operators import Operation
from veil.rules.restore import Restorer
from veil.rules.risk import Risk, estimate
from veil.rules.vault import Vault

log = logging.getLogger("veil")


class Blocked(Exception):
    """The policy says this message must not be sent."""


class UnknownEndpointPassed(Exception):
    """The site's policy passes requests to endpoints veil does not know unscanned."""


class UnscannedUpload(Exception):
    """The request carries a file veil cannot read; the ``uploads`` policy decides."""


@dataclass
class FlowState:
    adapter: SiteAdapter
    restorer: Restorer
    vault: Vault


@dataclass
class HandoffTarget:
    """A WebSocket host a chat site handed an answer over to, and its conversations."""

    site: str
    vaults: dict[str, Vault]


@dataclass
class ScanReport:
    """What the fast stage did to one request's slots (for the redaction log)."""

    texts: list[str] = field(default_factory=list)
    blocked: set[str] = field(default_factory=set)
    labels: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    actions_by_label: Counter[str] = field(default_factory=Counter)  # "PERSON (mask)": n
    timings_ms: Counter[str] = field(default_factory=Counter)
    values: list[dict[str, Any]] = field(default_factory=list)
    # What the writer disclosed in every scanned text (the history included: a profile
    # builds up over a conversation), for the residual risk.
    disclosures: list[Operation] = field(default_factory=list)


# How often retention runs and forgotten conversations leave the in-memory cache.
MAINTENANCE_INTERVAL_S = 60.0


class VeilAddon:
    """With a ``VaultStore`` vaults outlive the process; with a ``RedactionLog`` each
    decision is recorded. ``reload_interval``: how often (seconds) the user's policy
    files are checked for changes; None turns hot reload off. ``manage_allow_hosts``:
    keep mitmproxy's ``allow_hosts`` in step with the policies' hosts (``veil start``).
    ``load_llm``: how the slow stage loads a model spec (None: the model catalog's)."""

    def __init__(
        self,
        policies: SitePolicies,
        vault_store: VaultStore | None = None,
        redaction_log: RedactionLog | None = None,
        reload_interval: float | None = 1.0,
        manage_allow_hosts: bool = False,
        load_llm: LLMLoader | None = None,
    ) -> None:
        self.policies = policies
        self.reload_interval = reload_interval
        self.manage_allow_hosts = manage_allow_hosts
        self.conversations = ConversationStore(store=vault_store)
        self.redaction_log = redaction_log
        self._stages: dict[str, FastStage] = {}
        self._pattern_stages: dict[str, tuple[SitePolicy, FastStage]] = {}
        self._watcher: asyncio.Task[None] | None = None
        self._warm_up: asyncio.Task[None] | None = None
        self._handoffs: dict[tuple[str, int], HandoffTarget] = {}
        self.warmed_up = threading.Event()  # models loaded: the first message will not wait
        self._maintenance: asyncio.Task | None = None
        self._log_failing = False
        self._slow_stages: dict[str, SlowStageRunner] = {}
        self._load_llm = load_llm
        # One cache for every site: its keys carry the settings, so a reloaded policy keeps
        # the results that still apply.
        self._slow_cache: ResultCache[SlowStageResult] = ResultCache()
        # None: each policy's slow_stage.limits decides; tests set the tiny model's
        self.slow_limits: Limits | None = None

    def stage(self, policy: SitePolicy) -> FastStage:
        stage = self._stages.get(policy.name)
        if stage is None or stage.policy is not policy:
            stage = self._stages[policy.name] = FastStage(policy)
        return stage

    def pattern_stage(self, policy: SitePolicy) -> FastStage:
        """The policy's format recognizers alone (e-mail, phone, card, secrets, ...), for
        text whose role the policy does not scan (by default the model's and the system's):
        a key or an address in it is caught even so; names are left to the vault."""
        source, stage = self._pattern_stages.get(policy.name, (None, None))
        if stage is None or source is not policy:
            quasi_off = policy.quasi_identifiers.model_copy(update={"enabled": False})
            patterns = [name for name in policy.recognizers if not reads_language(name)]
            narrowed = policy.model_copy(
                update={"recognizers": patterns, "quasi_identifiers": quasi_off}
            )
            stage = FastStage(narrowed)
            self._pattern_stages[policy.name] = (policy, stage)
        return stage

    def slow_stage(self, policy: SitePolicy) -> SlowStageRunner | None:
        if not policy.slow_stage.enabled:
            return None
        runner = self._slow_stages.get(policy.name)
        if runner is None or runner.settings is not policy.slow_stage:
            runner = self._slow_stages[policy.name] = SlowStageRunner(
                policy.slow_stage,
                self._load_llm,
                self._slow_cache,
                self.slow_limits,
                quasi=policy.quasi_identifiers,
            )
        return runner

    async def running(self) -> None:
        # Background tasks, not work inside this hook: mitmproxy exits on any error logged
        # while it runs, and neither a failing retention sweep nor a policy file the user
        # breaks during a slow warm-up may stop the proxy.
        if self.conversations.store is not None or self.redaction_log is not None:
            self._maintenance = asyncio.create_task(self._maintain_periodically())
        if self.reload_interval is not None and self.policies.config is not None:
            self._watcher = asyncio.create_task(self._watch(self.reload_interval))
        # Load spaCy and the name lists now rather than during the first message; they
        # are shared, so warming one site's stage warms them all.
        policies = self.policies.active()
        if policies:
            self._warm_up = asyncio.create_task(self._warm(policies[0]))
        else:
            self.warmed_up.set()

    async def _warm(self, policy: SitePolicy) -> None:
        try:
            await asyncio.to_thread(self.stage(policy).warm_up)
        except Exception:  # the first message will meet the same error and on_error decides
            log.exception("veil could not load its recognizers")
        try:
            await asyncio.to_thread(self._warm_slow_stage_models)
        finally:
            self.warmed_up.set()

    def _warm_slow_stage_models(self) -> None:
        """Load the models of every site whose slow stage is on (seconds for a GGUF), so
        its first message does not wait; loaders cache, so the stages get these."""
        load = self._load_llm or default_llm_loader
        specs = sorted(
            {
                spec
                for p in self.policies.active()
                if p.slow_stage.enabled
                for spec in (p.slow_stage.attacker_model, p.slow_stage.anonymizer_model)
            }
        )
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
        retention = {p.name: p.records.retention_days for p in self.policies.all()}
        # Records of a site that no longer has a policy follow the default policy.
        default_days = load_site_policy("default").records.retention_days
        try:
            if self.conversations.store is not None:
                purged = self.conversations.store.purge(retention, default_days)
                if purged:
                    log.info("veil: deleted %d conversation(s) past retention", purged)
            if self.redaction_log is not None:
                self.redaction_log.purge(retention, default_days)
        except Exception:
            log.exception("veil: retention could not run; will try again")
        self.conversations.drop_forgotten()

    async def _maintain_periodically(self) -> None:
        while True:
            await asyncio.to_thread(self.maintain)
            await asyncio.sleep(MAINTENANCE_INTERVAL_S)

    def close(self) -> None:
        """Close the record files (after the proxy stopped)."""
        if self.conversations.store is not None:
            self.conversations.store.close()
        if self.redaction_log is not None:
            self.redaction_log.close()

    def done(self) -> None:
        for task in (self._watcher, self._warm_up, self._maintenance):
            if task is not None:
                task.cancel()

    async def _watch(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await self.reload()
            except Exception:  # a reload must never stop the proxy or the next reload
                log.exception("veil could not reload its policies")

    async def reload(self) -> bool:
        """Pick up edited policy files now; True when the policies changed."""
        changed = await asyncio.to_thread(self.policies.refresh)
        # Compared every time: a switch flipped through SitePolicies.set_enabled (the
        # dashboard) has already refreshed the policies, so `changed` misses it.
        if self.manage_allow_hosts:
            hosts = self.intercepted_patterns()
            if list(ctx.options.allow_hosts) != hosts:
                ctx.options.update(allow_hosts=hosts)
                log.info("veil now intercepts: %s", ", ".join(hosts))
        return changed

    def intercepted_patterns(self) -> list[str]:
        """The policies' hosts, and the hosts their sites hand answers over to."""
        active = {p.name for p in self.policies.active()}
        handoffs = [
            _host_pattern(host, port)
            for (host, port), target in self._handoffs.items()
            if target.site in active
        ]
        return [*self.policies.allow_hosts(), *handoffs]

    async def request(self, flow: http.HTTPFlow) -> None:
        if flow.response is not None:
            return  # answered by veil itself (a gateway error, the PAC file, the dashboard)
        # A gateway route names its site; otherwise the host does.
        policy = flow.metadata.get(GATEWAY_POLICY) or self.policies.match(
            flow.request.pretty_host, flow.request.port, flow.request.path
        )
        if policy is None or policy.adapter not in ADAPTERS:
            return
        adapter = site_adapter = ADAPTERS[policy.adapter]
        history = adapter.restores_only(flow)
        if history and not flow.request.raw_content:
            if policy.dry_run:
                return  # nothing was pseudonymized, so nothing to restore
            # A history load: the answer carries the conversation's pseudonyms.
            conversation, vault = await asyncio.to_thread(
                self._vault, policy, adapter, flow, None, None, False
            )
            flow.request.headers["accept-encoding"] = "identity"
            flow.metadata["veil"] = FlowState(adapter, Restorer.for_vault(vault), vault)
            await self._record(LogEntry(policy.name, Decision.RESTORED, conversation=conversation))
            return
        upload = upload_request(flow)
        if upload is None and (history or not adapter.matches(flow)):
            if not flow.request.raw_content:
                return  # a bodiless request (a model list, a page): no text to scan
            # Closed by default: a body no adapter reads is scanned whole (a history load
            # that carries one too, whose answer the site's adapter still restores).
            adapter = UnknownEndpoint(adapter)
        entry = LogEntry(policy.name)
        if self._keyless(flow, policy, adapter):
            return
        try:
            if upload is not None:
                raise UnscannedUpload(upload)
            if isinstance(adapter, UnknownEndpoint) and not history:
                self._unknown_endpoint(flow, policy, entry)
            restorer = site_adapter if history else adapter
            scanned = await self._filter(flow, policy, adapter, entry, restorer)
        except UnknownEndpointPassed:
            scanned = True
        except (Blocked, SlowStageBlocked) as reason:
            stopped = self._stop(flow, policy, adapter, str(reason))
            entry.decision = Decision.BLOCKED if stopped else Decision.SENT
            entry.reason, scanned = str(reason), True
        except UnscannedUpload as upload_kind:
            scanned = True
            if policy.uploads is UploadAction.BLOCK:
                reason = (
                    f"it carries {upload_kind}, which veil cannot scan and this site's "
                    "policy blocks (uploads: block)"
                )
                stopped = self._stop(flow, policy, adapter, reason)
                entry.decision = Decision.BLOCKED if stopped else Decision.SENT
                entry.reason = reason
            else:
                log.warning(
                    "UNSCANNED %s passed to %s (uploads: pass)",
                    upload_kind,
                    flow.request.pretty_host,
                )
                entry.reason = f"unscanned {upload_kind} passed (uploads: pass)"
        except Exception as error:  # every failure is the policy's decision, never a crash
            reason = str(error) if isinstance(error, Unscannable) else describe(error)
            entry.reason, scanned = reason, True
            entry.decision = Decision.PASSED_ON_ERROR
            if policy.on_error is OnError.BLOCK:
                if self._stop(flow, policy, adapter, f"veil could not check it ({reason})"):
                    entry.decision = Decision.BLOCKED_ON_ERROR
            else:
                log.error(
                    "UNCHECKED message passed to %s (on_error: pass): %s",
                    flow.request.pretty_host,
                    reason,
                )
        if scanned:
            await self._record(entry)

    def _keyless(self, flow: http.HTTPFlow, policy: SitePolicy, adapter: SiteAdapter) -> bool:
        """Refuse (401, in the API's format) an API request that carries no key where the
        site requires one: conversations are kept apart by the key, in the gateway and
        here alike. True when refused."""
        keyed = getattr(adapter, "keyed_by_credential", False)
        if not (keyed and policy.require_credential) or credential(flow.request) is not None:
            return False
        flow.response = adapter.error_response(
            flow,
            f"{BLOCK_PREFIX}: it carries no API key (Authorization: Bearer, x-api-key, "
            "x-goog-api-key or ?key=), and veil keeps conversations apart by the key "
            f"(site {policy.name}: require_credential)",
        )
        flow.response.status_code, flow.response.reason = 401, "Unauthorized"
        return True

    def _unknown_endpoint(self, flow: http.HTTPFlow, policy: SitePolicy, entry: LogEntry) -> None:
        """A body for an endpoint the site's adapter does not handle: the site's
        ``unknown_endpoints`` says whether it is scanned (the caller goes on), blocked or
        passed."""
        what = f"{flow.request.method} {request_path(flow)}"
        if policy.unknown_endpoints is UnknownEndpoints.BLOCK:
            raise Blocked(
                f"veil does not know the endpoint {what}, and this site's policy blocks "
                "unknown endpoints (unknown_endpoints: block)"
            )
        if policy.unknown_endpoints is UnknownEndpoints.PASS:
            log.warning(
                "UNSCANNED request to the unknown endpoint %s of %s passed "
                "(unknown_endpoints: pass)",
                what,
                flow.request.pretty_host,
            )
            entry.reason = f"unknown endpoint {what} passed unscanned (unknown_endpoints: pass)"
            raise UnknownEndpointPassed(what)

    async def _record(self, entry: LogEntry) -> None:
        if self.redaction_log is None:
            return
        try:
            await asyncio.to_thread(self.redaction_log.record, entry)
            self._log_failing = False
        except Exception:  # the log must never stop a message
            if not self._log_failing:  # once per failure, not once per request
                log.exception("veil: could not write the redaction log")
            self._log_failing = True

    def _stop(
        self, flow: http.HTTPFlow, policy: SitePolicy, adapter: SiteAdapter, reason: str
    ) -> bool:
        """Block the message, unless this is a dry run: then only say so. True if blocked."""
        host = flow.request.pretty_host
        if policy.dry_run:
            log.warning(
                "dry run on %s: veil would stop a message to %s: %s", policy.name, host, reason
            )
            return False
        log.warning("veil stopped a message to %s: %s", host, reason)
        flow.response = adapter.error_response(flow, f"{BLOCK_PREFIX}: {reason}")
        return True

    async def _filter(
        self,
        flow: http.HTTPFlow,
        policy: SitePolicy,
        adapter: SiteAdapter,
        entry: LogEntry,
        answers: SiteAdapter,
    ) -> bool:
        """Filter the request in place (``answers`` restores what comes back); False if
        it held no text to scan."""
        content_type = flow.request.headers.get("content-type", "")
        body = adapter.parse_body(_body_text(flow, policy.max_body_bytes), content_type)
        user_side = adapter.extract(body)
        others = adapter.known_value_slots(body)
        files = file_parts(body)
        if files:
            if policy.uploads is UploadAction.BLOCK:
                raise UnscannedUpload(f"a file ({', '.join(files)})")
            log.warning(
                "UNSCANNED file (%s) passed to %s (uploads: pass); its text is still filtered",
                ", ".join(files),
                flow.request.pretty_host,
            )
        scanned = [s for s in user_side + others if normalize_role(s.role) in policy.roles]
        unscanned = [s for s in user_side + others if normalize_role(s.role) not in policy.roles]
        # Closed by default: every other string of the body is scanned too, bar the fields
        # that cannot carry text (adapters/residual).
        residual = residual_slots(
            body,
            {s.path for s in user_side + others},
            extra_inert_keys=adapter.inert_keys,
            untouchable=adapter.untouchable,
            roots=adapter.residual_roots,
        )
        scanned += residual
        if not scanned and not unscanned:
            return False
        # The first user turn names an API conversation whatever the roles scanned.
        first = user_side[0].text if user_side else (scanned or unscanned)[0].text
        stage = self.stage(policy)

        def scan() -> tuple[str, Vault, ScanReport]:
            conversation, vault = self._vault(policy, adapter, flow, body, first)
            report = _redact_slots(stage, scanned, vault, policy.records.log_values)
            return conversation, vault, report

        conversation, vault, report = await asyncio.to_thread(scan)
        entry.conversation = conversation
        entry.entities, entry.actions = dict(report.labels), dict(report.actions)
        entry.stages = dict(report.timings_ms)
        if policy.records.log_values:
            entry.values = report.values
        if policy.dry_run:
            log.warning(
                "dry run on %s: veil would replace %s in %d text(s) and forwards it unchanged",
                policy.name,
                _describe_counts(report.actions_by_label),
                len(scanned),
            )
        if report.blocked:
            raise Blocked(
                f"it contains {', '.join(sorted(report.blocked))}, which this site's policy blocks"
            )
        if stage.quasi is not None:  # the policy turns quasi-identifiers on
            risk = estimate(report.disclosures)
            entry.risk = risk.kappa
            self._judge_risk(flow, policy, risk)
        if policy.dry_run:
            return True
        texts = report.texts
        slow = self.slow_stage(policy)
        if slow is not None:
            texts, outcomes = await asyncio.to_thread(_rewrite_slots, slow, scanned, texts, vault)
            # What the slow stage did, for the log: stop reasons, leaks, edits, timings.
            flow.metadata["veil_slow_stage"] = outcomes
            entry.stages["slow"] = 1e3 * sum(
                o.result.seconds for o in outcomes if o.result and not o.result.cached
            )
        # What a residual field holds may be the model's own earlier words, with values
        # veil restored in them: the vault's known values go back to their pseudonyms.
        texts = [
            vault.pseudonymize_known(text) if slot.role == RESIDUAL_ROLE else text
            for slot, text in zip(scanned, texts, strict=True)
        ]
        apply_texts(body, scanned, texts)
        patterns = self.pattern_stage(policy)
        checked = [patterns.run(slot.text, vault).redacted.text for slot in unscanned]
        apply_texts(body, unscanned, [vault.pseudonymize_known(text) for text in checked])
        flow.request.content = adapter.serialize_body(body)
        # Answers must come back uncompressed for the stream restorer to read them.
        flow.request.headers["accept-encoding"] = "identity"
        flow.metadata["veil"] = FlowState(answers, Restorer.for_vault(vault), vault)

        def bind_conversation(conversation_id: str) -> None:
            self.conversations.bind(
                self.conversations.conversation_id(policy.name, conversation_id), vault
            )

        flow.metadata["veil_bind_conversation"] = bind_conversation
        return True

    def _judge_risk(self, flow: http.HTTPFlow, policy: SitePolicy, risk: Risk) -> None:
        """Warn (or block) when what is sent still points at few people (rules/risk)."""
        limits = policy.quasi_identifiers.risk
        if limits.block_above is not None and risk.kappa > limits.block_above:
            raise Blocked(
                f"what it says about you (the {', '.join(risk.attributes)} left) fits about "
                f"{risk.matching:,.0f} people: re-identification risk {risk.kappa:.3g} is above "
                f"this site's limit {limits.block_above:g}"
            )
        if limits.warn_above is not None and risk.kappa > limits.warn_above:
            log.warning(
                "veil: a message to %s still points at about %s people (%s): "
                "re-identification risk %.3g is above the warning limit %g",
                flow.request.pretty_host,
                f"{risk.matching:,.0f}",
                ", ".join(risk.attributes),
                risk.kappa,
                limits.warn_above,
            )

    def _vault(
        self,
        policy: SitePolicy,
        adapter: SiteAdapter,
        flow: http.HTTPFlow,
        body: Any,
        first_text: str | None,
        create: bool = True,
    ) -> tuple[str, Vault]:
        """The conversation's keyed id and vault (may read the store: call off the loop)."""
        # Web apps name the conversation in the URL; APIs resend the history, whose first
        # user message identifies the chat.
        key = adapter.conversation_id(flow, body) or first_text or ""
        by_credential = getattr(adapter, "keyed_by_credential", False)
        tenant = credential(flow.request) if by_credential else None
        conversation = self.conversations.conversation_id(policy.name, key, tenant)
        vault = self.conversations.vault(
            conversation, policy.pseudonym_style, site=policy.name, create=create
        )
        return conversation, vault

    def responseheaders(self, flow: http.HTTPFlow) -> None:
        state: FlowState | None = flow.metadata.get("veil")
        if state is None or flow.response is None:
            return
        streamer = state.adapter.stream_restorer(flow, state.restorer)
        if streamer is None:
            return

        failed = False

        def restore_chunk(chunk: bytes) -> list[bytes]:
            nonlocal failed
            if failed:
                return [chunk] if chunk else []
            try:
                out = streamer.feed(chunk) if chunk else streamer.close()
            except Exception as error:  # the answer must keep flowing; it only lacks restoring
                log.error(
                    "veil could not restore a streamed answer (%s); passing it on as is",
                    describe(error),
                )
                failed = True
                return [chunk] if chunk else []
            # An empty chunk would end an HTTP/1.1 chunked body: send nothing instead.
            return [out] if out else []

        flow.response.stream = restore_chunk

    def response(self, flow: http.HTTPFlow) -> None:
        state: FlowState | None = flow.metadata.get("veil")
        if state is None or flow.response is None or flow.response.stream:
            return
        try:
            body = json.loads(flow.response.get_content() or b"null")
        except (ValueError, RecursionError):
            return  # not JSON (or not decodable): nothing of ours in it
        try:
            restored = state.adapter.restore_body(body, state.restorer)
        except Exception as error:  # passed on as it came; mitmproxy would log the message
            log.error("veil could not restore an answer (%s); passing it on as is", describe(error))
            return
        flow.response.content = json.dumps(restored, ensure_ascii=False).encode("utf-8")
        # Only some sites hand answers over to a WebSocket (an optional adapter method).
        find = getattr(state.adapter, "handoff", None)
        handoff = find(body) if find is not None else None
        if handoff is not None:
            self._expect_handoff(flow, handoff, state.vault)

    def _expect_handoff(self, flow: http.HTTPFlow, handoff: Handoff, vault: Vault) -> None:
        """The answer continues on a WebSocket elsewhere: intercept that host from now on."""
        policy = self.policies.match(flow.request.pretty_host, flow.request.port, flow.request.path)
        if policy is None:
            return
        key = (handoff.host, handoff.port)
        target = self._handoffs.setdefault(key, HandoffTarget(policy.name, {}))
        target.vaults[handoff.conversation_id] = vault
        pattern = _host_pattern(handoff.host, handoff.port)
        if pattern not in ctx.options.allow_hosts:
            ctx.options.update(allow_hosts=[*ctx.options.allow_hosts, pattern])
            log.info("veil: intercepting %s:%s, where %s hands answers over", *key, policy.name)

    def websocket_message(self, flow: http.HTTPFlow) -> None:
        target = self._handoffs.get((flow.request.pretty_host.lower(), flow.request.port))
        if target is None or flow.websocket is None:
            return
        message = flow.websocket.messages[-1]
        if message.from_client:
            return  # acknowledgements; prompts are sent over HTTP, where veil filters them
        socket = flow.metadata.get("veil_socket")
        if socket is None:

            def restorer_for(conversation_id: str) -> Restorer | None:
                vault = target.vaults.get(conversation_id)
                return Restorer.for_vault(vault) if vault is not None else None

            socket = flow.metadata["veil_socket"] = HandoffSocket(restorer_for)
        try:
            restored = socket.server_message(message.content)
        except Exception as error:  # the answer must keep flowing; it only lacks restoring
            log.error(
                "veil could not restore a WebSocket message (%s); passing it on as is",
                describe(error),
            )
            return
        if restored is not None:
            message.content = restored


def _host_pattern(host: str, port: int) -> str:
    return f"^{re.escape(host)}:{port}$"


def _body_text(flow: http.HTTPFlow, limit: int) -> str:
    try:
        raw = flow.request.get_content(strict=True)
    except ValueError as error:  # mitmproxy's message starts with the body's first bytes
        raise Unscannable(_undecompressable(flow, error)) from None
    if raw is None:
        raise Unscannable("the body was not received")
    if len(raw) > limit:
        raise Unscannable(f"body of {len(raw)} bytes is over the {limit}-byte limit")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unscannable(f"body is not UTF-8 (byte {error.start})") from None


def _undecompressable(flow: http.HTTPFlow, error: ValueError) -> str:
    """Why the body could not be decompressed: its encoding, size and the codec's error
    type (truncated: EOFError), never mitmproxy's message, which quotes the body."""
    encoding = flow.request.headers.get("content-encoding", "")
    kind = type(error.__context__ or error)
    cause = f"{kind.__module__.lstrip('_')}.error" if kind.__name__ == "error" else kind.__name__
    size = len(flow.request.raw_content or b"")
    return f"body could not be decompressed: {size} bytes are not valid {encoding!r} ({cause})"


def _redact_slots(
    stage: FastStage, slots: list[TextSlot], vault: Vault, keep_values: bool = False
) -> ScanReport:
    report = ScanReport()
    for slot in slots:
        result = stage.run(slot.text, vault)
        redacted = result.redacted
        report.texts.append(redacted.text)
        report.timings_ms.update(result.timings_ms)
        if result.quasi is not None:
            report.disclosures.extend(result.quasi.operations)
        for finding in redacted.findings:
            if finding.action == "keep":  # a public entity: counted, never a finding
                report.actions["keep"] += 1
                continue
            report.labels[finding.label] += 1
            report.actions[str(finding.action)] += 1
            if finding.action != "allow":
                report.actions_by_label[f"{finding.label} ({finding.action})"] += 1
            if finding.action == "block":
                report.blocked.add(finding.label)
            if keep_values:
                report.values.append(
                    {
                        "label": finding.label,
                        "value": slot.text[finding.start : finding.end],
                        "replacement": finding.replacement,
                        "action": str(finding.action),
                    }
                )
    return report


def _describe_counts(counts: Counter[str]) -> str:
    # labels and counts only: never the values themselves
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {what}" for what, n in sorted(counts.items()))


# Where the APIs keep the conversation's messages, oldest first.
_HISTORY_KEYS = frozenset({"messages", "contents", "input"})


def newest_turn(slots: list[TextSlot]) -> set[int]:
    """Indexes of the user's new text: the user slots of the last message (a resent history
    repeats the earlier ones), or every user slot of a body that is not a message list."""
    user = [i for i, slot in enumerate(slots) if slot.role == "user"]
    if not user:
        return set()

    def message(slot: TextSlot) -> tuple[str | int, ...] | None:
        path = slot.path
        in_history = len(path) >= 2 and path[0] in _HISTORY_KEYS and isinstance(path[1], int)
        return path[:2] if in_history else None

    last = message(slots[user[-1]])
    return {i for i in user if message(slots[i]) == last or message(slots[i]) is None}


def _rewrite_slots(
    runner: SlowStageRunner, slots: list[TextSlot], texts: list[str], vault: Vault
) -> tuple[list[str], list[SlowOutcome]]:
    """The slow stage on the user's own words (not system prompts or tool output)."""
    pseudonyms = [entry.pseudonym for entry in vault.entries()]
    new = newest_turn(slots)
    rewritten = list(texts)
    outcomes: list[SlowOutcome] = []
    for i, slot in enumerate(slots):
        if slot.role != "user":
            continue
        run = runner.rewrite if i in new else runner.resent
        outcome = run(texts[i], pseudonyms)
        rewritten[i] = outcome.text
        outcomes.append(outcome)
    return rewritten, outcomes
