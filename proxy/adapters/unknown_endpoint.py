"""A request to an intercepted host that its site's adapter does not handle.

A new endpoint of a chat API (``/v1/completions``, ``/v1/embeddings``), a method the
adapter does not expect, a path spelled so that no adapter recognizes it: with a site's
``unknown_endpoints: scan`` (the default) every string of its JSON, form or text body is
scanned and pseudonymized with the conversation's vault (adapters/residual), and every
string of a JSON answer is restored. A body of any other kind cannot be scanned and
follows ``on_error``; refusals use the site's own error format.
"""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from mitmproxy import http

from veil.proxy.adapters.base import ClosedByDefault, SiteAdapter, TextSlot, Unscannable
from veil.proxy.adapters.streams import restore_strings
from veil.rules.restore import Restorer


class UnknownEndpoint(ClosedByDefault):
    def __init__(self, site: SiteAdapter) -> None:
        self.site = site
        self.name = f"{site.name}, unknown endpoint"
        self.keyed_by_credential = getattr(site, "keyed_by_credential", False)
        self.inert_keys = site.inert_keys

    def untouchable(self, node: dict[str, Any]) -> bool:
        return self.site.untouchable(node)

    def matches(self, flow: http.HTTPFlow) -> bool:
        return True

    def restores_only(self, flow: http.HTTPFlow) -> bool:
        return False

    def conversation_id(self, flow: http.HTTPFlow, body: Any) -> str | None:
        try:
            return self.site.conversation_id(flow, None)  # from the URL, if the site has one
        except Exception:  # the site's rules expect its own endpoints
            return None

    def parse_body(self, text: str, content_type: str) -> Any:
        kind = content_type.split(";", 1)[0].strip().lower()
        if "json" in kind:
            try:
                return {"json": json.loads(text)}
            except json.JSONDecodeError as error:
                raise Unscannable(f"malformed JSON: {error.msg} at line {error.lineno}") from None
        if kind == "application/x-www-form-urlencoded":
            pairs = urllib.parse.parse_qsl(text, keep_blank_values=True)
            return {"form": [[key, value] for key, value in pairs]}
        if kind.startswith("text/"):
            return {"text": text}
        raise Unscannable(f"an unknown endpoint's body of type {kind or 'none'!r}")

    def serialize_body(self, body: Any) -> bytes:
        if "json" in body:
            return json.dumps(body["json"], ensure_ascii=False).encode("utf-8")
        if "form" in body:
            return urllib.parse.urlencode([tuple(pair) for pair in body["form"]]).encode("ascii")
        return body["text"].encode("utf-8")

    def extract(self, body: Any) -> list[TextSlot]:
        return []  # no slot is known: every string is residual, and scanned

    def known_value_slots(self, body: Any) -> list[TextSlot]:
        return []

    def stream_restorer(self, flow: http.HTTPFlow, restorer: Restorer):
        return None  # a stream of an unknown shape passes as it is (pseudonyms and all)

    def restore_body(self, body: Any, restorer: Restorer) -> Any:
        return restore_strings(body, restorer)

    def error_response(self, flow: http.HTTPFlow, message: str) -> http.Response:
        return self.site.error_response(flow, message)
