"""What the dashboard shows, as JSON-ready dicts: recent requests, entity counts over
time, and the site policies with their slow stage's status.

Built from the redaction log's counts and names only: never a reason (it may quote the
user's text) nor a logged value. These functions block on SQLite or the disk; the
dashboard calls them off mitmproxy's event loop.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from veil.policies import paths
from veil.policies.schema import SitePolicy
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.redaction_log import RedactionLog

HOUR_S = 3600
DAY_S = 86400
# name -> (bucket width, number of buckets)
RANGES: dict[str, tuple[int, int]] = {"24h": (HOUR_S, 24), "30d": (DAY_S, 30)}
MAX_RECENT = 500


def recent_requests(log: RedactionLog | None, limit: int, site: str | None) -> dict[str, Any]:
    """The newest log entries and a per-site summary; ``log`` None: nothing is logged."""
    if log is None:
        return {"logging": False, "requests": [], "sites": {}}
    entries = log.entries(site=site, limit=max(1, min(limit, MAX_RECENT)))
    stats = log.stats()
    return {
        "logging": True,
        "requests": [
            {
                "time": entry.time,
                "site": entry.site,
                "decision": str(entry.decision),
                "entities": entry.entities,
                "actions": entry.actions,
                "stages": {name: round(ms, 1) for name, ms in entry.stages.items()},
                "risk": entry.risk,
            }
            for entry in entries
        ],
        "sites": stats["sites"],
        "decisions": stats["decisions"],
    }


def entity_chart(log: RedactionLog | None, span: str, now: float | None = None) -> dict[str, Any]:
    """Findings per entity type in fixed buckets (hours or days) ending with the current one.

    Buckets are aligned to whole UTC hours/days, so a chart reloaded later lines up."""
    width, count = RANGES[span]
    now = time.time() if now is None else now
    first = (int(now) // width - (count - 1)) * width
    buckets = [first + i * width for i in range(count)]
    series: dict[str, list[int]] = {}
    if log is not None:
        for when, entities in log.entity_counts(since=first):
            index = int((when - first) // width)
            if not 0 <= index < count:
                continue  # a clock that went backwards: not on this chart
            for label, found in entities.items():
                series.setdefault(label, [0] * count)[index] += found
    totals = Counter({label: sum(values) for label, values in series.items()})
    return {
        "range": span,
        "bucket_seconds": width,
        "buckets": buckets,
        "series": {label: series[label] for label, _ in totals.most_common()},
    }


def policies_status(policies: SitePolicies, models: Path | None = None) -> list[dict[str, Any]]:
    """Every site with its switch, hosts and slow stage settings and model files."""
    models = paths.models_dir() if models is None else models
    return [
        {
            "name": policy.name,
            "description": policy.description,
            "enabled": policy.enabled,
            "hosts": policy.hosts,
            "adapter": policy.adapter,
            "dry_run": policy.dry_run,
            "slow_stage": slow_stage_status(policy, models),
        }
        for policy in policies.all()
    ]


def slow_stage_status(policy: SitePolicy, models: Path) -> dict[str, Any]:
    settings = policy.slow_stage
    return {
        "enabled": settings.enabled,
        "time_budget_s": settings.time_budget_s,
        "max_rounds": settings.max_rounds,
        "use_arbitrator": settings.use_arbitrator,
        "models": [
            {"role": role, **model_status(name, models)}
            for role, name in (
                ("attacker", settings.attacker_model),
                ("anonymizer", settings.anonymizer_model),
            )
        ],
    }


def model_status(name: str, models: Path) -> dict[str, Any]:
    """Whether a configured model is on disk (a server is not contacted)."""
    from veil.local_models.load import model_presence

    found = model_presence(name, models)
    return {"name": name, "kind": found["kind"], "present": found["present"]}
