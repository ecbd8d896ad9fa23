"""A firm named by the domain of an e-mail address in the same text."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels as protected
from veil.rules.domain_names import domain_name


@pytest.mark.parametrize(
    ("address", "name"),
    [
        ("sanjay.k@orbitlane.io", "orbitlane"),
        ("a.b@mail.quillfern.co.uk", "quillfern"),  # a public suffix of two labels
        ("ops@brightwater-logistics.com", None),  # not one word: prose never spells it so
        ("x@abc.de", None),  # too short to tell from a word
    ],
)
def test_the_registrable_label_of_a_domain(address, name):
    assert domain_name(address) == name


def test_a_firm_spelled_like_its_domain_is_protected(analyzer):
    text = (
        "From: priya@quillfern.io\nTo: team@quillfern.io\n"
        "can you make this sound less abrupt: 'the audit moves to friday'\n"
        "Priya, Quillfern"
    )
    found = protected(analyzer, text)
    assert found.get("Quillfern") == "ORGANIZATION"
    # the addresses themselves stay whole e-mail spans
    assert found.get("priya@quillfern.io") == "EMAIL"


def test_a_mail_service_everyone_uses_is_no_employer(analyzer):
    text = "write to me at dana.p@gmail.com - is Gmail's spam filter better than Outlook's?"
    found = protected(analyzer, text)
    assert "dana.p@gmail.com" in found
    assert not any(
        value.casefold() == "gmail" and label == "ORGANIZATION" for value, label in found.items()
    )


def test_no_echo_without_an_address(analyzer):
    assert "Quillfern" not in protected(analyzer, "Is Quillfern a good name for a bakery?")
