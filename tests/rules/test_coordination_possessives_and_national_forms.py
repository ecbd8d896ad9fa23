"""Forms of names, dates and numbers read by their grammar and their specifications: two
entries NER joined with a conjunction or a comparison are two names; a possessive ends a
name with an initial and is no work before a day's name; Russian and Ukrainian write "year
of birth" after a date; Mir cards open with 2200-2204; Egypt's national number holds its
bearer's birth date and governorate."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


@pytest.mark.parametrize(
    "text",
    [
        "We already pay for Datadog and Sentry if that matters for monitoring.",
        "Is Brian W. Kernighan's book on Go still worth reading?",
    ],
)
def test_public_names_joined_or_possessed_stay_public(analyzer, text):
    assert protected_labels(analyzer, text) == {}


def test_two_names_compared_are_two_names(analyzer):
    text = "is the staff rate at Holiday Inn Express vs Courtyard better?"
    found = protected_labels(analyzer, text)
    assert "Courtyard" not in found and not any(" vs " in value for value in found)


def test_an_entry_whole_is_not_split(analyzer):
    from veil.rules.recognizers.ner import Entity, _coordinated

    text = "We watched Kramer vs. Kramer again."
    start = text.index("Kramer")
    entity = Entity(start, start + len("Kramer vs. Kramer"), "WORK_OF_ART")
    assert _coordinated(text, entity) is None


def test_a_day_after_a_possessive_is_no_work(analyzer):
    text = "can I swap my Saturday late with Oonagh's Sunday early? She's agreed."
    assert protected_labels(analyzer, text).get("Oonagh") == "PERSON"


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Заявник: Остап Гребінь, 04.09.1991 р.н., проживає у Луцьку.", "04.09.1991"),
        ("Клиент Зорина Алла, 17.02.1979 г.р., просит перерасчёт.", "17.02.1979"),
        ("Сидоренко, 23.06.1984 года рождения, работает у нас.", "23.06.1984"),
    ],
)
def test_a_birth_said_after_the_date_in_russian_and_ukrainian(analyzer, text, date):
    assert protected_labels(analyzer, text).get(date) == "DATE_OF_BIRTH"


def test_a_date_that_is_no_birth_stays(analyzer):
    text = "Термін дії посвідки до 12.03.2030 р., потім продовжу."
    assert "12.03.2030" not in protected_labels(analyzer, text)


def test_a_mir_card_is_a_card(analyzer):
    # 2200 7004 1234 5679: Mir's range, Luhn-valid
    text = "Переведите на карту 2200 7004 1234 5679, пожалуйста."
    assert protected_labels(analyzer, text).get("2200 7004 1234 5679") == "CREDIT_CARD"


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ("29107120103571", True),  # born 12 July 1991 in Cairo
        ("30402148801234", True),  # born 14 February 2004 abroad
        ("29113450103571", False),  # month 13
        ("29107124103571", False),  # governorate 41: none
        ("49107120103571", False),  # century 4: none yet
    ],
)
def test_egypts_national_number_holds_a_birth_date_and_a_governorate(value, valid):
    from veil.rules.recognizers.national_ids.checks import eg_national_id

    assert eg_national_id(value) is valid


def test_egypts_national_number_is_found_after_its_name(analyzer):
    text = "محتاج أجدد البطاقة، الرقم القومي بتاعي 29107120103571 ومش عارف أبدأ منين"
    assert protected_labels(analyzer, text).get("29107120103571") == "ID_NUMBER"


@pytest.mark.parametrize(
    ("text", "workplace"),
    [
        # a famous employer, which is public as a topic ("Tesla" below)
        ("Mia sorella lavora come contabile per la Ferrero ad Alba.", "Ferrero"),
        ("Meine Schwester arbeitet bei Bosch, seit drei Jahren.", "Bosch"),
        # the subject said in the sentence before, the clause without one
        (
            "Piszę w imieniu mojego brata. Przez dwadzieścia lat był kierowcą w Transbudzie.",
            "Transbudzie",
        ),
    ],
)
def test_a_relatives_workplace_in_the_third_person(analyzer, text, workplace):
    assert protected_labels(analyzer, text).get(workplace) == "ORGANIZATION"


def test_a_public_figures_workplace_stays_a_topic(analyzer):
    text = "Mi padre vive en Sevilla. Elon Musk trabaja en Tesla, ¿verdad?"
    assert "Tesla" not in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # gig work, by the firm one does it for
        ("I ride for Deliveroo in Exeter and a customer says the food never came.", "Exeter"),
        ("I drive for Bolt in Tallinn, mostly nights.", "Tallinn"),
        # Romanian's first persons of living and working
        ("Locuiesc în Brașov și lucrez la un hotel mic.", "Brașov"),
    ],
)
def test_where_the_writer_works_by_the_verb_of_their_work(analyzer, text, place):
    assert protected_labels(analyzer, text).get(place) == "LOCATION"


@pytest.mark.parametrize(
    "text",
    [
        "I drive for two hours to Exeter every Friday.",  # a trip, not a job
        "Vreau să vizitez Brașov în vară.",  # a wish to visit
    ],
)
def test_a_trip_is_no_place_of_work(analyzer, text):
    assert protected_labels(analyzer, text) == {}


def test_a_name_with_a_release_number_is_software(analyzer):
    text = "After I moved the app to Ubuntu 22.04 the Gunicorn socket fails."
    assert "Ubuntu" not in protected_labels(analyzer, text)


def test_a_town_with_a_quantity_is_still_a_town(analyzer):
    text = "I live in Lagos 2.5 km from the lagoon, with my brother."
    assert protected_labels(analyzer, text).get("Lagos") == "LOCATION"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I run a tiny bakery in Whitstable called Crumb and Quill.", "Crumb and Quill"),
        ("She manages a small boutique called Maud's Attic, near the station.", "Maud's Attic"),
    ],
)
def test_a_business_called_so_after_its_kind(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "ORGANIZATION"


def test_a_work_called_so_stays_public(analyzer):
    text = "Is there a song called Yesterday by the Beatles?"
    assert "Yesterday" not in protected_labels(analyzer, text)
