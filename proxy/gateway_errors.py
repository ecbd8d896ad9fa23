"""Errors the gateway answers itself, in the format of the client's API, so an SDK
raises its own error type with veil's message instead of failing to parse a page."""

from __future__ import annotations

import json
from typing import Any

from mitmproxy import http

# status -> (OpenAI type, OpenAI code, Anthropic type, Gemini status)
_KINDS: dict[int, tuple[str, str | None, str, str]] = {
    400: ("invalid_request_error", None, "invalid_request_error", "INVALID_ARGUMENT"),
    401: ("invalid_request_error", "invalid_api_key", "authentication_error", "UNAUTHENTICATED"),
    404: ("invalid_request_error", "unknown_url", "not_found_error", "NOT_FOUND"),
    405: ("invalid_request_error", None, "invalid_request_error", "INVALID_ARGUMENT"),
    502: ("server_error", "upstream_unreachable", "api_error", "UNAVAILABLE"),
}


def error_payload(adapter: str | None, status: int, message: str) -> dict[str, Any]:
    openai_type, openai_code, anthropic_type, gemini_status = _KINDS.get(status, _KINDS[400])
    if adapter == "openai":
        return {
            "error": {"message": message, "type": openai_type, "param": None, "code": openai_code}
        }
    if adapter == "anthropic":
        return {"type": "error", "error": {"type": anthropic_type, "message": message}}
    if adapter == "gemini_api":
        return {"error": {"code": status, "message": message, "status": gemini_status}}
    if adapter == "ollama":
        return {"error": message}
    return {"error": {"status": status, "message": message}}


def error_response(adapter: str | None, status: int, message: str) -> http.Response:
    headers = {"content-type": "application/json", "x-veil": "gateway"}
    if status == 401:
        headers["www-authenticate"] = 'Bearer realm="veil"'
    body = json.dumps(error_payload(adapter, status, message)).encode()
    return http.Response.make(status, body, headers)
