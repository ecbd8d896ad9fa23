"""Importing spaCy without torch.

thinc, spaCy's machine-learning layer, imports torch at import time whenever it is
installed (GLiNER's extra installs it), to offer torch-backed layers. veil's pipelines
are thinc's own CPU models and never use them, and the import costs about two seconds
and 200 MB in every process that loads a pipeline. So thinc is imported while
``import torch`` fails; torch itself stays importable afterwards (GLiNER imports it on
its own first use, under the same lock).

Only the import is shielded, not ``spacy.load``: loading imports every installed package
that registers spaCy factories, and one that caches "no torch" then (transformers,
through Presidio's factory in a benchmark venv) would break GLiNER later.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from typing import Any

LOCK = threading.RLock()  # held while torch is hidden, and by whoever imports torch


def import_spacy() -> Any:
    """The ``spacy`` module, with thinc imported while torch is hidden."""
    with LOCK:
        if "thinc" not in sys.modules and "torch" not in sys.modules:
            sys.modules["torch"] = None  # type: ignore[assignment]  # import torch -> ImportError
            try:
                import thinc.api  # noqa: F401
            finally:
                if sys.modules.get("torch", 0) is None:
                    del sys.modules["torch"]
        import spacy

        return spacy


def load_pipeline(model: str, exclude: Sequence[str] = ()) -> Any:
    """``spacy.load(model, exclude=...)`` (a ``spacy.Language``)."""
    return import_spacy().load(model, exclude=list(exclude))
