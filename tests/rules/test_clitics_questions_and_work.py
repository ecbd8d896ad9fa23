"""Forms of other languages' grammar and of English syntax: Arabic and Hebrew write
prepositions and "and" on the next word, spoken Arabic leaves the hamza off and has its own
"mine", Persian joins a word's parts with a non-joiner; an English question may come
without its mark, and a full name is the one a later question asks about by surname; what
one does as a living is done where its object is; who made a thing of one's work is a
colleague, not an author."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels

pytestmark = pytest.mark.unit


def test_an_arabic_relation_after_a_preposition_on_the_word(analyzer):
    text = "أرسلت المبلغ لأخوي سالم الدوسري اللي ساكن في الدمام"
    found = protected_labels(analyzer, text)
    assert found.get("سالم الدوسري") == "PERSON"
    assert found.get("الدمام") == "LOCATION"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        pytest.param(
            "انا عايش في الإسكندرية من خمس سنين",
            "الإسكندرية",
            "LOCATION",
            id="the_writer_without_the_hamza",
        ),
        pytest.param(
            "بغيت نكتب لمول الدار ديالي السي عبد الكريم البناني",
            "عبد الكريم البناني",
            "PERSON",
            id="the_maghrebs_mine_and_its_si_before_a_compound_name",
        ),
        pytest.param(
            "does my cousin Ignatius Farrow-Quill still teach at Harvard",
            "Ignatius Farrow-Quill",
            "PERSON",
            id="a_name_in_a_question_about_the_writers_people_stays_protected",
        ),
        pytest.param(
            "The cron job was written by Oluwaseun Baptiste before she left; I maintain it now.",
            "Oluwaseun Baptiste",
            "PERSON",
            id="who_made_a_thing_of_ones_work_is_a_colleague",
        ),
        pytest.param(
            "Reviewed by me (Tobiasz) and merged on Friday.",
            "Tobiasz",
            "PERSON",
            id="the_writers_name_in_brackets_after_me",
        ),
        pytest.param(
            "Mi número de afiliación a la Seguridad Social es 28 40012345 61.",
            "28 40012345 61",
            "ID_NUMBER",
            id="a_number_whose_noun_has_its_own_complement_before_the_verb",
        ),
        pytest.param(
            "Kanada'daki oğlum Emre'ye para göndermem lazım.",
            "Emre",
            "PERSON",
            id="a_turkish_name_with_its_case_after_the_apostrophe",
        ),
    ],
)
def test_a_value_its_languages_forms_make_someones(analyzer, text, value, label):
    # the hamza left off, the Maghreb's "mine" and "Si", a question about the writer's
    # people, a thing of one's work and who made it, the writer in brackets after "me", a
    # number's noun with its own complement, a Turkish case after the apostrophe
    assert protected_labels(analyzer, text).get(value) == label


def test_hebrew_in_on_the_town_after_my_parents(analyzer):
    text = "ההורים שלי גרים בנתניה כבר עשר שנים"
    found = protected_labels(analyzer, text)
    assert found.get("נתניה") == "LOCATION"
    assert "גרים" not in found  # "live", the verb after the relation


def test_two_friends_joined_by_and_on_the_word(analyzer):
    found = protected_labels(analyzer, "החברים שלי יואב ותמר מגיעים מחר")
    assert found.get("יואב") == "PERSON"
    assert found.get("תמר") == "PERSON"
    assert not any(value.startswith("שלי") for value in found)  # "mine", not Shelly


def test_a_persian_cousin_two_names_and_spoken_in(analyzer):
    found = protected_labels(analyzer, "دخترعمه‌ام مهسا و مریم تو شیراز زندگی می‌کنن")
    assert found.get("مهسا") == "PERSON"
    assert found.get("مریم") == "PERSON"
    assert found.get("شیراز") == "LOCATION"


def test_a_persian_surname_joined_by_a_non_joiner_is_whole(analyzer):
    found = protected_labels(analyzer, "سلام، من سارا محمدی‌نژاد هستم و دانشجو هستم.")
    assert "سارا محمدی\u200cنژاد" in found


def test_a_question_without_its_mark_about_public_life(analyzer):
    assert protected_labels(analyzer, "does Ignatius Farrow-Quill still teach at Harvard") == {}


def test_a_full_name_is_the_one_a_later_question_asks_about(analyzer):
    text = "Marguerite Olenski wrote Salt and Iron in 1998. Did Olenski ever write a sequel?"
    found = protected_labels(analyzer, text)
    assert "Marguerite Olenski" not in found
    assert "Olenski" not in found


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I clean holiday cottages in Whitstable for an agency.", "Whitstable"),
        ("My parents run a chip shop in Morecambe.", "Morecambe"),
        ("I've run a small bakery in Tilburg for six years.", "Tilburg"),
    ],
)
def test_where_one_does_ones_living(analyzer, text, place):
    assert protected_labels(analyzer, text).get(place) == "LOCATION"


@pytest.mark.parametrize(
    "text",
    [
        "I love the oysters in Whitstable.",
        "We have two nights in Whitstable.",
        "They sell the best pies in Morecambe, apparently.",
    ],
)
def test_a_taste_a_stay_or_someone_elses_trade_is_no_home(analyzer, text):
    assert not any(label == "LOCATION" for label in protected_labels(analyzer, text).values())


def test_an_author_of_a_book_is_public(analyzer):
    assert protected_labels(analyzer, "I reread The Hobbit, written by J. R. R. Tolkien.") == {}


def test_a_town_in_turkish_in_after_a_name_is_no_surname(analyzer):
    found = protected_labels(analyzer, "Kızım Elif Trabzon'da yaşıyor.")
    assert found.get("Elif") == "PERSON"
    assert found.get("Trabzon") == "LOCATION"


@pytest.mark.parametrize(
    ("text", "family"),
    [
        ("New people moved in at number 9 - the Okonkwos, from Enugu I think.", "Okonkwos"),
        ("The Delacroix family next door asked us to water their plants.", "Delacroix"),
        ("Les voisins du dessus, la famille Castagnet, font du bruit la nuit.", "Castagnet"),
    ],
)
def test_a_family_by_its_surname(analyzer, text, family):
    found = protected_labels(analyzer, text)
    assert any(family in value and label == "PERSON" for value, label in found.items()), found


@pytest.mark.parametrize(
    "text",
    [
        "Did you watch the Simpsons last night?",
        "What happened to the Romanovs after 1917?",
        "We could reduce the rent under the Kodeks cywilny, couldn't we?",
    ],
)
def test_a_famous_family_or_a_foreign_word_is_no_family(analyzer, text):
    assert protected_labels(analyzer, text) == {}


@pytest.mark.parametrize(
    ("text", "group"),
    [
        (
            "Can you draft our newsletter? We're Holloway Barn Stables on Pike Lane.",
            "Holloway Barn Stables",
        ),
        ("we're the Drizzle Foxes, a four-piece from Stroud, and we need a bio", "Drizzle Foxes"),
    ],
)
def test_the_group_or_firm_the_writers_say_they_are(analyzer, text, group):
    assert protected_labels(analyzer, text).get(group) == "ORGANIZATION"


@pytest.mark.parametrize("text", ["We're Arsenal fans, obviously.", "We are Manchester United!"])
def test_a_team_one_supports_is_no_group_of_ones_own(analyzer, text):
    assert protected_labels(analyzer, text) == {}


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("אני גרה ברחוב ביאליק 17 דירה 3, רמת גן. הדוד לא עובד.", "רחוב ביאליק 17 דירה 3, רמת גן"),
        ("عنواني شارع الأمير محمد 9 في عمّان", "شارع الأمير محمد 9"),
        ("ساكنة في المعادي، شارع النصر، عمارة 7. ممكن تساعدني؟", "شارع النصر، عمارة 7"),
    ],
)
def test_hebrew_and_arabic_streets_by_their_word_for_street(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


def test_and_on_a_relation_word_is_no_second_name(analyzer):
    found = protected_labels(analyzer, "أختي ليلى وزوجها جايين بكرة")
    assert found.get("ليلى") == "PERSON"
    assert "زوجها" not in found  # "and her husband"
