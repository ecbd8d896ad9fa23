"""Residual re-identification risk of what a text still says about its writer (RAT-Bench).

From the quasi-identifiers left after the operators, estimate how many people fit them
all: the population of the most specific place disclosed (the world if none) times the
share of people with each other attribute (rules/data/population.toml, sources cited
there), attributes taken as independent. If λ other people fit, an attacker who picks
one of the k = 1 + X matching people (X ~ Poisson(λ)) is right with probability
κ = E[1/k] = (1 - e^-λ) / λ: 1 means the text points at one person, 0.001 a crowd of
a thousand. A decoy discloses nothing true, so it counts for nothing.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

import regex

from veil.rules import geography
from veil.rules.attributes import BY_NAME
from veil.rules.operators import Operation, QIOperator
from veil.rules.operators.generalizations import (
    degree_level,
    income_amount,
    income_band,
    occupation_group_of,
)


@dataclass(frozen=True, slots=True)
class Risk:
    kappa: float  # after the operators: what is sent
    kappa_before: float  # had everything been sent as written
    matching: float  # expected number of people who fit what is sent (1 + λ)
    matching_before: float
    attributes: tuple[str, ...]  # attributes that still say something true

    def as_dict(self) -> dict[str, object]:
        return {
            "kappa": round(self.kappa, 6),
            "kappa_before": round(self.kappa_before, 6),
            "matching": round(self.matching),
            "matching_before": round(self.matching_before),
            "attributes": list(self.attributes),
        }


NO_RISK = Risk(0.0, 0.0, float(geography.WORLD_POPULATION), float(geography.WORLD_POPULATION), ())


@cache
def _data() -> dict:
    text = resources.files("veil.rules.data").joinpath("population.toml").read_text("utf-8")
    return tomllib.loads(text)


def kappa(expected_others: float) -> float:
    """E[1/(1+X)] for X ~ Poisson(λ)."""
    if expected_others < 1e-9:
        return 1.0
    return -math.expm1(-expected_others) / expected_others


def estimate(operations: Iterable[Operation]) -> Risk:
    operations = list(operations)
    if not operations:
        return NO_RISK
    before = _combine((op, False) for op in operations)
    after = _combine((op, True) for op in operations)
    return Risk(kappa(after[0]), kappa(before[0]), 1 + after[0], 1 + before[0], after[1])


def _combine(items: Iterable[tuple[Operation, bool]]) -> tuple[float, tuple[str, ...]]:
    """λ (the expected number of other people who fit) and the attributes counted."""
    population = float(geography.WORLD_POPULATION)
    shares: dict[str, float] = {}
    for operation, applied in items:
        if applied and operation.operator is QIOperator.DECOY:
            continue
        text = operation.replacement if applied and operation.replacement is not None else None
        attribute = operation.disclosure.attribute
        if attribute == "location":
            people = _place_population(operation, text)
            if people is not None:
                population = min(population, float(people))
            continue
        share = _share(operation, text)
        if share is not None:
            shares[attribute] = min(shares.get(attribute, 1.0), share)
    expected = max(population - 1, 0.0) * math.prod(shares.values())
    counted = tuple(sorted(shares)) + (
        ("location",) if population < geography.WORLD_POPULATION else ()
    )
    return expected, counted


def _surface(operation: Operation) -> str:
    value = operation.disclosure.value
    return operation.surface if not isinstance(value, str) or not value else value


def _place_population(operation: Operation, generalized: str | None) -> int | None:
    if generalized is not None:
        return geography.population_of(generalized, area_first=True)
    disclosure = operation.disclosure
    name = disclosure.value if isinstance(disclosure.value, str) else operation.surface
    return geography.population_of(name) if name else None


def _share(operation: Operation, generalized: str | None) -> float | None:
    data = _data()
    disclosure = operation.disclosure
    attribute, value = disclosure.attribute, disclosure.value
    surface = generalized if generalized is not None else _surface(operation)
    known = BY_NAME.get(attribute)
    if known is None:
        return None
    if known.share_table is None:  # a place: the share of the world's people who live there
        people = geography.population_of(surface or "", area_first=generalized is not None)
        return people / geography.WORLD_POPULATION if people else None
    shares = data[known.share_table]
    if attribute == "age":
        years = value if isinstance(value, int) else None
        if years is None:
            return shares["60"] * 2 if disclosure.detail == "retired" else None
        band = shares.get(str(min(years // 10 * 10, 90)), 0.1)
        return band if generalized is not None else band / 10
    if attribute == "occupation":
        group = occupation_group_of(disclosure, _surface(operation))
        employed = data["occupation"]["employed"]
        share = employed * shares.get(group or "", 0.1)
        return (
            share
            if generalized is not None
            else share / data["occupation"]["unit_groups_per_major"]
        )
    if attribute == "employer":
        return shares["sector" if generalized is not None else "named"]
    if attribute == "education":
        if generalized is not None:
            tier = {"a postgraduate degree": shares["master"] + shares["doctorate"]}
            return tier.get(generalized, shares["tertiary"])
        share = shares.get(degree_level(surface or "") or "", shares["tertiary"])
        if disclosure.detail in {"institution", "school"}:
            return shares["tertiary"] / shares["institutions"]
        if regex.search(r"\b(?:in|of)\s+\w", surface or ""):
            share /= 20  # a field of study: one of about twenty broad fields
        return share
    if attribute == "family":
        folded = (surface or "").casefold()
        for status in ("married", "engaged", "divorced", "separated", "widowed", "single"):
            if status in folded:
                return shares[status]
        if regex.search(r"\d|one|two|three|four|five|six", folded):
            return shares["children_count"]
        if regex.search(r"kid|child|son|daughter|parent|mom|dad|mum|mother|father", folded):
            return shares["parent"]
        return shares["partner"]
    if attribute == "gender":
        return None if generalized is not None else shares["any"]
    if attribute == "income":
        amount = income_amount(_surface(operation) or "")
        if amount is None:
            return None
        band = income_band(amount)
        level = (
            "low"
            if band in {"under 25k", "25-50k"}
            else "middle"
            if band == "50-100k"
            else ("high" if band == "100-200k" else "very high")
        )
        share = shares[level]
        return share if generalized is not None else share / 5
    if attribute == "health":
        return shares["general" if generalized is not None else "condition"]
    if attribute == "religion":
        if generalized is not None:
            return shares["religious"]
        folded = (surface or "").casefold()
        return next((share for name, share in shares.items() if name[:4] in folded), 0.05)
    if attribute == "orientation":
        return shares["lgbtq"]
    if attribute == "ethnicity":
        return shares["group"]
    return None
