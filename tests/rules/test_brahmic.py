"""Reading the scripts of India aloud: one table for the nine blocks, the inherent vowel
and where Hindi drops it, and a key that two spellings of one name share."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.rules import brahmic

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("word", "latin"),
    [
        ("कमल", "kamal"),  # the last consonant's "a" is not said
        ("सुनील", "suniil"),
        ("प्रिया", "priyaa"),  # a virama joins two consonants
        ("ਗੁਰਪ੍ਰੀਤ", "gurpriit"),  # Gurmukhi, the same offsets
        ("ਢਿੱਲੋਂ", "dhillon"),  # addak doubles, tippi and bindi nasalise
        ("মিতা", "mitaa"),  # Bengali
        ("கமலா", "kamalaa"),  # Tamil
    ],
)
def test_words_read_aloud(word, latin):
    assert brahmic.romanize(word) == latin


def test_a_medial_vowel_hindi_does_not_say():
    # ka-ma-la: the "a" between a vowelled consonant and a vowelled one is dropped
    assert brahmic.romanize("कमला") == "kamlaa"


@pytest.mark.parametrize(
    ("latin", "script"),
    [("Meenakshi", "मीनाक्षी"), ("Sunita", "सुनीता"), ("Rajinder", "ਰਾਜਿੰਦਰ")],
)
def test_one_key_for_two_spellings(latin, script):
    assert brahmic.key(latin) == brahmic.key(brahmic.romanize(script))


def test_listed_needs_three_letters():
    assert not brahmic.listed("का", frozenset({"Ka"}))
    assert brahmic.listed("सुनीता", frozenset({"Sunita"}))


@given(st.text(alphabet=st.characters(min_codepoint=0x0900, max_codepoint=0x0D7F)))
def test_any_text_of_the_blocks_reads_as_ascii(text):
    assert brahmic.romanize(text).isascii()


def test_is_brahmic_only_for_those_scripts():
    assert brahmic.is_brahmic("गुप्ता") and not brahmic.is_brahmic("Gupta")
    assert not brahmic.is_brahmic("")
