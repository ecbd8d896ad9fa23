"""Firms and public bodies by the forms their names take in other languages: a Polish
company form in capitals, Spanish brothers' firms, Russian state bodies, Swahili heads
with "ya", an Arabic firm with what it is for; a relation word inside another word."""

from __future__ import annotations

import pytest

from veil.rules.registry import create


def institutions(text: str) -> list[str]:
    return [text[s.start : s.end] for s in create("institutions.v1").find(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("dostałam pracę w Softwerk Sp. z o.o. (ogłoszenie było na OLX)", "Softwerk Sp. z o.o."),
        ("equipo ventas Ferretería Hnos. Zubizarreta (Vitoria)", "Ferretería Hnos. Zubizarreta"),
        (
            "работаю медсестрой в ГБУЗ «Городская поликлиника №3» в Твери.",
            "ГБУЗ «Городская поликлиника №3»",
        ),
        (
            "Mama yangu amelazwa Kliniki ya Upendo Ngaramtoni tangu jana",
            "Kliniki ya Upendo Ngaramtoni",
        ),
        ("السادة مؤسسة نور الرياض للتوريدات المحترمين", "مؤسسة نور الرياض للتوريدات"),
    ],
)
def test_an_institution_by_its_form_in_another_language(text, name):
    assert name in institutions(text)


def test_a_sentence_end_still_ends_a_name():
    # a four-letter word's full stop is a sentence's end, not an abbreviation's
    assert institutions("I moved to Rome. Then Acme Solutions hired me.") == ["Acme Solutions"]


def test_a_relation_inside_another_word_names_no_one():
    # "العميل" (the client) holds "عمي" (my uncle); "التأخير" (the delay) holds "أخي"
    text = "ساعدني في صياغة رد مهذب على هذا العميل بخصوص التأخير"
    assert create("names.v1").find(text) == []


@pytest.mark.parametrize("text", ["أختي ليلى تسكن في إربد", "قالت أختي ليلى ذلك"])
def test_a_relation_of_its_own_still_names(text):
    assert [text[s.start : s.end] for s in create("names.v1").find(text)] == ["ليلى"]
