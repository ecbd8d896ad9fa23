"""AES-GCM sealing of the values veil keeps on disk.

Each sealed blob is ``nonce || ciphertext+tag``. The context (what the blob is, and for
which conversation) is bound in as associated data, so a blob copied to another row or
another conversation does not open.
"""

from __future__ import annotations

import json
import os
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

NONCE_BYTES = 12


class Unreadable(Exception):
    """A sealed blob that this key cannot open: another key, or damaged data."""


class Sealer:
    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)

    def seal(self, data: bytes, context: str) -> bytes:
        nonce = os.urandom(NONCE_BYTES)
        return nonce + self._aead.encrypt(nonce, data, context.encode())

    def open(self, blob: bytes, context: str) -> bytes:
        if len(blob) <= NONCE_BYTES:
            raise Unreadable(f"sealed {context} is truncated")
        try:
            return self._aead.decrypt(blob[:NONCE_BYTES], blob[NONCE_BYTES:], context.encode())
        except InvalidTag:
            raise Unreadable(f"sealed {context} does not open with this key") from None

    def seal_json(self, value: Any, context: str) -> bytes:
        return self.seal(json.dumps(value, ensure_ascii=False).encode(), context)

    def open_json(self, blob: bytes, context: str) -> Any:
        return json.loads(self.open(blob, context))
