"""Per-conversation vault: value <-> pseudonym, in both directions.

The same value gets the same pseudonym in every message of a conversation, including
when a client resends the whole history. Values are keyed canonically per label, so
"+1 503 555 0147" and "(503) 555-0147" are one phone number and "Jane Doe" and
"jane  doe" one person. A vault lives in memory; ``snapshot``/``from_snapshot`` and the
``on_new_entry`` hook let a store (veil.proxy.storage) keep it on disk.
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import phonenumbers

from veil.rules import labels, surrogates
from veil.rules import lazy_regex as regex
from veil.rules.choices import PseudonymStyle


@dataclass(frozen=True, slots=True)
class VaultEntry:
    label: str
    value: str
    pseudonym: str
    style: PseudonymStyle


# (new entry, rethink) -> the entry the store saved, or None: see Vault.on_new_entry
Rethink = Callable[[Iterable[VaultEntry]], VaultEntry | None]
NewEntryHook = Callable[[VaultEntry, Rethink], VaultEntry | None]


@dataclass(frozen=True, slots=True)
class VaultSnapshot:
    """Everything a vault knows, to save and load it."""

    style: PseudonymStyle
    entries: list[VaultEntry]
    counters: dict[str, int] = field(default_factory=dict)


def placeholder(label: str, number: int) -> str:
    return f"[[{label}_{number}]]"


_WHITESPACE = regex.compile(r"\s+")


def canonical_key(label: str, value: str) -> str:
    """What makes two spellings of a value the same value."""
    stripped = value.strip()
    if label == labels.PHONE:
        try:
            number = phonenumbers.parse(stripped, None if stripped.startswith("+") else "US")
            return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        except phonenumbers.NumberParseException:
            return regex.sub(r"\D", "", stripped)
    if label in (labels.CREDIT_CARD, labels.IBAN, labels.US_SSN, labels.MAC_ADDRESS):
        return regex.sub(r"[^0-9A-Za-z]", "", stripped).upper()
    if label == labels.SECRET:
        return stripped  # case matters in keys
    folded = _WHITESPACE.sub(" ", stripped).casefold()
    return regex.sub(r"(?:'s|’s)$", "", folded)


T = TypeVar("T")


class Vault:
    """Thread-safe; one per conversation."""

    def __init__(
        self,
        style: PseudonymStyle = PseudonymStyle.PLACEHOLDER,
        rng: random.Random | None = None,
    ) -> None:
        self.style = PseudonymStyle(style)
        self._rng = rng or random.Random(os.urandom(32))
        self._by_key: dict[tuple[str, str], VaultEntry] = {}
        self._by_pseudonym: dict[str, VaultEntry] = {}
        self._counters: dict[str, int] = {}
        self._lock = threading.Lock()
        self.version = 0  # bumps on every new entry; caches built from the entries check it
        self._derived: dict[str, tuple[int, Any]] = {}  # name -> (version, what was built)
        # Called under the vault's lock with each new entry, before its pseudonym is
        # handed out: a store saves the mapping before the pseudonym can leave the machine,
        # and returns the entry it saved. A store shared with other processes that finds
        # mappings this vault lacks hands them to ``rethink`` (the second argument), which
        # takes them in and returns the entry to save instead, or None when the value is
        # among them; the store then returns that. If it raises, nothing is kept.
        self.on_new_entry: NewEntryHook | None = None

    @classmethod
    def from_snapshot(cls, snapshot: VaultSnapshot, rng: random.Random | None = None) -> Vault:
        vault = cls(style=snapshot.style, rng=rng)
        for entry in snapshot.entries:
            vault._by_key[(entry.label, canonical_key(entry.label, entry.value))] = entry
            vault._by_pseudonym[entry.pseudonym.casefold()] = entry
        # Placeholder numbers continue where they stopped, even if counters were not saved.
        counters = dict(snapshot.counters)
        for entry in snapshot.entries:
            number = _placeholder_number(entry)
            if number is not None:
                counters[entry.label] = max(counters.get(entry.label, 0), number)
        vault._counters = counters
        vault.version = len(snapshot.entries)
        return vault

    def snapshot(self) -> VaultSnapshot:
        with self._lock:
            return VaultSnapshot(
                self.style, list(self._by_pseudonym.values()), dict(self._counters)
            )

    def __len__(self) -> int:
        return len(self._by_pseudonym)

    def entries(self) -> list[VaultEntry]:
        with self._lock:
            return self._entries()

    def pseudonym_for(self, value: str, label: str, style: PseudonymStyle | None = None) -> str:
        key = (label, canonical_key(label, value))
        chosen = PseudonymStyle(style or self.style)
        with self._lock:
            entry = self._by_key.get(key)
            if entry is not None:
                return entry.pseudonym

            def rethink(stored_first: Iterable[VaultEntry]) -> VaultEntry | None:
                self._take_in(stored_first)
                return None if key in self._by_key else self._new_entry(value, label, chosen)

            counters = dict(self._counters)
            try:
                return self._save(key, self._new_entry(value, label, chosen), rethink)
            except BaseException:
                self._counters = counters  # nothing was handed out: no gap in numbers
                raise

    def _save(self, key: tuple[str, str], entry: VaultEntry, rethink: Rethink) -> str:
        """Keep a new entry (the store's choice, if it has one) and hand out its pseudonym."""
        saved = self.on_new_entry(entry, rethink) if self.on_new_entry is not None else entry
        if saved is None:  # another process stored this value first
            return self._by_key[key].pseudonym
        self._add(key, saved)
        return saved.pseudonym

    def take_in(self, fetch: Callable[[], Iterable[VaultEntry]]) -> int:
        """Add entries stored by someone else (another process sharing the store).

        ``fetch`` runs under the vault's lock, so it cannot interleave with a new
        entry's save. Returns how many entries were new here.
        """
        with self._lock:
            return self._take_in(fetch())

    def _take_in(self, entries: Iterable[VaultEntry]) -> int:
        added = 0
        for entry in entries:
            if entry.pseudonym.casefold() in self._by_pseudonym:
                continue
            key = (entry.label, canonical_key(entry.label, entry.value))
            self._by_key.setdefault(key, entry)  # a value keeps the pseudonym it had
            self._by_pseudonym[entry.pseudonym.casefold()] = entry
            number = _placeholder_number(entry)
            if number is not None:
                self._counters[entry.label] = max(self._counters.get(entry.label, 0), number)
            added += 1
        if added:
            self.version += 1
        return added

    def _add(self, key: tuple[str, str], entry: VaultEntry) -> None:
        self._by_key[key] = entry
        self._by_pseudonym[entry.pseudonym.casefold()] = entry
        self.version += 1

    def decoy_for(
        self,
        value: str,
        label: str,
        make: Callable[[random.Random], str | None],
        exclude_text: str = "",
    ) -> str | None:
        """The value's decoy (a plausible other value of the same kind, see
        rules/operators): the one this conversation already uses, else a new one from
        ``make``. A decoy is restored in answers like a surrogate; it must not be a value
        or pseudonym already in the vault, nor a word of ``exclude_text`` (restoring it
        would change what the user wrote). None if ``make`` has nothing to offer."""
        key = (label, canonical_key(label, value))
        with self._lock:
            entry = self._by_key.get(key)
            if entry is not None:
                return entry.pseudonym
            candidate = self._draw_decoy(value, make, exclude_text)
            if candidate is None:
                return None

            def rethink(stored_first: Iterable[VaultEntry]) -> VaultEntry | None:
                self._take_in(stored_first)
                if key in self._by_key:
                    return None
                decoy = candidate
                if not self._distinct(decoy, value):  # another process handed it out
                    decoy = self._draw_decoy(value, make, exclude_text)
                if decoy is None:
                    raise ValueError(f"no {label} decoy left that this conversation lacks")
                return VaultEntry(label, value, decoy, PseudonymStyle.SURROGATE)

            entry = VaultEntry(label, value, candidate, PseudonymStyle.SURROGATE)
            return self._save(key, entry, rethink)

    def _draw_decoy(
        self, value: str, make: Callable[[random.Random], str | None], exclude_text: str
    ) -> str | None:
        for _ in range(20):
            candidate = make(self._rng)
            if candidate is None:
                return None
            if self._distinct(candidate, value) and not _occurs_in(candidate, exclude_text):
                return candidate
        return None

    def pseudonymize_known(self, text: str) -> str:
        """Swap every value already in the vault for its pseudonym (no new detection).

        Clients resend the whole chat, with the answers as veil restored them: the
        assistant's turns then hold the user's real values again.
        """
        pattern, by_value = self._known_values()
        if pattern is None or not text:
            return text
        return pattern.sub(lambda m: by_value.get(m.group(0).casefold(), m.group(0)), text)

    def _known_values(self) -> tuple[regex.Pattern[str] | None, dict[str, str]]:
        # Built once per vault version, not once per message slot.
        return self.derived("known values", _known_values)

    def derived(self, name: str, build: Callable[[list[VaultEntry]], T]) -> T:
        """``build(entries)``, made once per version of the vault and kept with it until
        the next (one per ``name``): the patterns of a vault's values and pseudonyms,
        which for hundreds of entries take a second and megabytes to compile, are made
        again only when it changes, and go with the vault."""
        with self._lock:
            found = self._derived.get(name)
            if found is None or found[0] != self.version:
                found = self._derived[name] = (self.version, build(self._entries()))
            return found[1]

    def _entries(self) -> list[VaultEntry]:
        return list(self._by_pseudonym.values())

    def value_for(self, pseudonym: str) -> str | None:
        entry = self._by_pseudonym.get(pseudonym.casefold())
        return entry.value if entry else None

    def _new_entry(self, value: str, label: str, style: PseudonymStyle) -> VaultEntry:
        if style is PseudonymStyle.SURROGATE:
            surrogate = self._new_surrogate(value, label)
            if surrogate is not None:
                return VaultEntry(label, value, surrogate, style)
        number = self._counters.get(label, 0) + 1
        self._counters[label] = number
        return VaultEntry(label, value, placeholder(label, number), PseudonymStyle.PLACEHOLDER)

    def _new_surrogate(self, value: str, label: str) -> str | None:
        generate = surrogates.GENERATORS.get(label)
        if generate is None:
            return None
        for _ in range(20):
            candidate = generate(value, self._rng)
            if candidate is None:
                return None
            if self._distinct(candidate, value):
                return candidate
        return None

    def _distinct(self, candidate: str, value: str) -> bool:
        # A surrogate must not equal a real value, nor extend or be extended by another
        # pseudonym: restoring could not tell them apart.
        folded = candidate.casefold()
        known_values = (e.value.casefold() for e in self._by_key.values())
        if folded == value.casefold() or folded in known_values:
            return False
        return not any(p.startswith(folded) or folded.startswith(p) for p in self._by_pseudonym)


def _known_values(entries: list[VaultEntry]) -> tuple[regex.Pattern[str] | None, dict[str, str]]:
    """A pattern of the values (longest first) and each value's pseudonym, by value."""
    entries = sorted(entries, key=lambda e: len(e.value), reverse=True)
    alternatives = "|".join(rf"(?<!\w){regex.escape(e.value)}(?!\w)" for e in entries)
    if not entries:
        return None, {}
    pattern = regex.compile_now(alternatives, regex.IGNORECASE)
    return pattern, {e.value.casefold(): e.pseudonym for e in entries}


def _occurs_in(word: str, text: str) -> bool:
    if not text:
        return False
    return regex.search(rf"(?<!\w){regex.escape(word)}(?!\w)", text, regex.IGNORECASE) is not None


def _placeholder_number(entry: VaultEntry) -> int | None:
    if entry.style is not PseudonymStyle.PLACEHOLDER:
        return None
    prefix = f"[[{entry.label}_"
    digits = entry.pseudonym.removeprefix(prefix).removesuffix("]]")
    return int(digits) if entry.pseudonym.startswith(prefix) and digits.isdigit() else None
