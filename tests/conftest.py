import pytest

from veil.rules.analyzer import Analyzer


@pytest.fixture(scope="session")
def analyzer() -> Analyzer:
    """The default fast stage (spaCy loads once per test session)."""
    return Analyzer.from_names()


def found(analyzer: Analyzer, text: str) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in analyzer.analyze(text)]
