"""Identifiers by their rules: an order's, a parcel's or an invoice's number after its
word in any language, with only the word for number between (not what the order cost);
a flat's number said on its own (not a flat rate); a question's auxiliary that NER read
into a firm's name."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("My order 204-5512893-7731046 never arrived, what now?", "204-5512893-7731046"),
        ("我在网上买的冰箱坏了，订单号是 778102934455，怎么退货？", "778102934455"),
        ("मैंने एक फ़ोन मंगवाया था। ऑर्डर आईडी OD771203948812345600 है।", "OD771203948812345600"),
        ("The courier lost it. Tracking number: JD0002219384756.", "JD0002219384756"),
    ],
)
def test_an_orders_number_after_its_word_is_an_identifier(analyzer, text, number):
    assert number in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "The order total came to 24,321.16 yen last week.",
        "In what order should I read the Dune books?",
        "Order 66 was executed in Revenge of the Sith.",
    ],
)
def test_what_an_order_cost_or_an_order_of_things_is_no_identifier(analyzer, text):
    assert protected(analyzer, text) == set()


@pytest.mark.parametrize(
    ("text", "flat"),
    [
        ("The guy in flat 5B keeps parking in my space, how do I raise it?", "flat 5B"),
        # (with its building's name: one address)
        (
            "I'm in flat 12, Harcourt House, and the lift is broken again.",
            "flat 12, Harcourt House",
        ),
    ],
)
def test_a_flats_number_on_its_own_is_an_address(analyzer, text, flat):
    assert flat in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    ["Is a flat 3% fee normal for a letting agent?", "Prices stayed flat 10 years running."],
)
def test_a_flat_rate_is_no_address(analyzer, text):
    assert protected(analyzer, text) == set()


def test_a_questions_auxiliary_is_no_part_of_a_firms_name(analyzer):
    text = (
        "The money left my Nationwide account for sort code 20-45-77, account 61839204. "
        "Will Nationwide have to refund me under the fraud rules?"
    )
    assert not any(value.startswith("Will") for value in protected(analyzer, text))


def test_a_sikh_name_in_gurmukhi_is_a_persons(analyzer):
    found = protected(analyzer, "ਲੰਗਰ ਦੀ ਸੇਵਾ ਇਸ ਹਫ਼ਤੇ ਗੁਰਪ੍ਰੀਤ ਕੌਰ ਅਤੇ ਜਸਵੀਰ ਸਿੰਘ ਕਰਨਗੇ।")
    assert found == {"ਗੁਰਪ੍ਰੀਤ ਕੌਰ", "ਜਸਵੀਰ ਸਿੰਘ"}


def test_a_guru_is_no_one_the_writer_knows(analyzer):
    assert protected(analyzer, "ਗੁਰੂ ਗੋਬਿੰਦ ਸਿੰਘ ਜੀ ਦਾ ਜਨਮ ਕਦੋਂ ਹੋਇਆ?") == set()


def test_a_romance_verb_and_its_preposition_are_no_part_of_a_name(analyzer):
    text = (
        "¿Puedo pedir la hoja de reclamaciones en la tienda? Hablo de El Corte Inglés, por "
        "una cafetera que llegó rota."
    )
    assert not any(value.startswith("Hablo") for value in protected(analyzer, text))
