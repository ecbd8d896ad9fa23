"""Random-weight GGUF files with the shapes of larger instruct models.

Speed does not depend on what the weights say: a model with Qwen2.5-3B's layer count,
widths, attention heads and vocabulary, quantized the same way, runs exactly as fast as
the real one. The hubs that carry the real files are unreachable here, so this is how
veil measures what a larger slow-stage model would cost on this machine. The files are
built once into a cache directory (llama architecture; Qwen2's q/k/v biases are left out,
a rounding error in cost).
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class Shape:
    name: str
    n_embd: int
    n_layers: int
    n_heads: int
    n_kv_heads: int
    n_ff: int
    quant: str  # llama.cpp file type the model is usually run at
    n_vocab: int = 151936  # Qwen2.5's

    def parameters(self) -> int:
        head = self.n_embd // self.n_heads
        attention = 2 * self.n_embd * self.n_embd + 2 * self.n_embd * head * self.n_kv_heads
        per_layer = attention + 3 * self.n_embd * self.n_ff
        return self.n_layers * per_layer + 2 * self.n_vocab * self.n_embd


# Qwen2.5 instruct shapes (config.json of each model); 0.5B at Q8_0 like veil's default file,
# so its figures check the method against the real model in the same run.
SHAPES = {
    "0.5b": Shape("qwen2.5-0.5b-shape", 896, 24, 14, 2, 4864, "Q8_0"),
    "1.5b": Shape("qwen2.5-1.5b-shape", 1536, 28, 12, 2, 8960, "Q4_K_M"),
    "3b": Shape("qwen2.5-3b-shape", 2048, 36, 16, 2, 11008, "Q4_K_M"),
    "7b": Shape("qwen2.5-7b-shape", 3584, 28, 28, 4, 18944, "Q4_K_M"),
}
_FILE_TYPES = {"Q8_0": 7, "Q4_K_M": 15}  # llama_ftype values
_SPECIAL = ("<unk>", "<s>", "</s>")
_UNKNOWN, _NORMAL, _CONTROL, _BYTE = 2, 1, 3, 6


def _write_f16(shape: Shape, path: Path, seed: int = 0) -> None:
    import gguf

    tokens = [*_SPECIAL, *(f"<0x{b:02X}>" for b in range(256))]
    tokens += [f"\u2581w{i}" for i in range(shape.n_vocab - len(tokens))]
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name(shape.name)
    writer.add_context_length(4096)
    writer.add_embedding_length(shape.n_embd)
    writer.add_block_count(shape.n_layers)
    writer.add_feed_forward_length(shape.n_ff)
    writer.add_head_count(shape.n_heads)
    writer.add_head_count_kv(shape.n_kv_heads)
    writer.add_rope_dimension_count(shape.n_embd // shape.n_heads)
    writer.add_layer_norm_rms_eps(1e-6)
    writer.add_vocab_size(shape.n_vocab)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_F16)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([0.0] * shape.n_vocab)
    writer.add_token_types([_UNKNOWN, _CONTROL, _CONTROL] + [_BYTE] * 256
                           + [_NORMAL] * (shape.n_vocab - 259))  # fmt: skip
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    rng = np.random.default_rng(seed)

    def weights(rows: int, columns: int) -> np.ndarray:
        return (rng.standard_normal((rows, columns), dtype=np.float32) * 0.02).astype(np.float16)

    kv = shape.n_embd // shape.n_heads * shape.n_kv_heads
    ones = np.ones(shape.n_embd, dtype=np.float32)
    writer.add_tensor("token_embd.weight", weights(shape.n_vocab, shape.n_embd))
    for layer in range(shape.n_layers):
        block = f"blk.{layer}"
        writer.add_tensor(f"{block}.attn_norm.weight", ones.copy())
        writer.add_tensor(f"{block}.attn_q.weight", weights(shape.n_embd, shape.n_embd))
        writer.add_tensor(f"{block}.attn_k.weight", weights(kv, shape.n_embd))
        writer.add_tensor(f"{block}.attn_v.weight", weights(kv, shape.n_embd))
        writer.add_tensor(f"{block}.attn_output.weight", weights(shape.n_embd, shape.n_embd))
        writer.add_tensor(f"{block}.ffn_norm.weight", ones.copy())
        writer.add_tensor(f"{block}.ffn_gate.weight", weights(shape.n_ff, shape.n_embd))
        writer.add_tensor(f"{block}.ffn_up.weight", weights(shape.n_ff, shape.n_embd))
        writer.add_tensor(f"{block}.ffn_down.weight", weights(shape.n_embd, shape.n_ff))
    writer.add_tensor("output_norm.weight", ones.copy())
    writer.add_tensor("output.weight", weights(shape.n_vocab, shape.n_embd))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def build(shape: Shape, cache: Path, threads: int = 2) -> Path:
    """The quantized file for ``shape`` in ``cache``, built on first use."""
    import llama_cpp

    target = cache / f"{shape.name}.{shape.quant}.gguf"
    if target.is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    f16 = cache / f"{shape.name}.F16.gguf.partial"
    partial = target.with_suffix(".partial")
    try:
        _write_f16(shape, f16)
        params = llama_cpp.llama_model_quantize_default_params()
        params.ftype = _FILE_TYPES[shape.quant]
        params.nthread = threads
        failed = llama_cpp.llama_model_quantize(
            str(f16).encode(), str(partial).encode(), ctypes.byref(params)
        )
        if failed:
            raise RuntimeError(f"llama.cpp could not quantize {f16} to {shape.quant}")
        partial.rename(target)
    finally:
        f16.unlink(missing_ok=True)
        partial.unlink(missing_ok=True)
    return target
