"""Text typed in lower case read with its names' capitals back (rules.truecase), and the
decision's grammar that casual text leans on: coordinated names, one bearer per name, a
work cue in its own clause, a famous name apart from a contact detail."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.rules import truecase


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        (
            "dinner w giulia tonight, then drinks in didsbury",
            "dinner w Giulia tonight, then drinks in Didsbury",
        ),
        ("giulia rossi is my flatmate", "Giulia Rossi is my flatmate"),
        (
            "i met marco at the gym. he lives in wattenscheid now",
            "i met Marco at the gym. he lives in Wattenscheid now",
        ),
        # an encyclopedia's title that a recased name begins is read whole
        ("is taylor swift touring", "is Taylor Swift touring"),
        # a middle initial and a surname by its shape or the encyclopedia's names
        ("eric g. samoylova's verses", "Eric G. Samoylova's verses"),
        ("follow up with monika žilková soon", "follow up with Monika Žilková soon"),
        ("eva kleist lives here", "Eva Kleist lives here"),
        # no initial there: a word of the language
        ("stasera giulia è vegana", "stasera Giulia è vegana"),
        # a first name that is an English word, listed with names
        ("they had 3: silvana, chad and caleb.", "they had 3: Silvana, Chad and Caleb."),
        # where one works, and an institution by its kind
        ("i work at lidl n even i dont know", "i work at Lidl n even i dont know"),
        ("westgate vets cant see her till thurs", "Westgate Vets cant see her till thurs"),
        # the phone capitalised the first word: the rest is still lower case
        ("Dinner with giulia tonight.", "Dinner with Giulia tonight."),
    ],
)
def test_names_and_towns_typed_in_lower_case_get_their_capitals(typed, read):
    assert truecase.recase(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        # English words that are names or towns too; another language's closed-class words
        "will mark be reading this",
        "che solo cena",
        # handles and addresses are as typed
        "ping @priya or priya.k@gmail.com",
        # a town of a few thousand people needs a preposition of place
        "stasera cena poi casa",
    ],
)
def test_ordinary_words_and_identifiers_stay_as_typed(typed):
    assert truecase.recase(typed) == typed


def test_a_writer_who_capitalises_is_read_as_typed():
    typed = "Dinner with Giulia tonight, and marco might come."
    assert truecase.recase(typed) == typed


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a text that capitalises other names still writes the writer's own in lower case
        (
            "Since moving to tromsø I read about Fridtjof Nansen every night.",
            "Since moving to Tromsø I read about Fridtjof Nansen every night.",
        ),
        (
            "My flatmate ingrid says Nansen was the better skier.",
            "My flatmate Ingrid says Nansen was the better skier.",
        ),
    ],
)
def test_a_writer_who_capitalises_gets_capitals_where_grammar_says(typed, read):
    assert truecase.recase(typed) == read


def test_names_listed_in_english_are_names_whatever_other_languages_use_them_for():
    # "ana" is a closed-class word elsewhere; in an English list of names it is a name
    assert truecase.recase("lisbon w the girls (jess, ana) in may") == (
        "Lisbon w the girls (Jess, Ana) in may"
    )


def test_a_small_town_after_a_preposition_of_place():
    assert truecase.recase("we're in didsbury") == "we're in Didsbury"
    assert truecase.recase("il forno a testaccio fa schifo") == "il forno a Testaccio fa schifo"


def test_long_texts_are_pastes_and_read_as_typed():
    typed = "dinner w giulia. " * (truecase.MAX_CHARS // 17 + 1)
    assert truecase.recase(typed) == typed


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("abcdegilmnorstuzß İıǆ.,!?\n@_-'’ AéÉ"), max_size=200))
def test_only_case_changes_and_the_length_stays(typed):
    read = truecase.recase(typed)
    assert len(read) == len(typed)
    assert all(a == b or a.upper() == b for a, b in zip(typed, read, strict=True))


@pytest.mark.parametrize(
    ("text", "protected"),
    [
        ("dinner at mine w giulia n marco tonight, any vegan ideas?", {"giulia", "marco"}),
        ("stasera cena da me con giulia e marco, che cucino? giulia è vegana", {"giulia", "marco"}),
        ("cena da me con Giulia e Marco stasera, che cucino?", {"Giulia", "Marco"}),
        ("ok so my tía rosa wants to visit from guadalajara", {"rosa", "guadalajara"}),
        ("cat hasnt eaten, westgate vets cant see her till thurs", {"westgate vets"}),
        ("i work at lidl and my manager keeps changing my rota", {"lidl"}),
    ],
)
def test_people_and_places_of_lower_case_chat_are_protected(analyzer, text, protected):
    spans = analyzer.analyze(text)
    for value in protected:
        start = text.index(value)
        assert any(s.start <= start and start + len(value) <= s.end for s in spans), value


@pytest.mark.parametrize(
    "text",
    [
        "Summarise the career of Shah Rukh Khan and what Khan did for Bollywood.",
        "Outside work I'm training for the Melbourne Marathon (slowly).",
        "Its Old Town, a UNESCO World Heritage Site since 1999, is famous for its bridge.",
        "She runs (though not as fast as Eliud Kipchoge, she insists), and posts as @wanjiru_k.",
    ],
)
def test_public_names_outside_the_clause_of_a_cue_or_a_contact_are_kept(analyzer, text):
    kept = {text[k.span.start : k.span.end] for k in analyzer.analyze_subjects(text).kept}
    protected = {text[s.start : s.end] for s in analyzer.analyze(text)}
    assert not protected & {"Shah Rukh Khan", "Bollywood", "Melbourne Marathon", "Eliud Kipchoge"}
    assert kept


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I work for Brightfold Analytics as a data engineer.", "Brightfold Analytics"),
        # a contact detail right by a name makes it the detail's owner, famous or not
        ("Ev sahibi: Hüseyin Aktaş, IBAN TR33 0006 1005 1978 6457 8413 26", "Hüseyin Aktaş"),
    ],
)
def test_cues_and_contacts_in_the_same_clause_still_decide(analyzer, text, name):
    assert name in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_damaged_word_list_is_a_clear_error_naming_the_file_and_the_fix(monkeypatch, tmp_path):
    damaged = tmp_path / "english_words.marisa"
    damaged.write_bytes(b"not a trie")
    monkeypatch.setattr(truecase, "ENGLISH_WORDS", damaged)
    truecase._english_words.cache_clear()
    try:
        with pytest.raises(
            truecase.EnglishWordsError, match=r"english_words\.marisa.*english_words\.py"
        ):
            truecase.recase("dinner w giulia tonight")
    finally:
        truecase._english_words.cache_clear()


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Still in Wollongong, still hating the commute. Any tips?", "Wollongong"),
        ("visa question. currently in leeds on a student visa, can I work 30h?", "leeds"),
    ],
)
def test_a_sentence_whose_unsaid_subject_is_the_writer_places_them(analyzer, text, place):
    assert place in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_place_asked_about_after_still_is_no_home(analyzer):
    text = "Is Lisbon still in the EU's top ten for tourism?"
    assert not analyzer.analyze(text)


def test_a_tribute_to_a_famous_name_keeps_it_and_a_call_to_a_common_one_does_not(analyzer):
    text = (
        "Write a 5-minute script for our tribute night to Bill Withers: which songs did he write?"
    )
    assert not analyzer.analyze(text)
    text = "I called Tom Jones about the boiler yesterday, he can come Friday."
    assert "Tom Jones" in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_thing_that_works_with_a_service_is_no_one_employed_there(analyzer):
    assert not analyzer.analyze("also can it work with M-Pesa on feature phones?")
    text = "I work with Safaricom on their payments team."
    assert "Safaricom" in {text[s.start : s.end] for s in analyzer.analyze(text)}


def test_a_writer_who_capitalises_keeps_another_languages_words_after_en():
    typed = "Traduis en anglais stp, pour Mathilde Vasseur de Toulouse."
    assert truecase.recase(typed) == typed


def test_a_place_of_a_casual_life_is_the_writers_and_a_trip_is_a_trip(analyzer):
    # typed in lower case, the writer's day names their own suburb
    mine = "the chippy in headingley is shut again, where do i get dinner for my kids"
    assert any("Headingley" in value for value in _protected(analyzer, mine))
    trip = "going to headingley for the test match next week, where do we park"
    assert not any("Headingley" in value for value in _protected(analyzer, trip))


def _protected(analyzer, text: str) -> set[str]:
    read = truecase.recase(text)
    return {read[s.start : s.end] for s in analyzer.analyze(text)}


def test_first_names_in_chat_typed_in_lower_case_are_people_the_writer_knows(analyzer):
    text = (
        "off to lisbon with the girls (priya, ana) in june, what is the cheapest area near alfama?"
    )
    found = _protected(analyzer, text)
    assert {"Priya", "Ana"} <= found
    assert not any("Lisbon" in value or "Alfama" in value for value in found)
