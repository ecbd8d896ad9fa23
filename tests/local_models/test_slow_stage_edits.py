"""Grounding and edits: the deterministic checks that need no model."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.local_models.slow_stage.anonymizer import Edit, anonymizer_schema, apply_edits
from veil.local_models.slow_stage.arbitrator import arbitrator_schema
from veil.local_models.slow_stage.attacker import (
    KNOWN_ATTRIBUTES,
    Inference,
    attacker_schema,
    check_attributes,
)
from veil.local_models.slow_stage.grounding import ground, locate
from veil.local_models.slow_stage.prompts import PromptError, available, load_prompt

TEXT = "I moved to Zurich after my PhD and [[PERSON_1]] and I got married last spring."


def _unbounded(schema: dict, where: str = "$") -> list[str]:
    """Paths of arrays without maxItems and strings without maxLength or enum."""
    found = []
    kind = schema.get("type")
    if kind == "array":
        if "maxItems" not in schema:
            found.append(where)
        found += _unbounded(schema["items"], where + "[]")
    elif kind == "string" and "maxLength" not in schema and "enum" not in schema:
        found.append(where)
    for name, sub in schema.get("properties", {}).items():
        found += _unbounded(sub, f"{where}.{name}")
    for number, sub in enumerate(schema.get("anyOf", [])):
        found += _unbounded(sub, f"{where}|{number}")
    return found


def test_every_schema_bounds_every_array_and_string():
    inferences = [Inference("age", "", ("x",), ("PhD",)), Inference("location", "", (), ("y",))]
    for schema in (
        attacker_schema(KNOWN_ATTRIBUTES),
        arbitrator_schema(inferences),
        anonymizer_schema(["Zurich", "PhD"]),
    ):
        assert _unbounded(schema) == []
    # and the checker does catch an unbounded one
    assert _unbounded({"type": "array", "items": {"type": "string"}}) == ["$", "$[]"]


def test_prompts_load_by_versioned_name():
    assert {"attacker.v2", "arbitrator.v2", "anonymizer.v2"} <= set(available())
    messages = load_prompt("attacker.v2").messages(attributes="- age", text="hello there")
    assert [m["role"] for m in messages] == ["system", "user"]
    assert "hello there" in messages[1]["content"] and "- age" in messages[1]["content"]


def test_every_step_shares_the_prompt_prefix_up_to_the_end_of_the_text():
    # What lets llama.cpp evaluate the text once for the attacker, arbitrator and anonymizer.
    calls = [
        load_prompt("attacker.v2").messages(text=TEXT, attributes="- age"),
        load_prompt("arbitrator.v2").messages(text=TEXT, inferences="[]"),
        load_prompt("anonymizer.v2").messages(text=TEXT, leaks="[]"),
    ]
    assert len({messages[0]["content"] for messages in calls}) == 1
    prefixes = {messages[1]["content"].split(TEXT)[0] + TEXT for messages in calls}
    assert len(prefixes) == 1


@pytest.mark.parametrize(
    ("name", "message"),
    [("attacker.v9", "no prompt 'attacker.v9'"), ("attacker", "look like 'attacker.v2'"),
     ("../x.v1", "look like")],
)  # fmt: skip
def test_unknown_prompt_names_are_clear_errors(name, message):
    with pytest.raises(PromptError, match=re.escape(message)):
        load_prompt(name)


def test_a_missing_prompt_field_is_a_clear_error():
    with pytest.raises(PromptError, match="needs the field 'leaks'"):
        load_prompt("anonymizer.v2").messages(text="hello")


def test_unknown_attributes_are_rejected():
    with pytest.raises(ValueError, match="unknown attribute"):
        check_attributes(["age", "shoe_size"])
    with pytest.raises(ValueError, match="at least one"):
        check_attributes([])


def test_grounding_keeps_quotes_in_the_text_in_its_own_spelling():
    inferences = [
        Inference("location", "", ("Zurich",), ("moved to  zurich", "lives in Geneva")),
        Inference("education", "", ("PhD",), ("a doctorate",)),
        Inference("age", "", ("30",), ()),
    ]
    grounded, rejected = ground(inferences, TEXT)
    assert grounded == [Inference("location", "", ("Zurich",), ("moved to Zurich",))]
    assert {(r.attribute, r.evidence) for r in rejected} == {
        ("location", "lives in Geneva"),
        ("education", "a doctorate"),
        ("age", ""),
    }


def test_a_quote_wrapped_in_the_models_own_words_keeps_only_the_quoted_run():
    """A 0.5B attacker wrote exactly this kind of evidence (seen with Qwen2.5-Coder-0.5B)."""
    text = "Living near the Golden Gate bridge is expensive on a nurse's salary, sadly."
    quote = "The author mentions that living near the Golden Gate bridge is expensive"
    assert locate(quote, text) == "Living near the Golden Gate bridge is expensive"
    # runs shorter than MIN_RESCUED_WORDS are not evidence; nor is a cut-off word
    assert locate("The author says near the", text) is None
    assert locate("he wrote the Golden Gate bri", "the Golden Gate bridge") == "the Golden Gate"


@given(st.text(min_size=1, max_size=60), st.text(min_size=1, max_size=20))
def test_located_evidence_is_always_part_of_the_text(text, quote):
    located = locate(quote, text)
    if located is not None:
        assert located in text
        assert located.split() and [w.casefold() for w in located.split()] == [
            w.casefold() for w in quote.split()
        ]


@given(st.data())
def test_every_real_quote_is_located(data):
    text = data.draw(st.text(alphabet="abc XYZ\n", min_size=3, max_size=60))
    start = data.draw(st.integers(0, len(text) - 1))
    quote = text[start : data.draw(st.integers(start + 1, len(text)))]
    if len(quote.strip()) >= 2:
        assert locate(quote, text) is not None


def test_edits_apply_to_every_exact_occurrence_as_whole_words():
    text = "Zurich is home. SUNNY Zurich, NY!"
    edited, applied, rejected = apply_edits(text, [Edit("Zurich", "a city"), Edit("NY", "a state")])
    assert edited == "a city is home. SUNNY a city, a state!"
    assert len(applied) == 2 and rejected == []


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (Edit("Geneva", "a city"), "phrase not in the text"),
        (Edit("", "x"), "phrase not in the text"),
        (Edit("Zurich", "Zurich"), "replacement equals the phrase"),
        # seen with a 0.5B anonymizer: the evidence kept, and more information added
        (Edit("moved to Zurich", "moved to zurich, near the lake"), "replacement keeps the phrase"),
        (Edit("[[PERSON_1]] and I", "we"), "phrase touches a pseudonym"),
        (Edit("PERSON_1", "someone"), "phrase touches a pseudonym"),
        (Edit("and I got", "and [[PERSON_2]] got"), "replacement contains or imitates"),
        (Edit("my PhD", "my [[deg"), "replacement contains or imitates"),
        # seen with a 0.5B anonymizer: a paraphrase that invents or inverts a fact
        (Edit("last spring", "in 2019"), "replacement adds a number"),
        (Edit("got married", "did not get married"), "replacement turns a statement"),
        (Edit("got married", "relationship_status"), "replacement copies the instructions"),
        (Edit("after my PhD", "a kind of place, a rough one"), "replacement copies the"),
    ],
)
def test_bad_edits_are_rejected_and_change_nothing(edit, reason):
    edited, applied, rejected = apply_edits(TEXT, [edit])
    assert edited == TEXT and applied == []
    assert len(rejected) == 1 and rejected[0].reason.startswith(reason)


@pytest.mark.parametrize(
    ("text", "edit"),
    [("I turned 34 in May.", Edit("turned 34", "am in my thirties")),
     ("I never went to uni.", Edit("never went to uni", "didn't study further")),
     ("I can't stand 1990s music.", Edit("1990s music", "old music")),
     ("I work in the same lab as you.", Edit("the same lab", "the same kind of place"))],
)  # fmt: skip
def test_generalizing_edits_pass_the_invention_checks(text, edit):
    edited, applied, _ = apply_edits(text, [edit])
    assert applied == [edit] and edit.replacement in edited


def test_surrogate_pseudonyms_are_protected_too():
    text = "Maria Lopez and I moved to Zurich."
    edited, applied, rejected = apply_edits(
        text,
        [Edit("Maria Lopez and I", "we"), Edit("Zurich", "Maria Lopez's town")],
        pseudonyms=["Maria Lopez"],
    )
    assert edited == text and applied == []
    assert [r.reason for r in rejected] == [
        "phrase touches a pseudonym",
        "replacement contains or imitates a pseudonym",
    ]


def test_an_edit_never_rewrites_another_edits_text():
    edited, _, rejected = apply_edits(
        TEXT, [Edit("Zurich after my PhD", "a city"), Edit("my PhD", "my degree")]
    )
    assert edited == TEXT.replace("Zurich after my PhD", "a city")
    assert [r.reason for r in rejected] == ["phrase overlaps an earlier edit"]


_PSEUDONYMS = ["[[PERSON_1]]", "[[LOCATION_2]]", "Maria Lopez"]


@given(
    st.lists(st.sampled_from(["I", "live", "in", "Bern", "Maria", "Lopez", "[[", "]]",
                              "[[PERSON_1]]", "[[LOCATION_2]]", "x", "_1"]), max_size=12),
    st.lists(st.tuples(st.text(max_size=12), st.text(max_size=12)), max_size=5),
)  # fmt: skip
def test_edits_never_change_the_pseudonyms(words, pairs):
    text = " ".join(words)
    edited, applied, _ = apply_edits(text, [Edit(p, r) for p, r in pairs], _PSEUDONYMS)
    for pseudonym in _PSEUDONYMS:
        assert edited.count(pseudonym) == text.count(pseudonym)
    if not applied:
        assert edited == text
