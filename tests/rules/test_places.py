"""Towns where a language's grammar puts a place (places.v1), and whose they are: in
another language's clause, after a pronoun for the writer's people, after a firm in a CV."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import protected
from veil.rules import locatives
from veil.rules.labels import LOCATION, ORGANIZATION, PERSON
from veil.rules.merge import resolve_overlaps
from veil.rules.recognizers.places import NAMED_STREET, PlaceRecognizer
from veil.rules.spans import Span


def towns(text: str) -> list[str]:
    return [text[s.start : s.end] for s in PlaceRecognizer().find(text)]


def covered(analyzer, text: str, value: str) -> bool:
    """Every character of ``value`` is inside a protected span (NER may take more)."""
    start = text.index(value)
    spans = analyzer.analyze(text)
    return all(any(s.start <= i < s.end for s in spans) for i in range(start, start + len(value)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Babcia mieszka w Lublinie od zawsze", ["Lublinie"]),  # locative case undone
        ("Брат живёт в Казани", ["Казани"]),
        ("vivimos en Zapopan desde 2019", ["Zapopan"]),
        ("我爸爸在杭州工作", ["杭州"]),  # after a Chinese coverb
        ("부산에서 일해요", ["부산"]),  # a Korean noun and its particle
        ("मेरी बहन Jaipur में रहती है", ["Jaipur"]),  # before a Hindi postposition
        ("Barista, Bean There Cafe, Swindon\nSkills: latte art", ["Swindon"]),  # a CV line
        ("(Gartenweg 3, Wetzlar)", ["Wetzlar"]),
        ("the clinic near Athlone is fine", ["Athlone"]),
        ("moramos em Juiz de Fora agora", ["Juiz de Fora"]),  # a particle inside the name
        ("a bakery called Pão de Mel", []),  # "de" inside a name is no preposition
    ],
)
def test_a_town_where_grammar_puts_a_place(text, expected):
    assert towns(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I moved in March and again in May",  # months are towns too, and dates here
        "originally from STAVANGER",  # capitals: a heading or a form's field
        "I met Jackson yesterday",  # no preposition of place
        "in Blorptown nobody knows",  # no such town
    ],
)
def test_no_town_without_a_gazetteer_name_in_a_place_slot(text):
    assert towns(text) == []


def test_a_slavic_case_ending_is_undone_and_the_word_itself_comes_first():
    assert locatives.dictionary_forms("Warszawie")[0] == "Warszawie"
    assert "Warszaw" + "a" in locatives.dictionary_forms("Warszawie")
    assert "Тюмень" in locatives.dictionary_forms("Тюмени")


def test_a_locative_is_where_and_an_accusative_town_where_to():
    assert locatives.role("живёт в ", "", "Казани").role is locatives.Role.WHERE
    assert locatives.role("летим в ", "", "Сочи", undeclined=True).role is locatives.Role.TO
    assert locatives.role("我们下个月去", "玩").role is locatives.Role.TO
    assert locatives.role("", " में रहती है") == locatives.Marked(locatives.Role.WHERE, False)


def test_english_is_told_from_other_languages_by_closed_class_words():
    assert locatives.english("my sister lives in the north of the country")
    assert not locatives.english("Мой брат работает в Казани")
    assert not locatives.english("mi abuela vive en Zapopan")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_locations_inside_it(text):
    for span in PlaceRecognizer().find(text):
        assert 0 <= span.start < span.end <= len(text)
        assert span.label == LOCATION
        assert text[span.start : span.end].strip() == text[span.start : span.end]


# -- whose a town is ------------------------------------------------------------------------


def test_where_a_clause_in_another_language_puts_the_writers_people(analyzer):
    text = "Мой брат работает в Казани, а летом мы летим в Сочи."
    assert "Казани" in protected(analyzer, text)
    assert "Сочи" not in protected(analyzer, text)  # where to: a destination


def test_a_chinese_clause_of_the_writers_family_and_a_trip(analyzer):
    text = "我爸爸在杭州工作，我们下个月去东京玩。"
    assert "杭州" in protected(analyzer, text)
    assert "东京" not in protected(analyzer, text)


def test_a_hindi_clause_of_the_writers_sister(analyzer):
    assert covered(analyzer, "मेरी बहन Jaipur में रहती है, can you help?", "Jaipur")


def test_a_pronoun_after_the_writers_relation_stands_for_them(analyzer):
    text = "My uncle Ravi turns 60 soon and he's a dentist in Swindon. Ideas for a toast?"
    assert "Swindon" in protected(analyzer, text)
    assert "Chicago" not in protected(analyzer, "Obama? I think he was a lawyer in Chicago.")


def test_a_town_after_a_cv_employer_is_the_employers(analyzer):
    text = (
        "Fix my CV:\nJana Novotná\njana.novotna@seznam.cz\n"
        "2019-2023: Barista, Bean There Cafe, Swindon\n"
    )
    assert "Swindon" in protected(analyzer, text)


def test_a_town_after_an_address_is_the_addresss(analyzer):
    text = "Our bakery is called Kornblume (Gartenweg 3, Wetzlar). Write an Instagram bio."
    # (the street and its town: one address)
    assert "Gartenweg 3, Wetzlar" in protected(analyzer, text)


def test_a_person_the_same_as_an_institution_is_the_institution():
    name = "Arden Vale Logistics"
    spans = [
        Span(0, len(name), PERSON, 0.9, "names.v1"),
        Span(0, len(name), ORGANIZATION, 0.8, "institutions.v1"),
    ]
    assert [s.label for s in resolve_overlaps(name, spans)] == [ORGANIZATION]


def test_the_language_is_read_on_the_markers_side_of_the_place(analyzer):
    # Arabic up to the place, English after it
    text = "أخي يدرس الطب في الزرقاء and asked me for help with a cover letter"
    assert covered(analyzer, text, "الزرقاء")


def test_a_chinese_coverb_may_stand_apart_from_the_town(analyzer):
    assert covered(analyzer, "我妈妈 住在 杭州, she wants to visit me", "杭州")


def test_an_english_sentence_with_names_before_the_place_stays_english(analyzer):
    text = "My aunt took me to hear Maria João Pires play in Porto once. Suggest some tracks."
    assert "Porto" not in protected(analyzer, text)


def test_where_the_writer_says_they_live_after_the_place(analyzer):
    text = "flying from Cluj-Napoca since that's where we live now. Is Wizz Air reliable?"
    assert "Cluj-Napoca" in protected(analyzer, text)


def test_no_town_inside_code():
    assert towns("Run `echo I live in Portland` in the shell") == []


def test_where_a_private_person_is_is_private_and_a_stars_is_not(analyzer):
    text = "Ciarán, print the logs please. Dr Lydon will be over in Athenry that day."
    assert "Athenry" in protected(analyzer, text)
    assert "Chicago" not in protected(analyzer, "Taylor Swift will be in Chicago on Friday.")


# -- English NER on other languages' words -------------------------------------------------


def test_ner_misreadings_of_another_languages_words_are_cut_to_their_capitalised_runs():
    from veil.rules.recognizers.ner import Entity, _split_misreadings

    text = "Мой брат работает в Казани, а летом мы летим в Сочи."
    start = text.index("летим")
    parts = _split_misreadings(text, [Entity(start, len(text) - 1, "PERSON")])
    assert [text[e.start_char : e.end_char] for e in parts] == ["Сочи"]
    english = "Please reply to the Head of Finance by Friday."
    start = english.index("Head")
    whole = Entity(start, start + len("Head of Finance"), "ORG")
    assert list(_split_misreadings(english, [whole])) == [whole]  # English, and "of"


def test_a_destination_in_a_russian_clause_is_not_taken_for_a_person(analyzer):
    text = "Мой брат работает в Казани, а летом мы летим в Сочи."
    assert covered(analyzer, text, "Казани")
    assert not any("Сочи" in value for value in protected(analyzer, text))


def test_other_languages_are_told_by_their_closed_class_words_or_script():
    assert locatives.other_language("Mein Name ist Jonas und ich wohne in Berlin")
    assert locatives.other_language("Мой брат")
    assert not locatives.other_language("Business Address 2840 Alder Creek")
    assert not locatives.other_language("I went to the shop in Leeds")


def test_every_pronoun_of_the_first_person_list_counts_as_another_languages_word():
    # the list is read as a pattern and word by word: no pattern syntax may hide a word
    for word in ("nuestra", "nuestros", "nostro", "nostre"):
        assert locatives.closed_class(word)
        assert locatives.FIRST_PERSON_OTHER_LANGUAGE.fullmatch(word)


@pytest.mark.parametrize(
    ("text", "town"),
    [
        (
            "Moja córka Zuzia chodzi do Szkoły Podstawowej nr 5 im. Marii Skłodowskiej-Curie "
            "w Słupsku i ma zrobić projekt.",
            "Słupsku",
        ),
        ("L'été dernier j'ai travaillé à la Pharmacie des Tilleuls à Épinal.", "Épinal"),
    ],
)
def test_a_town_ner_took_for_a_person_or_firm_is_read_where_the_grammar_puts_it(
    analyzer, text, town
):
    assert covered(analyzer, text, town)


def test_a_declined_town_one_goes_to_is_the_known_town(analyzer):
    text = "Kochana Ciociu, przylecimy do Krakowa 12 lipca i potem pojedziemy do Ciebie."
    assert "Krakowa" not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("been on Ozempic for 4 months now, prescribed by my GP. is the nausea normal?", "Ozempic"),
        ("we split everything on Splitwise and he pays nothing towards it", "Splitwise"),
    ],
)
def test_one_word_one_is_on_or_goes_through_is_a_thing_not_a_place(analyzer, text, thing):
    assert thing not in protected(analyzer, text)


def test_an_island_one_lives_on_is_still_a_place(analyzer):
    assert "Arran" in protected(analyzer, "We live on Arran now and my kids go to school there.")


def test_a_closed_class_word_is_no_town():
    assert towns("my boss is basically Miranda Priestly from The Devil Wears Prada") == []


def test_pieces_of_a_longer_town_read_as_names_give_way_to_it(analyzer):
    text = "his metalworkers' union years in São Bernardo do Campo, the prison sentence"
    assert kept(analyzer, text) >= {"São Bernardo do Campo"}


def kept(analyzer, text: str) -> set[str]:
    return {text[k.span.start : k.span.end] for k in analyzer.analyze_subjects(text).kept}


@pytest.mark.parametrize(
    ("text", "town"),
    [
        (
            "Devo scrivere al proprietario dell'appartamento che affitto in San Salvario, a "
            "Torino. Mi aiuti con un messaggio?",
            "Torino",
        ),
        ("Bom dia! Moro em Campinas há dez anos e preciso mudar o endereço.", "Campinas"),
    ],
)
def test_a_verb_in_the_first_person_ties_the_place_where_no_pronoun_is_written(
    analyzer, text, town
):
    assert covered(analyzer, text, town)


def test_a_third_persons_origin_is_the_writers_persons_where_the_writer_names_them(analyzer):
    text = "Our new intern is called Bram. He's from Dayton and starts on monday."
    assert covered(analyzer, text, "Dayton")
    assert "Honolulu" not in protected(analyzer, "Who is Barack Obama? He grew up in Honolulu.")
    assert "Leeds" in protected(analyzer, "My brother met Barack Obama once. He grew up in Leeds.")


def test_a_turkish_case_after_an_apostrophe_is_not_part_of_the_name(analyzer):
    text = (
        "Merhaba, annem Hatice ilacı Kardelen Eczanesi'nden alıyoruz. Bolu'da yaşıyoruz ve "
        "doktoru izinde."
    )
    found = protected(analyzer, text)
    assert {"Kardelen Eczanesi", "Bolu"} <= found


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Ibu saya tinggal di Bandung dan saya kerja di Jakarta.", "Bandung"),
        ("Chúng tôi sống ở Đà Nẵng với bố mẹ.", "Đà Nẵng"),
        ("birthday message para kay Tita Lorna, nakatira siya sa Batangas City.", "Batangas City"),
    ],
)
def test_indonesian_vietnamese_and_tagalog_places_of_ones_people(analyzer, text, town):
    assert covered(analyzer, text, town)


def test_a_korean_place_one_lives_at_with_a_word_between(analyzer):
    text = "우리 엄마 김순자 씨가 전주에 혼자 사시는데 이상한 문자를 받으셨대요."
    assert covered(analyzer, text, "전주")


def test_english_ner_does_not_take_a_japanese_clause_for_a_name(analyzer):
    text = (
        "次のメールを丁寧な敬語に直してください。\n「山田部長、明日のサクラ精工さんとの打ち合わせ"
        "ですが、私は浜松の工場に直接向かいます。」"
    )
    # (the firm met is a client's, found by its name's ending: 精工)
    assert protected(analyzer, text) == {"山田", "サクラ精工", "浜松"}


def test_a_pronoun_near_a_public_figure_may_be_the_figures(analyzer):
    text = (
        "When was Albert Einstein born and where? My kid says he was born on 14 March 1879 in "
        "Ulm but her teacher said Munich."
    )
    assert not protected(analyzer, text)


def streets(text: str) -> list[str]:
    return [m.group() for m in NAMED_STREET.finditer(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("J'habite rue Sainte-Catherine à Bordeaux.", ["rue Sainte-Catherine"]),
        ("Я живу на вулиці Городоцькій", ["вулиці Городоцькій"]),  # its type declined
        ("We live on Larkspur Lane now.", ["Larkspur Lane"]),  # the type after it
        ("abito in via Garibaldi da anni", ["via Garibaldi"]),
        ("Ich wohne in der Hauptstraße.", ["Hauptstraße"]),  # fused to the name
        ("12 rue de la Paix", []),  # with a number: a street address
        ("Calle Mayor 5, Tudela", []),
        ("we flew via Dubai", []),  # English goes "via" a place
        ("Our Street Team won", []),  # a determiner is no street's name
    ],
)
def test_a_street_named_without_a_number(text, expected):
    assert streets(text) == expected


def test_a_street_is_the_writers_where_they_speak_of_themselves(analyzer):
    """A street someone lives on is an address's part, labelled as one; a famous street
    as a topic or a plan is left alone."""
    lives = "We live on Larkspur Lane in Tempe."
    assert next((s.label, lives[s.start : s.end]) for s in analyzer.analyze(lives)) == (
        "STREET_ADDRESS",
        "Larkspur Lane",
    )
    assert "rue Sainte-Catherine" in protected(analyzer, "J'habite rue Sainte-Catherine.")
    assert protected(analyzer, "Why is Oxford Street so busy at Christmas?") == set()
    assert protected(analyzer, "I want to go shopping on Oxford Street.") == set()
    # a sentence's opening word is no part of the name; a famous street as a topic of
    # the writer's opinion is no one's
    assert protected(analyzer, "Is Brick Lane good for curry?") == set()
    assert protected(analyzer, "My favourite song is Penny Lane.") == set()
    assert "Oxford Street" in protected(analyzer, "My flat is on Oxford Street.")


def test_a_ukrainian_locative_reopens_its_vowel():
    assert towns("Я живу у Львові") == ["Львові"]
    assert "Харків" in locatives.dictionary_forms("Харкові")


def test_the_town_of_a_private_place_after_another_languages_in(analyzer):
    """ "X huko Moshi", "X i Karlstad": where the private place is, by that language's
    word for "in", whatever NER called the town."""
    text = "Mwanangu anasoma Shule ya Msingi Mwangaza huko Moshi."
    assert "Moshi" in protected(analyzer, text)
    assert covered(analyzer, "Pappa går till Vårdcentralen Norrby i Borås varje vecka.", "Borås")


def test_a_caseless_town_of_two_words_and_a_pronoun_with_its_proclitic(analyzer):
    """ "ونحن الآن في خميس مشيط": a two-word town in Arabic script, where "we" (with "and"
    fused before it) are; "أخي يعمل": the relation's verb is no name."""
    assert towns("نحن الآن في خميس مشيط") == ["خميس مشيط"]
    assert protected(analyzer, "ونحن الآن في خميس مشيط عند عمي.") == {"خميس مشيط"}
    assert protected(analyzer, "أخي يعمل في خميس مشيط منذ سنتين") == {"خميس مشيط"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i live in phoenix now and my sister lives in new delhi", ["phoenix", "new delhi"]),
        ("main pune mein hoon 3 saal se", ["pune"]),
        ("we got there in time and ate in the car", []),  # ordinary words
        ("my flat in reading is damp", []),  # a town, but also a word: too small to tell
    ],
)
def test_a_big_city_in_lower_case(text, expected):
    assert towns(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I live on Larkspur Lane, near the park",
        "we moved to Hauptstraße last year",
        "my office is on Baker Street and my flat on Kensington Road",
        "Karanfil Sokak is where I grew up",
        "She lives on Lindengracht.",
    ],
)
def test_streets_named_without_a_type_word_first_are_found_by_the_smaller_pattern(text):
    # the recognizer takes it where no type word ("rue", "calle", "via") comes before a
    # space: both patterns must then find the same
    from veil.rules.recognizers import places

    assert places._STREET_TYPE_WORD_NEED.search(text) is None
    full = [m.span() for m in places.NAMED_STREET.finditer(text)]
    assert full and full == [m.span() for m in places._NAMED_STREET_TYPE_AFTER.finditer(text)]


@pytest.mark.parametrize("text", ["main pune mein rehta hoon", "indore  se aaya", "delhi me"])
def test_a_lower_case_town_before_a_postposition_has_what_its_gate_looks_for(text):
    from veil.rules.recognizers import places

    assert places._LOWER_CITY_BEFORE.search(text) and places._LOWER_CITY_BEFORE_NEED.search(text)
