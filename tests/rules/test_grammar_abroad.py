"""Whose a place, a name or an institution is, read by the grammar of Persian, Arabic,
Hungarian, Ukrainian, Polish and Korean: first persons in a verb's ending or a noun's
suffix, titles, local cases, company forms and the kinds of institution; and a town a
private person or firm is "from"."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels as protected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # Persian: "I live in Shiraz" (the pronoun, and the verb's first person)
        ("من در شیراز زندگی می‌کنم", "شیراز"),
        ("مادرم در کرج زندگی می‌کند و من در ونکوور هستم.", "ونکوور"),
        # Hungarian: a town's local case, "I" and "at our place"
        ("Én vezetem a könyvelést, a cég Kecskeméten van.", "Kecskeméten"),
        ("Nálunk Debrecenben nagyon meleg van.", "Debrecenben"),
        # Ukrainian locative of a town in "-я"; Polish locative of a plural town
        ("Я живу у Вінниці.", "Вінниці"),
        ("Mieszkam w Gliwicach od roku.", "Gliwicach"),
        # where a private person or firm is from
        ("my friend (irl Kacper Nowicki from Łódź) keeps inviting me", "Łódź"),
        ("De beheerder, Van Dijk Vastgoedbeheer uit Haarlem, reageert niet.", "Haarlem"),
    ],
)
def test_the_writers_places_abroad_are_protected(analyzer, text, value):
    assert protected(analyzer, text).get(value) == "LOCATION"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("سافرت من الزرقاء إلى عمان لزيارة البتراء", "الزرقاء"),  # Arabic "from", no "I"
        ("تاریخ تخت جمشید در شیراز را توضیح بده", "شیراز"),  # a Persian history question
        ("My favourite painter is Vincent van Gogh from Zundert.", "Zundert"),
        ("Is London worth it in May?", "London"),  # no Hungarian "-on" case
    ],
)
def test_places_without_the_writer_are_kept(analyzer, text, place):
    assert place not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("مادرم، فاطمه رضایی، در خانه سالمندان زندگی می‌کند", "فاطمه رضایی"),  # my mother,
        ("مدیرشان آقای حسین مرادی است.", "حسین مرادی"),  # Persian "Mr"
        ("السلام عليكم، أنا منى عبد الرحمن من الزرقاء", "منى عبد الرحمن"),  # Arabic "I am"
        ("Допоможи скласти резюме. Я — Олександра Кравчук, живу у Вінниці.", "Олександра Кравчук"),
    ],
)
def test_names_the_grammar_introduces_are_protected_whole(analyzer, text, name):
    assert protected(analyzer, text).get(name) == "PERSON"


def test_an_arabic_adjective_after_i_am_is_no_name(analyzer):
    # "I am glad of the news" (or "happy in Khobar": a town, if anything)
    assert "PERSON" not in protected(analyzer, "أنا سعيد بالخبر").values()


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("지금 예약한 곳은 '마미숲 산후조리원'이고 2주에 420만원이야.", "마미숲 산후조리원"),
        ("한결정보기술 측 요청으로 일정 2주 연기", "한결정보기술"),
        ("مادرم در خانه سالمندان «آرامش» زندگی می‌کند", "خانه سالمندان «آرامش»"),
        # a Hungarian firm, its case joined by a hyphen left out
        ("a sógorom cégének, a Kovács és Társa Asztalosipari Bt.-nek Kecskeméten", "Bt."),
        ("Dolgozom a Nagy Szerviz Kft.-nél Győrben.", "Nagy Szerviz Kft."),
    ],
)
def test_institutions_by_their_kind_or_form_abroad(analyzer, text, institution):
    assert any(
        value.endswith(institution) and label == "ORGANIZATION"
        for value, label in protected(analyzer, text).items()
    )


def test_a_famous_groups_firm_in_hangul_is_not_taken_for_a_small_one(analyzer):
    assert protected(analyzer, "삼성전자 주가 어때?") == {}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # where a trip of the writer's sets out from
        (
            "we (me, my wife and our two kids) are flying from Melbourne to stay with him",
            "Melbourne",
        ),
        ("my cousin is coming over from Galway on Friday", "Galway"),
        # a greeting set apart is no subject ("namaste" is an encyclopedia's entry)
        ("namaste, my aama lives in Pokhara and needs surgery.", "Pokhara"),
        ("namaste, my aama lives in Pokhara (Lakeside, ward no. 6).", "ward no. 6"),
        # Hindi typed in Latin letters: "me" (in) and "se" (from) after the town
        ("bhai meri sister Ananya ki shaadi hai 14 Feb ko Jaipur me, uske baad trip", "Jaipur"),
        ("hum log Lucknow se aa rahe hai, ghar se car le ke", "Lucknow"),
    ],
)
def test_where_the_writers_trips_and_people_start(analyzer, text, value):
    assert protected(analyzer, text).get(value) == "LOCATION"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("We land in Lisbon and fly home from Porto.", "Porto"),  # the way back
        ("How long is the flight from Leeds to Rome?", "Leeds"),  # nobody's trip
        ("Everything we know about Socrates comes from Plato.", "Plato"),  # a source
    ],
)
def test_a_trips_way_back_and_sources_are_not_the_writers(analyzer, text, place):
    assert place not in protected(analyzer, text)


def test_an_english_kin_word_in_hinglish_names_the_person_after_it(analyzer):
    assert protected(analyzer, "bhai meri sister Ananya ki shaadi hai").get("Ananya") == "PERSON"


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Meine Frau ist selbständig (Physiopraxis Bewegungsraum in Buckenhof).", "Physiopraxis"),
        ("довідку зі школи, де вчиться Софійка (Goetheschule).", "Goetheschule"),
        ("Unsere Tochter geht in die Schiller-Schule.", "Schiller-Schule"),
    ],
)
def test_a_german_compound_named_for_someone_or_before_a_name_is_an_institution(
    analyzer, text, institution
):
    assert any(
        value.startswith(institution) and label == "ORGANIZATION"
        for value, label in protected(analyzer, text).items()
    )


@pytest.mark.parametrize(
    "text",
    [
        "Mein Sohn geht auf die Grundschule, die Musikschule ist zu teuer.",  # kinds only
        "asking for a D&D map lol, and R&D budgets at AT&T",  # abbreviations, no partners
    ],
)
def test_kinds_and_abbreviations_are_no_institutions_names(analyzer, text):
    assert "ORGANIZATION" not in protected(analyzer, text).values()


def test_english_me_after_a_word_that_is_also_a_town_is_no_postposition(analyzer):
    # "Tell" is a town (in Switzerland and Lebanon); "me about" is English
    text = "Tell me about Marie Curie."
    kept = analyzer.analyze_subjects(text).kept
    assert "Tell" not in {text[k.span.start : k.span.end] for k in kept}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("남편(김도윤)이 네이버 다니는데 회사 복지가 궁금해.", "김도윤"),  # in brackets
        ("동생 박서연이 내일 와요.", "박서연"),  # after a relation, a particle after it
        ("나는 물류기획팀 박서연 대리고, 팀장님 이름이 정우성이야", "박서연"),  # a bare rank
        ("나는 물류기획팀 박서연 대리고, 팀장님 이름이 정우성이야", "정우성"),  # "name is"
        ("- 참석: 박지훈 팀장, 이수민, 나", "이수민"),  # a list of attendees
    ],
)
def test_korean_names_where_the_grammar_puts_one(analyzer, text, name):
    assert protected(analyzer, text).get(name) == "PERSON"


@pytest.mark.parametrize(
    "text",
    [
        "팀장님께 보낼 연차 신청 메일 좀 다듬어줘.",  # "the team lead": a rank, no name
        "요즘 고민은 이주민 정책이야. 조정은 어려워.",  # words shaped like names, no cue
    ],
)
def test_korean_ranks_and_name_shaped_words_are_no_names(analyzer, text):
    assert "PERSON" not in protected(analyzer, text).values()


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Mon père habite à Remiremont depuis 20 ans.", "Remiremont"),  # 8,000 people
        ("My gran lives in Buckenhof and still drives.", "Buckenhof"),  # 3,000
    ],
)
def test_a_village_where_the_sentence_puts_a_life_is_protected(analyzer, text, town):
    assert protected(analyzer, text).get(town) == "LOCATION"


@pytest.mark.parametrize(
    "text",
    [
        "How do I do this in Excel?",  # villages of that name exist
        "I work in Excel all day.",
        "Translate my CV summary into English, keep it natural",
        "my mum cried watching Mercedes Sosa sing Gracias a la Vida on YouTube",
    ],
)
def test_words_that_are_also_villages_are_left(analyzer, text):
    assert "LOCATION" not in protected(analyzer, text).values()


def test_a_finnish_firms_town_after_its_case_is_where_it_is(analyzer):
    text = "Anni on työskennellyt Kahvila-Leipomo Kaneli Oy:ssä Jyväskylässä leipurina."
    assert protected(analyzer, text).get("Jyväskylässä") == "LOCATION"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        # the Polish past's first person by its ending, the Czech one by "jsem"
        ("wyprowadziłam się bo dostałam pracę w Krakowie w nowej firmie", "Krakowie"),
        ("Bydlela jsem v Olomouci pět let.", "Olomouci"),
    ],
)
def test_a_verbs_first_person_ending_puts_the_writer_in_the_town(analyzer, text, town):
    assert protected(analyzer, text).get(town) == "LOCATION"


def test_a_korean_letter_opening_with_who_writes_names_them(analyzer):
    text = "안녕하세요, 201호 세입자 김도윤입니다. 보일러가 고장났어요."
    assert protected(analyzer, text).get("김도윤") == "PERSON"
    assert "PERSON" not in protected(analyzer, "이건 고민입니다. 신청서입니다.").values()


def test_the_town_of_a_private_clinic_after_arabic_in_is_private(analyzer):
    text = "رسالة شكر للدكتورة ريم الحسيني في مستشفى النور التخصصي في الزرقاء لأنها تابعت حمل زوجتي"
    assert protected(analyzer, text).get("الزرقاء") == "LOCATION"
    assert "عمان" not in protected(analyzer, "ما هي أفضل المطاعم في عمان؟")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        (
            "tengo una tiendita con mi esposo en la colonia Santa Rosa, Aguascalientes.",
            "Aguascalientes",
        ),
        ("moro no bairro Jardim América em Goiânia", "Jardim América"),
    ],
)
def test_a_neighbourhood_by_its_kind_in_lower_case_and_its_town(analyzer, text, place):
    assert any(place in value for value in protected(analyzer, text))
