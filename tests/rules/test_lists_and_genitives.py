"""Names by the shape of what holds them: an item of a list or a rota (a note in brackets,
a partner joined by "&"), the town after a protected name and "in" (an abbreviation's
full stop is no sentence's end), and the institutions of scripts without capitals,
whose town stands before them with a genitive."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Rota for Dad this week. Mon + Wed: Anjali (07700 900461) – meds and a shower.", "Anjali"),
        ("School fair helpers so far: Tariq (cake stall), Bronwen & Cerys (raffle).", "Tariq"),
        ("Tue + Thu: Dominic (my brother) – lunch and a walk", "Dominic"),
    ],
)
def test_a_first_name_as_an_item_of_a_list_is_someones(analyzer, text, name):
    assert name in protected(analyzer, text)


def test_a_place_with_its_country_in_brackets_stays(analyzer):
    assert "Paris" not in protected(
        analyzer, "Paris (France) is lovely in spring, what should I see?"
    )


def test_the_town_after_a_firm_with_an_abbreviation_is_the_firms(analyzer):
    text = "Applying for a driver job at Lumbreras Hnos. in Apodaca, any tips?"
    assert "Apodaca" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("मेरी माँ का इलाज कानपुर के आरोग्य नर्सिंग होम में चल रहा है।", "आरोग्य नर्सिंग होम"),
        ("Бабушка наблюдается в поликлинике № 12, терапевт хороший.", "поликлинике № 12"),
        ("동생 결혼식이 다음 달에 하늘웨딩홀에서 있어요.", "하늘웨딩홀"),
    ],
)
def test_institutions_by_their_kind_in_scripts_without_capitals(analyzer, text, institution):
    assert institution in protected(analyzer, text)


def test_a_hindi_town_before_an_institution_is_its_town_and_no_part_of_its_name(analyzer):
    found = protected(analyzer, "पिछले महीने लखनऊ के आरोग्य अस्पताल में भीड़ थी।")
    assert found == {"लखनऊ", "आरोग्य अस्पताल"}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Io e Chiara festeggiamo le nozze d'argento: una canzone per il primo ballo?", "Chiara"),
        ("Yo y Lucía nos casamos en junio, ¿qué canción nos recomiendas?", "Lucía"),
    ],
)
def test_the_writer_and_a_name_in_other_languages_is_someone_they_know(analyzer, text, name):
    assert name in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "club"),
    [
        (
            "Soy el secretario de la Peña Los Almendros y queremos organizar una cena.",
            "Peña Los Almendros",
        ),
        (
            "Sono il presidente del Circolo Bocciofilo Arcore, mi aiuti con la lettera?",
            "Circolo Bocciofilo Arcore",
        ),
    ],
)
def test_an_office_held_in_a_club_in_other_languages_ties_it(analyzer, text, club):
    assert club in protected(analyzer, text)


def test_a_fan_holds_no_office(analyzer):
    assert protected(analyzer, "Soy el mayor fan del Real Madrid, ¿cuándo juega?") == set()


def test_a_korean_district_where_a_relative_is_seen_is_theirs(analyzer):
    text = "아빠(박영수, 70세)가 서초동에 있는 바른정형외과에서 무릎 수술을 받았어요."
    assert "서초동" in protected(analyzer, text)


def test_a_korean_word_of_a_district_ending_is_no_district(analyzer):
    assert protected(analyzer, "이 지역에 있는 맛집 추천해줘.") == set()


@pytest.mark.parametrize(
    ("text", "famous"),
    [
        (
            "Help me finish my grandad's obituary. He once shook hands with Walter Reuther "
            "and never stopped telling the story.",
            "Walter Reuther",
        ),
        (
            "Je suis prof de CM2. Pour la Journée nationale de la Résistance, on lit L'Armée "
            "des ombres de Joseph Kessel.",
            "Joseph Kessel",
        ),
    ],
)
def test_an_entry_in_a_sentence_of_no_one_of_the_writers_is_the_famous_one(analyzer, text, famous):
    assert famous not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "private"),
    [
        (
            "Help me prep questions for my mum's appointment. She's Margaret Doyle, 67.",
            "Margaret Doyle",
        ),
        (
            "I was charged twice for a hotel. Help me write a chargeback to my card issuer, "
            "card 4549 1210 3503 4465. Cardholder Michael Osei.",
            "Michael Osei",
        ),
    ],
)
def test_an_entry_the_sentence_introduces_stays_private(analyzer, text, private):
    assert any(private in value for value in protected(analyzer, text))


def test_colleagues_named_again_and_again_in_minutes_stay_private(analyzer):
    # (one of them shares a name with an encyclopedia entry; none is named in passing)
    from bench.large_inputs.texts import NAMES, large_text

    text = large_text(20_000, "prose")
    found = [text[s.start : s.end] for s in analyzer.analyze(text)]
    for name in NAMES:
        assert found.count(name) == text.count(name), name
