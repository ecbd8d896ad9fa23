"""Which conversation a request belongs to, and that conversation's vault.

API clients send no conversation id, but they resend the whole history each turn, so
the first user message identifies the chat. It is keyed with a secret (HMAC), never a
bare hash. Vaults are kept in memory, least recently used out; with a ``VaultStore``
they are also saved as they grow and loaded again on a miss (after a restart), and the
secret is the store's, so the same chat gets the same id across restarts.

Other processes may add to the same conversations (a shared PostgreSQL vault, or two
proxies on one data directory): before a cached vault is used, the mappings stored
since it last looked are read (by mapping id, one indexed query); a new mapping is
stored under a lock on its conversation, after taking in any that came in meanwhile
(the vault then decides again: the value may be theirs, or its pseudonym taken).
A write that fails is the request's failure with a shared store (the site's on_error
decides); with a local SQLite file the vault goes on in memory, as only this process
could restore from it anyway, unless another process holds the file locked: that one
may be adding to the same conversation, so the request fails then too (a read as well).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from veil.proxy.storage.database import StorageLocked
from veil.proxy.storage.vault_store import ConversationGone, VaultStore
from veil.rules.vault import PseudonymStyle, Rethink, Vault, VaultEntry

log = logging.getLogger("veil")

MAX_CONVERSATIONS = 2000
# Retention counts days: noting a conversation's use more often than this only costs writes.
TOUCH_INTERVAL_S = 600.0


@dataclass
class _Link:
    """Where a cached vault is stored, and the newest mapping of it this process has
    seen (changed only under the vault's lock: by its save hook and by ``take_in``)."""

    canonical: str
    last_mapping: int = 0


class ConversationStore:
    def __init__(self, limit: int = MAX_CONVERSATIONS, store: VaultStore | None = None) -> None:
        self.store = store
        self._key = store.conversation_key if store else os.urandom(32)
        self._vaults: OrderedDict[str, Vault] = OrderedDict()
        self._links: dict[int, _Link] = {}  # id(vault) -> where it is stored
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
            link = self._links.get(id(vault))
        if self.store is not None and link is not None:
            store, canonical = self.store, link.canonical
            # Not required even when shared: the answer is already on its way back; a
            # missing alias costs the next turn on another instance its vault, said below.
            self._write(lambda: store.alias(conversation_id, canonical), canonical)

    def vault(
        self,
        conversation_id: str,
        style: PseudonymStyle,
        site: str = "",
        create: bool = True,
    ) -> Vault:
        """The conversation's vault. With ``create`` false (a history load), a chat veil
        does not know gets an empty vault that is neither kept nor saved.

        With a shared store, a store that cannot be read or written raises (the request
        fails per policy); a history load then gets an empty vault (its answer keeps
        the pseudonyms: nothing leaks)."""
        try:
            return self._vault(conversation_id, style, site, create)
        except Exception as error:
            if create:
                raise
            log.error("veil: cannot read the vault (%s); this answer is not restored", error)
            return Vault(style=style)

    def _vault(self, conversation_id: str, style: PseudonymStyle, site: str, create: bool) -> Vault:
        with self._lock:
            vault = self._vaults.pop(conversation_id, None)
            current = False  # just read or made: no need to look for newer mappings
            if vault is None:
                vault, current = self._load(conversation_id)
            if vault is None:
                vault = Vault(style=style)
                if not create:
                    return vault
                self._save_new(conversation_id, vault, site, style)
                current = True
            self._vaults[conversation_id] = vault
            while len(self._vaults) > self._limit:
                evicted, old = self._vaults.popitem(last=False)
                self._touched.pop(evicted, None)
                if old not in self._vaults.values():
                    self._links.pop(id(old), None)
        if not current:
            self._sync(vault)
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
                    self._detach(vault)
                self._touched.pop(conversation_id, None)
        return len(gone)

    def _detach(self, vault: Vault) -> None:
        """The vault is no longer saved (its conversation is gone from the store)."""
        vault.on_new_entry = None
        self._links.pop(id(vault), None)

    def _forget_cached(self, vault: Vault) -> None:
        with self._lock:
            for conversation_id in [c for c, v in self._vaults.items() if v is vault]:
                del self._vaults[conversation_id]
                self._touched.pop(conversation_id, None)
            self._detach(vault)

    def _load(self, conversation_id: str) -> tuple[Vault | None, bool]:
        """The stored vault (and whether it was just read), or None if there is none."""
        if self.store is None:
            return None, False
        try:
            stored = self.store.load(conversation_id)
        except Exception as error:
            if self._request_fails(error):
                raise
            if not self._failed_reads:  # once, not on every request while the file is bad
                log.exception("veil: could not read the vault; new conversations stay in memory")
            self._failed_reads = True
            return None, False
        if stored is None:
            return None, False
        for cached in self._vaults.values():
            # Reached by its other id (a chat's first message or its alias): one vault
            # per conversation, never two that number pseudonyms on their own.
            link = self._links.get(id(cached))
            if link is not None and link.canonical == stored.conversation_id:
                return cached, False
        vault = Vault.from_snapshot(stored.snapshot)
        self._persist(stored.conversation_id, vault, touched=False, last=stored.last_mapping)
        return vault, True

    def _sync(self, vault: Vault) -> None:
        """Take in the mappings other processes stored since this one last looked."""
        link = self._links.get(id(vault))
        store = self.store
        if link is None or store is None:
            return

        def newer() -> list[VaultEntry]:
            found = store.entries_since(link.canonical, link.last_mapping)
            if found:
                link.last_mapping = found[-1][0]
            return [entry for _, entry in found]

        try:
            vault.take_in(newer)
        except ConversationGone:
            self._forget_cached(vault)
            if store.shared:
                raise
        except Exception as error:
            if self._request_fails(error):
                raise
            if not self._failed_reads:
                log.exception("veil: could not read the vault; this conversation goes on in memory")
            self._failed_reads = True

    def _save_new(
        self, conversation_id: str, vault: Vault, site: str, style: PseudonymStyle
    ) -> None:
        if self.store is None:
            return
        store = self.store
        create = lambda: store.create(conversation_id, site, style)  # noqa: E731
        if self._write(create, conversation_id, required=True):
            self._persist(conversation_id, vault, touched=True, last=0)

    def _persist(self, canonical: str, vault: Vault, touched: bool, last: int) -> None:
        store = self.store
        assert store is not None
        link = self._links[id(vault)] = _Link(canonical, last)
        self._touched[canonical] = time.monotonic() if touched else float("-inf")

        def save(entry: VaultEntry, rethink: Rethink) -> VaultEntry | None:
            try:
                added = store.add_entry(link.canonical, entry, link.last_mapping, rethink)
            except ConversationGone:
                if store.shared:
                    self._forget_cached(vault)
                    raise ConversationGone(
                        f"conversation {canonical} was deleted from the vault while in use"
                        " (veil forget or retention); send the message again"
                    ) from None
                log.info("veil: conversation %s was forgotten; not saving to it", canonical)
                vault.on_new_entry = None  # this vault lives on in memory only
                return entry
            except Exception as error:
                if self._request_fails(error):
                    raise
                self._log_failed_write()
                vault.on_new_entry = None
                return entry
            link.last_mapping = added.last_mapping
            return added.entry

        vault.on_new_entry = save

    def _touch(self, conversation_id: str, vault: Vault) -> None:
        if self.store is None:
            return
        link = self._links.get(id(vault))
        now = time.monotonic()
        if (
            link is None
            or now - self._touched.get(link.canonical, float("-inf")) < TOUCH_INTERVAL_S
        ):
            return
        self._touched[link.canonical] = now
        store, canonical = self.store, link.canonical
        self._write(lambda: store.touch(canonical), canonical)

    def _write(
        self, action: Callable[[], object], conversation_id: str, required: bool = False
    ) -> bool:
        """Run one store write. A failure is logged, never raised into a request, unless
        the write is ``required`` and the store is shared (another process needs it)."""
        try:
            action()
            return True
        except ConversationGone:
            log.info("veil: conversation %s was forgotten; not saving to it", conversation_id)
        except Exception as error:
            if required and self._request_fails(error):
                raise
            if self.store is not None and self.store.shared:
                log.exception("veil: could not write to the shared vault (%s)", conversation_id)
            elif isinstance(error, StorageLocked):
                log.warning("veil: not saved for conversation %s: %s", conversation_id, error)
            else:
                self._log_failed_write()
        return False

    def _request_fails(self, error: Exception) -> bool:
        """Whether a store failure must fail the request rather than go on in memory:
        other processes use the store (shared), or one holds it right now (locked), and
        pseudonyms only this process knows would clash with theirs or never restore."""
        return isinstance(error, StorageLocked) or (self.store is not None and self.store.shared)

    def _log_failed_write(self) -> None:
        if not self._failed_writes:
            log.exception("veil: could not write to the vault; conversations stay in memory")
        self._failed_writes = True
