"""bench/scaling's stand-in models: built, quantized by llama.cpp, loadable and runnable."""

from __future__ import annotations

from bench.scaling.__main__ import _measure, projected_seconds
from bench.scaling.synthetic import SHAPES, Shape, build


def test_the_shapes_have_their_models_sizes():
    # untied output weights counted: Qwen2.5-0.5B is 0.49 B with its embedding tied
    assert abs(SHAPES["0.5b"].parameters() - 0.49e9 - 151936 * 896) < 0.02e9
    assert abs(SHAPES["7b"].parameters() - 7.6e9) < 0.1e9


def test_a_synthetic_model_is_built_once_and_runs(tmp_path):
    shape = Shape("tiny-shape", 64, 2, 4, 2, 128, "Q8_0", n_vocab=512)
    path = build(shape, tmp_path)
    assert path.name == "tiny-shape.Q8_0.gguf" and list(tmp_path.iterdir()) == [path]
    stamp = path.stat().st_mtime_ns
    assert build(shape, tmp_path) == path and path.stat().st_mtime_ns == stamp
    row = _measure(str(path))
    assert row["prompt_tps"] > 0 and row["generate_tps"] > 0 and row["schema_tps"] > 0
    assert projected_seconds(row) > 0
