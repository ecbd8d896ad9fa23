"""Models made on this machine: listed in <models dir>/catalog.local.toml beside the
shipped catalog, loadable by name, never fetched, never shadowing a shipped name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tiny_gguf import build_tiny_gguf
from veil.local_models.backend import LLMError
from veil.local_models.catalog import LOCAL_CATALOG_FILE, load_catalog
from veil.local_models.distill.register import register_model
from veil.local_models.load import model_presence
from veil.local_models.pull import PullError, pull_model, verify_files


def test_a_registered_model_is_in_the_catalog_of_its_models_dir(tmp_path: Path) -> None:
    models = tmp_path / "models"
    tiny = build_tiny_gguf(tmp_path / "tiny.gguf")
    entry = register_model(tiny, "mine", models, description="d", base="default",
                           limits="compact", probe=False)  # fmt: skip
    catalog = load_catalog(models)
    assert catalog.get("mine") == entry and "qwen2.5-coder-0.5b-instruct" in catalog
    assert "mine" not in load_catalog(tmp_path / "elsewhere")
    assert verify_files(entry, models) == []
    assert model_presence("mine", models)["present"] is True
    # an installed copy is kept; a damaged one cannot be fetched again
    assert pull_model(entry, models) == entry.model_path(models)
    entry.model_path(models).write_bytes(b"damaged")
    with pytest.raises(PullError, match="made on this machine"):
        pull_model(entry, models)


def test_a_local_catalog_cannot_shadow_a_shipped_model(tmp_path: Path) -> None:
    (tmp_path / LOCAL_CATALOG_FILE).write_text(
        '[[model]]\nname = "qwen2.5-coder-0.5b-instruct"\ndescription = "x"\nroles = []\n'
        'license = "x"\nformat = "gguf"\nfile = "x.gguf"\nsize = 1\nsha256 = "'
        + "0" * 64
        + '"\n[model.source]\ntype = "local"\nmade_by = "test"\n'
    )
    with pytest.raises(LLMError, match="names already in the catalog"):
        load_catalog(tmp_path)
