"""Addresses, names, places and ids by the rules of a script, a format or a language's
administrative units: East Slavic and Greek street lines, Chinese names by their surname,
a Chinese or Japanese town with its ward, a Japanese home town."""

from __future__ import annotations

import pytest

from veil.rules import labels
from veil.rules.recognizers.address import StreetAddressRecognizer
from veil.rules.recognizers.names import han_names_by_surname, han_surnames


def streets(text: str) -> list[str]:
    return [text[s.start : s.end] for s in StreetAddressRecognizer().find(text)]


@pytest.mark.parametrize(
    ("text", "street"),
    [
        # the house's word ("д.", "буд.") left out, after a comma or a space
        ("Адреса: вул. Квітнева, 9, Житомир.", "вул. Квітнева, 9"),
        ("живу на ул. Рябиновой, 23", "ул. Рябиновой, 23"),
        ("Адреса: вул. Франка 40/2, Тернопіль", "вул. Франка 40/2"),
        ("Адрес: ул. Мира, д. 1207, Курск", "ул. Мира, д. 1207"),
        # Greek street types before the name
        ("μένω στην οδό Κανάρη 18 στο Χαλάνδρι", "οδό Κανάρη 18"),
        ("Λεωφ. Αλεξάνδρας 71, Αθήνα", "Λεωφ. Αλεξάνδρας 71"),
    ],
)
def test_east_slavic_and_greek_street_lines(text, street):
    assert any(street in found for found in streets(text)), streets(text)


def test_a_year_after_a_street_is_no_house():
    # without the house's word a number of four digits is a year, not a house
    assert streets("на ул. Ленина, 1917 год был другим") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("班主任陈晓燕老师让我们写作文", "陈晓燕"),  # a title after it
        ("组长赵立军总让我们周末加班", "赵立军"),  # a role before it
        ("经理刘强说明天开会", "刘强"),  # "说" (says) is no part of the name
        ("请黄佳怡医生再看一下", "黄佳怡"),
    ],
)
def test_a_chinese_name_by_its_surname_and_a_role_or_title(text, name):
    assert name in [text[s:e] for s, e in han_names_by_surname(text)]


@pytest.mark.parametrize(
    "text",
    [
        "请问毛泽东主席写过哪些诗词",  # "主席" is no title of the rule
        "我想去王府井大街逛逛",  # a surname's character in a street's name
        "班主任说明天考试",  # a role with no name after it
    ],
)
def test_no_chinese_name_without_its_surname_and_a_role_or_title(text):
    assert han_names_by_surname(text) == []


def test_the_surnames_are_the_common_ones():
    surnames = han_surnames()
    assert {"王", "李", "張", "陈", "欧阳"} <= surnames
    assert "班" not in surnames  # a rare surname, an ordinary character ("class")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("前職は名古屋市中村区の運送会社でした", "名古屋市中村区"),  # a town and its ward
        ("我们家在杭州西湖区", "杭州西湖区"),
    ],
)
def test_a_town_with_its_ward_is_an_address_part(analyzer, text, place):
    assert place in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_japanese_home_town_is_the_writers(analyzer):
    text = "実家が函館なんですが、おすすめの温泉を教えてください"
    assert "函館" in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_town_and_an_ordinary_word_for_area_is_no_ward(analyzer):
    text = "东京的地区很多，哪个适合旅游？"
    assert not any("地区" in text[s.start : s.end] for s in analyzer.analyze(text))


@pytest.mark.parametrize(
    ("text", "entity", "kept"),
    [
        # another language's preposition NER took along is no part of the name
        ("ترسلها على Google Classroom كل يوم", "على Google Classroom", "Google Classroom"),
        ("fuimos con los niños al Retiro y luego", "los niños al Retiro", "Retiro"),
        ("la excursión al Museo del Prado del jueves", "al Museo del Prado", "Museo del Prado"),
        # a name's own particle stays
        ("a print of van Gogh on the wall", "van Gogh", "van Gogh"),
    ],
)
def test_ner_leaves_a_leading_function_word_out(text, entity, kept):
    from veil.rules.recognizers.ner import Entity, SpacyNerRecognizer

    start = text.index(entity)
    spans = SpacyNerRecognizer().filter(text, [Entity(start, start + len(entity), "ORG")])
    assert [text[s.start : s.end] for s in spans] == [kept]


@pytest.mark.parametrize(
    ("text", "entity", "kept"),
    [
        # a sentence's opening closed-class word of any language is no part of a name
        ("Почему Григорий Перельман отказался?", "Почему Григорий Перельман", "Григорий Перельман"),
        ("Warum Angela Merkel? Das weiß ich nicht.", "Warum Angela Merkel", "Angela Merkel"),
        # a first name or a title stays ("Will" is both a word and a name)
        ("Will Smith won an Oscar.", "Will Smith", "Will Smith"),
        ("Info: 0812-2760 (Mas Yudi)", "Mas Yudi", "Mas Yudi"),
        # lower-case words ending the entity are left out, not those inside a title
        ("Hat Angela Merkel das gesagt?", "Angela Merkel das gesagt", "Angela Merkel"),
        ("she watched Yo soy Betty every night", "Yo soy Betty", "Yo soy Betty"),
        # lower-case words before a name are no part of it, after an opening word too
        ("vymyšlená postava Zdeňka Svěráka?", "postava Zdeňka Svěráka", "Zdeňka Svěráka"),
        ("Om boken? Och var Lagerlöf först?", "Och var Lagerlöf", "Lagerlöf"),
        ("she met dona Cida at the market", "dona Cida", "dona Cida"),
    ],
)
def test_ner_persons_without_a_sentences_words(text, entity, kept):
    from veil.rules.recognizers.ner import Entity, SpacyNerRecognizer

    start = text.index(entity)
    spans = SpacyNerRecognizer().filter(text, [Entity(start, start + len(entity), "PERSON")])
    assert [text[s.start : s.end] for s in spans] == [kept]


def test_a_split_brand_is_linked_across_an_ampersand(analyzer):
    text = "is Ben & Jerry's still owned by Unilever?"
    analysis = analyzer.analyze_subjects(text)
    assert not analysis.protected
    assert "Ben & Jerry's" in {text[k.span.start : k.span.end] for k in analysis.kept}


def test_a_russian_first_names_ending_is_romanized_both_ways(analyzer):
    # "Григорий" is titled "Grigori" in the encyclopedia, not "Grigoriy" or "Grigory"
    text = "Почему Григорий Перельман отказался от премии?"
    assert not any("Перельман" in text[s.start : s.end] for s in analyzer.analyze(text))


@pytest.mark.parametrize(
    "text",
    ["ambag para sa party. Salamat po - Jessa", "can you fix my rota? Thanks - Jessa"],
)
def test_a_name_after_thanks_ending_a_message_is_its_writers(analyzer, text):
    assert any("Jessa" in text[s.start : s.end] for s in analyzer.analyze(text))


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # a town in any alphabet after the street line
        ("Адреса: вул. Квітнева, 9, Житомир.", "вул. Квітнева, 9, Житомир"),
        ("Διεύθυνση: οδός Κανάρη 18, Χαλάνδρι", "οδός Κανάρη 18, Χαλάνδρι"),
        # a unit in lower case, and a dash's aside after the town
        (
            "fix the boiler at 14 Larch Mews, flat 3, Ipswich - it leaks",
            "14 Larch Mews, flat 3, Ipswich",
        ),
    ],
)
def test_an_address_reaches_its_town(text, address):
    assert address in streets(text)


@pytest.mark.parametrize(
    ("text", "town"),
    [
        # the town after an institution's name and a comma, as a CV line writes it
        ("2019-2023: księgowa w Biuro Kasprzak s.c., Katowice. Obsługa kadr", "Katowice"),
        # "here in" is where the writer is, whatever they wish for
        ("my son wants a summer job here in Council Bluffs, is 15 too young?", "Council Bluffs"),
    ],
)
def test_the_writers_town_by_its_place_in_the_sentence(analyzer, text, town):
    assert town in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_firm_listed_after_a_firm_is_no_town(analyzer):
    # "Paris" is a town the gazetteer has, but here the first word of a firm's name
    text = "we compared Acme Ltd, Paris Inc and others for the tender"
    assert not any(s.label == labels.LOCATION for s in analyzer.analyze(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a Nordic relation, with "my" or in its definite form, before a name
        ("min sambo Henrik har fått jobb", "Henrik"),
        ("föräldrapenningen för dottern Ebba kom inte", "Ebba"),
        ("datteren Ingrid begynner på skolen", "Ingrid"),
        # where one works, after Nordic, Indonesian and Vietnamese verbs and prepositions
        ("jag jobbar på Norrvik Kraft sedan maj", "Norrvik Kraft"),
        ("saya bekerja di PT Maju Sentosa sejak 2020", "PT Maju Sentosa"),
        ("Tôi làm việc tại Công ty Hòa Phong", "Công ty Hòa Phong"),
    ],
)
def test_relations_and_workplaces_in_other_languages(analyzer, text, value):
    assert any(value in text[s.start : s.end] for s in analyzer.analyze(text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Tagalog's personal articles stand before people's names only
        ("bibisita kami ni Jomar sa Pasko, sabi niya", "Jomar"),
        ("na-GCash ko na po kay Ate Lorna yung ambag", "Ate Lorna"),
        # the one a sentence turns to and asks something
        ("The inspector comes Thursday. Ciarán, can you check the logs?", "Ciarán"),
        # "we are" in other languages, before the writers' names
        ("Welkom in de straat! Wij zijn Sanne en Joost de Vries.", "Sanne"),
    ],
)
def test_people_named_by_grammar(analyzer, text, name):
    assert any(name in text[s.start : s.end] for s in analyzer.analyze(text))


def test_an_interjection_opening_a_request_is_no_name(analyzer):
    text = "Hey, can you write a short note for the school trip?"
    assert not any(s.label == labels.PERSON for s in analyzer.analyze(text))
