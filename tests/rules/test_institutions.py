"""Institutions named by English's head nouns, and how the decision reads them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import protected
from veil.rules.recognizers.institutions import InstitutionRecognizer


def names(text: str) -> list[str]:
    return [text[s.start : s.end] for s in InstitutionRecognizer().find(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "she got moved up a class at Brookfield Primary School today",
            ["Brookfield Primary School"],
        ),
        ("the bulletin for St. Ninian's Parish is due", ["St. Ninian's Parish"]),
        ("At Kowhai Valley Physio they said rest", ["Kowhai Valley Physio"]),
        ("invoice from Dunmore Haulage Ltd. attached", ["Dunmore Haulage Ltd."]),
    ],
)
def test_capitalised_words_closed_by_an_institution_head(text, expected):
    assert names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The Clinic is closed on Mondays",  # a head alone
        "we walked past a sunny elementary school",  # no capitals: a description
        "I moved to Leeds. Compare University of Leeds with York",  # across a full stop
        "is the Cafe Bar open",  # two heads
    ],
)
def test_no_institution_without_a_name_before_its_head(text):
    assert names(text) == []


def test_an_unknown_institution_in_a_text_about_the_writer_is_protected(analyzer):
    text = "my daughter is being bullied at Larchmont Ridge Elementary, what do I say to the head"
    assert "Larchmont Ridge Elementary" in protected(analyzer, text)


def test_a_known_institution_keeps_it(analyzer):
    assert "Harvard University" not in protected(
        analyzer, "I read that Harvard University admitted fewer students this year"
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("- Priya to chase Halden Logistics re overdue invoice", "Halden Logistics"),
        ("# TODO: the webhook fails for Brightwater Dental clients", "Brightwater Dental"),
    ],
)
def test_an_unknown_institution_is_protected_whoever_writes_of_it(analyzer, text, name):
    # meeting notes and code comments name the small firms of someone's life without
    # saying "I" or "my": no encyclopedia knowing the firm is what says it is small
    assert name in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("trabalho na Padaria Estrela do Norte desde 2019", ["Padaria Estrela do Norte"]),
        ("mi hijo va a la Escuela Benito Juárez", ["Escuela Benito Juárez"]),
        ("annem Yıldız Tıp Polikliniği randevusu", ["Yıldız Tıp Polikliniği"]),
        ("pracuję w Przychodnia Zdrowie Plus od roku", ["Przychodnia Zdrowie Plus"]),
    ],
)
def test_heads_of_other_languages_first_or_last(text, expected):
    assert names(text) == expected


def test_a_name_inside_an_institutions_name_is_part_of_it(analyzer):
    text = "I keep the books at Biuro Rachunkowe Nowak i Syn, my own firm in Radom"
    found = {text[s.start : s.end]: s.label for s in analyzer.analyze(text)}
    assert found.get("Biuro Rachunkowe Nowak i Syn") == "ORGANIZATION"


_PIECES = st.sampled_from(
    ["Clinic", "Elementary", "Ltd.", "@", "ООО", "«", "»", "Padaria", "Polikliniği", "The",
     "St.", "Parish", "Brook", "Ana", "of", "Leeds", ", ", "\n", "|", " ", "de", "Mel"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=6)), max_size=30))
def test_institution_spans_are_whole_names_inside_the_text(pieces):
    text = " ".join(pieces)
    for span in InstitutionRecognizer().find(text):
        value = text[span.start : span.end]
        assert 0 <= span.start < span.end <= len(text)
        assert value == value.strip() and len(value.split()) >= 1
        assert span.label == "ORGANIZATION"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我在上海的华新电子有限公司上班", ["华新电子有限公司"]),  # after "的"
        ("我哥哥开了一家小饭店", []),  # "a small restaurant": a description, no name
        ("제 아들이 푸른숲초등학교에 다녀요", ["푸른숲초등학교"]),  # less its particle
        ("ابنتي تدرس في جامعة النيلين وتحب", ["جامعة النيلين"]),  # not "and loves"
        ("मैं रवि, कृष्णा ट्रेडर्स से बोल रहा हूँ", ["कृष्णा ट्रेडर्स"]),
        ("kızım Çamlıca Ortaokulu'nda okuyor", ["Çamlıca Ortaokulu"]),
    ],
)
def test_institutions_in_scripts_without_capitals_and_turkish(text, expected):
    assert names(text) == expected


def test_an_institution_of_the_writers_family_in_another_language_is_protected(analyzer):
    text = "제 아들이 푸른숲초등학교에 다녀요. what should he pack for a school trip?"
    assert "푸른숲초등학교" in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_service_noun_closes_a_small_firms_name():
    assert names("my counsellor at Brightwater Counselling said") == ["Brightwater Counselling"]


def test_code_is_left_out_but_its_comments_are_read():
    code = "```python\nclient = Harbour Freight Services\n```"
    assert names(code) == []
    comment = "```python\n# invoices go to Harbour Freight Services\nsend(x)\n```"
    assert names(comment) == ["Harbour Freight Services"]


@pytest.mark.parametrize(
    "value", ["جامعة النيلين", "कृष्णा ट्रेडर्स", "푸른숲초등학교", "华新电子有限公司"]
)
def test_the_decision_reads_every_head_the_recognizer_finds(value):
    from veil.rules.recognizers.institutions import names_an_institution

    assert names_an_institution(value)


def test_an_arabic_institution_of_the_writers_brother_is_protected(analyzer):
    text = "أخي يدرس الطب في جامعة النيلين ويريد أن يكمل الماجستير"
    assert "جامعة النيلين" in {text[s.start : s.end] for s in analyzer.analyze(text)}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        (
            "rewrite these cv lines:\n- Barista, Bean There Coffee, Ballarat 2021-2023\n",
            "Bean There Coffee",
        ),
        (
            "mein Lebenslauf:\nJana Wilczek\n"
            "MTRA, Radiologie am Stadtpark, Lippstadt (seit 2019)\n",
            "Radiologie am Stadtpark",
        ),
    ],
)
def test_a_cv_line_names_its_employer_whatever_its_words(analyzer, text, employer):
    assert employer in protected(analyzer, text)


def test_a_line_with_a_year_is_no_cv_line():
    assert names("Dear Sir, Happy New Year 2024") == []


@pytest.mark.parametrize(
    "text",
    [
        "Ich habe der Hausverwaltung Kessler & Söhne schon ein Video geschickt.",
        "He's from Ohio and starts at Lumen & Vale Architects on monday.",
    ],
)
def test_a_firm_named_for_its_partners_is_protected(analyzer, text):
    firm = next(w for w in ("Kessler & Söhne", "Lumen & Vale") if w in text)
    assert any(firm in value for value in protected(analyzer, text))


def test_a_famous_partnership_is_kept(analyzer):
    assert not protected(analyzer, "Why did Marks & Spencer close so many stores?")


def test_a_labelled_education_line_of_a_cv_is_the_writers(analyzer):
    text = (
        "Rewrite my CV:\nPriya Raghunathan\nEducation: BSc Computer Science, Aston University, 2018"
    )
    assert "Aston University" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("O bolo é da Doceria Flor de Lis e a tia Marlene vai tocar.", "Doceria Flor de Lis"),
        ("Je suis en 2e année à l'IUT de Saint-Dié et je cherche un stage.", "IUT de Saint-Dié"),
        (
            "Ik werk als monteur bij Installatiebedrijf Van der Heijden in Veghel.",
            "Installatiebedrijf Van der Heijden",
        ),
    ],
)
def test_trades_and_schools_named_head_first_in_other_languages(text, expected):
    assert expected in names(text)


def test_a_company_word_before_a_famous_name_is_no_institution():
    assert names("warum trägt die Firma Porsche heute noch seinen Namen?") == []


def test_a_name_ends_where_an_institution_named_head_first_begins(analyzer):
    text = "minha chefe Luciana da Padaria Pão de Mel aqui em Juiz de Fora pediu uma carta"
    found = protected(analyzer, text)
    assert "Padaria Pão de Mel" in found
    assert "Luciana" in found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my son plays U10s for Didsbury Dragons JFC on sundays", "Didsbury Dragons JFC"),
        (
            "he's also at Beaumont Park Primary and i dont want school to suffer",
            "Beaumont Park Primary",
        ),
        ("Mwanangu anasoma Shule ya Msingi Mwangaza huko Moshi.", "Shule ya Msingi Mwangaza"),
        ("Pomagam w Schronisko Psie Łapa w weekendy.", "Schronisko Psie Łapa"),
    ],
)
def test_clubs_schools_and_shelters_by_their_heads(text, expected):
    assert expected in names(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mamma fick Waran av Vårdcentralen Gripen.", ["Vårdcentralen Gripen"]),
        ("Dottern går på Ekbackens skola.", ["Ekbackens skola"]),
        ("Я живу у Львові і працюю в SoftServe.", ["SoftServe"]),  # after "I work at"
        ("Я работаю в Яндексе три года.", ["Яндексе"]),
        ("Trabajo en Seguros Almena desde 2019.", ["Seguros Almena"]),
        ("Trabajo en Madrid desde 2019.", []),  # a town: the places recognizer's
    ],
)
def test_scandinavian_heads_and_workplaces_after_another_languages_verb(text, expected):
    assert names(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # company forms after the name: Polish, Italian, German
        ("księgowa w Biurze Kasprzak i Wspólnicy s.c. od 2019", "Wspólnicy s.c."),
        ("fatture della Idraulica Bernasconi snc di marzo", "Idraulica Bernasconi snc"),
        ("ich arbeite bei Holzbau Trettner KG seit Mai", "Holzbau Trettner KG"),
        # a trade named last, as southern African English writes a shop
        ("my uncle ran Sizwe General Dealer for years", "Sizwe General Dealer"),
        # heads written first: Indonesian, Swedish, Italian, Polish in its cases
        ("bagian gudang di PT Cahaya Mulia Plastik, Bekasi", "PT Cahaya Mulia Plastik"),
        ("jag jobbar på Bageri Vetekornet", "Bageri Vetekornet"),
        ("ho comprato da Ferramenta Gualtieri", "Ferramenta Gualtieri"),
        ("pracuję w Drukarni Sokół od roku", "Drukarni Sokół"),
        # the associations and housing offices of blocks of flats, with quoted names
        ("чат нашого ОСББ «Каштан-3» про прибирання", "ОСББ «Каштан-3»"),
    ],
)
def test_company_forms_and_trade_heads_of_other_languages(text, expected):
    assert any(expected in name for name in names(text)), names(text)


def test_ners_person_running_into_an_institutions_opening_words_stops_before_it():
    from veil.rules.labels import ORGANIZATION, PERSON
    from veil.rules.merge import resolve_overlaps
    from veil.rules.spans import Span

    text = "atasan saya, Kepala Cabang PT Cahaya Mulia Plastik cabang Bekasi"
    person_end = text.index("PT") + 2
    firm = (text.index("PT"), text.index(" cabang Bekasi"))
    spans = [
        Span(text.index("Kepala"), person_end, PERSON, 0.85, "spacy.ner.v1"),
        Span(*firm, ORGANIZATION, 0.8, "institutions.v1"),
    ]
    kept = {(text[s.start : s.end], s.label) for s in resolve_overlaps(text, spans)}
    assert kept == {("Kepala Cabang", PERSON), ("PT Cahaya Mulia Plastik", ORGANIZATION)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("elle travaille au cabinet médical des Lilas à Rennes", "cabinet médical des Lilas"),
        ("she runs Tindahan ni Ising near the plaza", "Tindahan ni Ising"),
    ],
)
def test_lower_case_practice_heads_and_tagalog_shops(text, expected):
    assert any(expected in name for name in names(text)), names(text)
