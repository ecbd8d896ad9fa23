"""The addon that filters requests to chat services: one request, read by its site's
adapter, handed to the site's ``Pipeline``, written back.

Only flows to hosts that a site policy names get here (mitmproxy's ``allow_hosts``
keeps TLS to every other host untouched). Model work runs in a worker thread, off
mitmproxy's event loop. If anything fails, the site's ``on_error`` decides: block with an
error in the site's own format (nothing goes upstream), or pass and log loudly.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mitmproxy import http

from veil.policies.pipeline import Outcome, Piece
from veil.policies.schema import OnError, SitePolicy, UnknownEndpoints, UploadAction
from veil.proxy.adapters import ADAPTERS, SiteAdapter, TextSlot
from veil.proxy.adapters.base import BLOCK_PREFIX, Unscannable, apply_texts, request_path
from veil.proxy.adapters.residual import residual_slots
from veil.proxy.adapters.unknown_endpoint import UnknownEndpoint
from veil.proxy.gateway_routes import GATEWAY_POLICY
from veil.proxy.memory import release_after
from veil.proxy.safe_errors import describe
from veil.proxy.storage.redaction_log import Decision, LogEntry
from veil.proxy.tenants import credential
from veil.proxy.uploads import file_parts, upload_request
from veil.rules.restore import Restorer
from veil.rules.vault import Vault

if TYPE_CHECKING:
    from veil.proxy.addon import VeilAddon

log = logging.getLogger("veil")

FLOW_STATE = "veil"  # flow.metadata key: what restoring the answer needs
BIND_CONVERSATION = "veil_bind_conversation"  # flow.metadata key: a callback for the id


@dataclass
class FlowState:
    adapter: SiteAdapter  # reads the answer
    restorer: Restorer
    vault: Vault


class Stopped(Exception):
    """The policy says this message must not be sent (the reason is the message)."""


class PassedUnscanned(Exception):
    """The policy lets this request go unscanned (uploads or unknown endpoints: pass)."""


class FilterRequests:
    def __init__(self, veil: VeilAddon) -> None:
        self.veil = veil

    async def request(self, flow: http.HTTPFlow) -> None:
        if flow.response is not None:
            return  # answered by veil itself (a gateway error, the PAC file, the dashboard)
        # A gateway route names its site; otherwise the host does.
        policy = flow.metadata.get(GATEWAY_POLICY) or self.veil.policies.match(
            flow.request.pretty_host, flow.request.port, flow.request.path
        )
        if policy is None or policy.adapter not in ADAPTERS:
            return
        adapter = site_adapter = ADAPTERS[policy.adapter]
        history = adapter.restores_only(flow)
        if history and not flow.request.raw_content:
            await self._history(flow, policy, adapter)
            return
        upload = upload_request(flow)
        if upload is None and (history or not adapter.matches(flow)):
            if not flow.request.raw_content:
                return  # a bodiless request (a model list, a page): no text to scan
            # Closed by default: a body no adapter reads is scanned whole (a history load
            # that carries one too, whose answer the site's adapter still restores).
            adapter = UnknownEndpoint(adapter)
        if self._keyless(flow, policy, adapter):
            return
        entry = LogEntry(policy.name)
        try:
            if upload is not None:
                _uploads(policy, upload, flow, entry)
            if isinstance(adapter, UnknownEndpoint) and not history:
                _unknown_endpoint(flow, policy, entry)
            scanned = await self._filter(
                flow, policy, adapter, entry, answers=site_adapter if history else adapter
            )
        except PassedUnscanned:
            scanned = True
        except Stopped as reason:
            stopped = self._stop(flow, policy, adapter, str(reason))
            entry.decision = Decision.BLOCKED if stopped else Decision.SENT
            entry.reason, scanned = str(reason), True
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
            await self.veil.records.write(entry)

    async def _history(self, flow: http.HTTPFlow, policy: SitePolicy, adapter: SiteAdapter):
        """A history load: nothing to filter; its answer carries the chat's pseudonyms."""
        if policy.dry_run:
            return  # nothing was pseudonymized, so nothing to restore
        conversation, vault = await asyncio.to_thread(
            self._vault, policy, adapter, flow, None, None, False
        )
        flow.request.headers["accept-encoding"] = "identity"
        flow.metadata[FLOW_STATE] = FlowState(adapter, Restorer.for_vault(vault), vault)
        await self.veil.records.write(
            LogEntry(policy.name, Decision.RESTORED, conversation=conversation)
        )

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
        """Filter the request in place (``answers`` reads what comes back); False if it
        held no text."""
        content_type = flow.request.headers.get("content-type", "")
        body = adapter.parse_body(_body_text(flow, policy.max_body_bytes), content_type)
        files = file_parts(body)
        if files:
            _uploads(policy, f"a file ({', '.join(files)})", flow, entry, files)
        user_side = adapter.extract(body)
        slots = _slots(adapter, body, user_side)
        if not slots:
            return False
        pipeline = self.veil.pipeline(policy)
        new = newest_turn(slots)
        pieces = [Piece(slot.text, slot.role, i in new) for i, slot in enumerate(slots)]
        # The first user turn names an API conversation whatever the roles read.
        first = (user_side or slots)[0].text

        def run() -> tuple[str, Vault, Outcome, Restorer]:
            conversation, vault = self._vault(policy, adapter, flow, body, first)
            try:
                outcome = pipeline.run(pieces, vault)
                # its pattern compiled here, off the event loop (a long chat's takes long)
                return conversation, vault, outcome, Restorer.for_vault(vault)
            finally:
                release_after(chars)

        chars = sum(len(piece.text) for piece in pieces)
        conversation, vault, outcome, restorer = await self.veil.filtering.run(
            run, policy, chars, pipeline, pieces
        )
        _fill_entry(entry, conversation, outcome, policy)
        if outcome.risk_warning:
            log.warning("veil: a message to %s: %s", flow.request.pretty_host, outcome.risk_warning)
        if policy.dry_run:
            log.warning(
                "dry run on %s: veil would replace %s in %d text(s) and forwards it unchanged",
                policy.name,
                _describe_counts(outcome.report.actions_by_label),
                len(slots),
            )
        if outcome.blocked:
            raise Stopped(outcome.blocked)
        if policy.dry_run:
            return True
        apply_texts(body, slots, outcome.texts)
        flow.request.content = adapter.serialize_body(body)
        # Answers must come back uncompressed for the stream restorer to read them.
        flow.request.headers["accept-encoding"] = "identity"
        flow.metadata[FLOW_STATE] = FlowState(answers, restorer, vault)

        def bind_conversation(conversation_id: str) -> None:
            conversations = self.veil.conversations
            conversations.bind(conversations.conversation_id(policy.name, conversation_id), vault)

        flow.metadata[BIND_CONVERSATION] = bind_conversation
        return True

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
        conversations = self.veil.conversations
        conversation = conversations.conversation_id(policy.name, key, tenant)
        vault = conversations.vault(
            conversation, policy.pseudonym_style, site=policy.name, create=create
        )
        return conversation, vault


def _slots(adapter: SiteAdapter, body: Any, user_side: list[TextSlot]) -> list[TextSlot]:
    """Every text of the body: the adapter's slots, then (closed by default) every other
    string bar the fields that cannot carry text (adapters/residual)."""
    known = user_side + adapter.known_value_slots(body)
    residual = residual_slots(
        body,
        {slot.path for slot in known},
        extra_inert_keys=adapter.inert_keys,
        untouchable=adapter.untouchable,
        roots=adapter.residual_roots,
    )
    return known + residual


def _uploads(
    policy: SitePolicy, what: str, flow: http.HTTPFlow, entry: LogEntry, files: list[str] = ()
) -> None:
    """Something veil cannot read (``what``: "a multipart/form-data upload", "a file
    (image_url)"): the site's ``uploads`` decides."""
    if policy.uploads is UploadAction.BLOCK:
        raise Stopped(
            f"it carries {what}, which veil cannot scan and this site's policy blocks "
            "(uploads: block)"
        )
    host = flow.request.pretty_host
    if files:  # file parts inside a message: its text is filtered all the same
        log.warning(
            "UNSCANNED file (%s) passed to %s (uploads: pass); its text is still filtered",
            ", ".join(files),
            host,
        )
        return
    log.warning("UNSCANNED %s passed to %s (uploads: pass)", what, host)
    entry.reason = f"unscanned {what} passed (uploads: pass)"
    raise PassedUnscanned(what)


def _unknown_endpoint(flow: http.HTTPFlow, policy: SitePolicy, entry: LogEntry) -> None:
    """A body for an endpoint the site's adapter does not handle: the site's
    ``unknown_endpoints`` says whether it is scanned (the caller goes on), stopped or
    passed."""
    what = f"{flow.request.method} {request_path(flow)}"
    if policy.unknown_endpoints is UnknownEndpoints.BLOCK:
        raise Stopped(
            f"veil does not know the endpoint {what}, and this site's policy blocks "
            "unknown endpoints (unknown_endpoints: block)"
        )
    if policy.unknown_endpoints is UnknownEndpoints.PASS:
        log.warning(
            "UNSCANNED request to the unknown endpoint %s of %s passed (unknown_endpoints: pass)",
            what,
            flow.request.pretty_host,
        )
        entry.reason = f"unknown endpoint {what} passed unscanned (unknown_endpoints: pass)"
        raise PassedUnscanned(what)


def _fill_entry(entry: LogEntry, conversation: str, outcome: Outcome, policy: SitePolicy) -> None:
    report = outcome.report
    entry.conversation = conversation
    entry.entities, entry.actions = dict(report.labels), dict(report.actions)
    entry.stages = dict(report.timings_ms)
    if outcome.risk is not None:
        entry.risk = outcome.risk.kappa
    if policy.records.log_values:
        entry.values = report.values


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
