"""Which conversation a request belongs to, and that conversation's vault.

API clients send no conversation id, but they resend the whole history each turn, so
the first user message identifies the chat. It is keyed with a secret (HMAC), never a
bare hash. Vaults are kept in memory, least recently used out; with a ``VaultStore``
they are also saved as they grow and loaded again on a miss (after a restart), and the
secret is the store's, so the same chat gets the same id across restarts.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import threading
import time
from collections import OrderedDict

from veil.proxy.storage.vault_store import ConversationGone, VaultStore
from veil.rules.vault import PseudonymStyle, Vault, VaultEntry

log = logging.getLogger("veil")

MAX_CONVERSATIONS = 2000
# Retention counts days: noting a conversation's use more often than this only costs writes.
TOUCH_INTERVAL_S = 600.0


class ConversationStore:
    def __init__(self, limit: int = MAX_CONVERSATIONS, store: VaultStore | None = None) -> None:
        self.store = store
        self._key = store.conversation_key if store else os.urandom(32)
        self._vaults: OrderedDict[str, Vault] = OrderedDict()
        self._canonical: dict[int, str] = {}  # id(vault) -> the id it is stored under
        self._touched: dict[str, float] = {}
        self._limit = limit
        self._lock = threading.Lock()
        self._failed_writes = False
        self._failed_reads = False

    def conversation_id(self, site: str, first_user_text: str, tenant: bytes | None = None) -> str:
        """``tenant``: the client's credential (``veil.proxy.tenants``); each tenant's
        ids come from its own key, so equal first messages never meet across tenants."""
        key = self._key
        if tenant is not None:
            key = hmac.new(self._key, b"veil tenant\0" + tenant, hashlib.sha256).digest()
        digest = hmac.new(key, f"{site}\0{first_user_text}".encode(), hashlib.sha256)
        return digest.hexdigest()[:32]

    def bind(self, conversation_id: str, vault: Vault) -> None:
        """Give a vault a second key: a new chat learns its id only from the answer."""
        with self._lock:
            self._vaults[conversation_id] = vault
            canonical = self._canonical.get(id(vault))
        if self.store is not None and canonical is not None:
            self._write(lambda: self.store.alias(conversation_id, canonical), canonical)

    def vault(
        self,
        conversation_id: str,
        style: PseudonymStyle,
        site: str = "",
        create: bool = True,
    ) -> Vault:
        """The conversation's vault. With ``create`` false (a history load), a chat veil
        does not know gets an empty vault that is neither kept nor saved."""
        with self._lock:
            vault = self._vaults.pop(conversation_id, None)
            if vault is None:
                vault = self._load(conversation_id)
            if vault is None:
                vault = Vault(style=style)
                if not create:
                    return vault
                self._save_new(conversation_id, vault, site, style)
            self._vaults[conversation_id] = vault
            while len(self._vaults) > self._limit:
                evicted, old = self._vaults.popitem(last=False)
                self._touched.pop(evicted, None)
                if old not in self._vaults.values():
                    self._canonical.pop(id(old), None)
        self._touch(conversation_id, vault)
        return vault

    def drop_forgotten(self) -> int:
        """Let go of cached vaults whose conversation was deleted on disk (by ``veil
        forget`` or retention), so they are not used or written again."""
        if self.store is None:
            return 0
        with self._lock:
            cached = list(self._vaults)
        try:
            on_disk = self.store.existing(cached)
        except Exception:
            log.exception("veil: could not check the vault store")
            return 0
        gone = [c for c in cached if c not in on_disk]
        with self._lock:
            for conversation_id in gone:
                vault = self._vaults.pop(conversation_id, None)
                if vault is not None:
                    vault.on_new_entry = None
                    self._canonical.pop(id(vault), None)
                self._touched.pop(conversation_id, None)
        return len(gone)

    def _load(self, conversation_id: str) -> Vault | None:
        if self.store is None:
            return None
        try:
            stored = self.store.load(conversation_id)
        except Exception:
            if not self._failed_reads:  # once, not on every request while the file is bad
                log.exception("veil: could not read the vault; new conversations stay in memory")
            self._failed_reads = True
            return None
        if stored is None:
            return None
        for cached in self._vaults.values():
            # Reached by its other id (a chat's first message or its alias): one vault
            # per conversation, never two that number pseudonyms on their own.
            if self._canonical.get(id(cached)) == stored.conversation_id:
                return cached
        vault = Vault.from_snapshot(stored.snapshot)
        self._persist(stored.conversation_id, vault, touched=False)
        return vault

    def _save_new(
        self, conversation_id: str, vault: Vault, site: str, style: PseudonymStyle
    ) -> None:
        if self.store is None:
            return
        store = self.store
        if self._write(lambda: store.create(conversation_id, site, style), conversation_id):
            self._persist(conversation_id, vault, touched=True)

    def _persist(self, canonical: str, vault: Vault, touched: bool) -> None:
        store = self.store
        assert store is not None
        self._canonical[id(vault)] = canonical
        self._touched[canonical] = time.monotonic() if touched else float("-inf")

        def save(entry: VaultEntry) -> None:
            if not self._write(lambda: store.add_entry(canonical, entry), canonical):
                vault.on_new_entry = None  # this vault lives on in memory only

        vault.on_new_entry = save

    def _touch(self, conversation_id: str, vault: Vault) -> None:
        if self.store is None:
            return
        canonical = self._canonical.get(id(vault))
        now = time.monotonic()
        if (
            canonical is None
            or now - self._touched.get(canonical, float("-inf")) < TOUCH_INTERVAL_S
        ):
            return
        self._touched[canonical] = now
        store = self.store
        self._write(lambda: store.touch(canonical), canonical)

    def _write(self, action, conversation_id: str) -> bool:
        """Run one store write; a failure is logged, never raised into a request."""
        try:
            action()
            return True
        except ConversationGone:
            log.info("veil: conversation %s was forgotten; not saving to it", conversation_id)
        except Exception:
            if not self._failed_writes:
                log.exception("veil: could not write to the vault; conversations stay in memory")
            self._failed_writes = True
        return False
