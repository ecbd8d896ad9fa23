"""The in-process llama.cpp backend, on the tiny generated GGUF."""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tiny_gguf import build_tiny_gguf
from veil.local_models.backend import LLM, LLMError
from veil.local_models.llama_cpp_backend import LlamaCppLLM
from veil.local_models.probe import probe_gguf

# Each test starts a model process or loads a GGUF: seconds, not milliseconds.
pytestmark = pytest.mark.slow

ASK = [{"role": "user", "content": "Where does the author live?"}]
CITY_SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "maxLength": 12},
        "certainty": {"enum": ["high", "medium", "low"]},
    },
    "required": ["city", "certainty"],
    "additionalProperties": False,
}


@pytest.fixture(scope="module")
def llm(tiny_gguf: Path) -> LlamaCppLLM:
    return LlamaCppLLM(tiny_gguf)


def test_tiny_gguf_is_deterministic(tmp_path: Path, tiny_gguf: Path) -> None:
    again = build_tiny_gguf(tmp_path / "again.gguf")
    assert (
        hashlib.sha256(again.read_bytes()).digest()
        == hashlib.sha256(tiny_gguf.read_bytes()).digest()
    )
    other_seed = build_tiny_gguf(tmp_path / "other.gguf", seed=1)
    assert other_seed.read_bytes() != tiny_gguf.read_bytes()


def test_backend_satisfies_the_protocol(llm: LlamaCppLLM) -> None:
    backend: LLM = llm
    assert backend.name == "tiny.gguf"


def test_structured_answer_is_json_within_the_schema(llm: LlamaCppLLM) -> None:
    text = llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=256)
    jsonschema.validate(json.loads(text), CITY_SCHEMA)


def test_answers_are_deterministic_across_calls_and_instances(tiny_gguf: Path) -> None:
    first = LlamaCppLLM(tiny_gguf)
    second = LlamaCppLLM(tiny_gguf)
    answers = {
        first.complete(ASK, schema=CITY_SCHEMA, max_tokens=256),
        first.complete(ASK, schema=CITY_SCHEMA, max_tokens=256),
        second.complete(ASK, schema=CITY_SCHEMA, max_tokens=256),
    }
    assert len(answers) == 1
    # A different prompt reaches a different point of the random model.
    other = first.complete(
        [{"role": "user", "content": "Guess the author's age."}],
        schema=CITY_SCHEMA,
        max_tokens=256,
    )
    assert json.loads(other).keys() == {"city", "certainty"}


def test_free_text_answer_stops_at_max_tokens(llm: LlamaCppLLM) -> None:
    text = llm.complete(ASK, max_tokens=8)
    assert isinstance(text, str)
    assert len(text.encode("utf-8", "surrogatepass")) <= 8 * 4  # byte tokens: <= 4 per char


def test_schema_answer_cut_by_max_tokens_is_a_clear_error(llm: LlamaCppLLM) -> None:
    with pytest.raises(LLMError, match="max_tokens"):
        llm.complete(ASK, schema=CITY_SCHEMA, max_tokens=3)


def test_no_messages_is_an_error(llm: LlamaCppLLM) -> None:
    with pytest.raises(LLMError, match="at least one message"):
        llm.complete([])


def test_chat_template_comes_from_the_gguf_else_chatml(tmp_path: Path, llm: LlamaCppLLM) -> None:
    llm.load()
    assert llm.chat_template_source == "gguf"
    bare = LlamaCppLLM(build_tiny_gguf(tmp_path / "bare.gguf", chat_template=None))
    text = bare.complete(ASK, schema=CITY_SCHEMA, max_tokens=256)
    jsonschema.validate(json.loads(text), CITY_SCHEMA)
    assert bare.chat_template_source == "chatml fallback"


def test_concurrent_calls_load_once_and_match_sequential_answers(tiny_gguf: Path) -> None:
    prompts = [[{"role": "user", "content": f"Message number {i}"}] for i in range(4)]
    sequential = [
        LlamaCppLLM(tiny_gguf).complete(p, schema=CITY_SCHEMA, max_tokens=256) for p in prompts
    ]
    shared = LlamaCppLLM(tiny_gguf)
    results: dict[int, str] = {}
    loaded: list[object] = []
    errors: list[BaseException] = []

    def ask(index: int) -> None:
        try:
            results[index] = shared.complete(prompts[index], schema=CITY_SCHEMA, max_tokens=256)
            loaded.append(shared._model)
        except BaseException as error:  # surfaced below; a thread cannot raise into the test
            errors.append(error)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert [results[i] for i in range(4)] == sequential
    assert len({id(model) for model in loaded}) == 1


def test_file_that_is_not_gguf_is_refused_without_loading(tmp_path: Path) -> None:
    fake = tmp_path / "notes.gguf"
    fake.write_text("these are not model weights")
    with pytest.raises(LLMError, match="not a GGUF model file"):
        LlamaCppLLM(fake).complete(ASK)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LLMError, match="not found"):
        LlamaCppLLM(tmp_path / "absent.gguf").complete(ASK)


def test_damaged_gguf_fails_in_the_probe_not_in_this_process(
    tmp_path: Path, tiny_gguf: Path
) -> None:
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(tiny_gguf.read_bytes()[: tiny_gguf.stat().st_size // 2])
    with pytest.raises(LLMError, match=r"llama\.cpp cannot load"):
        LlamaCppLLM(damaged).complete(ASK)


def test_probe_runs_once_per_file_version(tmp_path: Path, tiny_gguf: Path) -> None:
    copy = tmp_path / "copy.gguf"
    copy.write_bytes(tiny_gguf.read_bytes())
    first = probe_gguf(copy)
    assert probe_gguf(copy) is first  # unchanged file: the cached result
    assert first.architecture == "llama" and first.has_chat_template
    copy.write_bytes(tiny_gguf.read_bytes()[:4096])  # same path, new size and mtime
    with pytest.raises(LLMError, match="cannot load"):
        probe_gguf(copy)


_bounded_string = st.integers(1, 16).map(lambda n: {"type": "string", "maxLength": n})
_enum = st.lists(
    st.text("abcdefghij", min_size=1, max_size=6), min_size=1, max_size=4, unique=True
).map(lambda values: {"enum": values})
_small_int = st.just({"type": "integer"})
_boolean = st.just({"type": "boolean"})
_leaf = st.one_of(_bounded_string, _enum, _small_int, _boolean)
_array = st.tuples(_leaf, st.integers(0, 3)).map(
    lambda pair: {"type": "array", "items": pair[0], "maxItems": pair[1]}
)
_schemas = st.dictionaries(
    st.sampled_from(["age", "city", "job", "evidence", "reason"]),
    st.one_of(_leaf, _array),
    min_size=1,
    max_size=3,
).map(
    lambda props: {
        "type": "object",
        "properties": props,
        "required": sorted(props),
        "additionalProperties": False,
    }
)


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(schema=_schemas)
def test_any_bounded_schema_gets_an_answer_within_it(llm: LlamaCppLLM, schema: dict) -> None:
    text = llm.complete(ASK, schema=schema, max_tokens=300)
    jsonschema.validate(json.loads(text), schema)


def test_answer_outside_what_the_grammar_enforces_is_an_error(llm: LlamaCppLLM) -> None:
    # llama.cpp's grammar ignores numeric bounds; the tiny model writes a huge age.
    schema = {
        "type": "object",
        "properties": {"age": {"type": "integer", "minimum": 0, "maximum": 120}},
        "required": ["age"],
    }
    with pytest.raises(LLMError, match="does not fit the schema"):
        llm.complete(ASK, schema=schema, max_tokens=300)
