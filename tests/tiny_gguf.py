"""A tiny random-weight llama GGUF for tests: every code path that loads and calls a model
runs on it in milliseconds, offline, with the same output every time.

The vocabulary is sentencepiece-style byte fallback only (``<0x00>`` .. ``<0xFF>`` plus
``<unk>``, ``<s>``, ``</s>``), so any text tokenizes and any constrained JSON can be spelt.
The model is 2 layers of width 64 with weights drawn from a fixed seed: its answers are
nonsense, but deterministic nonsense, which is what tests of the plumbing need.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

_N_EMBD = 64
_N_LAYERS = 2
_N_HEADS = 4
_N_FF = 128
_CONTEXT = 2048
_SPECIAL = ("<unk>", "<s>", "</s>")
# gguf.TokenType values, spelt out so this module reads without the enum.
_UNKNOWN, _CONTROL, _BYTE = 2, 3, 6


def build_tiny_gguf(
    path: Path, *, chat_template: str | None = CHATML_TEMPLATE, seed: int = 0
) -> Path:
    """Write the tiny model to ``path`` (parents created) and return ``path``.

    ``chat_template=None`` leaves the template out of the metadata, so loaders must fall
    back to their own.
    """
    import gguf  # test-only dependency; imported here so collecting tests stays cheap

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tokens = [*_SPECIAL, *(f"<0x{byte:02X}>" for byte in range(256))]
    n_vocab = len(tokens)

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("veil-tiny-test")
    writer.add_context_length(_CONTEXT)
    writer.add_embedding_length(_N_EMBD)
    writer.add_block_count(_N_LAYERS)
    writer.add_feed_forward_length(_N_FF)
    writer.add_head_count(_N_HEADS)
    writer.add_head_count_kv(_N_HEADS)
    writer.add_rope_dimension_count(_N_EMBD // _N_HEADS)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(n_vocab)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)

    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([0.0] * n_vocab)
    writer.add_token_types([_UNKNOWN, _CONTROL, _CONTROL] + [_BYTE] * 256)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)
    if chat_template is not None:
        writer.add_chat_template(chat_template)

    rng = np.random.default_rng(seed)

    def weights(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.08).astype(np.float32)

    ones = np.ones(_N_EMBD, dtype=np.float32)
    # numpy shapes are (rows, columns) = ggml's ne reversed, which the writer accounts for.
    writer.add_tensor("token_embd.weight", weights(n_vocab, _N_EMBD))
    for layer in range(_N_LAYERS):
        block = f"blk.{layer}"
        writer.add_tensor(f"{block}.attn_norm.weight", ones.copy())
        for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
            writer.add_tensor(f"{block}.{name}.weight", weights(_N_EMBD, _N_EMBD))
        writer.add_tensor(f"{block}.ffn_norm.weight", ones.copy())
        writer.add_tensor(f"{block}.ffn_gate.weight", weights(_N_FF, _N_EMBD))
        writer.add_tensor(f"{block}.ffn_up.weight", weights(_N_FF, _N_EMBD))
        writer.add_tensor(f"{block}.ffn_down.weight", weights(_N_EMBD, _N_FF))
    writer.add_tensor("output_norm.weight", ones.copy())
    writer.add_tensor("output.weight", weights(n_vocab, _N_EMBD))

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
