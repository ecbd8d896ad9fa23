"""Firms and public bodies by the forms their names take in other languages: a Polish
company form in capitals, Spanish brothers' firms, Russian state bodies, Swahili heads
with "ya", an Arabic firm with what it is for; a relation word inside another word."""

from __future__ import annotations

import pytest

from veil.rules.registry import create


def institutions(text: str) -> list[str]:
    return [text[s.start : s.end] for s in create("institutions.v1").find(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("dostałam pracę w Softwerk Sp. z o.o. (ogłoszenie było na OLX)", "Softwerk Sp. z o.o."),
        ("equipo ventas Ferretería Hnos. Zubizarreta (Vitoria)", "Ferretería Hnos. Zubizarreta"),
        (
            "работаю медсестрой в ГБУЗ «Городская поликлиника №3» в Твери.",
            "ГБУЗ «Городская поликлиника №3»",
        ),
        (
            "Mama yangu amelazwa Kliniki ya Upendo Ngaramtoni tangu jana",
            "Kliniki ya Upendo Ngaramtoni",
        ),
        ("السادة مؤسسة نور الرياض للتوريدات المحترمين", "مؤسسة نور الرياض للتوريدات"),
        # kinds that open the name: an insurer, an accountant's office, an Indonesian
        # hospital ("RS", Rumah Sakit)
        ("mi seguro es de Seguros Almena y no me pagan", "Seguros Almena"),
        (
            "ficou 6 meses com a gente na Contábil Serra Verde em Juiz de Fora",
            "Contábil Serra Verde",
        ),
        ("Anak saya dirawat di RS Harapan Kasih Sawangan karena DBD.", "RS Harapan Kasih Sawangan"),
    ],
)
def test_an_institution_by_its_form_in_another_language(text, name):
    assert name in institutions(text)


def test_a_sentence_end_still_ends_a_name():
    # a four-letter word's full stop is a sentence's end, not an abbreviation's
    assert institutions("I moved to Rome. Then Acme Solutions hired me.") == ["Acme Solutions"]


def test_a_relation_inside_another_word_names_no_one():
    # "العميل" (the client) holds "عمي" (my uncle); "التأخير" (the delay) holds "أخي"
    text = "ساعدني في صياغة رد مهذب على هذا العميل بخصوص التأخير"
    assert create("names.v1").find(text) == []


@pytest.mark.parametrize("text", ["أختي ليلى تسكن في إربد", "قالت أختي ليلى ذلك"])
def test_a_relation_of_its_own_still_names(text):
    assert [text[s.start : s.end] for s in create("names.v1").find(text)] == ["ليلى"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Напиши коротку історію парку. Підпиши: Олена Бондар.", "Олена Бондар"),
        ("Σας παρακαλώ, η Ελένη Μαυρίδου θα έρθει αύριο.", "Ελένη Μαυρίδου"),
        ("Pozdrawiam\nAgnieszka Wróbel", "Agnieszka Wróbel"),
    ],
)
def test_a_name_in_its_own_alphabet_and_after_a_sign_off_abroad(text, name):
    assert name in [text[s.start : s.end] for s in create("names.v1").find(text)]


@pytest.mark.parametrize("text", ["Вера в Бога помогает.", "Надежда умирает последней."])
def test_a_first_name_that_is_a_word_opening_a_sentence_is_no_name(text):
    assert create("names.v1").find(text) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("il giardino di casa nostra in via Torino 14. Mi chiamo Francesca", "via Torino 14"),
        ("vivo en la calle Mayor 5 desde marzo", "calle Mayor 5"),
        ("moro na rua Augusta 274 com a minha mãe", "rua Augusta 274"),
    ],
)
def test_a_romance_street_with_its_type_in_lower_case(text, street):
    found = [text[s.start : s.end] for s in create("regex.street_address.v1").find(text)]
    assert street in found


def test_via_in_english_is_no_street():
    assert create("regex.street_address.v1").find("we flew via Dubai 2 times last year") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # "my little sister Tanzila Rahman's wedding ... the groom's name is Sajjad Hossain"
        (
            "আমার ছোট বোন তানজিলা রহমানের বিয়ের জন্য। বরের নাম সাজ্জাদ হোসেন। যোগাযোগ",
            ["তানজিলা রহমান", "সাজ্জাদ হোসেন"],
        ),
        ("प्रिंसिपल को लिख दो। मेरा नाम सुनील वर्मा, मोबाइल 9425087613", ["सुनील वर्मा"]),
        ("मेरा नाम अमित है", ["अमित"]),
        ("میرا بھائی عمران دبئی میں کام کرتا ہے۔", ["عمران"]),  # "my brother Imran"
    ],
)
def test_names_after_bengali_hindi_and_urdu_relations_and_name_words(text, names):
    assert [text[s.start : s.end] for s in create("names.v1").find(text)] == names


def test_a_relation_word_that_opens_a_longer_one_is_read_whole():
    # "মা" (mother) opens "মামা" (uncle): my uncle Rafiq, not a name inside "মামা"
    text = "আমার মামা রফিক সাহেব আসবেন"
    assert [text[s.start : s.end] for s in create("names.v1").find(text)] == ["রফিক"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("lekarka z przychodni „Medyk” przy ul. Kilińskiego 9", "przychodni „Medyk”"),
        ("Mein Sohn geht in die Praxis „Am Wall“ in Bremen.", "Praxis „Am Wall“"),
        ("trabajo en la tienda «El Sol» desde marzo", "tienda «El Sol»"),
        (
            "поставила импланты в стоматологии «Дента-Люкс Черёмушки»",
            "стоматологии «Дента-Люкс Черёмушки»",
        ),
        ("夫は設計事務所「アトリエ小松」勤務です", "事務所「アトリエ小松」"),
        ("我表哥开了家茶馆叫“听雨轩”", "叫“听雨轩”"),
    ],
)
def test_a_kind_of_institution_then_its_name_in_quotes(text, name):
    assert any(name in found for found in institutions(text))


@pytest.mark.parametrize(
    "text",
    [
        # works and apps are no institutions, whatever their quotes
        "¿Qué opinas de la película «Coco» de Pixar?",
        "Ich lese gerade den Roman „Der Process“ von Kafka.",
        "我最近在看电视剧“繁花”",
    ],
)
def test_quoted_titles_after_other_words_are_no_institutions(text):
    assert institutions(text) == []


def test_a_quoted_clinic_of_the_writers_life_is_protected(analyzer):
    text = "Moja lekarka z przychodni „Medyk” mówi, że to nic poważnego."
    assert any("Medyk" in text[s.start : s.end] for s in analyzer.analyze(text))


@pytest.mark.parametrize(
    ("text", "protected_values"),
    [
        # a Japanese self-introduction by its surname, and the origin its unsaid subject has
        (
            "自己紹介を直してください。佐々木美穂です。北海道の帯広出身で、今は札幌で働いています。",
            {"佐々木美穂", "帯広"},
        ),
        # a Chinese teacher named after the role
        ("我是良渚第二中学的数学教师陈立新，担任班主任。", {"陈立新"}),
        # a familiar Chinese name after the role
        ("室友小雨天天半夜打游戏，怎么跟她说不伤和气", {"小雨"}),
        # Arabic "his name is"
        ("السائق اسمه سعيد عبد الحميد ورقم تليفونه ٠١٠٢٢٤٨٧٣١٥.", {"سعيد عبد الحميد"}),
    ],
)
def test_names_and_origins_the_writer_gives_in_japanese_and_chinese(
    analyzer, text, protected_values
):
    assert protected_values <= {text[s.start : s.end] for s in analyzer.analyze(text)}


@pytest.mark.parametrize(
    "text",
    ["横浜です。観光のおすすめは？", "大谷選手は岩手県の奥州市出身ですか？"],
)
def test_a_town_said_alone_or_a_public_figures_origin_is_kept(analyzer, text):
    assert not analyzer.analyze(text)
