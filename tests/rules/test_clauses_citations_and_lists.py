"""A move told with "since" was made; a wish in another clause wishes nothing of the
place; an international number written as E.123 writes it is a phone number; a path
after a word for an account names one; relatives of relatives, relatives named in a
relative clause or a bracket, and a co-author are people of the writer's life; the
subject of a thesis, an author cited "et al." and a place in a list of places are not."""

from __future__ import annotations

import pytest

from tests.conftest import protected


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # a gerund after "since" tells of a move made, whatever the next clause asks
        (
            "since moving to Bergen for the postdoc i've hardly seen daylight, but anyway: "
            "how would you plan a reading list on fjord ecology?",
            "Bergen",
        ),
        # a wish in an earlier clause ("we want different things") is no wish to move
        (
            "We want completely different things — she's moving back to Spokane to run "
            "her mum's bakery, and I start a course in Leeds.",
            "Spokane",
        ),
    ],
)
def test_a_move_made_is_protected(analyzer, text, place):
    assert place in protected(analyzer, text)


def test_a_move_wished_in_its_own_clause_is_still_a_wish(analyzer):
    assert "Porto" not in protected(analyzer, "Someday I want to move to Porto.")


def test_an_e123_international_number_is_a_phone_number(analyzer):
    text = "[09:12] Kit (+44 7700 900123): running late\n[09:13] Sam: ok see you there"
    assert "+44 7700 900123" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "url"),
    [
        (
            "Orders now come through folksy.com/shops/ThistleAndThread.",
            "folksy.com/shops/ThistleAndThread",
        ),
        (
            "Everything's on forum.example.net/members/kwame_a now.",
            "forum.example.net/members/kwame_a",
        ),
    ],
)
def test_a_path_after_a_word_for_an_account_is_protected(analyzer, text, url):
    assert url in protected(analyzer, text)


def test_a_documentation_path_is_kept(analyzer):
    text = "The docs at https://docs.python.org/3/library/re.html explain lookbehinds."
    assert protected(analyzer, text) == set()


@pytest.mark.parametrize(
    ("text", "person"),
    [
        # a relation of someone the writer knows, in German: "seine Schwester"
        ("Mein Freund Lukas und ich, und seine Schwester Greta lädt uns ein.", "Greta"),
        # a relative clause between the name and the relation
        ("Ayúdame a escribirle a Marisol, que es mi mejor amiga desde el colegio.", "Marisol"),
        ("Can you draft a note to Dara, who is my best friend, about Saturday?", "Dara"),
        # a co-author is no author of public fame
        ("My co-author Ines Barreto keeps rewriting our introduction.", "Ines Barreto"),
    ],
)
def test_people_of_the_writers_life_are_protected(analyzer, text, person):
    assert any(person in value for value in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # authors cited with "et al." and their year, in a text about the writer's work
        ("For the related work: our method builds on LeCun et al. (1998).", "LeCun"),
        # one of a list of places
        ("Anniversary trip shortlist: Madeira, Bali, or the Amalfi Coast in late spring.", "Bali"),
    ],
)
def test_public_names_in_the_writers_text_are_kept(analyzer, text, kept):
    assert kept not in " ".join(protected(analyzer, text))


def test_the_subject_of_a_thesis_is_kept_and_the_supervisor_in_brackets_protected(analyzer):
    # a thesis "su" someone is about them; "il mio relatore (X)" is the writer's supervisor
    found = protected(
        analyzer,
        "Scrivo la tesi magistrale su Natalia Ginzburg e Lessico famigliare, il mio relatore "
        "(Fabrizio Gentileschi) vuole le citazioni in stile Chicago.",
    )
    assert "Fabrizio Gentileschi" in found
    assert "Natalia Ginzburg" not in found


def test_a_name_signed_off_with_is_the_writers(analyzer):
    text = "Can you make it sound less needy? Sign it off as Ravi."
    assert "Ravi" in protected(analyzer, text)


def test_a_street_named_with_its_abbreviated_type_is_protected(analyzer):
    text = "me: yeah I climb at Boulder Barn most weekends\nhim: I live right by it on Kestrel Rd"
    assert "Kestrel Rd" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # a sender described by an occupation in apposition, and where they are from
        ("Thanks again for the quote. Signed: Sam Oduya, joiner from Harrogate.", "Harrogate"),
        # a friend staying at a relative's, in a village the small-places gazetteer has
        ("She's at her mum's in Beeston until Sunday, so text her instead.", "Beeston"),
    ],
)
def test_where_someone_of_the_writers_life_is_protected(analyzer, text, place):
    assert place in protected(analyzer, text)


def test_a_famous_person_described_with_a_town_keeps_it(analyzer):
    text = "Lionel Messi, the footballer from Rosario, signed for Inter Miami in 2023."
    assert "Rosario" not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # a listed given name and a listed surname of a script without capitals
        ("मेरे पुराने ग्राहक हैं सुनील वर्मा, उन्होंने बिल नहीं चुकाया।", "सुनील वर्मा"),
        ("החבר שלי עומר לוי ביקש ברכה קצרה לחתונה", "עומר לוי"),
    ],
)
def test_a_full_name_in_a_caseless_script_is_protected(analyzer, text, name):
    assert any(name in value for value in protected(analyzer, text))


def test_a_caseless_given_name_alone_is_a_word(analyzer):
    # "अमर" is a given name and the word "immortal"
    assert protected(analyzer, "प्रेम अमर होता है, ऐसा कहते हैं।") == set()


def test_where_a_chinese_pronoun_is_from_is_protected(analyzer):
    # "她是X人": she is from X; a famous poet's origin is asked about, not told
    assert "苏州" in protected(analyzer, "我室友性格很好，她是苏州人，做饭特别好吃。")
    assert protected(analyzer, "李白是四川人吗？") == set()


@pytest.mark.parametrize(
    ("text", "business"),
    [
        # Chinese: a supplier's, and a business's by its classifier ("那家“X”", that X)
        ("帮我给布料供应商「锦程布业」写一封催货的信。", "锦程布业"),
        ("以前放学后我们总去学校门口那家“老街糖水”坐一会儿。", "老街糖水"),
        # Korean: a quoted name "called" a kind ("'X'라는 빵집", a bakery called X)
        ("우리 동네에 있는 '해바라기베이커리'라는 빵집 홍보 글 좀 써줘.", "해바라기베이커리"),
    ],
)
def test_a_small_business_named_in_quotes_is_protected(analyzer, text, business):
    assert any(business in value for value in protected(analyzer, text))


def test_a_request_about_public_life_keeps_a_name_no_list_has(analyzer):
    # an imperative request asks as a question does: nothing in it is anyone's life
    text = (
        "Write a short fan-page post about Arvid Lindblad's rookie season with Racing Bulls "
        "and compare it with Lewis Hamilton's 2007 debut at McLaren."
    )
    assert protected(analyzer, text) == set()


def test_a_request_to_write_to_someone_still_protects_them(analyzer):
    text = "Write a thank-you note to Arvid Lindblad for the flowers, and mention Lewis Hamilton."
    assert "Arvid Lindblad" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("seguimos en Córdoba y con el sueldo de uno no alcanza", "Córdoba"),
        ("on est toujours à Rennes et le loyer augmente encore", "Rennes"),
        ("siamo ancora a Brescia finché non finisco il dottorato", "Brescia"),
    ],
)
def test_still_being_somewhere_in_romance_languages_is_living_there(analyzer, text, place):
    assert place in protected(analyzer, text)


def test_whom_someone_of_the_writers_marries_is_protected(analyzer):
    text = (
        "My sister Leila is getting married next spring. She's marrying Marco Rossi, who "
        "she met on a ferry to Dublin."
    )
    assert "Marco Rossi" in protected(analyzer, text)


def test_a_firm_no_one_knows_located_by_its_town_is_protected_with_it(analyzer):
    found = protected(
        analyzer, "Tell them the print shop is Ashgrove Garments in Wigan, if you need a sign-off."
    )
    assert "Ashgrove Garments" in found and "Wigan" in found


def test_a_known_firm_located_by_its_town_is_kept(analyzer):
    assert protected(analyzer, "Is the Apple Store in Covent Garden open on Sundays?") == set()


def test_a_business_described_as_one_of_a_kind_is_protected(analyzer):
    text = "Our grant applicant is Hollins Refill, a zero-waste refill shop in the market hall."
    assert "Hollins Refill" in protected(analyzer, text)


def test_a_known_firm_described_is_kept(analyzer):
    assert "Google" not in protected(analyzer, "Should I apply to Google, the search company?")


def test_a_workplace_before_a_russian_verb_is_protected(analyzer):
    # Russian may put the verb last: "я сейчас в X работаю" (I now at X work)
    assert "Сбере" in " ".join(protected(analyzer, "Я уже три года в Сбере работаю, в Казани."))
    # (how a rule works in a country is no one's workplace)
    assert protected(analyzer, "Объясните, как в России работает налоговый вычет.") == set()


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # chat's possessives: no apostrophe, and "ur" for "your"
        ("jess is out this weekend bc her cousins wedding in Akron", "Akron"),
        ("saw ur story, u were at ur nans in Thirsk all week", "Thirsk"),
    ],
)
def test_a_relatives_place_typed_as_chat_is_protected(analyzer, text, place):
    assert place in protected(analyzer, text)


def test_the_town_of_a_private_place_in_turkish_case_is_protected(analyzer):
    # "X'deki Y": the Y in X, a kebab house no one knows, so X is where the family is
    text = "Davetiye metni: tatlılar Eskişehir'deki Usta Recep Kebap'tan gelecek, saat 19.00."
    assert "Eskişehir" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("employer", "applied_to_is_kept"),
    [("Starbucks", True), ("Quillon Housing Trust", False)],
)
def test_a_known_employer_applied_to_is_kept_and_a_small_one_protected(
    analyzer, employer, applied_to_is_kept
):
    text = f"I'm applying for a barista role at {employer} next week. What do they ask?"
    assert (employer not in protected(analyzer, text)) is applied_to_is_kept


def test_a_letter_signed_in_another_language_names_the_writer(analyzer):
    # (without the signature, the other names public, a question would keep the name)
    text = (
        "Devo scrivere una referenza per Chiara Bonetti. Si candida per un posto nel team "
        "grafico di Zalando. Puoi prepararmi una lettera formale, firmata Ottavio Brambilla, "
        "titolare?"
    )
    assert "Ottavio Brambilla" in protected(analyzer, text)
