"""What the slow stage does for small models: evidence chosen among the text's own
phrases, closed answer sets, schemas without reasoning, the optional final attack, and
token counts as the model reports them."""

from __future__ import annotations

import json
import threading
import unicodedata
from dataclasses import replace

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.scripted_llm import ScriptedLLM, attack, edits, grades, inference
from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.backend import last_usage
from veil.local_models.load import load_llm
from veil.local_models.slow_stage import SlowStage, StopReason
from veil.local_models.slow_stage.arbitrator import Grade, arbitrator_schema, parse_grades
from veil.local_models.slow_stage.attacker import (
    OPTIONS,
    Inference,
    attacker_schema,
    parse_inferences,
)
from veil.local_models.slow_stage.attacker import (
    attack as run_attack,
)
from veil.local_models.slow_stage.calls import Budget, call_model
from veil.local_models.slow_stage.limits import COMPACT
from veil.local_models.slow_stage.phrases import FAST_STAGE_TOKEN, quotable_phrases
from veil.policies.schema import SlowStageSettings

TEXT = "I moved to Leeds for my nursing job; [[PERSON_1]] and I married in May."


def test_phrases_are_cut_at_punctuation_and_pseudonyms():
    text = TEXT + " Ask Maria Lopez, she knows 😉 all of it."
    phrases = quotable_phrases(text, 4, ["Maria Lopez"])
    assert phrases == [
        "I moved to Leeds", "for my nursing job", "and I married in", "May", "Ask", "she knows",
        "all of it",
    ]  # fmt: skip


words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
pieces = st.one_of(words, st.sampled_from(["[[PERSON_1]]", "[REDACTED EMAIL]", "Ann Lee", ", "]))


@given(st.lists(pieces, max_size=30).map(" ".join), st.integers(1, 10))
def test_every_phrase_is_a_short_substring_that_touches_no_pseudonym(text, max_words):
    phrases = quotable_phrases(text, max_words, ["Ann Lee"])
    assert len(phrases) == len(set(phrases))
    for phrase in phrases:
        assert phrase in text
        assert 1 <= len(phrase.split()) <= max_words
        assert not FAST_STAGE_TOKEN.search(phrase) and "Ann Lee" not in phrase
        assert not any(unicodedata.category(c)[0] in "SC" for c in phrase.replace("\t", ""))


def test_closed_attributes_are_chosen_from_their_labels_never_all_of_them():
    schema = attacker_schema(["gender", "family", "age"], COMPACT)
    variants = schema["properties"]["inferences"]["items"]["anyOf"]
    by_attribute = {v["properties"]["attribute"]["enum"][0]: v["properties"] for v in variants}
    assert by_attribute["gender"]["guesses"]["items"]["enum"] == ["male", "female"]
    assert by_attribute["gender"]["guesses"]["maxItems"] == 1  # both would say nothing
    assert by_attribute["family"]["guesses"]["items"]["enum"] == list(OPTIONS["family"])
    assert "enum" not in by_attribute["age"]["guesses"]["items"]
    assert "reasoning" not in by_attribute["age"]  # COMPACT leaves it out
    answer = {"inferences": [{"attribute": "gender", "evidence": ["x"], "guesses": ["male"]}]}
    jsonschema.validate(answer, schema)
    wrong = {"inferences": [{"attribute": "gender", "evidence": ["x"], "guesses": ["man"]}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema)


def test_with_evidence_choice_only_the_texts_phrases_are_valid_evidence():
    phrases = quotable_phrases(TEXT, COMPACT.choice_words)
    schema = attacker_schema(["location"], COMPACT, phrases)
    quoted = {"attribute": "location", "evidence": ["I moved to Leeds for my nursing job"],
              "guesses": ["Leeds"]}  # fmt: skip
    jsonschema.validate({"inferences": [quoted]}, schema)
    invented = {**quoted, "evidence": ["The author lives in Leeds."]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"inferences": [invented]}, schema)
    # a chosen phrase longer than evidence_chars is kept whole, not cut out of the text
    long_phrase = "x" * (COMPACT.evidence_chars + 20)
    parsed = parse_inferences(
        json.dumps({"inferences": [{**quoted, "evidence": [long_phrase]}]}), ["location"], COMPACT
    )
    assert parsed[0].evidence == (long_phrase,)


def test_a_real_model_choosing_evidence_always_quotes_the_text(tiny_gguf):
    tiny = load_llm(str(tiny_gguf))
    limits = replace(TINY_MODEL_LIMITS, evidence_choice=True, choice_words=3)
    inferences, call = run_attack(
        tiny, TEXT, ["location", "gender"], Budget(60), limits, ["[[PERSON_1]]"]
    )
    evidence = [quote for i in inferences for quote in i.evidence]
    assert evidence, "the tiny model answered no inference at all"
    assert all(quote in TEXT and "[[" not in quote for quote in evidence)
    assert all(
        g in OPTIONS["gender"] for i in inferences if i.attribute == "gender" for g in i.guesses
    )
    assert not call.tokens_estimated and call.completion_tokens > 0


def test_grades_without_reasons_parse():
    inferences = [Inference("age", "", ("40",), ("my forties",))]
    schema = arbitrator_schema(inferences, COMPACT)
    assert "reason" not in schema["properties"]["grades"]["items"]["properties"]
    graded = parse_grades('{"grades": [{"attribute": "age", "grade": "high"}]}', inferences)
    assert graded[0].grade is Grade.HIGH


def _stage(llm: ScriptedLLM, **settings) -> SlowStage:
    return SlowStage(
        SlowStageSettings(enabled=True, attributes=["location", "occupation"], **settings),
        llm,
        llm,
    )


def _leaky() -> ScriptedLLM:
    return ScriptedLLM({
        "attacker": [attack(inference("location", "Leeds", "Leeds")), attack()],
        "arbitrator": [grades(location="high")],
        "anonymizer": [edits(("Leeds", "a northern city"))],
    })  # fmt: skip


def test_without_verify_the_last_rewrite_is_not_attacked_again():
    llm = _leaky()
    result = _stage(llm, max_rounds=1, verify_last_rewrite=False).run(TEXT, ["[[PERSON_1]]"])
    assert [c["step"] for c in llm.calls] == ["attacker", "arbitrator", "anonymizer"]
    assert result.stop_reason is StopReason.MAX_ROUNDS
    assert "a northern city" in result.text and "Leeds" not in result.text
    assert (result.leaks_before, result.leaks_after, result.verified) == (1, 0, False)


def test_with_verify_the_last_rewrite_is_attacked_again():
    llm = _leaky()
    result = _stage(llm, max_rounds=1).run(TEXT, ["[[PERSON_1]]"])
    assert [c["step"] for c in llm.calls] == ["attacker", "arbitrator", "anonymizer", "attacker"]
    assert result.stop_reason is StopReason.NO_LEAKS and result.verified


def test_tokens_are_estimated_only_when_the_backend_reports_none():
    llm = ScriptedLLM({"attacker": [attack()]})  # reports no usage, as some servers
    messages = [{"role": "user", "content": "x" * 40 + '"""Task: investigator'}]
    _, record = call_model(llm, "attacker", messages, {}, 64, Budget(60))
    assert record.tokens_estimated and record.prompt_tokens == len(messages[0]["content"]) // 4 + 1


def test_usage_belongs_to_the_thread_that_made_the_call(tiny_gguf):
    tiny = load_llm(str(tiny_gguf))
    tiny.complete([{"role": "user", "content": "hello"}], max_tokens=4)
    usage = last_usage(tiny)
    assert usage is not None and usage.prompt_tokens > 0 and usage.completion_tokens >= 1
    seen = []
    thread = threading.Thread(target=lambda: seen.append(last_usage(tiny)))
    thread.start()
    thread.join()
    assert seen == [None]
