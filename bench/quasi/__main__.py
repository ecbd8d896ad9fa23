"""bench/quasi: how often the quasi-identifier recognizers find what a text discloses
about its writer, how often they fire on public mentions, and how fast they are.

    .venv/bin/python -m bench.quasi [--year 2024] [--out DIR]

Recall proxy, per leaked attribute: the share of PersonalReddit samples (``feature``) and
of SynthPAI profiles (human-labelled attributes, certainty >= 3, any comment) where
``find_disclosures`` finds a writer disclosure of that attribute; for age also the share
whose value is within 5 years of the truth. False positives: disclosures on the public-only
prompts of public_private_dev.jsonl, and disclosures overlapping a public entity in any
prompt. Speed: ``find_disclosures`` per message, p50 and p95 (warm). Data is read from
../shared/data and never copied. Writes results/quasi.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from veil.rules import notability
from veil.rules.quasi import Disclosure, find_disclosures, implied_gender

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
PERSONAL_REDDIT = DATA / "personal-reddit-synthetic" / "samples_dev.jsonl"
SYNTHPAI = DATA / "synthpai" / "profiles_dev.jsonl"
PUBLIC_PRIVATE = DATA / "public_private_dev.jsonl"

# dataset attribute -> the disclosure attributes that count as finding it
FOUND_BY = {
    "age": {"age"},
    "sex": {"gender"},
    "city_country": {"location"},
    "birth_city_country": {"birthplace", "nationality"},
    "education": {"education"},
    "occupation": {"occupation", "employer"},
    "income_level": {"income"},
    "relationship_status": {"family"},
}
_STATUS_DETAILS = {"status", "spouse", "ex", "self"}


def _finds(attribute: str, disclosures: list[Disclosure]) -> bool:
    for d in disclosures:
        if d.subject != "writer":
            continue
        if attribute == "sex" and implied_gender(d):
            return True
        if attribute == "relationship_status" and d.attribute == "family":
            if d.detail in _STATUS_DETAILS:
                return True
            continue
        if d.attribute in FOUND_BY[attribute]:
            return True
    return False


def _age_close(truth: Any, disclosures: list[Disclosure]) -> bool:
    try:
        true_age = int(truth)
    except (TypeError, ValueError):
        return False
    return any(
        d.attribute == "age"
        and d.subject == "writer"
        and isinstance(d.value, int)
        and abs(d.value - true_age) <= 5
        for d in disclosures
    )


def _timed(text: str, year: int, times: list[float]) -> list[Disclosure]:
    start = time.perf_counter()
    found = find_disclosures(text, year=year)
    times.append((time.perf_counter() - start) * 1000)
    return found


def personal_reddit(year: int, times: list[float]) -> dict[str, Any]:
    hits: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_hardness: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    age_close = [0, 0]
    for line in PERSONAL_REDDIT.read_text("utf-8").splitlines():
        sample = json.loads(line)
        feature = sample["feature"]
        found = _timed(sample["response"], year, times)
        hit = _finds(feature, found)
        hits[feature][0] += hit
        hits[feature][1] += 1
        band = "hardness 1-2" if sample["hardness"] <= 2 else "hardness 3-5"
        by_hardness[band][0] += hit
        by_hardness[band][1] += 1
        if feature == "age":
            age_close[0] += _age_close(sample["personality"].get("age"), found)
            age_close[1] += 1
    return {
        "recall": {k: v[0] / v[1] for k, v in sorted(hits.items())},
        "n": {k: v[1] for k, v in sorted(hits.items())},
        "by_hardness": {k: v[0] / v[1] for k, v in sorted(by_hardness.items())},
        "age_within_5": age_close[0] / max(1, age_close[1]),
    }


def synthpai(year: int, times: list[float]) -> dict[str, Any]:
    hits: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for line in SYNTHPAI.read_text("utf-8").splitlines():
        profile = json.loads(line)
        labels = profile["reviews"]["human"]
        found = [d for c in profile["comments"] for d in _timed(c["text"], year, times)]
        for attribute in FOUND_BY:
            label = labels.get(attribute) or {}
            if not label.get("estimate") or label.get("certainty", 0) < 3:
                continue
            hits[attribute][0] += _finds(attribute, found)
            hits[attribute][1] += 1
    return {
        "recall": {k: v[0] / v[1] for k, v in sorted(hits.items())},
        "n": {k: v[1] for k, v in sorted(hits.items())},
    }


def public_mentions(year: int, times: list[float]) -> dict[str, Any]:
    public_only = [0, 0]
    mentions = [0, 0]
    fired: list[dict[str, Any]] = []
    for line in PUBLIC_PRIVATE.read_text("utf-8").splitlines():
        prompt = json.loads(line)
        text = prompt["text"]
        found = _timed(text, year, times)
        if prompt["category"] == "public_only":
            public_only[0] += bool(found)
            public_only[1] += 1
        for public in prompt.get("public_spans", []):
            mentions[1] += 1
            hit = [
                d for d in found if d.span.start < public["end"] and public["start"] < d.span.end
            ]
            mentions[0] += bool(hit)
        if prompt["category"] == "public_only":
            fired += [
                {"id": prompt["id"], "words": text[d.span.start : d.span.end], "as": d.attribute}
                for d in found
            ]
    return {
        "public_only_prompts_with_disclosure": public_only[0] / max(1, public_only[1]),
        "public_only_n": public_only[1],
        "public_mentions_overlapped": mentions[0] / max(1, mentions[1]),
        "public_mentions_n": mentions[1],
        "fired_on_public_only": fired,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.quasi", description=__doc__.split("\n\n")[0])
    parser.add_argument("--year", type=int, default=2024, help="current year for derived ages")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args(argv)
    missing = [p for p in (PERSONAL_REDDIT, SYNTHPAI, PUBLIC_PRIVATE) if not p.exists()]
    if missing:
        print(f"bench.quasi: data not found: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    notability.warm_up()
    find_disclosures("I'm a 34-year-old nurse here in Leeds.")  # load the lexicons
    times: dict[str, list[float]] = {"personal_reddit": [], "synthpai": [], "public_private": []}
    results: dict[str, Any] = {
        "personal_reddit": personal_reddit(args.year, times["personal_reddit"]),
        "synthpai": synthpai(args.year, times["synthpai"]),
        "public_private": public_mentions(args.year, times["public_private"]),
    }
    results["speed_ms"] = {}
    for name, measured in [*times.items(), ("all", [t for v in times.values() for t in v])]:
        ordered = sorted(measured)
        results["speed_ms"][name] = {
            "p50": statistics.median(ordered),
            "p95": ordered[int(len(ordered) * 0.95)],
            "n": len(ordered),
        }
    _print(results)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "quasi.json").write_text(json.dumps(results, indent=2) + "\n", "utf-8")
    return 0


def _print(results: dict[str, Any]) -> None:
    console = Console()
    table = Table(title="Writer disclosures found (recall proxy)")
    table.add_column("attribute")
    table.add_column("PersonalReddit", justify="right")
    table.add_column("n", justify="right")
    table.add_column("SynthPAI profiles", justify="right")
    table.add_column("n", justify="right")
    pr, sp = results["personal_reddit"], results["synthpai"]
    for attribute in FOUND_BY:
        table.add_row(
            attribute,
            f"{pr['recall'].get(attribute, 0):.3f}",
            str(pr["n"].get(attribute, 0)),
            f"{sp['recall'].get(attribute, 0):.3f}",
            str(sp["n"].get(attribute, 0)),
        )
    console.print(table)
    for band, value in pr["by_hardness"].items():
        console.print(f"PersonalReddit {band}: {value:.3f}")
    console.print(f"PersonalReddit age within 5 years of the truth: {pr['age_within_5']:.3f}")
    pp = results["public_private"]
    console.print(
        f"public-only prompts with a disclosure: {pp['public_only_prompts_with_disclosure']:.3f}"
        f" (n={pp['public_only_n']}); public mentions overlapped: "
        f"{pp['public_mentions_overlapped']:.3f} (n={pp['public_mentions_n']})"
    )
    for fired in pp["fired_on_public_only"]:
        console.print(f"  fired on {fired['id']}: {fired['words']!r} as {fired['as']}")
    for name, speed in results["speed_ms"].items():
        console.print(
            f"find_disclosures on {name}: p50 {speed['p50']:.2f} ms, p95 {speed['p95']:.2f} ms "
            f"per message (n={speed['n']})"
        )


if __name__ == "__main__":
    raise SystemExit(main())
