"""The addon that follows answers chatgpt.com hands over to a WebSocket on another host:
that host is intercepted from then on, and its server messages are restored."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mitmproxy import ctx, http

from veil.proxy.adapters.chatgpt_web import Handoff, HandoffSocket
from veil.proxy.safe_errors import describe
from veil.rules.restore import Restorer
from veil.rules.vault import Vault

if TYPE_CHECKING:
    from veil.proxy.addon import VeilAddon

log = logging.getLogger("veil")

SOCKET = "veil_socket"  # flow.metadata key: the connection's HandoffSocket


@dataclass
class HandoffTarget:
    """A WebSocket host a chat site handed an answer over to, and its conversations."""

    site: str
    vaults: dict[str, Vault]


class FollowHandoffs:
    def __init__(self, veil: VeilAddon) -> None:
        self.veil = veil
        self.targets: dict[tuple[str, int], HandoffTarget] = {}

    def expect(self, flow: http.HTTPFlow, handoff: Handoff, vault: Vault) -> None:
        """The answer continues on a WebSocket elsewhere: intercept that host from now on."""
        policy = self.veil.policies.match(
            flow.request.pretty_host, flow.request.port, flow.request.path
        )
        if policy is None:
            return
        key = (handoff.host, handoff.port)
        target = self.targets.setdefault(key, HandoffTarget(policy.name, {}))
        target.vaults[handoff.conversation_id] = vault
        pattern = host_pattern(handoff.host, handoff.port)
        if pattern not in ctx.options.allow_hosts:
            ctx.options.update(allow_hosts=[*ctx.options.allow_hosts, pattern])
            log.info("veil: intercepting %s:%s, where %s hands answers over", *key, policy.name)

    def patterns(self, active_sites: set[str]) -> list[str]:
        """``allow_hosts`` patterns of the hand-off hosts of these sites."""
        return [
            host_pattern(host, port)
            for (host, port), target in self.targets.items()
            if target.site in active_sites
        ]

    def websocket_message(self, flow: http.HTTPFlow) -> None:
        target = self.targets.get((flow.request.pretty_host.lower(), flow.request.port))
        if target is None or flow.websocket is None:
            return
        message = flow.websocket.messages[-1]
        if message.from_client:
            return  # acknowledgements; prompts are sent over HTTP, where veil filters them
        socket = flow.metadata.get(SOCKET)
        if socket is None:

            def restorer_for(conversation_id: str) -> Restorer | None:
                vault = target.vaults.get(conversation_id)
                return Restorer.for_vault(vault) if vault is not None else None

            socket = flow.metadata[SOCKET] = HandoffSocket(restorer_for)
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


def host_pattern(host: str, port: int) -> str:
    return f"^{re.escape(host)}:{port}$"
