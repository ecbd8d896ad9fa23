"""An address is one designation: the building's name before its street line, the unit
or house number before it, and the town after it join the street into one span; the
town after "of" (or "de", "von") a private person or firm is theirs. A name field after
a sentence on its line is a name; a body one speaks for is one's own; a famous person a
street is named for is no neighbour. A locality written after its abbreviated kind ("Col.",
"Brgy.") is part of the address; a name of record told of someone ("her married name was
X") is theirs; "me" before a relation is speech's "my"; "Jr." keeps its period; a mobile-money
till is an identifier."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # the town after the street line and a comma, whatever it was found as
        (
            "going to cousin Stanisław Wrona, 1146 W. 17th St, Chicago. What does LPC mean?",
            "1146 W. 17th St, Chicago",
        ),
        # a house's name before its number (NER reads it as a person)
        (
            "Owner: Ms Chloe Ashworth-Reid, Orchard Cottage, 2 Pound Lane, Long Crendon "
            "HP18 9AB, 07812 603118",
            "Orchard Cottage, 2 Pound Lane, Long Crendon HP18 9AB",
        ),
        (
            "Address in France: Résidence Ouest, 4 rue du Vercors, 38000 Grenoble",
            "Résidence Ouest, 4 rue du Vercors, 38000 Grenoble",
        ),
        # a plot or flat number before the street, and the estate's town after it
        (
            "my house at Plot 27, Kiambu Road, Runda was broken into",
            "Plot 27, Kiambu Road, Runda",
        ),
        # a house's bare number where an address opens
        (
            "Father: Subramaniam Iyer, lives with me at 17, 4th Cross, Malleswaram, "
            "Bengaluru 560003",
            "17, 4th Cross, Malleswaram, Bengaluru 560003",
        ),
    ],
)
def test_an_address_and_its_parts_are_one_span(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


def test_a_name_before_an_address_is_not_taken_into_it(analyzer):
    # a person's name is no building's: it keeps its own span and label
    found = protected_labels(analyzer, "Owner: Ms Chloe Ashworth-Reid, 2 Pound Lane, Thame")
    assert found.get("Ms Chloe Ashworth-Reid") == "PERSON"
    assert found.get("2 Pound Lane, Thame") == "STREET_ADDRESS"


def test_the_town_of_a_private_club_after_de_is_private(analyzer):
    text = (
        "Soy el secretario de la Peña La Saeta Rubia de Tomelloso y queremos organizar "
        "un viaje al Santiago Bernabéu."
    )
    found = protected_labels(analyzer, text)
    assert "Tomelloso" in found
    assert "Santiago Bernabéu" not in found


def test_the_town_of_a_public_institution_after_de_is_kept(analyzer):
    found = protected_labels(analyzer, "¿Cuándo se fundó la Universidad de Salamanca?")
    assert not any("Salamanca" in value for value in found)


def test_a_person_of_a_small_town_is_from_it(analyzer):
    text = "Her husband was Cyril Pargeter of Ledbury if that helps tell them apart."
    assert "Ledbury" in protected_labels(analyzer, text)


def test_an_office_of_a_small_town_is_no_ones_home(analyzer):
    assert "Ledbury" not in protected_labels(analyzer, "The Lord Mayor of Ledbury opened it.")


def test_a_name_field_after_a_sentence_on_its_line_is_a_name(analyzer):
    text = (
        "Wij vragen om een klankbordgroep. Contact: Marloes Tuinstra, 06-41937285, "
        "Populierenlaan 23."
    )
    assert protected_labels(analyzer, text).get("Marloes Tuinstra") == "PERSON"


def test_a_body_spoken_for_is_the_writers(analyzer):
    text = "Ik spreek namens Buurtvereniging De Klaproos over de opvanglocatie."
    assert "Buurtvereniging De Klaproos" in protected_labels(analyzer, text)


def test_a_famous_person_a_street_is_named_for_is_no_neighbour(analyzer):
    text = (
        "We live at 48 Mandela Crescent (yes, named after Nelson Mandela) and the drain "
        "has backed up again."
    )
    found = protected_labels(analyzer, text)
    assert "48 Mandela Crescent" in found
    assert "Nelson Mandela" not in found


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # the kind of locality written abbreviated before its name: a colonia, a barangay
        (
            "Mi dirección: Calle Fresno 214, Int. 3, Col. Santa María la Ribera, CDMX. Gracias",
            "Calle Fresno 214, Int. 3, Col. Santa María la Ribera, CDMX",
        ),
        (
            "send to 42 Mabini St, Brgy. Kamputhaw, Cebu City 6000 please",
            "42 Mabini St, Brgy. Kamputhaw, Cebu City 6000",
        ),
    ],
)
def test_a_locality_after_its_kind_is_part_of_the_address(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


def test_a_name_of_record_told_of_someone_is_theirs(analyzer):
    text = "Aunt Flo kept an album. Her married name was Tuttle and she lived in Ontario."
    assert "Tuttle" in protected_labels(analyzer, text)


def test_me_before_a_relation_is_my_in_speech(analyzer):
    text = "me da's cousin Mossie Twomey swears we're related to someone famous"
    assert "Mossie Twomey" in protected_labels(analyzer, text)


def test_a_generational_suffix_keeps_its_period(analyzer):
    text = "For context: my great-grandfather was Lonnie Ray Pruitt Jr., and he farmed."
    assert "Lonnie Ray Pruitt Jr." in protected_labels(analyzer, text)


def test_a_mobile_money_till_is_an_identifier(analyzer):
    text = "Agreed each member sends 2,000 monthly through M-Pesa to our till 8847201"
    assert protected_labels(analyzer, text).get("8847201") == "ID_NUMBER"


def test_open_till_a_time_is_no_identifier(analyzer):
    assert protected_labels(analyzer, "we stay open till 10 tonight") == {}
