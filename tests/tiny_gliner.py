"""Build a tiny, random-weight GLiNER model offline, for tests of the GLiNER recognizer.

Nothing is downloaded: the backbone (a 2-layer BERT with hidden size 32) and its WordPiece
tokenizer are made here from a small hand-written vocabulary, saved to ``backbone/``
inside the target directory, and a GLiNER model is built on top of them and saved with
``save_pretrained``. The result loads with
``GLiNER.from_pretrained(str(directory), local_files_only=True)`` and ``HF_HUB_OFFLINE=1``.

Its predictions are arbitrary (the weights are random), so tests can only check structure.
Building takes about a second and gives the same weights on every run for the same seed.
"""

from __future__ import annotations

import string
from pathlib import Path

HIDDEN_SIZE = 32
BACKBONE_SUBDIR = "backbone"

_SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
# A few whole words so that common test text is not spelled out one character at a time.
_WORDS = (
    "the a an and or of in on at to from for with is was my name lives works born",
    "person location organization address date street city london paris berlin",
    "nationality religion political group birth",
)


def _vocabulary() -> dict[str, int]:
    """Special tokens, then every printable ASCII character (alone and as a ``##`` suffix
    piece, so any ASCII word tokenizes without [UNK]), then a few whole words."""
    characters = string.ascii_lowercase + string.digits + string.punctuation
    tokens = list(_SPECIAL_TOKENS)
    tokens += list(characters)
    tokens += [f"##{character}" for character in characters]
    tokens += [word for line in _WORDS for word in line.split()]
    return {token: index for index, token in enumerate(dict.fromkeys(tokens))}


def _build_tokenizer():
    from tokenizers import Tokenizer, decoders, normalizers, pre_tokenizers, processors
    from tokenizers.models import WordPiece
    from transformers import PreTrainedTokenizerFast

    vocab = _vocabulary()
    backend = Tokenizer(WordPiece(vocab=vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    backend.normalizer = normalizers.BertNormalizer(lowercase=True, strip_accents=True)
    backend.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    backend.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])],
    )
    backend.decoder = decoders.WordPiece(prefix="##")
    return PreTrainedTokenizerFast(
        tokenizer_object=backend,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        model_max_length=512,
    )


def _build_backbone(directory: Path) -> None:
    """Save a random 2-layer BERT and its tokenizer to ``directory``."""
    from transformers import BertConfig, BertModel

    tokenizer = _build_tokenizer()
    config = BertConfig(
        vocab_size=len(tokenizer),
        hidden_size=HIDDEN_SIZE,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=2 * HIDDEN_SIZE,
        max_position_embeddings=512,
        pad_token_id=tokenizer.pad_token_id,
    )
    BertModel(config).save_pretrained(directory)
    tokenizer.save_pretrained(directory)


def build_tiny_gliner(directory: Path, seed: int = 0) -> Path:
    """Build a tiny random GLiNER model in ``directory`` (created if missing); return it.

    The returned directory holds ``gliner_config.json`` (with the backbone's config
    embedded, so loading needs no backbone download), the weights and the tokenizer files.
    The config's ``model_name`` is the absolute path of the local backbone it was built
    from (``directory / "backbone"``), never a hub name.
    """
    import torch
    from gliner import GLiNER, GLiNERConfig

    directory = Path(directory).resolve()
    backbone = directory / BACKBONE_SUBDIR
    backbone.mkdir(parents=True, exist_ok=True)

    # Seed a private copy of the RNG state so the caller's random stream is left alone.
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        _build_backbone(backbone)
        config = GLiNERConfig(
            model_name=str(backbone),
            hidden_size=HIDDEN_SIZE,
            max_width=8,
            max_len=384,
            dropout=0.0,
            span_mode="markerV0",
            max_types=25,
        )
        model = GLiNER.from_config(config, backbone_from_pretrained=True, local_files_only=True)
        model.save_pretrained(directory)
    return directory
