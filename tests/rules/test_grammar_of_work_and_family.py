"""Whose a place, a firm or a person is, by rules of writing that hold in any text of
their kind: a CV's line with its period (in any language, with a firm's abbreviated legal
form inside it), and a list, which is of one kind of thing."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "private"),
    [
        # a period to now in the CV's own language ("obecnie", "heute", "halen")
        (
            "Przetłumacz proszę moje CV na angielski.\n\nDOŚWIADCZENIE ZAWODOWE\n"
            "2019 – obecnie: Księgowa, Orlen, Płock\n",
            {"Orlen", "Płock"},
        ),
        # "Ltd." inside a firm's name does not end the line's sentence
        (
            "CV'mi İngilizceye çevirir misin?\n\n"
            "2016 – 2020: Muhasebeci, Yıldız Gıda Ltd. Şti., Samsun\n",
            {"Samsun"},
        ),
    ],
)
def test_a_cv_line_names_where_the_writer_worked(analyzer, text, private):
    found = protected(analyzer, text)
    for value in private:
        assert any(value in span for span in found), (value, found)


def test_a_famous_employer_outside_a_cv_line_stays_public(analyzer):
    text = "Przetłumacz proszę ten artykuł: Orlen otworzył nową stację w Płocku."
    assert "Orlen" not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        # a courtesy title and a surname beside a word NER took for a name: no list
        (
            "Meine Oma ist im Krankenhaus. Ihre Nachbarin, Frau Kowalczyk, füttert die Katze.",
            "Kowalczyk",
        ),
        # a doctor after a system's name and a comma: not a list of the famous
        (
            "Bloods are pending and should come through on Healthlink, Dr Mulcahy reviewing "
            "in the morning.",
            "Mulcahy",
        ),
    ],
)
def test_a_titled_person_is_not_listed_with_things(analyzer, text, person):
    assert any(person in span for span in protected(analyzer, text))


def test_a_list_of_famous_people_stays_public(analyzer):
    text = "Who sold more records, Whitney Houston, Mariah Carey or Celine Dion?"
    assert not protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "town"),
    [
        # a copula's complement with an article is a noun, whatever the tagger calls it
        ("We're a small secondary in Launceston so everyone knows everyone.", "Launceston"),
        # "a family of four in X": the family is in X, not the number
        ("We are a family of four in Stockport looking for a bigger car.", "Stockport"),
    ],
)
def test_the_writer_is_what_is_in_the_town(analyzer, text, town):
    assert town in protected(analyzer, text)


def test_a_town_described_is_no_ones(analyzer):
    assert not protected(analyzer, "Bath is a beautiful city in Somerset.")


@pytest.mark.parametrize(
    "text",
    [
        "Ciao Federico, sono tre mesi di fila che lavoro il sabato.",
        "Kannst du mir helfen, einen kort nyhetsbrev zu schreiben? Nein: skriv en kort text.",
    ],
)
def test_a_closed_class_word_of_another_language_is_no_name(analyzer, text):
    assert not any(span.islower() for span in protected(analyzer, text)), protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "nouns", "names"),
    [
        (
            "Ich habe meine Wohnung in Gelsenkirchen-Buer gekündigt, und jetzt will die "
            "Vermieterin, Frau Jablonski, eine Nebenkostennachzahlung.",
            {"Wohnung", "Nebenkostennachzahlung"},
            {"Jablonski"},
        ),
        (
            "Mein Chef hat mir ein schlechtes Arbeitszeugnis geschrieben, obwohl ich die "
            "Ausbildung bei der Firma Holzbau Ebner in Rosenheim gemacht habe.",
            {"Arbeitszeugnis", "Ausbildung"},
            {"Rosenheim"},
        ),
    ],
)
def test_german_nouns_are_no_names_for_their_capital(analyzer, text, nouns, names):
    found = protected(analyzer, text)
    assert not any(noun in span for span in found for noun in nouns), found
    assert all(any(name in span for span in found) for name in names), found


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "Please polish my CV.\n\nEXPERIENCE\nMar 2020–present  Field Technician, Carrow & "
            "Webb Surveys Ltd., Tavistock\n",
            "Field Technician",
        ),
        ("My GP, Dr Adeyemi at Wellside Surgery, referred me for a scan.", "GP"),
    ],
)
def test_a_job_title_is_no_firm_or_person(analyzer, text, title):
    assert not any(title in span for span in protected(analyzer, text))


def test_a_family_named_in_the_plural_is_still_someone(analyzer):
    text = "Family are coming from all over: my aunt from Truro, the Bakers from Swindon."
    assert "Bakers" in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "My tenancy in Leeds ended in Jan and the deposit is still held.",
        "We're flying out in June and back in September, before term starts.",
    ],
)
def test_a_month_after_in_is_a_time_not_a_town(analyzer, text):
    found = protected(analyzer, text)
    assert not found & {"Jan", "June", "September"}, found


def test_a_speaker_named_by_a_relation_is_no_name(analyzer):
    text = (
        "pls reply to this for me\n"
        "[02/03/24, 9:12 am] Mummy: Kabir beta are you coming for Holi?\n"
        "[02/03/24, 9:15 am] Papa: book the train today\n"
        "[02/03/24, 9:20 am] Kabir: trying, office leave is a problem\n"
    )
    found = protected(analyzer, text)
    assert "Kabir" in found
    assert not found & {"Mummy", "Papa"}, found


def test_a_nickname_that_is_a_word_still_speaks(analyzer):
    text = (
        "my friend's nickname is Mango:\n"
        "Mango: omg i got the job at the bakery\n"
        "me: no way!!\n"
        "Mango: starting monday, come visit\n"
    )
    assert "Mango" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        # German declines "Herr" ("an Herrn X", to Mr X), and "an" is no article there
        ("Rückfragen bitte an Herrn Lindemeyer im Sekretariat.", "Lindemeyer"),
        # a title may follow another
        ("Bitte schreiben Sie Herrn Dr. Kowalke eine kurze Mail.", "Kowalke"),
    ],
)
def test_german_titles_as_german_writes_them(analyzer, text, person):
    assert any(person in span for span in protected(analyzer, text))


def test_a_famous_name_after_romance_a_stays(analyzer):
    text = "Infine un grazie a Umberto Eco: Come si fa una tesi di laurea mi ha salvato."
    assert not any("Eco" in span for span in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "filing my tax return on the HMRC site. my UTR is 61820 39457. which box is "
            "tips income?",
            "UTR",
            "61820",
        ),
    ],
)
def test_a_fields_name_is_no_firm_but_its_value_is_protected(analyzer, text, field, value):
    found = protected(analyzer, text)
    assert field not in found, found
    assert any(value in span for span in found), found


def test_an_acronym_that_spells_a_field_word_in_lower_case_stays(analyzer):
    # "NATO" is no Italian "nato" (born)
    assert "NATO" not in protected(analyzer, "When did Finland join NATO, and why then?")


@pytest.mark.parametrize(
    ("text", "town"),
    [
        (
            "Since we got to Lethbridge last spring my daughter has struggled at school.",
            "Lethbridge",
        ),
        ("Ever since I arrived in Dundee I've felt lonely in the evenings.", "Dundee"),
    ],
)
def test_an_arrival_a_since_clause_counts_from_is_a_move(analyzer, text, town):
    assert town in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        # the lists spell "Padraig", "Siobhan"; people write the accents too
        ("Handover: Bed 4 – Pádraig Lowry, post-op day 1, stable overnight.", "Pádraig Lowry"),
        ("Note for the teacher: Róisín won't be in tomorrow, she has the dentist.", "Róisín"),
    ],
)
def test_a_name_is_known_with_its_accents(analyzer, text, person):
    assert any(person in span for span in protected(analyzer, text)), protected(analyzer, text)


def test_a_closed_class_word_is_no_name_for_its_accents(analyzer):
    # Vietnamese "mình" (I, we) is "Minh" without its marks
    text = "Chào bạn, mình muốn hỏi về thủ tục gia hạn hộ chiếu."
    assert not any("mình" in span for span in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("我们部门新来的同事叫刘思远，下周一入职，帮我写一段欢迎词。", "刘思远"),
        ("孩子叫陈小雨，原来在昆明读二年级，现在要转学。", "陈小雨"),
    ],
)
def test_a_chinese_name_after_is_called(analyzer, text, person):
    assert person in protected(analyzer, text)


def test_calling_for_a_thing_names_no_one(analyzer):
    assert not protected(analyzer, "我想叫外卖，附近有什么好吃的？")


def test_a_korean_relation_in_the_humble_plural_and_its_name_in_brackets(analyzer):
    text = "저희 할머니(최옥례)가 전주에 사시는데 판소리 공연을 보고 싶어 하세요."
    assert "최옥례" in protected(analyzer, text)


def test_a_german_compound_joined_by_a_hyphen_to_its_kind_is_an_institution(analyzer):
    text = "Mein Opa liegt seit Dienstag im Weser-Klinikum in Nienburg, wir fahren Samstag hin."
    assert "Weser-Klinikum" in protected(analyzer, text)
