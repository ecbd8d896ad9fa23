"""Grammar-first greedy decoding: the same tokens as llama-cpp-python's own chain (which
runs the grammar over the whole vocabulary), on the tiny GGUF whose nonsense often breaks
the grammar, so both the quick path and the full check run."""

from __future__ import annotations

import ctypes
import json
from pathlib import Path

import jsonschema
import llama_cpp
import pytest
from llama_cpp import Llama
from llama_cpp.llama_grammar import LlamaGrammar

from tests.tiny_limits import TINY_MODEL_LIMITS
from veil.local_models.grammar_first import GrammarFirstLlama, GrammarFirstSampler
from veil.local_models.slow_stage.attacker import attacker_schema
from veil.local_models.slow_stage.phrases import quotable_phrases

TEXT = "I moved to Leeds for my nursing job; [[PERSON_1]] and I married in May."
SCHEMAS = [
    {"type": "object", "properties": {"city": {"type": "string", "maxLength": 12},
     "sure": {"enum": ["high", "low"]}}, "required": ["city", "sure"]},
    attacker_schema(["location", "gender"], TINY_MODEL_LIMITS),
    attacker_schema(["age"], TINY_MODEL_LIMITS, quotable_phrases(TEXT, 3)),
]  # fmt: skip


def _answer(model: Llama, prompt: str, schema: dict | None, **options) -> str:
    reply = model.create_chat_completion(
        messages=[{"role": "user", "content": prompt}],
        max_tokens=400,
        temperature=0.0,
        response_format={"type": "json_object", "schema": schema} if schema else None,
        **options,
    )
    return reply["choices"][0]["message"]["content"]


@pytest.fixture(scope="module")
def models(tiny_gguf: Path) -> tuple[Llama, Llama]:
    options = {"model_path": str(tiny_gguf), "n_ctx": 1024, "seed": 1, "verbose": False}
    return Llama(**options, chat_format="chatml"), GrammarFirstLlama(
        **options, chat_format="chatml"
    )


@pytest.mark.parametrize("schema", SCHEMAS)
@pytest.mark.parametrize("prompt", ["Where does the author live?", TEXT, "x" * 50])
def test_the_same_answer_as_the_full_grammar_check(models, schema, prompt):
    stock, first = models
    expected = _answer(stock, prompt, schema)
    assert _answer(first, prompt, schema) == expected
    if not expected.endswith("}"):
        return  # cut by max_tokens (the tiny model writes long strings): equal is enough
    jsonschema.validate(json.loads(expected, strict=False), schema)  # raw control chars


def test_calls_it_does_not_cover_keep_the_stock_chain(models):
    stock, first = models
    # free text, and a repeat penalty (which the quick path would skip): unchanged answers
    assert _answer(first, TEXT, None) == _answer(stock, TEXT, None)
    penalized = {"repeat_penalty": 1.3}
    assert _answer(first, TEXT, SCHEMAS[0], **penalized) == _answer(
        stock, TEXT, SCHEMAS[0], **penalized
    )


def _candidates(tokens: list[tuple[int, float]]):
    rows = (llama_cpp.llama_token_data * len(tokens))(
        *(llama_cpp.llama_token_data(token, logit, 0.0) for token, logit in tokens)
    )
    array = llama_cpp.llama_token_data_array(data=rows, size=len(tokens), selected=-1, sorted=False)
    return rows, array


def test_a_best_token_the_grammar_refuses_falls_back_to_the_full_check(models):
    stock, _ = models
    grammar = LlamaGrammar.from_string('root ::= "a"', verbose=False)
    sampler = GrammarFirstSampler(stock._model, grammar)
    try:
        a = stock.tokenize(b"a", add_bos=False, special=False)[-1]  # after the "▁" bytes
        b = stock.tokenize(b"b", add_bos=False, special=False)[-1]
        # "b" is likelier but not allowed: every candidate is checked, "a" survives
        rows, array = _candidates([(b, 5.0), (a, 1.0)])
        sampler._apply(ctypes.pointer(array))
        assert array.size == 2 and rows[1].logit == 1.0 and rows[0].logit == float("-inf")
        # "a" is likelier and allowed: the candidates shrink to it alone
        rows, array = _candidates([(b, 1.0), (a, 5.0)])
        sampler._apply(ctypes.pointer(array))
        assert array.size == 1 and rows[0].id == a
    finally:
        sampler.free()
