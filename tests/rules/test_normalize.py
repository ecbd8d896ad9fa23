"""rules.normalize: disguised identifiers are rewritten; the searches that skip a text
first find every text the patterns would rewrite."""

from __future__ import annotations

import pytest

from veil.rules import normalize


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
