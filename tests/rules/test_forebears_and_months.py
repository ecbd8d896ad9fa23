"""A birth date older than anyone alive is a historical figure's, unless it is the
writer's forebear's: then, with the name, it finds the family's tree. Month names of the
languages whose birth words are read (Indonesian, Turkish, Tagalog, Swahili) make dates.
A record's birthplace after the birth date is the holder's; a day and its month open no
address."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


@pytest.mark.parametrize(
    ("text", "date"),
    [
        (
            "I finally got my great-grandpa's SS-5 from the SSA. It says: Elmer Dewey "
            "Caudill, born June 2, 1899, Hazard, Kentucky; SSN 412-08-3371.",
            "June 2, 1899",
        ),
        (
            "Il mio bisnonno Vincenzo Lo Iacono, nato a Sambuca il 9 febbraio 1894, partì "
            "da Napoli nel 1913.",
            "9 febbraio 1894",
        ),
    ],
)
def test_a_forebears_birth_date_is_protected(analyzer, text, date):
    assert protected_labels(analyzer, text).get(date) == "DATE_OF_BIRTH"


def test_a_historical_figures_birth_date_is_not(analyzer):
    text = "Albert Einstein was born on 14 March 1879 in Ulm. Why Ulm?"
    assert "14 March 1879" not in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Nama saya Dewi, lahir 17 Agustus 2001 di Bandung.", "17 Agustus 2001"),
        ("Doğum tarihi: 3 Mart 1990, İzmir", "3 Mart 1990"),
        ("Ipinanganak ako noong 5 Hunyo 1995 sa Cebu.", "5 Hunyo 1995"),
    ],
)
def test_month_names_of_other_languages_make_birth_dates(analyzer, text, date):
    assert protected_labels(analyzer, text).get(date) == "DATE_OF_BIRTH"


def test_a_records_birthplace_after_the_birth_date_is_theirs(analyzer):
    text = "Name: Joe Bloggs, DOB 03/04/1990, Leeds. Please check the form."
    assert "Leeds" in protected_labels(analyzer, text)


def test_a_day_and_its_month_open_no_address(analyzer):
    found = protected_labels(analyzer, "Albert Einstein, born 14 March 1879, Ulm, Germany")
    assert "STREET_ADDRESS" not in found.values()
