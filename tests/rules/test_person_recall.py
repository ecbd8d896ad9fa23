"""PERSON recall on names that Faker's lists and spaCy miss: name shapes, not examples.

Every name here is made up from the rules' own pieces (a surname ending, a particle, an
initial, a cue); none is taken from an evaluation set.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import found
from veil.rules.analyzer import Analyzer
from veil.rules.recognizers.names import NameRecognizer, known_name_words
from veil.rules.recognizers.ner import _whole_name


@pytest.fixture(scope="module")
def names() -> NameRecognizer:
    return NameRecognizer()


def persons(recognizer: NameRecognizer, text: str) -> set[str]:
    return {text[s.start : s.end] for s in recognizer.find(text) if s.score >= 0.5}


def test_cyrillic_lists_are_transliterated_both_ways():
    first, last = known_name_words()
    assert "Vsevolod" in first  # Всеволод
    assert {"Efremova", "Yefremova"} <= last  # е at the start: "e" and "ye"
    assert "Abramovich" in last  # patronymics are written as surnames


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("the sketches are signed by early Brankovska?", "Brankovska"),  # -ska
        ("Unlike the Haraldsdóttir novel, this one is short", "Haraldsdóttir"),  # -dóttir
        ("I asked Kettunainen to check the figures", "Kettunainen"),  # -nen
        ("please forward it to Zoran Vukadinović today", "Zoran Vukadinović"),  # -ić
    ],
)
def test_surname_by_its_ending(names, text, name):
    assert name in persons(names, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Have you met Quillon R Vasterbrook before?", "Quillon R Vasterbrook"),
        ("follow up with tamsyn q. yevdokimova next week", "tamsyn q. yevdokimova"),
        ("Willemijn ter Horsten will chair the meeting", "Willemijn ter Horsten"),
        ("Sanne van de Velderbeek will chair the meeting", "Sanne van de Velderbeek"),
    ],
)
def test_initials_and_particles(names, text, name):
    assert name in persons(names, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Zephyrine lives near the old station", "Zephyrine"),
        ("Oduya Marrinton grew up in a small town", "Oduya Marrinton"),
        ("I would like to remove my kid Oluwatoyin from the will", "Oluwatoyin"),
        ("What's your last name? Okonkwara", "Okonkwara"),
        ("mr. oyelaran flew home on friday", "mr. oyelaran"),  # the title says the gender
        ("I'm Natalia's daughter", "Natalia"),
        ("Danuta, can you send me the file?", "Danuta"),
        ("svetlana is from a village near the coast", "svetlana"),
    ],
)
def test_a_cue_makes_an_unfamiliar_word_a_name(names, text, name):
    assert name in persons(names, text)


def test_a_name_found_once_is_a_name_everywhere(names):
    text = "a film directed by Aurelio Bastiani and starring Bastiani himself"
    assert {"Aurelio Bastiani", "Bastiani"} <= persons(names, text)


def test_lower_case_list_of_given_names(names):
    text = "they invited natalia, oksana, gabriela and ludmila"
    assert {"natalia", "oksana", "gabriela", "ludmila"} <= persons(names, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("ok so my ex natalia keeps texting me", "natalia"),
        ("my ex-husband dmitri wants the car", "dmitri"),
        ("my stepdaughter oksana starts school", "oksana"),
        ("my girlfriend gabriela says hi", "gabriela"),
    ],
)
def test_a_lower_case_given_name_after_a_relation(names, text, name):
    assert name in persons(names, text)


def test_a_relation_before_an_unlisted_given_name_takes_the_surname_too(names):
    # An unlisted given name marked by its relation, then a surname: one name, whole.
    assert "Siobhánne Kearnagh" in persons(names, "Translate for my aunt Siobhánne Kearnagh now.")


@pytest.mark.parametrize(
    "text", ["my mom rose early today", "my friend will come too", "my ex said no"]
)
def test_a_relation_before_an_ordinary_word_names_no_one(names, text):
    assert not persons(names, text)


@pytest.mark.parametrize(
    "text",
    [
        "Translate the sentence into German, French and Spanish, please",
        "She grew up in Enugu and studied in Lagos",
        "Ich habe eine Mahnung von Vodafone bekommen",
        "can you schedule a post for monday and a day after that",
        "Please write a Venmo-style note to my roommate",
        "the weather in Nebraska and Alaska this week",
        "We moved to Moldova last year",
    ],
)
def test_no_person_in_look_alikes(names, text):
    assert not persons(names, text)


def test_a_repeated_surname_inside_a_firm_name_stays_the_firm(names):
    text = "I'm Gareth Pollard, partner. She worked at Pemberton & Pollard LLP for years."
    firm = text.rindex("Pollard")
    spans = names.find(text)
    assert any(text[s.start : s.end] == "Gareth Pollard" for s in spans)
    assert not any(s.start <= firm < s.end for s in spans)


def test_ner_surname_only_grows_to_the_whole_name():
    text = 'says Lehto-aho. Producer Akira Tanabekawa explained: "fine"'
    start = text.index("Lehto")
    assert _whole_name(text, start, start + len("Lehto")) == (start, start + len("Lehto-aho"))
    start = text.index("Tanabekawa")
    grown = _whole_name(text, start, start + len("Tanabekawa"))
    assert text[grown[0] : grown[1]] == "Akira Tanabekawa"  # a known given name before it
    text = "the Awarded Salesperson of the year"
    start = text.index("Salesperson")
    assert _whole_name(text, start, start + 11) == (start, start + 11)
    text = "Name Ingrid Solberg"
    assert _whole_name(text, 5, len(text)) == (5, len(text))  # NER saw two words


def test_the_analyzer_prefers_person_over_ner_guesses():
    analyzer = Analyzer.from_names()
    text = "Tamsin Oyelowo-Brandt lives at the end of our road"
    assert ("PERSON", "Tamsin Oyelowo-Brandt") in found(analyzer, text)


def test_a_first_name_and_a_surname_found_apart_are_one_protected_name():
    # names.v1 knows "Olumide", spaCy tags "McAllister": one name, not a surname alone.
    text = "My friend Olumide McAllister lives nearby."
    analysis = Analyzer.from_names().analyze_subjects(text)
    assert [text[s.start : s.end] for s in analysis.protected] == ["Olumide McAllister"]
    assert analysis.kept == ()


def test_the_surname_endings_are_those_the_shape_ends_with():
    # the name rules test str.endswith before the shape's pattern: every string the
    # pattern's endings match must be in the list, and nothing else
    import regex

    from veil.rules.recognizers import names as module

    suffixes = regex.compile(rf"(?:{module._SURNAME_SUFFIXES})")
    assert all(suffixes.fullmatch(ending) for ending in module._SURNAME_ENDINGS)
    classes = regex.findall(r"\[(\w+)\]", module._SURNAME_SUFFIXES)
    plain = [a for a in module._SURNAME_SUFFIXES.split("|") if "[" not in a]
    assert len(set(module._SURNAME_ENDINGS)) == len(plain) + sum(map(len, classes))
    for word in ("Yefremova", "Kowalski", "Virtanen", "Kristiansen", "Petrović", "Papadopoulos"):
        assert module._surname_shaped(word)
    assert not module._surname_shaped("Smith") and not module._surname_shaped("hansen")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["ana", "me", "i", "jo", "bob", "and", "&", ",", ", ", " ", "\t"])))
def test_a_lower_case_list_holds_its_last_comma_word_and_conjunction(parts):
    # the list rule runs only where this part is found: it must be wherever a list is
    from veil.rules.recognizers import names as module

    text = " ".join(parts)
    if module._LOWER_LIST.search(text):
        assert module._LOWER_LIST_END.search(text)


@pytest.mark.parametrize(
    "text", ["tita Marites", "ask akka Kavitha", "nonna Pina", "bhaiya Rohit", "seu  Valdir"]
)
def test_a_kin_titled_name_has_the_capital_its_gate_looks_for(text):
    from veil.rules.recognizers import names as module

    assert module._KIN_TITLED.search(text) and module._KIN_TITLED_NEED.search(text)


@pytest.mark.parametrize(
    "text", ["Dr. Amara Okafor", "ask Mrs  Q. Smith", "Prof Van der Berg", "sig.ra Bianchi"]
)
def test_a_titled_name_has_the_capital_its_gate_looks_for(text):
    from veil.rules.recognizers import names as module

    assert module._TITLED_NAME.search(text) and module._TITLED_NAME_NEED.search(text)
