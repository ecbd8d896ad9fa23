"""Names, numbers and places by the forms their languages and formats give them: a word
for a relation alone names no one; a title and a first name that are an encyclopedia's
alias do not cut a name; two first names joined by a hyphen are one; given names written
short ("Ma.", "Wm."); a sign-off after a dash or a closing greeting; a number a keyword
calls an id; a pharmacy's or a clinic's kind; a handle on the platforms people review on;
Danish floors; Korean home towns; "moved" in other languages; a village by its town."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


def test_a_relation_word_alone_is_no_place(analyzer):
    text = "Dad (Gordon Pellow, 81, lives on his own in Whitby) needs a phone he can hear."
    found = protected_labels(analyzer, text)
    assert found.get("Gordon Pellow") == "PERSON"
    assert found.get("Whitby") == "LOCATION"
    assert "Dad" not in found


@pytest.mark.parametrize(
    "text",
    [
        "Follow up with Dr. Lisa Kaminski at the practice next week.",
        "Booked in with Dr. Lisa Varnell on Friday.",
    ],
)
def test_a_titled_first_name_and_surname_stay_one_name(analyzer, text):
    found = protected_labels(analyzer, text)
    assert any(value.startswith("Dr. Lisa ") for value in found), found


def test_two_first_names_joined_by_a_hyphen_are_one_name(analyzer):
    text = "Child: Ellie-Mae Dunstable (DOB 04/11/2015). Lives with her gran."
    assert protected_labels(analyzer, text).get("Ellie-Mae Dunstable") == "PERSON"


def test_a_product_with_a_hyphen_is_no_name(analyzer):
    text = "The pharmacy will update her Webster-pak once the dose is reviewed."
    assert "Webster-pak" not in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Bed 2 - Pt. Ma. Luisa Dimaculangan, for CBC monitoring.", "Ma. Luisa Dimaculangan"),
        ("Baptised 1871: Thos. Henry Tolley, son of Wm. Tolley.", "Thos. Henry Tolley"),
    ],
)
def test_given_names_written_short(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("the rota is on the board, any probs ring me on 07700 900321 - Sue", "Sue"),
        ("thx - Anouk, Larch Ward", "Anouk"),
        ("Kannst du den Brief kürzer machen? lg Leopold", "Leopold"),
    ],
)
def test_the_writer_signing_off(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


def test_a_thing_a_sentence_opens_with_is_no_name(analyzer):
    text = "Can you help? Complaint is from Mr Idris Penhallow about the wait."
    found = protected_labels(analyzer, text)
    assert found.get("Mr Idris Penhallow") == "PERSON"
    assert "Complaint" not in found and "complaint" not in found


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Complaint from Mr Idris Penhallow (patient ID 47391) about the wait.", "47391"),
        ("Money went from my account to sort code 30-91-62, account 70418255.", "30-91-62"),
    ],
)
def test_a_number_its_keyword_names(analyzer, text, number):
    assert protected_labels(analyzer, text).get(number) == "ID_NUMBER"


@pytest.mark.parametrize(
    "text",
    [
        "I took out a loan of 25000 dollars last spring.",
        "ship it to 88 Quarry Rd, Pocatello, ID 83201 please",
    ],
)
def test_an_amount_or_a_state_code_is_no_id(analyzer, text):
    assert "ID_NUMBER" not in protected_labels(analyzer, text).values()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Votre rendez-vous à la Clinique médicale des Érables est déplacé.",
         "Clinique médicale des Érables"),
        ("We're Mossgate Chemist and our page gets a lot of reviews.", "Mossgate Chemist"),
    ],
)  # fmt: skip
def test_a_clinic_or_a_pharmacy_by_its_kind(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "ORGANIZATION"


def test_a_handle_on_a_review_site(analyzer):
    text = "We got a 1-star review on Facebook from someone called tallpete_82 about stock."
    assert protected_labels(analyzer, text).get("tallpete_82") == "USERNAME"


def test_a_danish_address_with_its_floor_and_side(analyzer):
    text = "Jeg bor på Sortedam Dossering 41, 2. tv., 2100 København Ø, og naboen ryger."
    found = protected_labels(analyzer, text)
    assert found.get("Sortedam Dossering 41, 2. tv., 2100 København Ø") == "STREET_ADDRESS"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("제 고향이 전주인데, 이번 설에 못 내려가요.", "전주"),
        ("친정은 수원이에요. 주말마다 가요.", "수원"),
    ],
)
def test_a_korean_home_town(analyzer, text, town):
    assert protected_labels(analyzer, text).get(town) == "LOCATION"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Min far er lige flyttet på plejehjem i Horsens.", "Horsens"),
        ("Mijn oma is vorig jaar verhuisd naar Zwolle.", "Zwolle"),
    ],
)
def test_moved_in_other_languages(analyzer, text, town):
    assert protected_labels(analyzer, text).get(town) == "LOCATION"


def test_a_village_by_its_town(analyzer):
    text = "We're visiting my partner's parents in Galatas, just outside Chania."
    found = protected_labels(analyzer, text)
    assert found.get("Galatas") == "LOCATION" and found.get("Chania") == "LOCATION"


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("Explain what Lloyd's of London does versus a broker like Aon.", "Lloyd"),
        ("Handover: Mr Ivo Pennock, admitted with Bell's palsy, is settled.", "Bell"),
    ],
)
def test_what_is_named_after_someone_is_no_one(analyzer, text, entity):
    found = protected_labels(analyzer, text)
    assert not any(value.startswith(entity) for value in found), found


def test_a_form_field_is_no_name(analyzer):
    text = "Seller: Ntombi Dlamini, 082 555 0143\nProperty: 9 Kiaat Street, Pretoria"
    found = protected_labels(analyzer, text)
    assert "Seller" not in found and "seller" not in found
    assert found.get("Ntombi Dlamini") == "PERSON"


def test_a_chat_speaker_named_like_a_word_stays_a_name(analyzer):
    text = "Grace: can you send the rota?\nMark: sure, tonight"
    found = protected_labels(analyzer, text)
    assert found.get("Grace") == "PERSON" and found.get("Mark") == "PERSON"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Nazwisko: Wrona\nMiejsce urodzenia: Tczew\nData: 2024", "Tczew"),
        ("Surname: Okafor\nPlace of birth: Onitsha\nNationality: Nigerian", "Onitsha"),
    ],
)
def test_a_birthplace_field(analyzer, text, town):
    assert protected_labels(analyzer, text).get(town) == "LOCATION"


@pytest.mark.parametrize(
    ("text", "firm"),
    [
        ("hi Sam its Tessa from Wagtail Grooming, my tax return is late", "Wagtail Grooming"),
        ("Adviser: Ruth Kinsella, Brackenfield Wealth", "Brackenfield Wealth"),
        ("a shortlist for our client (Harrowgate Mutual) by Friday", "Harrowgate Mutual"),
    ],
)
def test_a_firm_introduced_or_by_its_trade(analyzer, text, firm):
    assert firm in protected_labels(analyzer, text)


def test_a_country_one_is_from_stays(analyzer):
    text = "It's Pablo from Spain, he says he knows you."
    assert "Spain" not in protected_labels(analyzer, text)


def test_the_people_a_minutes_line_lists(analyzer):
    text = (
        "Present: Mr Tan Wei Jie (Director), Ms Priyanka Nair (Director), "
        "Mr Daniel Koh (Company Secretary)\nResolutions: adopt the accounts."
    )
    found = protected_labels(analyzer, text)
    assert {"Ms Priyanka Nair", "Mr Daniel Koh"} <= set(found), found


def test_a_letter_to_a_public_figure_stays(analyzer):
    text = "To: Barack Obama\nSubject: thank you for the speech in Chicago"
    assert "Barack Obama" not in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("the flat is Blk 218 Bedok North Street 3 #04-117, landlord is mr goh",
         "Blk 218 Bedok North Street 3 #04-117"),
        ("The AGM was held at 15 Ubi Avenue 2, #03-08, Singapore 408553.\nPresent: all",
         "15 Ubi Avenue 2, #03-08, Singapore 408553"),
        ("Debtor: Wanjiru Kamau of P.O. Box 2231-40100 Kisumu owes us.",
         "P.O. Box 2231-40100 Kisumu"),
    ],
)  # fmt: skip
def test_singapore_and_east_african_addresses(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


def test_unit_is_no_unit_number(analyzer):
    text = "unit is Blk 218 Bedok North Street 3 #04-117, landlord is mr goh"
    assert not any(value.startswith("unit") for value in protected_labels(analyzer, text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my kid max keeps asking for a phone, is 9 too young?", "max"),
        ("my names al btw, we're the farm up the lane", "al"),
    ],
)
def test_a_lower_case_name_a_relation_or_my_name_gives(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


def test_a_word_after_a_relation_is_no_name_without_its_verb(analyzer):
    assert protected_labels(analyzer, "my friend will come round tomorrow") == {}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("목동 영어학원 선생님께 보낼 문자 좀 써 줘.", "목동"),
        ("예약한 곳은 일산 백석동 '해님 산후조리원'이에요.", "일산 백석동"),
        ("오늘은 마포구 망원에 있는 밝은소아과에 다녀왔어요.", "마포구 망원"),
    ],
)
def test_a_korean_district_by_its_suffix(analyzer, text, place):
    assert protected_labels(analyzer, text).get(place) == "LOCATION"


def test_a_korean_common_noun_is_no_district(analyzer):
    assert protected_labels(analyzer, "친구 학교에 가요. 우리 동네 지역 병원도 가요.") == {}


def test_a_chinese_district_after_a_coverb(analyzer):
    text = "我老婆在滨江区一家小公司（星河云途科技）上班。"
    found = protected_labels(analyzer, text)
    assert found.get("滨江区") == "LOCATION" and found.get("星河云途科技") == "ORGANIZATION"


def test_chinese_common_nouns_stay(analyzer):
    assert protected_labels(analyzer, "我住在郊区。中国的高科技发展很快。") == {}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("डॉक्टर अनुराग मिश्रा ने नई दवा लिखी है।", "अनुराग मिश्रा"),
        ("मेरी बेटी की टीचर श्रीमती कविता पांडे कहती हैं कि", "कविता पांडे"),
        ("मेरे पापा सुरेश चंद्र गुप्ता की सर्जरी हुई।", "सुरेश चंद्र गुप्ता"),
    ],
)
def test_names_in_devanagari_by_title_and_middle_name(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


def test_a_relation_word_is_no_given_name_read_aloud(analyzer):
    text = "मेरे पापा सुरेश चंद्र गुप्ता की सर्जरी हुई।"
    assert not any(value.startswith("पापा") for value in protected_labels(analyzer, text))


def test_a_famous_name_in_devanagari_stays(analyzer):
    text = "ये तो तारक मेहता का उल्टा चश्मा वाली सोसाइटी बन गई है"
    assert "तारक मेहता" not in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("للتواصل: 0551 238 904\nمع التحية، هند القحطاني – قسم الموارد البشرية", "هند القحطاني"),
        ("אם צריך, המספר שלי 052-6130000. תודה, נועה", "נועה"),
    ],
)
def test_a_sign_off_in_arabic_and_hebrew(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


@pytest.mark.parametrize("text", ["شكرا جزيلا على المساعدة", "תודה רבה על העזרה"])
def test_thanks_for_something_is_no_signature(analyzer, text):
    assert protected_labels(analyzer, text) == {}


def test_a_hebrew_relation_with_mine_then_a_name(analyzer):
    text = "אני צריך לכתוב מכתב לבעל הדירה שלי, משה אברג'ל. אני גר ברחוב הגפן 7"
    assert protected_labels(analyzer, text).get("משה אברג'ל") == "PERSON"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("أنا محمد صالح الزهراني، موظف في شركة صغيرة", "محمد صالح الزهراني"),
        ("أنا سلمى عبد الكريم الشناوي من إربد", "سلمى عبد الكريم الشناوي"),
    ],
)
def test_an_arabic_full_name_after_i_am(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


@pytest.mark.parametrize("text", ["أنا في المستشفى الآن", "أنا متعب جدا اليوم"])
def test_i_am_before_no_name(analyzer, text):
    assert "PERSON" not in protected_labels(analyzer, text).values()


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Είμαι νοσηλεύτρια στη Λάρισα και δουλεύω νύχτες.", "Λάρισα"),
        ("Η αδελφή μου μένει μόνιμα στη Σαντορίνη.", "Σαντορίνη"),
        ("Soy profesora de primaria en Albacete y necesito ayuda.", "Albacete"),
        ("Привіт! Я Ганна Коваль, з Тернополя, хочу поїхати до Львова.", "Тернополя"),
    ],
)
def test_a_life_in_a_town_in_other_languages(analyzer, text, town):
    assert protected_labels(analyzer, text).get(town) == "LOCATION"


def test_a_trip_in_greek_stays(analyzer):
    assert "Αθήνα" not in protected_labels(analyzer, "Είμαι στην Αθήνα για διακοπές")


def test_an_institution_after_a_life_cue_stays_an_institution(analyzer):
    text = "Sou técnica de enfermagem na Clínica São Lucas, em Lavras, e preciso de ajuda."
    found = protected_labels(analyzer, text)
    assert found.get("Clínica São Lucas") == "ORGANIZATION" and found.get("Lavras") == "LOCATION"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("大学1年から下北沢のカフェ・モカでアルバイトをしています。", "下北沢"),
        ("実家は美瑛の方で、冬はとても寒いです。", "美瑛"),
        ("妻は自由が丘の小さな歯科医院で受付をしています。", "自由が丘"),
    ],
)
def test_a_japanese_place_by_what_is_there(analyzer, text, place):
    assert protected_labels(analyzer, text).get(place) == "LOCATION"


@pytest.mark.parametrize(
    "text", ["父の会社で働いています。", "楽天市場の出店者支援に活かしたいです。"]
)
def test_a_japanese_person_or_a_compound_is_no_place(analyzer, text):
    assert "LOCATION" not in protected_labels(analyzer, text).values()
