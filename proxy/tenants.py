"""Who is asking: the API credential a request carries, as tenant key material.

API conversations are named by their first user message, so two users who open with
the same words would share one conversation, and one's pseudonyms would restore into
the other's answer. Keying the conversation id by the client's credential keeps their
vaults apart. The raw key never leaves this function's caller: it is only ever fed to
an HMAC (``ConversationStore.conversation_id``), never stored or logged.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from mitmproxy import http

# Headers that carry an API key: OpenAI-style bearer tokens (OpenAI, Gemini's OpenAI
# endpoint, most compatible servers), Anthropic, Gemini, Azure OpenAI.
_KEY_HEADERS = ("x-api-key", "x-goog-api-key", "api-key")
_QUERY_KEYS = ("key",)  # Gemini's ?key=


def credential(request: http.Request) -> bytes | None:
    """Every credential the request carries, in one canonical byte string (None if it
    carries none). All of them, not the first found: whichever one the service checks,
    a client cannot reach another tenant's conversations without that tenant's key."""
    found: list[str] = []
    authorization = request.headers.get("authorization", "").strip()
    if authorization:
        scheme, _, token = authorization.partition(" ")
        value = token.strip() if scheme.lower() == "bearer" else authorization
        if value:
            found.append(f"authorization={value}")
    for name in _KEY_HEADERS:
        value = request.headers.get(name, "").strip()
        if value:
            found.append(f"{name}={value}")
    query = urlsplit(request.path).query
    for name, value in parse_qsl(query, keep_blank_values=False):
        if name in _QUERY_KEYS and value.strip():
            found.append(f"query:{name}={value.strip()}")
    if not found:
        return None
    return "\0".join(sorted(found)).encode("utf-8", "surrogateescape")
