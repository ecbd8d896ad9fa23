"""Which strings of a body pass unscanned (proxy/adapters/residual.py)."""

from __future__ import annotations

from veil.proxy.adapters.residual import holds_secret, is_inert

KEY = "AKIAQ3EGXMPL4NHTZ7VW"  # an AWS access key id's shape


def test_a_setting_passes_and_a_key_in_its_place_is_scanned_however_often_asked():
    # the verdict is kept per value: each value keeps its own, asked again or not
    for _ in range(3):
        assert is_inert("model", "gpt-4o")
        assert not is_inert("model", KEY)
        assert is_inert("model", "gpt-4o-mini")
    assert holds_secret(KEY) and not holds_secret("gpt-4o")


def test_words_are_never_inert():
    assert not is_inert("model", "Jane Doe")
    assert not is_inert("role", "jane@northwind.io")
    assert not is_inert("messages", "gpt-4o")  # not a settings field
