"""Utility next to privacy: does veil leave public entities alone and still protect the
private ones? Reads ../shared/data/public_private_dev.jsonl (spans = private data,
public_spans = entities that must pass unchanged) and the corpus's hard negatives.

A private span counts as protected when the analyzer's protected spans cover every one
of its non-space characters, whatever label they carry (a name replaced as an
ORGANIZATION still does not leak). A public mention counts as changed when any
protected span touches it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from pathlib import Path

from veil.rules.analyzer import Analyzer

ROOT = Path(__file__).resolve().parents[2]
PUBLIC_PRIVATE = ROOT.parent / "shared" / "data" / "public_private_dev.jsonl"
# Prompts written for veil, one or more per kind of failure seen on text nobody tuned on,
# with their own names and places (bench/redaction/check_own.py validates the file).
OWN_EXAMPLES = Path(__file__).with_name("public_private_own.jsonl")
# 3,980 prompts written blind to veil's code (their writers read neither code nor data),
# in fixed parts: "dev" to "dev62" may be looked at and tuned on, "test" to "test60" only
# reported.
FRESH_EXAMPLES = Path(__file__).with_name("public_private_fresh.jsonl")
FRESH_PARTS = (
    "dev",
    "dev2",
    "dev3",
    "dev4",
    "dev5",
    "dev6",
    "dev7",
    "dev8",
    "dev9",
    "dev10",
    "dev11",
    "dev12",
    "dev13",
    "dev14",
    "dev15",
    "dev16",
    "dev17",
    "dev18",
    "dev19",
    "dev20",
    "dev21",
    "dev22",
    "dev23",
    "dev24",
    "dev25",
    "dev26",
    "dev27",
    "dev28",
    "dev29",
    "dev30",
    "dev31",
    "dev32",
    "dev33",
    "dev34",
    "dev35",
    "dev36",
    "dev37",
    "dev38",
    "dev39",
    "dev40",
    "dev41",
    "dev42",
    "dev43",
    "dev44",
    "dev45",
    "dev46",
    "dev47",
    "dev48",
    "dev49",
    "dev50",
    "dev51",
    "dev52",
    "dev53",
    "dev54",
    "dev55",
    "dev56",
    "dev57",
    "dev58",
    "dev59",
    "dev60",
    "dev61",
    "dev62",
    "test",
    "test2",
    "test3",
    "test4",
    "test5",
    "test6",
    "test7",
    "test8",
    "test9",
    "test10",
    "test11",
    "test12",
    "test13",
    "test14",
    "test15",
    "test16",
    "test17",
    "test18",
    "test19",
    "test20",
    "test21",
    "test22",
    "test23",
    "test24",
    "test25",
    "test26",
    "test27",
    "test28",
    "test29",
    "test30",
    "test31",
    "test32",
    "test33",
    "test34",
    "test35",
    "test36",
    "test37",
    "test38",
    "test39",
    "test40",
    "test41",
    "test42",
    "test43",
    "test44",
    "test45",
    "test46",
    "test47",
    "test48",
    "test49",
    "test50",
    "test51",
    "test52",
    "test53",
    "test54",
    "test55",
    "test56",
    "test57",
    "test58",
    "test59",
    "test60",
)

TUNING = "tuning half"
HELD_OUT = "held-out half"


def load_public_private(path: Path = PUBLIC_PRIVATE) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def half(record: dict) -> str:
    """Which half of the development set a prompt belongs to, fixed by its id alone: rules
    are tuned on one half and the other is only reported, so its figures say how the
    decision does on text it was not fitted to."""
    digest = hashlib.sha256(record["id"].encode("utf-8")).digest()
    return TUNING if digest[-1] % 2 == 0 else HELD_OUT


def split(records: list[dict]) -> dict[str, list[dict]]:
    halves: dict[str, list[dict]] = {TUNING: [], HELD_OUT: []}
    for record in records:
        halves[half(record)].append(record)
    return halves


def _covered(text: str, start: int, end: int, spans) -> bool:
    return all(
        any(s.start <= i < s.end for s in spans) for i in range(start, end) if not text[i].isspace()
    )


def _touched(start: int, end: int, spans) -> bool:
    return any(s.start < end and start < s.end for s in spans)


def evaluate(analyzer: Analyzer, records: list[dict], hard_negatives: list[str]) -> dict:
    """Figures for one analyzer configuration."""
    protected_by_label, total_by_label = Counter(), Counter()
    public_changed = public_total = 0
    public_only_changed = public_only = 0
    kept_reasons: Counter[str] = Counter()
    latencies = []
    misses, changed_public = [], []
    for record in records:
        text = record["text"]
        started = time.perf_counter()
        analysis = analyzer.analyze_subjects(text)
        latencies.append((time.perf_counter() - started) * 1e3)
        spans = analysis.protected
        kept_reasons.update(k.reason.text for k in analysis.kept)
        for gold in record["spans"]:
            total_by_label[gold["label"]] += 1
            if _covered(text, gold["start"], gold["end"], spans):
                protected_by_label[gold["label"]] += 1
            else:
                misses.append(f"{record['id']} {gold['label']} {gold['value']!r}")
        for public in record.get("public_spans", []):
            public_total += 1
            if _touched(public["start"], public["end"], spans):
                public_changed += 1
                changed_public.append(f"{record['id']} {public['text']!r}")
        if record["category"] == "public_only":
            public_only += 1
            public_only_changed += bool(spans)
    negatives_flagged = sum(bool(analyzer.analyze(text)) for text in hard_negatives)
    total = sum(total_by_label.values())
    return {
        "prompts": len(records),
        "public_only_prompts": public_only,
        "public_only_changed": public_only_changed,
        "public_only_changed_rate": public_only_changed / public_only if public_only else 0.0,
        "public_mentions": public_total,
        "public_mentions_changed": public_changed,
        "public_mentions_changed_rate": public_changed / public_total if public_total else 0.0,
        "private_recall": sum(protected_by_label.values()) / total if total else 0.0,
        "private_recall_by_label": {
            label: protected_by_label[label] / n for label, n in sorted(total_by_label.items())
        },
        "private_support_by_label": dict(sorted(total_by_label.items())),
        "hard_negatives": len(hard_negatives),
        "hard_negatives_flagged": negatives_flagged,
        "kept_reasons": dict(kept_reasons.most_common()),
        "latency_ms_p50": sorted(latencies)[len(latencies) // 2] if latencies else 0.0,
        "missed_private": misses,
        "changed_public": changed_public,
    }


def render(results: dict[str, dict]) -> str:
    """A table with one column per configuration (e.g. protect = before, keep = now)."""
    names = list(results)
    lines = [
        "### public vs private (public_private_dev.jsonl split in two halves, veil's own"
        " prompts, and the corpus's hard negatives)",
        "",
        "| figure | " + " | ".join(names) + " | target |",
        "|---|" + "---:|" * len(names) + "---|",
    ]

    def row(title: str, cell, target: str = "") -> None:
        lines.append(
            f"| {title} | " + " | ".join(cell(results[n]) for n in names) + f" | {target} |"
        )

    row(
        "public-only prompts changed",
        lambda r: (
            f"{r['public_only_changed']}/{r['public_only_prompts']} "
            f"({r['public_only_changed_rate']:.1%})"
        ),
        "≤ 5%",
    )
    row(
        "public entity mentions changed",
        lambda r: (
            f"{r['public_mentions_changed']}/{r['public_mentions']} "
            f"({r['public_mentions_changed_rate']:.1%})"
        ),
        "≤ 5%",
    )
    row("private spans protected", lambda r: f"{r['private_recall']:.3f}")
    labels = sorted({label for r in results.values() for label in r["private_recall_by_label"]})

    def recall(r: dict, label: str) -> str:
        support = r["private_support_by_label"].get(label, 0)
        return f"{r['private_recall_by_label'][label]:.3f} ({support})" if support else "–"

    for label in labels:
        row(f"private {label} (n)", lambda r, label=label: recall(r, label), "≥ before − 0.01")
    row(
        "hard-negative texts flagged",
        lambda r: f"{r['hard_negatives_flagged']}/{r['hard_negatives']}",
        "0",
    )
    row("analysis p50 ms", lambda r: f"{r['latency_ms_p50']:.1f}")
    return "\n".join(lines)
