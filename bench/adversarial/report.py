"""Summaries of the benchmark's rows, the markdown table and the privacy-utility plot."""

from __future__ import annotations

import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

BASELINE_CONDITION = "fast"  # relative drops are measured against the fast stage alone


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _share(rows: list[dict[str, Any]], key: str) -> float | None:
    return mean([float(r[key]) for r in rows if r.get(key) is not None])


def _by(rows: list[dict[str, Any]], key: str) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[str(row[key])].append(row)
    return dict(sorted(groups.items()))


def _breakdown(rows: list[dict[str, Any]], key: str, scores: tuple[str, ...]) -> dict:
    return {
        value: {"n": len(group), **{score: _share(group, score) for score in scores}}
        for value, group in _by(rows, key).items()
    }


def _drop(baseline: float | None, value: float | None) -> float | None:
    if baseline is None or value is None or baseline == 0:
        return None
    return (baseline - value) / baseline


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per condition (in the rows' order): the profiler's and the LLM attacker's top-1
    overall, per attribute and per hardness, utility, timings and the relative drop of
    each attacker's top-1 against the fast stage alone. ``majority`` is the profiler's
    baseline on the same texts (the training split's most frequent label)."""
    conditions = list(dict.fromkeys(r["condition"] for r in rows))
    summary: dict[str, Any] = {"conditions": {}}
    for condition in conditions:
        group = [r for r in rows if r["condition"] == condition]
        judged = [r["judge"] for r in group if r.get("judge")]
        fast_seconds = [r["fast_seconds"] for r in group if r.get("fast_seconds") is not None]
        seconds = [r["seconds"] for r in group]
        summary["conditions"][condition] = {
            "n": len(group),
            "profiler_top1": _share(group, "profiler_top1"),
            "profiler_cue_share": _share(group, "profiler_cue"),
            "llm_top1": _share(group, "llm_top1"),
            "llm_top3": _share(group, "llm_top3"),
            "per_attribute": _breakdown(group, "attribute", ("profiler_top1", "llm_top1")),
            "per_hardness": _breakdown(group, "hardness", ("profiler_top1", "llm_top1")),
            "explicit_leak_rate": _share(group, "explicit_leak"),
            "rouge_l": mean([r["rouge_l"] for r in group]),
            "bleu": mean([r["bleu"] for r in group]),
            "readability": mean([j["readability"] for j in judged]),
            "meaning": mean([j["meaning"] for j in judged]),
            "hallucination": mean([j["hallucination"] for j in judged]),
            "fast_p50_ms": None if not fast_seconds else percentile(fast_seconds, 0.5) * 1e3,
            "latency_p50_s": percentile(seconds, 0.5),
            "latency_p95_s": percentile(seconds, 0.95),
            "tokens_mean": mean([float(r["tokens"]) for r in group]),
            "rounds_mean": mean([float(r["rounds"]) for r in group]),
            "llm_errors": sum(1 for r in group if r.get("llm_error")),
        }
    baseline = summary["conditions"].get(BASELINE_CONDITION, {})
    for scores in summary["conditions"].values():
        for attacker in ("profiler", "llm"):
            scores[f"{attacker}_drop_vs_fast"] = _drop(
                baseline.get(f"{attacker}_top1"), scores[f"{attacker}_top1"]
            )
    if conditions:  # the baseline does not read the text: the same in every condition
        first = [r for r in rows if r["condition"] == conditions[0]]
        summary["majority"] = {
            "top1": _share(first, "majority_top1"),
            "per_attribute": _breakdown(first, "attribute", ("majority_top1",)),
            "per_hardness": _breakdown(first, "hardness", ("majority_top1",)),
        }
    return summary


def _figure(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:+.1%}"


def _breakdown_table(summary: dict[str, Any], part: str, title: str) -> list[str]:
    conditions = summary["conditions"]
    keys = sorted({k for c in conditions.values() for k in c[part]}, key=_natural)
    lines = ["", title, "", "| condition | " + " | ".join(keys) + " |",
             "|---|" + "---|" * len(keys)]  # fmt: skip
    for name, scores in conditions.items():
        cells = [
            f"{_figure(scores[part][k]['profiler_top1'], 2)} (n={scores[part][k]['n']})"
            if k in scores[part] else "–"
            for k in keys
        ]  # fmt: skip
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    majority = summary.get("majority", {}).get(part, {})
    cells = [_figure(majority[k]["majority_top1"], 2) if k in majority else "–" for k in keys]
    lines.append("| majority baseline | " + " | ".join(cells) + " |")
    if any(s["llm_top1"] is not None for s in conditions.values()):
        for name, scores in conditions.items():
            cells = [_figure(scores[part].get(k, {}).get("llm_top1"), 2) for k in keys]
            lines.append(f"| {name} (LLM attacker) | " + " | ".join(cells) + " |")
    return lines


def _natural(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (0, key)


def render_markdown(report: dict[str, Any]) -> str:
    summary, config = report["summary"], report["config"]
    columns = [
        ("profiler top-1", "profiler_top1", _figure),
        ("drop vs fast", "profiler_drop_vs_fast", _percent),
        ("LLM top-1", "llm_top1", _figure), ("LLM top-3", "llm_top3", _figure),
        ("LLM drop vs fast", "llm_drop_vs_fast", _percent),
        ("explicit leaks", "explicit_leak_rate", _figure), ("ROUGE-L", "rouge_l", _figure),
        ("BLEU", "bleu", _figure), ("readability", "readability", _figure),
        ("meaning", "meaning", _figure), ("hallucination", "hallucination", _figure),
        ("fast p50 ms", "fast_p50_ms", lambda v: _figure(v, 1)),
        ("p50 s", "latency_p50_s", _figure), ("p95 s", "latency_p95_s", _figure),
        ("tokens", "tokens_mean", lambda v: _figure(v, 0)),
        ("rounds", "rounds_mean", lambda v: _figure(v, 1)),
    ]  # fmt: skip
    lines = [
        "# Adversarial evaluation",
        "",
        f"{config['texts']} test texts from {config['test_authors']} authors (fold "
        f"{config['test_fold']} of {config['folds']}, disjoint by author from the "
        f"{config['train_documents']} training documents); profiler: cue rules, then naive "
        f"Bayes; LLM attacker `{config['llm_attacker'] or 'not run'}`; slow stage "
        f"`{config['slow_model'] or 'not run'}`; judge `{config['judge']}`",
        "",
        "| condition | " + " | ".join(title for title, _, _ in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for name, scores in summary["conditions"].items():
        lines.append(f"| {name} | " + " | ".join(f(scores[k]) for _, k, f in columns) + " |")
    lines += [
        "",
        f"Majority baseline (the training split's most frequent label per attribute): "
        f"{_figure(summary.get('majority', {}).get('top1'))}",
    ]
    lines += _breakdown_table(summary, "per_attribute", "Profiler top-1 per attribute:")
    lines += _breakdown_table(summary, "per_hardness", "Profiler top-1 per hardness (1-5):")
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 4.5))
    for attacker, marker in (("profiler", "o"), ("llm", "s")):
        for name, scores in report["summary"]["conditions"].items():
            top1 = scores[f"{attacker}_top1"]
            if top1 is None or scores["rouge_l"] is None:
                continue
            axes.scatter(scores["rouge_l"], top1, s=60, marker=marker)
            axes.annotate(f"{name} ({attacker})", (scores["rouge_l"], top1),
                          textcoords="offset points", xytext=(6, 4), fontsize=8)  # fmt: skip
    axes.set_xlabel("utility: ROUGE-L against the original")
    axes.set_ylabel("privacy risk: attacker top-1 accuracy")
    axes.set_xlim(0, 1.05)
    axes.set_ylim(0, 1.05)
    axes.set_title("veil: privacy vs utility")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
