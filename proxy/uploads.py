"""Files veil cannot read: upload requests, and file parts inside a chat message.

veil scans text. A multipart upload, an image, a PDF or an audio clip passes its
recognizers unseen, so the site's ``uploads`` policy decides whether it may leave.
"""

from __future__ import annotations

from typing import Any

from mitmproxy import http

# Request bodies that are text veil can parse; anything else with a body is a file.
_TEXT_TYPES = ("json", "text/", "x-www-form-urlencoded", "xml", "javascript", "graphql")
_UPLOAD_METHODS = frozenset({"POST", "PUT", "PATCH"})

# Message parts that carry a file rather than text (OpenAI, Anthropic, Gemini, Ollama).
_FILE_PART_TYPES = frozenset(
    {"image_url", "input_image", "input_file", "input_audio", "image", "document", "file"}
)
_FILE_KEYS = ("inlineData", "inline_data", "fileData", "file_data", "images", "asset_pointer")
# Anthropic documents whose source is plain text are scanned like any other text.
_TEXT_SOURCES = frozenset({"text", "content"})


def upload_request(flow: http.HTTPFlow) -> str | None:
    """What kind of file the request body is, or None when it is not a file."""
    if flow.request.method not in _UPLOAD_METHODS or not flow.request.raw_content:
        return None
    content_type = flow.request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if content_type.startswith("multipart/"):
        return f"a {content_type} upload"
    if content_type and not any(kind in content_type for kind in _TEXT_TYPES):
        return f"a {content_type} upload"
    return None


# Keys whose values are file data (not walked for text).
FILE_KEYS = frozenset(_FILE_KEYS)


def is_file_part(node: dict[str, Any]) -> bool:
    """A message part that carries a file (an image, audio, a PDF), not text."""
    kind = node.get("type")
    return isinstance(kind, str) and kind in _FILE_PART_TYPES and not _is_text_document(node)


def file_parts(body: Any) -> list[str]:
    """The kinds of file parts in a parsed message body (empty when it holds only text)."""
    found: list[str] = []
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        if is_file_part(node):
            found.append(node["type"])
            continue
        for key in _FILE_KEYS:
            if node.get(key):
                found.append(key)
        stack.extend(v for k, v in node.items() if k not in _FILE_KEYS)
    return sorted(set(found))


def _is_text_document(node: dict[str, Any]) -> bool:
    source = node.get("source")
    return (
        node.get("type") == "document"
        and isinstance(source, dict)
        and source.get("type") in _TEXT_SOURCES
    )
