"""The optional GLiNER recognizer, run on a tiny random model built offline (tests/tiny_gliner.py).

The model's weights are random, so what it finds is arbitrary: these tests check the shape
of the output, the threshold, the error for a missing model, the registry entry, and that
loading never touches the network.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import socket
from pathlib import Path

import pytest

from tests.tiny_gliner import BACKBONE_SUBDIR, build_tiny_gliner
from veil.rules.recognizers import gliner as gliner_recognizer
from veil.rules.recognizers.gliner import (
    DEFAULT_ENTITY_PROMPTS,
    GlinerRecognizer,
    GlinerUnavailableError,
)
from veil.rules.registry import Recognizer, create, registered_names
from veil.rules.spans import Span

# Skipped without the extra; found by its spec, not imported: torch takes seconds to import,
# and every test session collects this module.
pytestmark = [
    pytest.mark.gliner,
    pytest.mark.skipif(importlib.util.find_spec("gliner") is None, reason="gliner not installed"),
]

TEXTS = [
    "My name is Jane Doe and I live at 42 Elm Street, London.",
    "Zoë Müller wohnt in der Hauptstraße 5, 10115 Berlin; née le 3 mars 1985 à Paris.",
    "東京 is far from 42 rue de la Paix",
    "x",
]


@pytest.fixture(scope="session")
def tiny_model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_gliner(tmp_path_factory.mktemp("tiny_gliner"))


@pytest.fixture(autouse=True)
def _fresh_model_cache():
    """Loaded models are cached per directory; start and end every test without them."""
    gliner_recognizer._load_model.cache_clear()
    yield
    gliner_recognizer._load_model.cache_clear()


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Hub offline mode on, and any socket connection fails (and is recorded)."""
    import huggingface_hub.constants

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    # huggingface_hub reads HF_HUB_OFFLINE once, at import; set the value it actually uses.
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    attempts: list[object] = []

    def refuse(self: socket.socket, address: object) -> None:
        attempts.append(address)
        raise OSError(f"test blocked a network connection to {address!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    return attempts


def _check_spans(spans: list[Span], text: str, recognizer: GlinerRecognizer) -> None:
    for span in spans:
        assert isinstance(span, Span)
        assert 0 <= span.start < span.end <= len(text)
        assert span.label in recognizer.labels
        assert span.source == "gliner.v1"
        assert 0.0 <= span.score <= 1.0


def test_tiny_model_is_local_and_self_contained(tiny_model_dir: Path) -> None:
    config = json.loads((tiny_model_dir / "gliner_config.json").read_text())
    # The backbone is named by an absolute local path, never a hub id ...
    backbone = Path(config["model_name"])
    assert backbone.is_absolute()
    assert backbone == tiny_model_dir / BACKBONE_SUBDIR
    assert (backbone / "config.json").is_file()
    # ... and is not needed to load: its config is embedded and the tokenizer saved alongside.
    assert config["encoder_config"]["model_type"] == "bert"
    assert (tiny_model_dir / "tokenizer.json").is_file()
    assert (tiny_model_dir / "tokenizer_config.json").is_file()


@pytest.mark.parametrize("text", TEXTS)
def test_find_returns_well_formed_spans(tiny_model_dir: Path, text: str) -> None:
    recognizer = GlinerRecognizer(tiny_model_dir, threshold=0.0)
    spans = recognizer.find(text)
    # Every score of a sigmoid is above 0, so threshold 0 keeps at least one span.
    assert spans
    _check_spans(spans, text, recognizer)


def test_custom_prompts_map_to_their_labels(tiny_model_dir: Path) -> None:
    recognizer = GlinerRecognizer(
        tiny_model_dir, entity_prompts={"person": "PERSON", "city": "LOCATION"}, threshold=0.0
    )
    assert recognizer.labels == ("PERSON", "LOCATION")
    text = TEXTS[0]
    spans = recognizer.find(text)
    assert spans
    _check_spans(spans, text, recognizer)


def test_default_labels_come_from_default_prompts(tiny_model_dir: Path) -> None:
    recognizer = GlinerRecognizer(tiny_model_dir)
    assert set(recognizer.labels) == set(DEFAULT_ENTITY_PROMPTS.values())
    assert recognizer.threshold == 0.5


def test_threshold_one_finds_nothing(tiny_model_dir: Path) -> None:
    recognizer = GlinerRecognizer(tiny_model_dir, threshold=1.0)
    for text in TEXTS:
        assert recognizer.find(text) == []


def test_empty_text_finds_nothing(tiny_model_dir: Path) -> None:
    assert GlinerRecognizer(tiny_model_dir, threshold=0.0).find("") == []


def test_tiny_model_is_deterministic(tiny_model_dir: Path, tmp_path: Path) -> None:
    again = build_tiny_gliner(tmp_path / "again")
    text = TEXTS[0]
    first = GlinerRecognizer(tiny_model_dir, threshold=0.0).find(text)
    second = GlinerRecognizer(again, threshold=0.0).find(text)
    assert first == second


@pytest.mark.parametrize("subdir", ["empty", "does-not-exist"])
def test_missing_model_raises_with_the_fix(tmp_path: Path, subdir: str) -> None:
    directory = tmp_path / subdir
    if subdir == "empty":
        directory.mkdir()
    recognizer = GlinerRecognizer(directory)
    for attempt in (recognizer.load, lambda: recognizer.find("Jane Doe")):
        with pytest.raises(GlinerUnavailableError) as error:
            attempt()
        message = str(error.value)
        assert str(directory) in message
        assert "veil models pull" in message


def test_created_through_the_registry(tiny_model_dir: Path) -> None:
    assert "gliner.v1" in registered_names()
    recognizer = create("gliner.v1", model_dir=tiny_model_dir, threshold=0.0)
    assert isinstance(recognizer, GlinerRecognizer)
    assert isinstance(recognizer, Recognizer)
    assert recognizer.name == "gliner.v1"
    assert recognizer.model_dir == str(tiny_model_dir)
    text = TEXTS[0]
    spans = recognizer.find(text)
    assert spans
    _check_spans(spans, text, recognizer)


def test_loads_offline_from_another_working_directory(
    tiny_model_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    no_network: list[object],
) -> None:
    monkeypatch.chdir(tmp_path)
    recognizer = GlinerRecognizer(tiny_model_dir, threshold=0.0)
    recognizer.load()
    assert recognizer.find(TEXTS[0])
    assert no_network == []


def test_relocated_model_loads_offline_without_its_backbone(
    tiny_model_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    no_network: list[object],
) -> None:
    """Like a pulled model: the backbone is named by a hub id and is not on disk."""
    moved = tmp_path / "moved"
    shutil.copytree(tiny_model_dir, moved, ignore=shutil.ignore_patterns(BACKBONE_SUBDIR))
    config_file = moved / "gliner_config.json"
    config = json.loads(config_file.read_text())
    config["model_name"] = "veil-tests/no-such-backbone"
    config_file.write_text(json.dumps(config))
    monkeypatch.chdir(tmp_path)

    recognizer = GlinerRecognizer(moved, threshold=0.0)
    recognizer.load()
    text = TEXTS[1]
    spans = recognizer.find(text)
    assert spans
    _check_spans(spans, text, recognizer)
    assert no_network == []
