import os
from pathlib import Path

import pytest

from veil.rules.analyzer import Analyzer

# memory_keyring / no_keyring fixtures for the vault and log tests; a real PostgreSQL server
TESTS = Path(__file__).resolve().parent
# The folders whose tests start processes, servers or builds; the rest are unit tests
# unless marked slow (`make unit` runs `-m unit`, CI runs everything).
NOT_UNIT = ("e2e", "bench", "install")
SLOW_MARKERS = ("slow", "real_model", "gliner")

pytest_plugins = ["tests.memory_keyring", "tests.postgres_server"]


@pytest.fixture(scope="session")
def analyzer() -> Analyzer:
    """The default fast stage (spaCy loads once per test session)."""
    return Analyzer.from_names()


def found(analyzer: Analyzer, text: str) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in analyzer.analyze(text)]


def protected(analyzer: Analyzer, text: str) -> set[str]:
    """The values the fast stage replaces in ``text``."""
    return {text[s.start : s.end] for s in analyzer.analyze(text)}


def protected_labels(analyzer: Analyzer, text: str) -> dict[str, str]:
    """The values the fast stage replaces in ``text``, with their labels."""
    return {text[s.start : s.end]: s.label for s in analyzer.analyze(text)}


@pytest.fixture(scope="session")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random-weight llama GGUF with a ChatML template (built once per session)."""
    from tests.tiny_gguf import build_tiny_gguf

    return build_tiny_gguf(tmp_path_factory.mktemp("tiny-gguf") / "tiny.gguf")


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go: test-artifacts/, or $VEIL_TEST_ARTIFACTS."""
    directory = Path(os.environ.get("VEIL_TEST_ARTIFACTS", "test-artifacts"))
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.resolve().relative_to(TESTS).parts[0]
        if folder in NOT_UNIT:
            item.add_marker(folder)
        elif not any(next(item.iter_markers(name), None) for name in SLOW_MARKERS):
            item.add_marker("unit")
