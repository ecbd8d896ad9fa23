"""Importing spaCy without torch.

thinc, spaCy's machine-learning layer, imports torch at import time whenever it is
installed (GLiNER's extra installs it), to offer torch-backed layers. veil's pipelines
are thinc's own CPU models and never use them, and the import costs about two seconds
and 200 MB in every process that loads a pipeline. So thinc is imported while
``import torch`` fails; torch itself stays importable afterwards (GLiNER imports it on
its own first use, under the same lock).

Only the import is shielded, not ``spacy.load``: a package that registers spaCy
components and caches "no torch" when imported then (transformers, through Presidio's
component in a benchmark venv) would break GLiNER later. Such packages are kept out of a
load by ``load_pipeline`` instead, unless the model needs them.
"""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
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
        if "spacy" not in sys.modules:
            with _without_spacy_cli():
                import spacy
        import spacy

        _use_fast_kernels()
        return spacy


# BLIS 0.7 (what cython-blis bundles, and thinc's matrix products run on) knows AMD CPUs up
# to Zen 2 (family 17h) and falls back to its generic, SSE-only kernels on anything newer:
# Zen 3, 4 and 5 (family 19h, 1Ah; EPYC Milan, Genoa, Turin). There spaCy's tok2vec runs 2-3
# times slower (measured on a Zen 4 EPYC: a 1 KB prompt's NER 15.8 -> 11.3 ms, its
# tok2vec 7.2 -> 3.5 ms). cython-blis patched the same fallback for the first Zen 3 models
# (explosion/cython-blis#54): the Zen 2 kernels (AVX2 + FMA3) run on every later Zen.
_FALLBACK_KERNELS = "zen2"
_kernels_checked = False


def _use_fast_kernels() -> str | None:
    """Where BLIS chose its generic kernels on a CPU that has AVX2 and FMA3, give its
    context the Zen 2 kernels and block sizes instead. Returns the sub-configuration now
    in use, or None where BLIS cannot be asked (another platform, another BLIS)."""
    global _kernels_checked
    if _kernels_checked:
        return None
    _kernels_checked = True
    try:
        import ctypes

        import blis.cy
        from numpy._core._multiarray_umath import __cpu_features__ as features

        library = ctypes.CDLL(blis.cy.__file__)
        library.bli_arch_query_id.restype = ctypes.c_int
        library.bli_arch_string.restype = ctypes.c_char_p
        library.bli_gks_query_cntx.restype = ctypes.c_void_p
        chosen = library.bli_arch_string(library.bli_arch_query_id()).decode()
        if chosen != "generic" or not (features.get("AVX2") and features.get("FMA3")):
            return chosen
        init = getattr(library, f"bli_cntx_init_{_FALLBACK_KERNELS}")
    except (ImportError, OSError, AttributeError):
        return None
    # The context every real-valued product reads (BLIS looks it up on each call);
    # set once, when spaCy is first imported, before any pipeline is loaded.
    init(ctypes.c_void_p(library.bli_gks_query_cntx()))
    return _FALLBACK_KERNELS


@contextmanager
def _without_spacy_cli() -> Iterator[None]:
    """``import spacy`` imports its command line for ``spacy.info`` alone (typer, weasel,
    requests: about a fifth of a second that ``veil check`` waits for). The import sees a
    stand-in for it instead; ``spacy.info`` imports the real one when called, and so does
    anything that imports ``spacy.cli`` later."""
    if "spacy.cli" in sys.modules:
        yield
        return
    package = types.ModuleType("spacy.cli")
    package.__path__ = []
    info = types.ModuleType("spacy.cli.info")

    def lazy_info(*args: Any, **kwargs: Any) -> Any:
        from spacy.cli.info import info as real

        return real(*args, **kwargs)

    info.info = lazy_info  # type: ignore[attr-defined]
    sys.modules["spacy.cli"], sys.modules["spacy.cli.info"] = package, info
    try:
        yield
    finally:
        for name, stand_in in (("spacy.cli", package), ("spacy.cli.info", info)):
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
        spacy = sys.modules.get("spacy")
        if spacy is not None and getattr(spacy, "cli", None) is package:
            del spacy.cli


def load_pipeline(model: str, exclude: Sequence[str] = ()) -> Any:
    """``spacy.load(model, exclude=...)`` (a ``spacy.Language``).

    spaCy imports every installed package that registers pipeline components (entry
    points) whenever it builds a pipeline, whether the model uses them or not: with
    Presidio installed that is Presidio, transformers and torch, seconds and 250 MB. The
    models veil loads are made of spaCy's own components, so the model is first loaded
    without them; one that names another package's component is loaded again with them."""
    spacy = import_spacy()
    factories = getattr(spacy.util.registry, "_entry_point_factories", None)
    if factories is None or not hasattr(factories, "entry_points"):
        return spacy.load(model, exclude=list(exclude))  # a spaCy without the switch
    with LOCK:
        factories.entry_points = False
        try:
            return spacy.load(model, exclude=list(exclude))
        except ValueError as error:
            if "[E002]" not in str(error):  # E002: a component factory spaCy does not know
                raise
        finally:
            factories.entry_points = True
    return spacy.load(model, exclude=list(exclude))
