"""bench/identifiers: national identifiers, payment and network identifiers and service
secrets, generated from their specifications, against veil's fast stage and Presidio.

    .venv/bin/python -m bench.identifiers [--seed N] [--out DIR] [--no-presidio]

Each case is a text with the ranges a detector must protect (bench/identifiers/cases/:
one module per family, every value built from the published format: check digits,
issuer ranges, token prefixes and alphabets). A negative case has the right shape but
breaks its specification, or is an ordinary number: anything found in it is a false
positive. Scoring is label-agnostic, as the outside cases veil is judged on are: a
positive counts as found when a protected span overlaps its range.

The named baseline is Presidio's AnalyzerEngine with every predefined recognizer for
English, country-specific ones included, at score thresholds 0 and 0.5, in the same run.
Also printed: the cost of veil's identifier recognizers per ordinary text (the
presidio-research sentences and veil's prompt corpus), which the issue bounds at
0.5 ms p50 added.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.identifiers import cases as case_package
from bench.identifiers.case import Case
from bench.output import publish

# Presidio's URL and e-mail recognizers would fetch the public suffix list: no network.
os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""

ROOT = Path(__file__).resolve().parents[2]
PRESIDIO_DATA = ROOT.parent / "shared" / "data" / "presidio-research" / "synth_dataset_v2.json"
CORPUS = ROOT / "bench" / "redaction" / "corpus" / "prompts.txt"
# The recognizers whose cost the issue bounds: validators of formats, not language.
IDENTIFIER_RECOGNIZERS = (
    "phonenumbers.phone.v1",
    "regex.credit_card.v1",
    "regex.iban.v1",
    "regex.us_ssn.v1",
    "regex.id_number.v1",
    "stdnum.national_id.v1",
    "secrets.v1",
    "regex.crypto_wallet.v1",
    "regex.mac_address.v1",
)

Detector = Callable[[str], list[tuple[int, int]]]


def load_cases(seed: int) -> list[Case]:
    out: list[Case] = []
    for module in sorted(m.name for m in pkgutil.iter_modules(case_package.__path__)):
        source = importlib.import_module(f"{case_package.__name__}.{module}")
        out.extend(source.cases(random.Random(f"{seed}:{module}")))
    return out


def score(cases: Sequence[Case], detect: Detector) -> dict:
    """Recall over positive ranges and the share of negative texts flagged, per family
    and per kind."""
    by_key: dict[tuple[str, str], dict[str, int]] = defaultdict(
        lambda: {"ranges": 0, "found": 0, "negatives": 0, "flagged": 0}
    )
    missed: list[dict] = []
    flagged: list[dict] = []
    for case in cases:
        found = detect(case.text)
        for key in ((case.family, "*"), (case.family, case.kind), ("*", "*")):
            row = by_key[key]
            if case.positive:
                hits = sum(any(s < e2 and s2 < e for s2, e2 in found) for s, e in case.spans)
                row["ranges"] += len(case.spans)
                row["found"] += hits
            else:
                row["negatives"] += 1
                row["flagged"] += bool(found)
        if case.positive and not all(
            any(s < e2 and s2 < e for s2, e2 in found) for s, e in case.spans
        ):
            missed.append({"kind": case.kind, "text": case.text})
        if not case.positive and found:
            flagged.append({"kind": case.kind, "text": case.text})
    table = {
        f"{family}/{kind}": {
            **row,
            "recall": row["found"] / row["ranges"] if row["ranges"] else None,
            "fp_rate": row["flagged"] / row["negatives"] if row["negatives"] else None,
        }
        for (family, kind), row in sorted(by_key.items())
    }
    return {"table": table, "missed": missed, "flagged": flagged}


def veil_detector() -> Detector:
    from veil.rules.analyzer import Analyzer

    analyzer = Analyzer.from_names()
    return lambda text: [(s.start, s.end) for s in analyzer.analyze(text)]


def presidio_detector(threshold: float) -> Detector:
    engine = make_presidio()

    def detect(text: str) -> list[tuple[int, int]]:
        results = engine.analyze(text, language="en", score_threshold=threshold)
        return [(r.start, r.end) for r in results]

    return detect


_PRESIDIO = None


def make_presidio():
    """Presidio with every predefined recognizer that supports English (country-specific
    ones are off in its default registry), on the same spaCy model veil uses."""
    global _PRESIDIO
    if _PRESIDIO is not None:
        return _PRESIDIO
    import inspect

    from presidio_analyzer import EntityRecognizer, PatternRecognizer, predefined_recognizers

    from bench.redaction.__main__ import make_presidio as base_engine

    engine = base_engine()
    known = {type(r) for r in engine.registry.recognizers}
    for _, cls in inspect.getmembers(predefined_recognizers, inspect.isclass):
        if not issubclass(cls, PatternRecognizer) or cls in known or cls is PatternRecognizer:
            continue
        try:
            recognizer: EntityRecognizer = cls()
        except Exception:  # needs arguments: not a ready-made recognizer
            continue
        if recognizer.supported_language == "en":
            engine.registry.add_recognizer(recognizer)
    _PRESIDIO = engine
    return engine


def identifier_cost(texts: Sequence[str]) -> dict:
    """Milliseconds per text spent in the identifier recognizers, each and together."""
    from veil.rules.registry import create

    recognizers = []
    for name in IDENTIFIER_RECOGNIZERS:
        try:
            recognizers.append(create(name))
        except KeyError:
            continue
    for text in texts[:20]:  # warm caches and lazy imports
        for recognizer in recognizers:
            recognizer.find(text)
    per_text: list[float] = []
    per_recognizer: dict[str, list[float]] = defaultdict(list)
    for text in texts:
        total = 0.0
        for recognizer in recognizers:
            started = time.perf_counter()
            recognizer.find(text)
            elapsed = (time.perf_counter() - started) * 1000
            per_recognizer[recognizer.name].append(elapsed)
            total += elapsed
        per_text.append(total)
    return {
        "texts": len(texts),
        "p50_ms": statistics.median(per_text),
        "p95_ms": statistics.quantiles(per_text, n=20)[-1],
        "per_recognizer_p50_ms": {
            name: statistics.median(values) for name, values in per_recognizer.items()
        },
    }


def ordinary_texts() -> list[str]:
    import json

    texts = []
    if PRESIDIO_DATA.exists():
        texts += [r["full_text"] for r in json.loads(PRESIDIO_DATA.read_text("utf-8"))]
    if CORPUS.exists():
        from bench.redaction.corpus_check import load_corpus

        texts += [r["text"] for r in load_corpus(CORPUS)]
    return texts


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def render(results: dict, presidio: dict[str, dict]) -> str:
    veil = results["veil"]["table"]
    columns = ["veil", *presidio]
    lines = [
        "## Identifiers and secrets from their specifications (label-agnostic)",
        "",
        "| family / kind | ranges | "
        + " | ".join(f"recall {c}" for c in columns)
        + " | negatives | "
        + " | ".join(f"FP {c}" for c in columns)
        + " |",
        "|---|---:|" + "---:|" * len(columns) + "---:|" + "---:|" * len(columns),
    ]
    for key, row in veil.items():
        if key.endswith("/*") or key == "*/*" or results.get("per_kind"):
            tables = [veil, *(p["table"] for p in presidio.values())]
            recalls = " | ".join(_pct(t[key]["recall"]) for t in tables)
            fps = " | ".join(_pct(t[key]["fp_rate"]) for t in tables)
            name = "**all**" if key == "*/*" else key
            lines.append(f"| {name} | {row['ranges']} | {recalls} | {row['negatives']} | {fps} |")
    lines += ["", "Targets: recall >= 0.92, negative FP <= 0.10 (veil)."]
    worst = sorted(
        ((k, r) for k, r in veil.items() if not k.endswith("/*") and r["recall"] is not None),
        key=lambda kv: kv[1]["recall"],
    )[:12]
    below = ", ".join(f"{k} {r['recall']:.2f}" for k, r in worst if r["recall"] < 1)
    lines += ["", f"Lowest recall by kind (veil): {below or 'none below 1.0'}"]
    cost = results["cost"]
    lines += [
        "",
        f"Identifier recognizers, per ordinary text ({cost['texts']} texts): "
        f"p50 {cost['p50_ms']:.3f} ms, p95 {cost['p95_ms']:.3f} ms",
        "  " + ", ".join(f"{k} {v:.3f}" for k, v in cost["per_recognizer_p50_ms"].items()),
    ]
    if results["veil"]["missed"]:
        lines += ["", "Missed by veil (first 15):"]
        lines += [f"- {m['kind']}: {m['text'][:110]!r}" for m in results["veil"]["missed"][:15]]
    if results["veil"]["flagged"]:
        lines += ["", "Negatives flagged by veil (first 15):"]
        lines += [f"- {m['kind']}: {m['text'][:110]!r}" for m in results["veil"]["flagged"][:15]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    parser.add_argument("--no-presidio", action="store_true")
    parser.add_argument("--per-kind", action="store_true", help="a row for every kind")
    args = parser.parse_args()

    all_cases = load_cases(args.seed)
    results: dict = {"seed": args.seed, "cases": len(all_cases), "per_kind": args.per_kind}
    results["veil"] = score(all_cases, veil_detector())
    presidio: dict[str, dict] = {}
    if not args.no_presidio:
        for threshold in (0.0, 0.5):
            presidio[f"presidio@{threshold}"] = score(all_cases, presidio_detector(threshold))
    results["presidio"] = {k: v["table"] for k, v in presidio.items()}
    results["cost"] = identifier_cost(ordinary_texts())
    publish(args.out, "identifiers", results, render(results, presidio))


if __name__ == "__main__":
    main()
