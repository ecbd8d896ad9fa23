"""Identifiers by their shape alone, in any language's sentence (capitals and digits mixed,
cut by hyphens, slashes or dots), but not a standard's, a product's, a flight's, or a
format's whose check the value fails; the writer's kin in Turkish by the possessive
suffix; the level of a school in the Romance languages; "home" as where one goes."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("Mwajiri wangu ni Kilimo Bora, namba ya mfanyakazi KB/0917.", "KB/0917"),
        ("umowa najmu nr 2023/KRK/204, wyprowadziłam się w maju", "2023/KRK/204"),
        ("el mío es CB31904QR, el de mi hermana no lo sé", "CB31904QR"),
        ("They said to quote TQ-5512-0093 when I ring back.", "TQ-5512-0093"),
        ("Kod pracownika: WRZ7-K22P-3391, nie wiem co dalej.", "WRZ7-K22P-3391"),
    ],
)
def test_a_reference_is_found_by_its_shape_in_any_sentence(analyzer, text, reference):
    assert reference in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "Is CVE-2021-44228 still exploited in the wild?",
        "Should I buy the RTX4090 or wait for the next one?",
        "flight no. FR2314 was late, can I claim?",
        "What changed between ISO-8859-1 and UTF-8?",
        "which model SM-G99158 fits this case?",
        # the shape of India's PAN whose check the value fails is no PAN
        "Send it over with CLABT9483CQ on the form.",
    ],
)
def test_a_standard_a_product_or_a_failed_format_is_no_reference(analyzer, text):
    assert protected(analyzer, text) == set()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Kızım Elif bu yıl okula başladı, çok heyecanlı.", "Elif"),
        ("Komşumuz Hakan her gece müzik çalıyor.", "Hakan"),
        ("Oğlumuz Deniz yüzme kursuna gidiyor.", "Deniz"),
    ],
)
def test_a_turkish_kin_word_with_my_or_our_names_someone(analyzer, text, name):
    assert name in protected(analyzer, text)


def test_an_acronym_with_a_turkish_case_ending_is_no_surname(analyzer):
    assert protected(analyzer, "Oğlum Emir YKS'ye hazırlanıyor.") == {"Emir"}


@pytest.mark.parametrize(
    ("text", "school"),
    [
        (
            "Ma fille est en CM1 à l'école élémentaire des Acacias à Vénissieux.",
            "école élémentaire des Acacias",
        ),
        (
            "Mi hija va a la escuela primaria Miguel Hernández en Elche.",
            "escuela primaria Miguel Hernández",
        ),
    ],
)
def test_a_schools_level_after_its_head_is_part_of_its_name(analyzer, text, school):
    assert school in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Got stuck on the M5 on my way home to Taunton last night.", "Taunton"),
        ("We drove back home to Bendigo after the match.", "Bendigo"),
    ],
)
def test_home_as_where_one_goes_is_where_one_lives(analyzer, text, place):
    assert place in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    ["Nairobi is home to Kibera, one of Africa's largest slums.", "London, home to Wembley."],
)
def test_a_place_home_to_another_says_nothing_of_the_writer(analyzer, text):
    assert protected(analyzer, text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Explain Donoghue v Stevenson simply. Did Mrs Donoghue ever get paid?",
        "In Roe v. Wade, was Ms Roe's real name ever made public?",
    ],
)
def test_a_titled_party_to_a_cited_case_is_the_cases(analyzer, text):
    assert protected(analyzer, text) == set()


def test_a_titled_namesake_of_someone_famous_stays_private(analyzer):
    assert "Mr Dickens" in protected(analyzer, "Mr Dickens says Evie must reread Bleak House.")


def test_a_name_particle_does_not_open_an_acronym(analyzer):
    text = "Klopt het dat de talentprogramma's van de KNHB pas vanaf 13 jaar beginnen?"
    assert protected(analyzer, text) == set()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Juf Marloes vond de spreekbeurt heel grappig.", "Marloes"),
        ("Kun je een bedankje schrijven voor mevrouw Dekkers?", "Dekkers"),
    ],
)
def test_a_dutch_title_or_a_teachers_names_someone(analyzer, text, name):
    assert any(name in value for value in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "site"),
    [
        (
            "Bought a throw from www.brackenloomthrows.co.uk and got charged twice.",
            "www.brackenloomthrows.co.uk",
        ),
        (
            "I moderate a tiny fan forum (tardis-teacup-club.net) and need rules.",
            "tardis-teacup-club.net",
        ),
        (
            "the blog is called cwtchandcrumb.wales, can you write an about page?",
            "cwtchandcrumb.wales",
        ),
    ],
)
def test_a_site_no_encyclopedia_knows_is_someones(analyzer, text, site):
    assert site in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "Is wikipedia.org reliable enough to cite? What about bbc.co.uk?",
        "run python main.py and then open notes.md in the editor",
        "df = pd.read_csv('sales.csv') fails with a UnicodeDecodeError",
        "Can I point api.example.com at localhost for tests?",
        'why does this fail?\nEMAIL_HOST = "smtp.mailrelayhub.com"\nEMAIL_PORT = 587',
        "\tat com.acme.billing.InvoiceService.render(InvoiceService.java:97)",
    ],
)
def test_a_known_site_a_file_or_a_setting_is_no_ones_site(analyzer, text):
    assert protected(analyzer, text) == set()


def test_a_name_ner_ran_into_a_bracket_ends_before_it(analyzer):
    text = "The bakery I run, Crumb & Co (crumbandco-leam.co.uk), has two shops."
    assert {"Crumb & Co", "crumbandco-leam.co.uk"} <= protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("أنا مقيم في ١٧ شارع النخيل، المعادي، القاهرة.", "١٧ شارع النخيل، المعادي، القاهرة"),
        ("Я з Полтави, живу на вулиці Квітковій 9.", "вулиці Квітковій 9"),
        ("Мы живём на улице Садовой, 14 уже десять лет.", "улице Садовой, 14"),
    ],
)
def test_a_street_in_arabic_or_a_declined_slavic_street_is_an_address(analyzer, text, address):
    assert address in protected(analyzer, text)


@pytest.mark.parametrize(
    "text", ["ما تاريخ شارع المعز في القاهرة؟", "Какая самая длинная улица в Москве?"]
)
def test_a_street_as_a_topic_is_no_address(analyzer, text):
    assert protected(analyzer, text) == set()


@pytest.mark.parametrize(
    ("text", "famous", "own"),
    [
        (
            "Match report: Jack Grealish scored twice (our Jack, not the Man City one) "
            "for the Lowfield Under-10s.",
            "Man City",
            "Lowfield Under-10s",
        ),
        (
            "We live in Athens, Georgia (not Greece!) and my son Theo starts at Cedar "
            "Shoals High School.",
            "Greece",
            "Theo",
        ),
    ],
)
def test_the_famous_one_the_writer_says_theirs_is_not_stays_public(analyzer, text, famous, own):
    found = protected(analyzer, text)
    assert famous not in found
    assert any(own in value for value in found)


def test_a_first_name_after_not_is_still_someones(analyzer):
    text = "It was not Tom who rang, it was my cousin Jake from Leeds."
    assert "Tom" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "club"),
    [
        ("Write up Saturday: Millbrook Vale Rangers U10s 3, Eastfield Colts 1.", "Eastfield Colts"),
        (
            "Reminder: our girls are away to Kilbarrack Celtic on Sunday, meet at 9.",
            "Kilbarrack Celtic",
        ),
    ],
)
def test_a_local_club_by_the_words_of_club_names_is_someones(analyzer, text, club):
    assert any(club in value for value in protected(analyzer, text))


def test_a_famous_club_with_such_a_word_stays_public(analyzer):
    assert protected(analyzer, "Did Glasgow Rangers win the league in 2021?") == set()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Everyone welcome. RSVP to Tariq on 07700 914 382 by Thursday.", "Tariq"),
        ("Questions about the rota go to Imogen (imogen.hale@example.org).", "Imogen"),
    ],
)
def test_a_first_name_given_with_a_number_or_an_address_is_someones(analyzer, text, name):
    assert name in protected(analyzer, text)


def test_a_titled_rival_in_a_match_of_anyone_stays_private(analyzer):
    text = "Bowls final tonight: Mrs Patel vs Mr Jones. Can you write a cheer for Mrs Patel?"
    assert "Mrs Patel" in protected(analyzer, text)


def test_a_small_site_beside_addresses_of_other_short_domains_is_still_someones(analyzer):
    # neither the site's name (a hyphen) nor the mail's domain (two letters) is a firm's
    # name: the one does not stand for the other
    text = "I run a tiny fan forum (tardis-teacup-club.net); mail me at bob@ab.io"
    assert "tardis-teacup-club.net" in protected(analyzer, text)


def test_every_site_of_a_long_paste_with_addresses_is_read():
    from veil.rules.recognizers.network import PersonalUrlRecognizer

    paste = "".join(
        f"We bought it from the shop at brackenloom{i}throws.co.uk, ask jo@firm{i % 7}.com.\n"
        for i in range(50)
    )
    assert len(PersonalUrlRecognizer().find(paste)) == 50
