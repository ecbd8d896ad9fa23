"""An address with no house number is read from its postal tail: the lines before a tail
that a country's format reads (a house's or farm's name, a lane, a village, then the post
town and postcode) are the address. A rural road named by its number on a county's grid is
a street. Farms, and the arts' companies and shops, are named by their heads like other
institutions. Japanese, Hong Kong and Korean addresses are read by their own formats;
Chinese names by the posts said after them, by "I am <department>'s X", in traditional
characters and after the kin words of Taiwan and Hong Kong; a Korean parent names
themselves by their child's full name."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # a house's name, its lane and its village before the post town's postcode
        (
            "The hedge between my place, Willow Barn, Pudding Lane, Aldwark YO61 1UB, "
            "and the next field is the problem.",
            "Willow Barn, Pudding Lane, Aldwark YO61 1UB",
        ),
        # a farm, its village and the post town, after a form's label
        (
            "Address: Penrose Farm, St Tudy, Bodmin PL30 3NN\nWhat grant would he get?",
            "Penrose Farm, St Tudy, Bodmin PL30 3NN",
        ),
        # a Polish village and its house number, then the postcode before the post town
        (
            "Proszę o kontakt: Zofia Lis, Wola Gołuska 7, 98-235 Błaszki. Dziękuję.",
            "Wola Gołuska 7, 98-235 Błaszki",
        ),
        # a rural road on a county's grid, then its town and state
        (
            "The grain is in the bins at 1870 County Road 900 E, Arthur, IL. Call me.",
            "1870 County Road 900 E, Arthur, IL",
        ),
    ],
)
def test_an_address_without_a_street_line_is_read_from_its_postal_tail(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


@pytest.mark.parametrize(
    "text",
    [
        # a sentence before the postcode is no line of an address
        "I live in Leeds, LS6 2AB is my postcode.",
        # a year is no postcode, and a town after a comma is no address's tail
        "In March 2019, Berlin was cold and Paris was colder.",
    ],
)
def test_running_text_before_a_postcode_is_no_address(text):
    from veil.rules.recognizers.address_runs import lines_before_tails

    assert lines_before_tails(text) == []


def test_lines_under_each_other_stop_at_an_identifier_line(analyzer):
    text = (
        "Re: Mr Tobias Venn, DOB 12/02/1981, NHS No. 943 476 5919\n"
        "8 Larch Close, Swindon SN3 4QW\nThank you for seeing him."
    )
    found = protected_labels(analyzer, text)
    assert found.get("8 Larch Close, Swindon SN3 4QW") == "STREET_ADDRESS"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("We run 200 Hereford cows on the Lazy K Ranch outside Roundup.", "Lazy K Ranch"),
        ("Bonjour, je suis éleveuse au GAEC du Pré Fleuri à Morteau.", "GAEC du Pré Fleuri"),
        ("I sing with Hebble End Community Choir, we need a poster.", "Hebble End Community Choir"),
        ("I run the Saturday workshop at Moss Lane Theatre for teenagers.", "Moss Lane Theatre"),
    ],
)
def test_farms_and_the_arts_companies_are_named_by_their_heads(analyzer, text, name):
    assert any(name in value for value in protected_labels(analyzer, text))


def test_a_famous_theatre_stays(analyzer):
    found = protected_labels(analyzer, "Is the Globe Theatre in London a copy of the old one?")
    assert not any("Globe" in value for value in found)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "住所は大阪府豊中市本町3-5-12 サンハイツ102です。",
            "大阪府豊中市本町3-5-12 サンハイツ102",
        ),
        ("我住喺太古城5座12樓B室，樓上漏水。", "太古城5座12樓B室"),
        (
            "주소는 충청남도 천안시 서북구 불당대로 40, 205동 801호입니다.",
            "충청남도 천안시 서북구 불당대로 40, 205동 801호",
        ),
    ],
)
def test_east_asian_addresses_by_their_formats(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


def test_a_date_and_a_range_are_no_japanese_address():
    from veil.rules.recognizers.address import StreetAddressRecognizer

    recognizer = StreetAddressRecognizer()
    assert recognizer.find("2024年3月5日に東京都で会議があります。") == []
    assert recognizer.find("京都市の人口は2-3万人増えた。") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # a post said after the name, as one addresses a superior
        ("帮我改一下：周文斌总监您好，明天的会议我想请假。", "周文斌"),
        # "I am <department>'s X"
        ("大家好，我是财务部的郑雅琴。下周的报表我来负责。", "郑雅琴"),
        # a Taiwanese kin word and a name in traditional characters
        ("我阿嬤林美玉一個人住，最近常接到詐騙電話。", "林美玉"),
    ],
)
def test_chinese_names_by_posts_departments_and_kin(analyzer, text, name):
    assert name in protected_labels(analyzer, text)


def test_a_korean_parent_named_by_their_childs_full_name(analyzer):
    text = "안녕하세요, 중2 박서준 엄마입니다. 상담 가능할까요?"
    assert "박서준" in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("아버지(김철수, 1961년 7월 9일생)가 다음 주에 검진을 받으세요.", "1961년 7월 9일"),
        ("私は1992年11月4日生まれで、今は札幌に住んでいます。", "1992年11月4日"),
        ("我1988年2月14日出生，想问一下退休年龄。", "1988年2月14日"),
    ],
)
def test_a_birth_word_after_an_east_asian_date(analyzer, text, date):
    assert protected_labels(analyzer, text).get(date) == "DATE_OF_BIRTH"


def test_a_date_a_rule_takes_effect_is_no_birth():
    from veil.rules.recognizers.dates import DateOfBirthRecognizer

    assert DateOfBirthRecognizer().find("新规定2024年3月5日生效，请注意。") == []


def test_a_japanese_parent_named_by_their_child(analyzer):
    text = "いつもお世話になっております。中1の佐藤陽翔の母です。明日は欠席します。"
    assert "佐藤陽翔" in protected_labels(analyzer, text)


def test_our_company_is_x_in_chinese(analyzer):
    text = "我們公司是新竹的鼎昇光電，做鏡頭模組的。請幫我寫一封英文自我介紹。"
    assert "鼎昇光電" in protected_labels(analyzer, text)


def test_an_ordinal_birthday_is_a_life_event_not_a_work(analyzer):
    text = "Booking: Saturday 3 May for Mrs Edna Pollard's 90th birthday, 2pm to 6pm."
    assert any("Edna Pollard" in value for value in protected_labels(analyzer, text))


def test_a_polite_request_of_a_local_firm_is_no_option_weighed(analyzer):
    text = "Could someone from Dyfi Bridge Vets come out to the farm tomorrow? Our ewe is lame."
    assert any("Dyfi Bridge Vets" in value for value in protected_labels(analyzer, text))


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("One heifer (tag UK 382915 700214) is off her feed.", "UK 382915 700214"),
        ("Holding is Ash Farm, flock no. UK 0517734, and the lambs went on Monday.", "UK 0517734"),
    ],
)
def test_livestock_tags_and_flock_marks(analyzer, text, number):
    assert protected_labels(analyzer, text).get(number) == "ID_NUMBER"


def test_a_count_after_the_uk_is_no_flock_mark(analyzer):
    assert not protected_labels(analyzer, "The UK 100000 Genomes Project finished in 2018.")


def test_a_real_name_given_after_a_handle_is_the_writers(analyzer):
    text = "i post as @banjo_bex on tiktok, real name's Eric Whitacre, can u write my bio"
    assert "Eric Whitacre" in protected_labels(analyzer, text)


def test_an_artist_whose_songs_follow_is_no_handles_owner(analyzer):
    text = "i'm @fiddle_fern, been posting covers of Molly Tuttle and Billy Strings songs lately"
    found = protected_labels(analyzer, text)
    assert "@fiddle_fern" in found
    assert "Billy Strings" not in found


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("The mower is still under warranty. Serial number is 60418.", "60418"),
        ("Our FSA farm number is 7312, can you explain the form?", "7312"),
    ],
)
def test_numbers_of_things_registered_to_their_owner(analyzer, text, number):
    found = protected_labels(analyzer, text)
    assert found.get(number) == "ID_NUMBER"
    assert "FSA" not in found  # the scheme that issues the number is everyone's


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # a Turkish street, its door and its flat, the quarter before it in the locative
        (
            "Ev sahibim depozitoyu vermiyor. Üsküdar'da Bağlarbaşı Caddesi No: 14 D:3'te oturdum.",
            "Üsküdar'da Bağlarbaşı Caddesi No: 14 D:3",
        ),
        # a German floor after the street line
        ("Lieferung an Kettwiger Straße 41, 3. Etage, bitte.", "Kettwiger Straße 41, 3. Etage"),
        # a Korean building's flat and a floor after the road address
        (
            "주소는 대전 유성구 대학로 99, 한빛빌 205호입니다.",
            "대전 유성구 대학로 99, 한빛빌 205호",
        ),
        # the older lot-number form
        ("할머니 댁은 안동시 법흥동 45-2에 있어요.", "안동시 법흥동 45-2"),
    ],
)
def test_street_lines_of_turkish_german_and_korean_formats(analyzer, text, address):
    assert protected_labels(analyzer, text).get(address) == "STREET_ADDRESS"


def test_a_korean_count_is_no_lot_number():
    from veil.rules.recognizers.address import StreetAddressRecognizer

    assert StreetAddressRecognizer().find("서울시 강남구 100명이 모였다.") == []


def test_a_word_for_address_opens_its_first_line(analyzer):
    text = "My address is Ghyll Cottage, Mill Lane, Dent LA10 5QR, and the gate is the problem."
    found = protected_labels(analyzer, text)
    assert found.get("Ghyll Cottage, Mill Lane, Dent LA10 5QR") == "STREET_ADDRESS"
