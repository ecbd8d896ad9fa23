"""A protected name covers the whole name it is part of (rules.name_extent), and a place
named with a private place, or the street of a private firm, is private too
(subject._place_in_place)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.conftest import protected_labels as protected
from veil.rules import labels, name_extent
from veil.rules.spans import Span


def _span(text: str, value: str, label: str = labels.ORGANIZATION) -> Span:
    start = text.index(value)
    return Span(start, start + len(value), label, 0.9, "test")


@pytest.mark.parametrize(
    ("text", "part", "label", "whole"),
    [
        (
            "I complained to Harbour Lettings Bristol about the boiler.",
            "Harbour Lettings",
            "ORGANIZATION",
            "Harbour Lettings Bristol",
        ),
        (
            "She cuts hair at Orrin Hair & Beauty on Fridays.",
            "Orrin Hair",
            "ORGANIZATION",
            "Orrin Hair & Beauty",
        ),
        (
            "our choir The Quiet Larks sings on Sunday",
            "Quiet Larks",
            "ORGANIZATION",
            "The Quiet Larks",
        ),
        (
            "It goes to my son's teacher at St. Oswin's PS tomorrow.",
            "St. Oswin",
            "ORGANIZATION",
            "St. Oswin's PS",
        ),
        (
            "my plumber is with Dunmore & Sons Heating now",
            "Dunmore",
            "PERSON",
            "Dunmore & Sons Heating",
        ),
        # a firm's name after "at" that NER read in part as a person's
        ("a line cook at Phở Hà Thành in Đà Lạt", "Hà Thành", "PERSON", "Phở Hà Thành"),
        # an initial's period; an abbreviation's, which the clause's next word follows
        (
            "I applied to Fletes Ibarra Hnos. in Saltillo",
            "Fletes Ibarra Hnos",
            "ORGANIZATION",
            "Fletes Ibarra Hnos.",
        ),
        (
            "Ventas: Tequilera Arandas S.A. de C.V. y otras",
            "Tequilera Arandas S.A. de C.V",
            "ORGANIZATION",
            "Tequilera Arandas S.A. de C.V.",
        ),
    ],
)
def test_a_name_found_in_part_is_widened_to_the_whole_name(text, part, label, whole):
    (widened,) = name_extent.widen(text, [_span(text, part, label)], [])
    assert text[widened.start : widened.end] == whole
    assert widened.label == label


@pytest.mark.parametrize(
    ("text", "part", "label"),
    [
        # greetings, titles and a sentence's first word are no part of a name
        ("Hi Jonas, the invoice is attached.", "Jonas", "PERSON"),
        ("Dear Ms. Okafor, thank you.", "Okafor", "PERSON"),
        ("I'm Maren Holtby and I work remote.", "Maren Holtby", "PERSON"),
        ("Rachel called. Yesterday Quill Books phoned too.", "Quill Books", "ORGANIZATION"),
        # a word in capitals after a person, a weekday, the next sentence typed on
        ("out of office: Priya OOO until Monday", "Priya", "PERSON"),
        ("Sessions at Meadowbrook Physio Thursday mornings", "Meadowbrook Physio", "ORGANIZATION"),
        ("thanks Sarah Can you send it", "Sarah", "PERSON"),
        # a sentence ends with the span, also one that chat starts in lower case
        ("I work for Brightwater Ltd. Today is hard.", "Brightwater Ltd.", "ORGANIZATION"),
        ("my boss at Halden Freight. last day is friday", "Halden Freight", "ORGANIZATION"),
        ("the school in Life Camp. fees are 380k", "Life Camp", "LOCATION"),
        # before a person not after "at" or "in", or a title after it
        ("we saw Rev Alasdair Munro today", "Alasdair Munro", "PERSON"),
        ("I have an appointment at Dr Lydon's", "Lydon", "PERSON"),
        # not across a line or a wide gap
        ("Signed, Tanisha Reed\nDOB 1990", "Tanisha Reed", "PERSON"),
        ("MAC    Signal", "MAC", "ORGANIZATION"),
    ],
)
def test_what_is_no_part_of_a_name_stays_out(text, part, label):
    span = _span(text, part, label)
    assert name_extent.widen(text, [span], []) == [span]


def test_a_public_span_beside_it_is_not_crossed():
    text = "I deliver for Kestrel Couriers Amazon parcels"
    span = _span(text, "Kestrel Couriers")
    public = _span(text, "Amazon")
    assert name_extent.widen(text, [span], [public]) == [span]


def test_the_whole_firm_name_is_protected_end_to_end(analyzer):
    found = protected(analyzer, "I first reported the leak to Harbour Lettings Bristol in May.")
    assert "Harbour Lettings Bristol" in found


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # a private firm's street, and its town after the street
        (
            "I run the Friday quiz at the Gilded Stoat on Mill Street in Keynsham, any ideas?",
            ("Gilded Stoat", "Mill Street", "Keynsham"),
        ),
        # a neighbourhood and, in brackets, the town it lies in; Dutch puts the subject
        # after the verb ("wonen we in"), and how long between verb and place
        (
            "Sinds de zomer wonen we in Leidsche Rijn (Utrecht) en zoeken we een huisarts.",
            ("Leidsche Rijn", "Utrecht"),
        ),
        (
            "Mijn schoonvader woont al veertig jaar in Hoorn en speelt daar nog biljart.",
            ("Hoorn",),
        ),
    ],
)
def test_a_place_named_with_a_private_place_is_private(analyzer, text, values):
    found = protected(analyzer, text)
    for value in values:
        assert any(value in span for span in found), (value, found)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a country is a topic, not a narrowing of where someone lives
        ("We moved to Leeds, England last year and love it.", "England"),
        # a trip's places stay public
        ("Is Porto, Portugal worth a weekend in March?", "Porto"),
    ],
)
def test_a_country_or_a_trip_stays_public(analyzer, text, kept):
    assert kept not in protected(analyzer, text)


def test_two_people_named_together_are_public_when_both_being_namesakes_is_unlikely(analyzer):
    # each alone is a name many private people have an entry's worth of; together, the
    # chance that both are namesakes multiplies below the limit one name must meet
    text = (
        "We moved to St Ives last year and keep hearing about the studio where Ben Nicholson "
        "and Barbara Hepworth worked. Our landlord, Mr Pell, says it is worth a visit."
    )
    found = protected(analyzer, text)
    assert "Ben Nicholson" not in found and "Barbara Hepworth" not in found
    assert "Pell" in " ".join(found)


def test_two_ordinary_names_together_stay_protected(analyzer):
    found = protected(analyzer, "Sarah Thompson and Emma Johnson came over and I cooked dal.")
    assert {"Sarah Thompson", "Emma Johnson"} <= set(found)


def test_a_two_word_surname_of_a_public_name_is_public_too(analyzer):
    text = (
        "Why did Lina Bo Bardi leave the ground floor of MASP open? And was Bo Bardi born in Rome?"
    )
    assert protected(analyzer, text) == {}


def test_the_real_one_in_dutch_is_written_with_a_stress_accent(analyzer):
    # "dé" and "échte" stress the famous bearer; named so, he stays public after
    text = (
        "Mijn collega heet Jan Smit, niet dé Jan Smit. Ik maak een quiz over de échte Smit: "
        "welk nummer van Smit stond het langst in de Top 40?"
    )
    found = [(s.start, text[s.start : s.end]) for s in analyzer.analyze(text)]
    assert found == [(text.index("Jan Smit"), "Jan Smit")]


def test_the_prop_word_one_stands_for_the_place_said_before(analyzer):
    # "my old one in X": "one" stands for the practice, and the writer's it is
    text = "Switched GPs in May, but my old one in Zeist just sent me an invoice."
    assert "Zeist" in protected(analyzer, text)


def test_a_place_and_the_larger_place_after_a_comma_are_one_span():
    text = "my uncle's shop is in Kibera, Nairobi, near Olympic"
    spans = [_span(text, "Kibera", labels.LOCATION), _span(text, "Nairobi", labels.LOCATION)]
    (joined,) = name_extent.join_places(text, spans)
    assert text[joined.start : joined.end] == "Kibera, Nairobi"
    # a person and a place are not one designation
    person = [_span(text, "Kibera", labels.PERSON), _span(text, "Nairobi", labels.LOCATION)]
    assert name_extent.join_places(text, person) == person


def test_a_practice_named_for_its_village_gives_the_village(analyzer):
    text = "I was off last week. Ciarán, are the logs from the Oranmore surgery printed?"
    assert "Oranmore" in protected(analyzer, text)


def test_parts_of_one_name_split_by_a_particle_or_a_nickname_are_one_span():
    text = "Paciente: Antônia Ferreira dos Santos; obit for Walter 'Buddy' Kowalski"
    parts = [
        _span(text, "Antônia Ferreira", labels.PERSON),
        _span(text, "Santos", labels.PERSON),
        _span(text, "Walter", labels.PERSON),
        _span(text, "Kowalski", labels.PERSON),
    ]
    joined = name_extent.join_names(text, parts)
    assert [text[s.start : s.end] for s in joined] == [
        "Antônia Ferreira dos Santos",
        "Walter 'Buddy' Kowalski",
    ]
    # two people named with "and" stay two
    text = "Ana and Marco"
    two = [_span(text, "Ana", labels.PERSON), _span(text, "Marco", labels.PERSON)]
    assert name_extent.join_names(text, two) == two


def test_a_first_name_before_a_protected_surname_joins_it_at_a_line_start():
    text = "> To: Niamh Kearney\n> Subject: invoice"
    (widened,) = name_extent.widen(text, [_span(text, "Kearney", labels.PERSON)], [])
    assert text[widened.start : widened.end] == "Niamh Kearney"
    # a greeting is no first name
    text = "Hi Jonas, the invoice is attached."
    (kept,) = name_extent.widen(text, [_span(text, "Jonas", labels.PERSON)], [])
    assert text[kept.start : kept.end] == "Jonas"


def test_the_town_of_a_line_of_the_writers_cv_is_theirs(analyzer):
    text = (
        "Can you tighten my CV?\n\nEXPERIENCE\n"
        "Product Analyst — Monzo, London (2021–present)\n"
        "Data Intern — Skyscanner, Edinburgh (2019–2020)"
    )
    assert {"London", "Edinburgh"} <= {
        word for value in protected(analyzer, text) for word in value.replace(",", "").split()
    }
    # a year in brackets is a citation's, not a period of the writer's life
    text = "Is the in-text Rowling (2020) right, and how do I cite a talk given in London (2019)?"
    assert "London" not in protected(analyzer, text)


def test_a_list_of_someones_people_that_one_possessive_opens(analyzer):
    text = (
        "Please tidy this obituary. He leaves his wife of 55 years, Lorraine; daughters "
        "Monique Leblanc and Danielle Thibodeau; and grandson Ryan."
    )
    assert {"Lorraine", "Monique Leblanc", "Danielle Thibodeau", "Ryan"} <= set(
        protected(analyzer, text)
    )


def test_a_cv_with_dashes_and_section_headings_is_read_as_one(analyzer):
    text = (
        "tighten this pls:\n\nEXPERIENCE\nStore Supervisor — Primark, Swindon (2019–present)\n"
        "Sales Assistant — Threadline Outfitters, Chippenham (2016–2019)"
    )
    found = " ".join(protected(analyzer, text))
    for value in ("Primark", "Swindon", "Threadline Outfitters", "Chippenham"):
        assert value in found


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "BILLY-bokhyllan designades 1979 av Gillis Lundgren och har sålts överallt.",
            "Gillis Lundgren",
        ),
        ("Algo sencillo, quizá con un verso de Neruda que le gustaba.", "Neruda"),
    ],
)
def test_a_closed_class_word_ner_took_in_is_no_part_of_a_name(analyzer, text, name):
    kept = {text[k.span.start : k.span.end] for k in analyzer.analyze_subjects(text).kept}
    assert name in kept


def test_a_surname_particle_stays_when_the_rest_is_no_entry():
    text = "Ik hou van de zonnebloemen van van Dorsselaere."
    span = _span(text, "van Dorsselaere", labels.PERSON)
    assert name_extent.trim_leading_words(text, [span]) == [span]


def test_a_sentence_of_prose_with_a_year_is_no_line_of_a_cv(analyzer):
    text = (
        "Fact check my travel blog paragraph: Its Old Town, a UNESCO World Heritage Site "
        "since 1999, is famous for the Japanese Covered Bridge."
    )
    assert not analyzer.analyze(text)


def test_a_name_running_into_a_quoted_title_is_cut_before_it(analyzer):
    # NER reads "von Pina Bauschs „Café Müller" as one person: the name in the genitive,
    # then the opening of a work's title; both are public
    text = "Meine Lehrerin will eine Analyse von Pina Bauschs „Café Müller“ bis Freitag."
    found = protected(analyzer, text)
    assert not any("Bausch" in value or "Café" in value for value in found)


def test_a_kind_and_its_quoted_name_stay_one_name():
    spans = [
        _span(
            "Zwiedzaliśmy Kopalnię Soli „Wieliczka” w maju.", "Kopalnię Soli „Wieliczka", "PERSON"
        )
    ]
    spans = [replace(s, source="spacy.ner.v1") for s in spans]
    text = "Zwiedzaliśmy Kopalnię Soli „Wieliczka” w maju."
    assert name_extent.cut_at_quotations(text, spans) == spans
