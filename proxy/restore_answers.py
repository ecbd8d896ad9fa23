"""The addon that puts the user's values back into answers: whole JSON bodies, and
streams chunk by chunk (each site's stream restorer sits next to its adapter)."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING

from mitmproxy import http

from veil.proxy.filter_requests import FLOW_STATE, FlowState
from veil.proxy.safe_errors import describe

if TYPE_CHECKING:
    from veil.proxy.addon import VeilAddon

log = logging.getLogger("veil")


class RestoreAnswers:
    def __init__(self, veil: VeilAddon) -> None:
        self.veil = veil

    def responseheaders(self, flow: http.HTTPFlow) -> None:
        state: FlowState | None = flow.metadata.get(FLOW_STATE)
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
        state: FlowState | None = flow.metadata.get(FLOW_STATE)
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
            self.veil.handoffs.expect(flow, handoff, state.vault)
