"""bench/storage: what veil's records cost on the request path.

    .venv/bin/python -m bench.storage [--conversations 2000] [--entries 20]

In a throwaway data dir (the key in a file, as on headless Linux): the time to save one
new mapping (what a request pays the first time a value appears), to write one log
entry, to load a conversation's vault after a restart (a cache miss), to open the files
at start (quick_check and key check included), and to run retention over them.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import keyring
from keyring.backends import fail
from rich.console import Console
from rich.table import Table

from veil.proxy.conversations import ConversationStore
from veil.proxy.storage.redaction_log import LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore
from veil.rules.vault import PseudonymStyle


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1e3)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=2000)
    parser.add_argument("--entries", type=int, default=20, help="mappings per conversation")
    args = parser.parse_args()
    keyring.set_keyring(fail.Keyring())  # never touch the user's keyring from a benchmark
    rows: list[tuple[str, list[float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        store = VaultStore.open(data)
        conversations = ConversationStore(store=store)
        ids = [f"conv-{n}" for n in range(args.conversations)]
        counter = iter(range(10**9))

        hot = conversations.vault("hot", PseudonymStyle.PLACEHOLDER, "s")

        def new_mapping() -> None:
            hot.pseudonym_for(f"Person Number {next(counter)}", "PERSON")

        rows.append(("save one new mapping", timed(new_mapping, 500)))
        for conversation in ids:
            vault = conversations.vault(conversation, PseudonymStyle.PLACEHOLDER, site="s")
            for n in range(args.entries):
                vault.pseudonym_for(f"Value {n} of {conversation}", "PERSON")
        records = RedactionLog.open(data)
        entry = LogEntry(
            "s",
            entities={"PERSON": 3},
            actions={"pseudonymize": 3},
            stages={"recognize": 4.2, "redact": 0.3},
            conversation="c",
        )
        rows.append(("write one log entry", timed(lambda: records.record(entry), 500)))
        store.close()
        records.close()

        reopened: list[VaultStore] = []
        rows.append(
            ("open vault file at start", timed(lambda: reopened.append(VaultStore.open(data)), 1))
        )
        cold = ConversationStore(store=reopened[0])
        misses = iter(ids)
        rows.append(
            (
                f"load a {args.entries}-entry vault (miss)",
                timed(lambda: cold.vault(next(misses), PseudonymStyle.PLACEHOLDER, "s"), 200),
            )
        )
        rows.append(
            (
                f"retention sweep, {args.conversations} kept",
                timed(lambda: reopened[0].purge({"s": 30}, 30), 5),
            )
        )
        size = sum(p.stat().st_size for p in data.glob("*.sqlite3*")) / 1e6
    table = Table(title=f"veil records ({args.conversations} conversations, {size:.1f} MB on disk)")
    for column in ("operation", "p50 ms", "p95 ms", "n"):
        table.add_column(column, justify="right" if column != "operation" else "left")
    for name, samples in rows:
        ordered = sorted(samples)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
        table.add_row(name, f"{statistics.median(samples):.3f}", f"{p95:.3f}", str(len(samples)))
    Console().print(table)


if __name__ == "__main__":
    main()
