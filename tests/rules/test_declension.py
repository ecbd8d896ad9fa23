"""A declined name is the same person: a public figure's name in another case is looked up
in the nominative (Czech, Polish, Russian, Swedish), and a relation in any case ties the
name after it to the writer ("моему брату Ивану", to my brother Ivan)."""

from __future__ import annotations

import pytest

from tests.conftest import protected
from veil.rules import declension


@pytest.mark.parametrize(
    ("declined", "nominative"),
    [
        ("Zdeňka Svěráka", "Zdeněk Svěrák"),  # Czech genitive, the fleeting "e" back
        ("Karla Čapka", "Karel Čapek"),
        ("Marii Skłodowskiej-Curie", "Maria Skłodowska-Curie"),  # a double surname
        ("Капицу", "Капица"),  # Russian accusative
        ("Толстого", "Толстой"),  # an adjectival surname
        ("Мефистофеля", "Мефистофель"),
        ("Selma Lagerlöfs", "Selma Lagerlöf"),  # the Swedish genitive
    ],
)
def test_a_declined_name_has_its_nominative_among_its_forms(declined, nominative):
    assert nominative in declension.name_forms(declined)


def test_a_word_alone_is_not_read_as_a_genitive():
    # the Scandinavian "-s" ends a name's last word only ("Coles" is no "Cole")
    assert "Cole" not in declension.word_forms("Coles")
    assert declension.name_forms("") == ()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Je to skutečná osoba, nebo vymyšlená postava Zdeňka Svěráka a Ladislava Smoljaka?",
            "Zdeňka Svěráka",
        ),
        ("Кто такой Лев Ландау? Нужно для доклада, можно упомянуть Капицу", "Капицу"),
        ("Podaj 10 ciekawostek o Marii Skłodowskiej-Curie i jej Nagrodach Nobla.", "Marii"),
    ],
)
def test_a_public_figure_named_in_another_case_is_kept(analyzer, text, name):
    assert not any(name in value for value in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # the relation in the dative, the name in the dative: the writer's brother, though
        # the accusative of "Ivana Petrova" reads the same
        ("Напиши письмо моему брату Ивану Петрову.", "Ивану Петрову"),
        ("Pomóż napisać list do mojej siostry Anny Kowalskiej.", "Anny Kowalskiej"),
        ("Допоможи написати листа моєму братові Андрію.", "Андрію"),
        # a declined full name set apart after a relation is a name, not a thing
        ("piszę w sprawie mojego taty, Zbigniewa Kaczmarczyka, który mieszka sam", "Zbigniewa"),
        # Hungarian writes the family name first
        ("Az ügyintéző Szabó Krisztina volt, neki címezzem?", "Szabó Krisztina"),
    ],
)
def test_a_declined_private_name_stays_protected(analyzer, text, name):
    assert any(name in value for value in protected(analyzer, text))
