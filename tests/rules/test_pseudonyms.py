"""Vault consistency, surrogate validity, restoring, and streaming restoring."""

import html
import random

import phonenumbers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import placeholder_vault as placeholder_vault_
from tests.helpers import split_at
from veil.rules.recognizers.financial import iban_checksum_valid, luhn_valid
from veil.rules.redact import Action, mask, redact
from veil.rules.restore import Restorer
from veil.rules.spans import Span
from veil.rules.vault import PseudonymStyle, Vault, VaultEntry


def test_same_value_same_pseudonym_across_spellings_and_messages():
    vault = Vault()
    first = vault.pseudonym_for("Jane Doe", "PERSON")
    assert vault.pseudonym_for("jane  doe", "PERSON") == first
    assert vault.pseudonym_for("+1 503 241 8876", "PHONE") == vault.pseudonym_for(
        "(503) 241-8876", "PHONE"
    )
    assert vault.pseudonym_for("John Roe", "PERSON") != first
    assert first == "[[PERSON_1]]"


def test_conversations_do_not_share_pseudonyms_by_default():
    a, b = Vault(PseudonymStyle.SURROGATE), Vault(PseudonymStyle.SURROGATE)
    names = {a.pseudonym_for("Jane Doe", "PERSON"), b.pseudonym_for("Jane Doe", "PERSON")}
    assert len(names) == 2


def test_resent_history_gets_the_same_pseudonyms():
    vault = Vault()
    spans = [Span(0, 8, "PERSON", 0.9, "t")]
    once = redact("Jane Doe asked", spans, vault).text
    again = redact("Jane Doe asked", spans, vault).text
    assert once == again == "[[PERSON_1]] asked"


@pytest.mark.parametrize("seed", range(5))
def test_surrogates_keep_format_and_check_digits(seed):
    vault = Vault(PseudonymStyle.SURROGATE, rng=random.Random(seed))
    card = vault.pseudonym_for("4526 0181 5908 3012", "CREDIT_CARD")
    assert len(card) == 19 and card[4] == " " and luhn_valid(card.replace(" ", ""))
    iban = vault.pseudonym_for("DE89 3704 0044 0532 0130 00", "IBAN")
    assert iban.startswith("DE") and iban_checksum_valid(iban.replace(" ", ""))
    phone = vault.pseudonym_for("+44 7911 123456", "PHONE")
    assert phone != "+44 7911 123456"
    assert phonenumbers.is_valid_number(phonenumbers.parse(phone, None))
    email = vault.pseudonym_for("jane@acme.io", "EMAIL")
    assert email.endswith(("@example.com", "@example.org", "@example.net"))
    ssn = vault.pseudonym_for("536-22-1384", "US_SSN")
    area, group, serial = ssn.split("-")
    assert (
        area not in {"000", "666"}
        and not area.startswith("9")
        and group != "00"
        and serial != "0000"
    )


def test_mask_never_reveals_length():
    assert mask("PERSON") == mask("PERSON")
    vault = Vault()
    short = redact("Al", [Span(0, 2, "PERSON", 1, "t")], vault, {"PERSON": Action.MASK}).text
    long = redact(
        "Bartholomew", [Span(0, 11, "PERSON", 1, "t")], vault, {"PERSON": Action.MASK}
    ).text
    assert short == long


def test_actions_block_warn_allow_leave_text_and_report():
    text = "key AKIA and Jane"
    spans = [Span(4, 8, "SECRET", 1, "t"), Span(13, 17, "PERSON", 1, "t")]
    result = redact(text, spans, Vault(), {"SECRET": Action.BLOCK, "PERSON": Action.WARN})
    assert result.blocked and result.text == text
    assert [f.action for f in result.findings] == [Action.BLOCK, Action.WARN]


@pytest.fixture
def placeholder_vault() -> Vault:
    return placeholder_vault_()


@pytest.mark.parametrize(
    ("answer", "restored"),
    [
        ("Dear [[PERSON_1]],", "Dear Jane Doe,"),
        ("[[person_1]] and [[Person_1]]", "Jane Doe and Jane Doe"),
        ("[[PERSON_1]]'s flat", "Jane Doe's flat"),
        ("**[[PERSON_1]]** and _[[EMAIL_1]]_", "**Jane Doe** and _jane@acme.io_"),
        (r"\[\[PERSON\_1\]\]", "Jane Doe"),
        ("<b>&#91;&#91;PERSON_1&#93;&#93;</b>", "<b>Jane Doe</b>"),
        ("[PERSON_1] said", "Jane Doe said"),
        ("[[PERSON_12]] not [[PERSON_1]]", "Person 12 not Jane Doe"),
        ("ends with [[PERSON_1", "ends with Jane Doe"),
        ("ends with [[PERS", "ends with [[PERS"),
        ("[[PERSON_99]] is unknown", "[[PERSON_99]] is unknown"),
    ],
)
def test_restore_survives_what_models_do(placeholder_vault, answer, restored):
    assert Restorer.for_vault(placeholder_vault).restore(answer) == restored


def test_surrogate_restore_mirrors_case_and_html_escaping():
    vault = Vault(PseudonymStyle.SURROGATE, rng=random.Random(3))
    fake = vault.pseudonym_for("Siobhán O'Brien", "PERSON")
    restorer = Restorer.for_vault(vault)
    assert restorer.restore(f"Hi {fake}!") == "Hi Siobhán O'Brien!"
    assert restorer.restore(f"HI {fake.upper()}") == "HI SIOBHÁN O'BRIEN"
    special = Restorer(
        [VaultEntry("ORGANIZATION", "Tom & Jerry's", "Ann O'Hara Ltd", PseudonymStyle.SURROGATE)]
    )
    escaped = html.escape("Ann O'Hara Ltd")
    assert special.restore(f"<p>{escaped}</p>") == "<p>Tom &amp; Jerry&#x27;s</p>"
    assert special.restore("Ann O’Hara Ltd") == "Tom & Jerry's"


def _stream(restorer: Restorer, chunks: list[str]) -> str:
    streaming = restorer.stream()
    return "".join(streaming.feed(c) for c in chunks) + streaming.flush()


_pieces = st.sampled_from(
    [
        "[[PERSON_1]]",
        "[[PERSON_12]]",
        "[[EMAIL_1]]",
        "[[person_1",
        "[PERSON_1]",
        r"\[\[PERSON\_1\]\]",
        "[[",
        "]]",
        "[",
        "PERSON_",
        "1",
        "2",
        " ",
        "'s ",
        "**",
        "&#91;",
        "Jane",
        "é",
        "🙂",
        "\n",
        "x",
    ]
)


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(_pieces, max_size=25), cuts=st.lists(st.integers(0, 400), max_size=12))
def test_streaming_equals_whole_for_any_chunking(parts, cuts):
    restorer = Restorer.for_vault(placeholder_vault_())
    answer = "".join(parts)
    chunks = split_at(answer, cuts)
    assert _stream(restorer, chunks) == restorer.restore(answer)


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(max_size=120),
    cuts=st.lists(st.integers(0, 120), max_size=8),
    seed=st.integers(0, 50),
)
def test_streaming_equals_whole_with_surrogates(text, cuts, seed):
    vault = Vault(PseudonymStyle.SURROGATE, rng=random.Random(seed))
    fake = vault.pseudonym_for("Jane Doe", "PERSON")
    mail = vault.pseudonym_for("jane@acme.io", "EMAIL")
    answer = f"{text[:40]}{fake}{text[40:80]}{mail.upper()}{text[80:]}"
    restorer = Restorer.for_vault(vault)
    chunks = split_at(answer, cuts)
    assert _stream(restorer, chunks) == restorer.restore(answer)


def test_streaming_holds_back_only_a_possible_pseudonym_prefix(placeholder_vault):
    streaming = Restorer.for_vault(placeholder_vault).stream()
    assert streaming.feed("Hello there, ") == "Hello there, "
    assert streaming.feed("dear [[PER") == "dear "
    assert streaming.pending == "[[PER"
    out = streaming.feed("SON_1]] and friends, how are you today?")
    assert out.startswith("Jane Doe and friends")
    assert (out + streaming.flush()).endswith("today?")


def test_a_vaults_restorer_is_made_once_per_version_and_goes_with_the_vault():
    """A long chat's patterns take a second and megabytes to compile: made again only
    when the vault changes, and kept by the vault alone (not by the regex module's
    cache, where they outlived the chat)."""
    import gc
    import weakref

    vault = Vault()
    for n in range(300):
        vault.pseudonym_for(f"Person{n} Example", "PERSON")
    restorer = Restorer.for_vault(vault)
    assert Restorer.for_vault(vault) is restorer
    assert vault.pseudonymize_known("Person7 Example said") == "[[PERSON_8]] said"
    new = vault.pseudonym_for("Jane Doe", "PERSON")
    changed = Restorer.for_vault(vault)
    assert changed is not restorer and changed.restore(f"Hi {new}") == "Hi Jane Doe"
    patterns = [weakref.ref(restorer.pattern), weakref.ref(changed.pattern)]
    patterns.append(weakref.ref(vault._known_values()[0]))
    del vault, restorer, changed
    gc.collect()
    assert [p() for p in patterns] == [None, None, None]
