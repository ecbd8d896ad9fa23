"""rules.normalize: disguised identifiers are rewritten; the searches that skip a text
first find every text the patterns would rewrite."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.rules import normalize
from veil.rules.spans import Span


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("call me on 4 1 5 8 6 7 5 3 0 9 tonight", "4158675309"),
        ("my number is +44 7 5 3 1 2 3 4", "+447531234"),
        ("it's m i r a @ g m a i l . c o m ok", "mira@gmail.com"),
        ("IBAN N L 9 1 A B N A 0 4 1 7 1 6 4 3 0 0", "NL91ABNA0417164300"),
    ],
)
def test_characters_spaced_out_are_joined(text, joined):
    assert normalize._SPACED_INSIDE.search(text)
    assert joined in normalize.normalize(text).text


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("write to john dot smith at gmail dot com please", "john.smith@gmail.com"),
        ("mail: anna [at] example [dot] org", "anna@example.org"),
        ("me (at) mail (dot) co (dot) uk", "me@mail.co.uk"),
    ],
)
def test_disguised_addresses_are_rewritten(text, address):
    assert address in normalize.normalize(text).text


def test_prose_is_left_as_it_is():
    text = "I'm at home, a 3 bed flat at 12 Elm Street, and it is 5 pm."
    assert not normalize.normalize(text).changed


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("আমার নম্বর ০১৭১১-৪৮২৯৩৬, কল করবেন", "০১৭১১-৪৮২৯৩৬"),  # Bengali digits
        ("رقم هاتفي ٠٧٩١٢٣٤٥٦٧ شكرا", "٠٧٩١٢٣٤٥٦٧"),  # Arabic-Indic digits
        ("電話は０９０-１２３４-５６７８です", "０９０-１２３４-５６７８"),  # full-width digits
    ],
)
def test_a_phone_in_another_scripts_digits_is_found_where_it_was_typed(analyzer, text, number):
    found = {(text[s.start : s.end], s.label) for s in analyzer.analyze(text)}
    assert (number, "PHONE") in found


@given(st.text(alphabet="০১২৩৪৫৬৭৮৯٠١٢٣٤٥٦٧٨٩０１２３４５６７８９abc-", max_size=40))
def test_other_scripts_digits_map_back_one_to_one(text):
    # (no blanks: digits spaced out are joined, which changes the length on purpose)
    normalized = normalize.normalize(text)
    assert len(normalized.text) == len(text)
    assert all(
        c == o or (o.isdecimal() and c == str(unicodedata.decimal(o)))
        for c, o in zip(normalized.text, text, strict=True)
    )
    for index in range(len(text)):
        assert normalized.to_original(Span(index, index + 1, "X", 1.0, "t")).start == index
