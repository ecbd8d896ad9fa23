"""Which conversation a request belongs to, and that conversation's vault.

API clients send no conversation id, but they resend the whole history each turn, so
the first user message identifies the chat. It is keyed with a per-process secret
(HMAC), never a bare hash, and vaults are kept in memory, least recently used out.
Persistence comes with the policies issue.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import threading
from collections import OrderedDict

from veil.rules.vault import PseudonymStyle, Vault

MAX_CONVERSATIONS = 2000


class ConversationStore:
    def __init__(self, limit: int = MAX_CONVERSATIONS) -> None:
        self._key = os.urandom(32)
        self._vaults: OrderedDict[str, Vault] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def conversation_id(self, site: str, first_user_text: str) -> str:
        digest = hmac.new(self._key, f"{site}\0{first_user_text}".encode(), hashlib.sha256)
        return digest.hexdigest()[:32]

    def bind(self, conversation_id: str, vault: Vault) -> None:
        """Give a vault a second key: a new chat learns its id only from the answer."""
        with self._lock:
            self._vaults[conversation_id] = vault

    def vault(self, conversation_id: str, style: PseudonymStyle) -> Vault:
        with self._lock:
            vault = self._vaults.pop(conversation_id, None) or Vault(style=style)
            self._vaults[conversation_id] = vault
            while len(self._vaults) > self._limit:
                self._vaults.popitem(last=False)
            return vault
