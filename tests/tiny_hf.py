"""A tiny randomly initialised Llama in Hugging Face format, with a tokenizer built here,
for the distillation tests: trained for a step by TRL, merged, and converted to GGUF by
llama.cpp's own converter, all offline in seconds.

The tokenizer is Llama's Hugging Face layout (BPE with byte fallback, spaces as ``▁``),
which llama.cpp's converter reads from ``tokenizer.json``; ChatML's two markers are added
special tokens, so the chat template renders prompts the way the slow stage's models do.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tests.tiny_gguf import CHATML_TEMPLATE

SPECIALS = ("<unk>", "<s>", "</s>")
CHAT_MARKERS = ("<|im_start|>", "<|im_end|>")


def build_tokenizer(corpus: Iterable[str], vocab_size: int = 600):
    """A fast tokenizer with merges learnt from ``corpus`` (any text still encodes, by bytes)."""
    from tokenizers import Tokenizer, decoders, models, normalizers, trainers
    from transformers import PreTrainedTokenizerFast

    normalizer = normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
    learner = Tokenizer(models.BPE(unk_token="<unk>"))
    learner.normalizer = normalizer
    learner.train_from_iterator(
        corpus, trainers.BpeTrainer(vocab_size=vocab_size, show_progress=False)
    )
    learnt = sorted(learner.get_vocab().items(), key=lambda item: item[1])
    vocab = {token: i for i, token in enumerate(SPECIALS)}
    for byte in range(256):
        vocab[f"<0x{byte:02X}>"] = len(vocab)
    for token, _ in learnt:
        vocab.setdefault(token, len(vocab))
    merges = learner.to_str()  # the learnt merges, in order
    import json

    merges = [tuple(m.split(" ")) if isinstance(m, str) else tuple(m)
              for m in json.loads(merges)["model"]["merges"]]  # fmt: skip
    tokenizer = Tokenizer(
        models.BPE(vocab=vocab, merges=merges, unk_token="<unk>", byte_fallback=True,
                   fuse_unk=True)
    )  # fmt: skip
    tokenizer.normalizer = normalizer
    tokenizer.decoder = decoders.Sequence(
        [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(),
         decoders.Strip(" ", 1, 0)]
    )  # fmt: skip
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer,
        bos_token="<s>",
        eos_token="<|im_end|>",
        unk_token="<unk>",
        pad_token="</s>",
        additional_special_tokens=list(CHAT_MARKERS),
    )
    fast.chat_template = CHATML_TEMPLATE
    return fast


def build_tiny_hf(path: Path, corpus: Iterable[str], seed: int = 0) -> Path:
    """Write the model and its tokenizer to ``path`` and return it."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    tokenizer = build_tokenizer(corpus)
    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
        max_position_embeddings=4096,
        tie_word_embeddings=False,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    model = LlamaForCausalLM(config)
    path = Path(path)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path
