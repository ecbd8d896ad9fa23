"""The closed-class words of spaCy's 75 languages: the same words as spaCy's lists, kept
in a trie that takes a fraction of a Python set's memory (they stay loaded for good)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from veil.rules import locatives


def _spacy_list(language: str) -> set[str]:
    import spacy

    file = Path(spacy.__file__).parent / "lang" / language / "stop_words.py"
    namespace: dict = {}
    exec(compile(file.read_text(encoding="utf-8"), str(file), "exec"), namespace)
    return {word.casefold() for word in namespace["STOP_WORDS"]}


def test_one_language_is_its_spacy_list() -> None:
    for language in ("de", "fr", "pl", "fi"):
        words = locatives.stop_words(language)
        assert set(words) == _spacy_list(language)
        assert len(words) == len(_spacy_list(language))
    assert "und" in locatives.stop_words("de") and "Berlin" not in locatives.stop_words("de")
    assert not locatives.stop_words("xx-none")  # no list: empty


def test_any_language_and_less_english() -> None:
    everything = locatives.stop_words_of_any_language()
    assert {"und", "którego", "the", "och", "dan"} <= set(everything)
    assert "paris" not in everything and 5 not in everything
    abroad = everything - locatives.english_closed_words()
    assert "und" in abroad and "the" not in abroad and "which" not in abroad
    assert len(abroad) == len(set(everything) - locatives.english_closed_words())
    assert set(abroad) == set(everything) - locatives.english_closed_words()


_LOADED = """
import gc, sys, tracemalloc
from veil.rules import locatives
locatives.english_closed_words()
gc.collect()
tracemalloc.start()
everything = locatives.stop_words_of_any_language()
abroad = everything - locatives.english_closed_words()
gc.collect()
print(tracemalloc.get_traced_memory()[0] + sys.getsizeof(everything) + sys.getsizeof(abroad))
"""


def test_the_words_of_every_language_take_little_memory() -> None:
    """As frozensets, every language's list, their union and the union less English's took
    about 6 MB; in a trie (its own memory counted: C++'s, which tracemalloc misses),
    a few hundred KB."""
    out = subprocess.run(
        [sys.executable, "-c", _LOADED], capture_output=True, text=True, check=True
    ).stdout
    assert int(out) < 1_000_000
