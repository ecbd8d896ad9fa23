"""Disclosures read from how a clause is built rather than from a fixed frame: an income
said as a level, a fronted "as a <title>" whose main clause has no person, an age used as
a noun, an origin participle with its subject left out, and a name repeated after it was
disclosed once. What is said of a topic or only supposed stays as written."""

from __future__ import annotations

import random

import pytest

from veil.policies.engine import FastStage
from veil.policies.loader import load_site_policy
from veil.policies.schema import QI_ATTRIBUTES
from veil.rules.quasi import find_disclosures
from veil.rules.quasi.levels import rung
from veil.rules.vault import Vault

YEAR = 2025


def found(text: str) -> list[tuple[str, str, str, object]]:
    return [
        (text[d.span.start : d.span.end], d.attribute, d.subject, d.value)
        for d in find_disclosures(text, year=YEAR)
    ]


@pytest.fixture(scope="module")
def generalizing() -> FastStage:
    return FastStage(load_site_policy("default"))


@pytest.fixture(scope="module")
def decoying() -> FastStage:
    policy = load_site_policy("default")
    quasi = policy.quasi_identifiers.model_copy(
        update={"operators": dict.fromkeys(QI_ATTRIBUTES, "decoy")}
    )
    return FastStage(policy.model_copy(update={"quasi_identifiers": quasi}))


def sent(stage: FastStage, text: str) -> str:
    return stage.run(text, Vault(rng=random.Random(3))).redacted.text


# --- income as a level -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words", "subject", "level"),
    [
        ("thanks to my current low income situation, pfft!", "low income", "writer", "low"),
        ("studying on top of work puts me in the low-income bracket.", "low-income", "writer",
         "low"),
        ("I'm rocking the middle income life these days.", "middle income", "writer", "middle"),
        ("I'm a high earner, so taxes hurt.", "high earner", "writer", "high"),
        ("we're on an upper-middle income now.", "upper-middle income", "writer", "middle"),
        ("my sister's low-income job wears her out.", "low-income", "acquaintance", "low"),
    ],
)  # fmt: skip
def test_an_income_level_of_the_writer_or_someone_they_name(
    text: str, words: str, subject: str, level: str
) -> None:
    assert (words, "income", subject, level) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Policies for low-income families are failing, I think.",
        "If I were a high earner I'd buy it.",
        "What counts as a middle income in Spain? I wonder.",
        "I read a report on high-income countries.",
    ],
)
def test_an_income_level_of_a_topic_or_a_supposition_is_no_disclosure(text: str) -> None:
    assert [f for f in found(text) if f[1] == "income"] == []


def test_rungs_of_the_scale() -> None:
    assert [rung(w) for w in ("lower-middle", "higher", "top", "mid", "low")] == [
        "middle",
        "high",
        "high",
        "middle",
        "low",
    ]


def test_an_income_level_is_dropped_or_moved_to_another_rung(generalizing, decoying) -> None:
    text = "Thanks to my current low income situation, I can't buy a car."
    assert sent(generalizing, text) == "Thanks to my current income situation, I can't buy a car."
    assert sent(decoying, text) == "Thanks to my current high income situation, I can't buy a car."
    assert sent(generalizing, "I'm a high earner.") == "I'm an earner."
    middle = sent(decoying, "I'm on a middle income.")
    assert middle in ("I'm on a low income.", "I'm on a high income.")


# --- a fronted "as a <title>" with no person in its main clause ---------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("As a nurse, there's always something going on.", "nurse"),
        ("as a game developer here in tokyo, it's crucial to stay updated.", "game developer"),
        ("Being a teacher, it is hard to find time in June.", "teacher"),
        ("My first gig was dull, working as a librarian in the town library.", "librarian"),
    ],
)
def test_a_fronted_title_with_an_impersonal_main_clause_is_the_writers(
    text: str, title: str
) -> None:
    assert (title, "occupation", "writer", title) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "As a nurse, she works nights.",
        "Is it normal for a nurse, it seems odd to me.",
        "Anyone working as a nurse knows this.",
    ],
)
def test_a_title_someone_else_holds_is_not_the_writers(text: str) -> None:
    assert [f for f in found(text) if f[1] == "occupation" and f[2] == "writer"] == []


def test_the_fronted_title_is_generalized(generalizing) -> None:
    assert sent(generalizing, "As a nurse, there's always something going on.") == (
        "As a professional, there's always something going on."
    )


# --- an age used as a noun ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "really puts being a 21-year-old in 2020s in perspective, eh?",
        "Being a 40-year-old with two kids is hard.",
    ],
)
def test_an_age_that_heads_its_noun_phrase_is_the_writers(text: str) -> None:
    assert any(a == "age" and s == "writer" for _, a, s, _ in found(text))


@pytest.mark.parametrize(
    "text",
    [
        "We bought a 30-year-old building in town.",
        "The suspect, a 34-year-old from Ohio, fled.",
    ],
)
def test_an_age_of_a_thing_or_a_topic_is_not(text: str) -> None:
    assert [f for f in found(text) if f[1] == "age"] == []


def test_an_age_said_as_a_noun_becomes_a_band_said_as_a_noun(generalizing) -> None:
    assert sent(generalizing, "As a 26yo now, I mostly just kill time.") == (
        "As a 20-something now, I mostly just kill time."
    )


# --- an origin participle with its subject left out --------------------------------------


def test_born_in_opening_a_clause_is_the_writers_and_after_a_relation_theirs() -> None:
    assert ("porto", "birthplace", "writer", "porto") in found(
        "sabe? born in porto and all that, but now living in amadora."
    )
    assert ("Lisbon", "birthplace", "acquaintance", "Lisbon") in found(
        "My mum, born in Lisbon, loves it."
    )
    assert found("The first baby born in Paris this year was a girl.") == []


# --- a disclosed name, repeated ------------------------------------------------------------


def test_a_disclosed_name_is_treated_alike_wherever_it_is_repeated(generalizing, decoying) -> None:
    text = "We moved to Tampere three years ago. Tampere is cold in winter."
    assert (
        sent(generalizing, text)
        == "We moved to Finland three years ago. Finland is cold in winter."
    )
    decoyed = sent(decoying, text)
    assert "Tampere" not in decoyed
    first, second = decoyed.split(" three years ago. ")
    assert second.startswith(first.removeprefix("We moved to ") + " is cold")


def test_a_demonym_the_writer_claims_is_decoyed_in_every_mention(decoying) -> None:
    out = sent(decoying, "kiwi lad here mate. the kiwi school year was fun.")
    assert "kiwi" not in out


def test_a_lower_case_word_does_not_repeat_a_capitalised_name(generalizing) -> None:
    assert sent(generalizing, "I live in Nice. The weather is nice.").endswith(
        "The weather is nice."
    )


def test_a_repeated_name_inside_a_quotation_is_left_alone(generalizing) -> None:
    out = sent(generalizing, 'We moved to Tampere last year. The sign said "Tampere".')
    assert out.endswith('The sign said "Tampere".')


def test_a_private_city_of_millions_is_not_sent_under_its_full_name(generalizing) -> None:
    out = sent(generalizing, "Mano, here in Rio we have no shortage of natural beauty.")
    assert "Rio" not in out


# --- a demonym said of a continent, a place after a comma, a place said by its name -------


@pytest.fixture(scope="module")
def generalizing_all() -> FastStage:
    policy = load_site_policy("default")
    quasi = policy.quasi_identifiers.model_copy(
        update={"operators": dict.fromkeys(QI_ATTRIBUTES, "generalize")}
    )
    return FastStage(policy.model_copy(update={"quasi_identifiers": quasi}))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we french folks, we talk with bread in our mouths", "we european folks, we talk"),
        ("kiwi lad here mate, rugby all day.", "oceanian lad here mate"),
        ("Fellow Aussies will know this.", "Fellow Oceanians will know this."),
        ("I'm Canadian, eh.", "I'm North American, eh."),
    ],
)
def test_a_demonym_is_generalized_to_its_continents(generalizing_all, text, expected) -> None:
    assert sent(generalizing_all, text).startswith(expected)


def test_the_words_after_a_comma_continue_a_place_only_when_they_are_an_area_around_it() -> None:
    assert ("berlin", "birthplace", "writer", "berlin") in found(
        "born and bred in berlin, and while we do enjoy a good halloween"
    )
    assert ("Cleveland, Ohio", "location", "writer", "Cleveland, Ohio") in found(
        "I live in Cleveland, Ohio and love it."
    )


@pytest.mark.parametrize(
    "text",
    [
        "sadly nowadays in Germany, where I live now, it barely snows",
        "born and raised in Cali, it's all about the city life",
    ],
)
def test_a_place_no_generalization_can_coarsen_gets_a_pseudonym(generalizing, text) -> None:
    out = sent(generalizing, text)
    assert "[[LOCATION_1]]" in out
    assert "Germany" not in out and "Cali" not in out


def test_a_private_place_is_replaced_wherever_it_is_repeated(generalizing) -> None:
    text = (
        "I live here in Madrid, we've got two big football teams, Real and Atlético Madrid. "
        'There\'s a lovely route, Madrid to Chinchón. The sign said "Madrid".'
    )
    out = sent(generalizing, text)
    assert out.count("[[LOCATION_1]]") == 3
    assert out.endswith('The sign said "Madrid".')


# --- a gendered word said of the writer, by the clause it is in ------------------------------


@pytest.mark.parametrize(
    ("text", "word", "value"),
    [
        ("Always been more of a batman kinda guy, honestly. I like it.", "guy", "male"),
        ("for a lady like myself dealing with complex emotions, it's hard.", "lady", "female"),
        ("I was the only girl in my class.", "girl", "female"),
        ("I've always been the kind of woman who plans ahead.", "woman", "female"),
    ],
)
def test_a_gendered_word_predicated_of_the_writer_is_their_gender(text, word, value) -> None:
    assert (word, "gender", "writer", value) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "My friend is a great guy and I like him.",
        "If I were a woman I would know.",
        "Are you a guy or a girl? I wonder.",
        "I think the guy was right.",
        "Seems like a nice guy. I met him.",
        "I met a lady like you once.",
    ],
)
def test_a_gendered_word_of_someone_else_or_a_supposition_is_not(text) -> None:
    assert [f for f in found(text) if f[1] == "gender"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As of now, I'm single and busy.", "As of now, I'm unmarried and busy."),
        (
            "Being single and all, dining usually involves a sandwich at my desk.",
            "Being unmarried and all, dining usually involves a sandwich at my desk.",
        ),
        ("hiding behind a tree for us gals, we gotta scout", "hiding behind a tree for us folks"),
        ("born and raised in Cali, Colombia, it's all", "born and raised in [[LOCATION_1]], it's"),
    ],
)
def test_what_a_generalization_says_is_less_than_the_words(generalizing, text, expected) -> None:
    assert sent(generalizing, text).startswith(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live here in Leeds, it's odd.", "I live here in the United Kingdom, it's odd."),
        ("I live in the heart of Leeds.", "I live in the heart of the United Kingdom."),
    ],
)
def test_a_country_whose_name_takes_the_article_gets_it(generalizing, text, expected) -> None:
    assert sent(generalizing, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "we're far from Gordon Ramsay, trust me",
        "That being said, we did have one family viewing.",
        "tells ya something about us down under, eh?",
    ],
)
def test_a_lower_case_common_word_is_no_nationality(decoying, text) -> None:
    assert [f for f in found(text) if f[1] == "nationality"] == []
    assert sent(decoying, text) == text


def test_a_lower_case_major_language_still_is(decoying) -> None:
    assert ("french", "nationality", "writer", "french") in found("we french folks, we talk")


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Also, as a nurse, ain't have the luxury of time to read.", "nurse"),
        ("As a teacher, can't complain about summers.", "teacher"),
    ],
)
def test_a_fronted_title_before_a_clause_without_its_subject_is_the_writers(text, title) -> None:
    assert (title, "occupation", "writer", title) in found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("me and the Mrs went out.", "me and the partner went out."),
        ("my wifey is great", "my partner is great"),
    ],
)
def test_every_partner_word_of_the_lexicon_generalizes(generalizing, text, expected) -> None:
    assert sent(generalizing, text) == expected
