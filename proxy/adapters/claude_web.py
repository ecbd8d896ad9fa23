"""claude.ai: the web app's completion endpoint, its stream, and history loads.

The prompt goes in ``prompt``; long pastes become attachments whose text is in
``attachments[].extracted_content``: both are the user's text. The answer streams as
Messages-API-style events (older builds send ``{"type": "completion", "completion": ...}``).
Conversation pages and lists are loaded with GETs that carry the same text back: they
are restored with the conversation's vault, which is keyed by the id in the URL.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mitmproxy import http

from veil.proxy.adapters.anthropic import AnthropicMessagesStream
from veil.proxy.adapters.base import JsonBody, TextSlot, is_event_stream, request_path, route_path
from veil.proxy.adapters.streams import restore_strings
from veil.proxy.framing import SSEEvent
from veil.rules.restore import Restorer

_COMPLETION = re.compile(
    r"^/api/organizations/[^/]+/chat_conversations/([^/?]+)/(?:completion|retry_completion)$"
)
_CONVERSATION = re.compile(r"^/api/organizations/[^/]+/chat_conversations(?:/([^/?]+))?/?$")


class ClaudeWebStream(AnthropicMessagesStream):
    """Messages-style events, plus the older ``completion`` event type."""

    def on_event(self, event: SSEEvent) -> list[SSEEvent]:
        payload = event.json()
        if isinstance(payload, dict) and payload.get("type") == "completion":
            text = self.channels.feed("completion", payload.get("completion") or "")
            if payload.get("stop_reason"):
                text += self.channels.flush("completion")
            payload["completion"] = text
            return [event.with_data(json.dumps(payload, ensure_ascii=False))]
        return super().on_event(event)


class ClaudeWebAdapter(JsonBody):
    name = "claude_web"

    def matches(self, flow: http.HTTPFlow) -> bool:
        return flow.request.method == "POST" and bool(_COMPLETION.match(route_path(flow)))

    def restores_only(self, flow: http.HTTPFlow) -> bool:
        """History and conversation lists: nothing to filter, answers to restore."""
        return flow.request.method == "GET" and bool(_CONVERSATION.match(request_path(flow)))

    def conversation_id(self, flow: http.HTTPFlow, body: Any) -> str | None:
        match = _COMPLETION.match(request_path(flow)) or _CONVERSATION.match(request_path(flow))
        return match.group(1) if match and match.group(1) else None

    def extract(self, body: Any) -> list[TextSlot]:
        if not isinstance(body, dict):
            return []
        slots = []
        if isinstance(body.get("prompt"), str):
            slots.append(TextSlot(("prompt",), "user", body["prompt"]))
        for i, attachment in enumerate(body.get("attachments") or []):
            if isinstance(attachment, dict) and isinstance(
                attachment.get("extracted_content"), str
            ):
                slots.append(
                    TextSlot(
                        ("attachments", i, "extracted_content"),
                        "user",
                        attachment["extracted_content"],
                    )
                )
        return slots

    def known_value_slots(self, body: Any) -> list[TextSlot]:
        return []  # the web app sends only the new turn; history stays on the server

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        return ClaudeWebStream(restorer) if is_event_stream(flow) else None

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        # The web app shows an error event's message in the chat.
        error = {"type": "error", "error": {"type": "permission_error", "message": message}}
        events = f"event: error\ndata: {json.dumps(error)}\n\n"
        return http.Response.make(
            200, events.encode(), {"content-type": "text/event-stream", "x-veil": "blocked"}
        )
