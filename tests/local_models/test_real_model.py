"""One smoke test on the embedded default model (Qwen2.5-Coder-0.5B-Instruct): it loads
from the models dir and answers a schema-constrained question with JSON in the schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from veil.local_models.catalog import load_catalog
from veil.local_models.load import load_llm
from veil.policies import paths

SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "maxLength": 40},
        "evidence": {"type": "array", "items": {"type": "string", "maxLength": 80}, "maxItems": 3},
        "certainty": {"enum": ["high", "medium", "low"]},
    },
    "required": ["city", "evidence", "certainty"],
    "additionalProperties": False,
}


@pytest.mark.real_model
def test_default_model_answers_within_the_schema() -> None:
    entry = load_catalog().get("default")
    models_dir = paths.models_dir()
    if not entry.is_installed(models_dir):
        pytest.fail(f"the default model is not in {models_dir}: run `veil models pull default`")
    llm = load_llm("default")
    text = llm.complete(
        [
            {"role": "system", "content": "You infer where the author of a text lives."},
            {
                "role": "user",
                "content": "I took the tram past the Brandenburg Gate to my office again. "
                "Where does the author live? Answer in JSON.",
            },
        ],
        schema=SCHEMA,
        max_tokens=160,
    )
    answer = json.loads(text)
    jsonschema.validate(answer, SCHEMA)
    assert answer["city"].strip()
