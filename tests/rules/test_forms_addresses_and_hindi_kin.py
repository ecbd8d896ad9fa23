"""A code that opens like an IBAN but has no IBAN's structure is a reference of its own;
"number" abbreviated before its noun ("N.º de contrato") names a value; the thoroughfare
words of British addresses ("2 Linhay Cottages"); the writer's and others' kin in Hindi,
with "little" or "big" before a sibling."""

from __future__ import annotations

import pytest

from tests.conftest import protected
from veil.rules.recognizers.government import _iban_shaped


@pytest.mark.parametrize(
    ("value", "shaped"),
    [
        ("ES9121000418450200051332", True),  # valid
        ("ES9921000418450200051332", True),  # its check digits wrong: still an IBAN's shape
        ("GB00BUKB20201555555555", True),
        ("ES0021000012345678XY", False),  # Spain's BBAN is 20 digits: a supply point code
        ("DE12ABCD5678", False),  # too short for Germany's
        ("XX12345678901234", False),  # no such country in the registry
    ],
)
def test_an_iban_shape_is_its_countrys_structure(value, shaped):
    assert _iban_shaped(value) is shaped


def test_a_supply_point_code_on_a_bill_is_protected(analyzer):
    text = (
        "Titular: Lucía Ferrández Soler\nCUPS: ES0021000012345678XY\n"
        "N.º de contrato: 120045763\nPotencia contratada: 4,6 kW"
    )
    assert {"ES0021000012345678XY", "120045763"} <= protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("El nº de cliente es 88213409, no sé qué más hace falta.", "88213409"),
        ("Mi núm. de póliza: PL-4471-0093, ¿qué cubre?", "PL-4471-0093"),
    ],
)
def test_number_abbreviated_before_its_noun_names_a_value(analyzer, text, value):
    assert value in protected(analyzer, text)


def test_a_degree_sign_and_a_floor_are_no_number_word(analyzer):
    assert protected(analyzer, "Hace 20° en Madrid y el piso 3º tiene sol.") == set()


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("we're selling 2 Linhay Cottages, Yelverton next month", "2 Linhay Cottages"),
        ("We moved into 14 Rowan Chase last spring.", "14 Rowan Chase"),
        ("Post it to 7 Albany Villas, please.", "7 Albany Villas"),
    ],
)
def test_british_thoroughfare_words_close_a_street(analyzer, text, address):
    assert any(address in found for found in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("मेरा छोटा भाई रोहन मेहता जयपुर से है।", "रोहन"),
        ("उनका ठेकेदार राजू बोल रहा था कि काम लंबा चलेगा", "राजू"),
        ("मेरी बड़ी बहन सीमा अगले हफ्ते आ रही है", "सीमा"),
    ],
)
def test_hindi_kin_and_hired_people_name_someone(analyzer, text, name):
    assert any(name in found for found in protected(analyzer, text))


def test_a_particle_after_hindi_kin_is_no_name(analyzer):
    assert protected(analyzer, "मेरी बेटी का एडमिशन कब होगा?") == set()


@pytest.mark.parametrize(
    ("text", "firm"),
    [
        ("Ege Yapı Market'teki işimden ayrılmak istiyorum, müdürüm sert.", "Ege Yapı"),
        ("Demir Lojistik'te çalışıyorum ama maaş düşük.", "Demir Lojistik"),
    ],
)
def test_a_turkish_workplace_by_its_case_ending_and_my_job(analyzer, text, firm):
    assert any(firm in found for found in protected(analyzer, text))


def test_a_question_about_who_works_at_a_turkish_firm_names_no_workplace(analyzer):
    assert protected(analyzer, "Koç Holding'de kimler çalışıyor?") == set()


def test_a_latin_name_loses_the_particles_of_another_script_around_it(analyzer):
    text = "मेरी छोटी बहन कविता कनाडा जा रही है। Air India की टिकट सस्ती है या Emirates की?"
    found = protected(analyzer, text)
    assert "कविता" in found
    assert not any("Emirates" in value or "Air India" in value for value in found)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("Acabo de aceptar una oferta de Mercadona como encargado de tienda.", "Mercadona"),
        ("J'ai accepté l'offre de Capgemini hier, et je dois démissionner.", "Capgemini"),
    ],
)
def test_a_job_offer_accepted_names_the_employer_to_be(analyzer, text, employer):
    assert any(employer in found for found in protected(analyzer, text))


def test_a_shops_offer_is_a_sale_not_a_job(analyzer):
    assert protected(analyzer, "Hay una oferta de Mercadona en aceite esta semana.") == set()


@pytest.mark.parametrize(
    ("text", "firm"),
    [
        (
            "Нашёл сантехника, фирма называется «Менделеев-Сервис», и он взял 18 тысяч.",
            "«Менделеев-Сервис»",
        ),
        (
            "Mi primo trabaja en una empresa que se llama «Hermanos Ruiz» en Jaén.",
            "«Hermanos Ruiz»",
        ),
    ],
)
def test_a_firm_called_by_its_quoted_name_is_the_name_alone(analyzer, text, firm):
    assert firm in protected(analyzer, text)
