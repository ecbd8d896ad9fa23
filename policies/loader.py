"""Shipped site policies: ``default.yaml`` under each site's own file, field by field."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from pydantic import ValidationError

from veil.policies.schema import SitePolicy
from veil.policies.yaml_source import PolicyError, YamlSource, parse_yaml

__all__ = ["PolicyError", "load_site_policy", "merge", "parse_policy_yaml", "site_names"]


def parse_policy_yaml(text: str, where: str) -> dict[str, Any]:
    """A policy file's mapping; errors name the file and the line."""
    return parse_yaml(text, where).data


def validate_over(base: dict[str, Any], source: YamlSource, name: str) -> SitePolicy:
    """``source``'s fields laid over ``base``; errors point into ``source``'s file."""
    try:
        return SitePolicy.model_validate(merge(base, {**source.data, "name": name}))
    except ValidationError as error:
        raise source.errors(error, SitePolicy) from None


def _read(name: str) -> dict[str, Any]:
    source = resources.files("veil.policies.defaults").joinpath(f"{name}.yaml")
    return parse_policy_yaml(source.read_text("utf-8"), f"policies/defaults/{name}.yaml")


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Override wins per field; nested mappings (actions, thresholds) merge per key."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


def site_names() -> list[str]:
    files = resources.files("veil.policies.defaults").iterdir()
    names = (f.name.removesuffix(".yaml") for f in files if f.name.endswith(".yaml"))
    return sorted(n for n in names if n != "default")


@cache
def load_site_policy(name: str = "default") -> SitePolicy:
    known = site_names()
    if name != "default" and name not in known:
        raise PolicyError([f"unknown site {name!r}; known: {', '.join(known)}"])
    data = _read("default")
    if name != "default":
        data = merge(data, _read(name))
    try:
        return SitePolicy.model_validate(data)
    except ValidationError as error:
        raise PolicyError([f"policy {name!r}: {error}"]) from None
