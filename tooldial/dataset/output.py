"""Dataset output directories: only ever replace what tooldial wrote, one writer at a time, atomic switch.

``--out DIR`` becomes a symbolic link to a complete version of the dataset kept beside it::

    DIR -> .DIR.tooldial/<version>           what users and ``datasets.load_dataset(DIR)`` read
    .DIR.tooldial/<version>/.tooldial.json   the manifest: every file tooldial wrote, with size and sha256
    .DIR.tooldial/<id>.partial/              the next version while it is being written
    .DIR.tooldial/lock                       held by the one build writing DIR

A new version (data, card, plot, build info, manifest) is written completely into a ``.partial`` folder, renamed
to its final name, and then the link is replaced by one ``rename`` — the only step that changes what ``DIR``
shows. A process killed at any point leaves ``DIR`` showing the previous dataset or the new one, never a mix;
leftovers are removed by the next build.

Rules (checked before any work starts, under the lock):

* ``DIR`` missing or an empty directory: written.
* ``DIR`` a link to a version with a manifest (a tooldial dataset): replaced only with ``overwrite=True``, and only
  when the version holds nothing but the files its manifest lists — tooldial never deletes what it did not write.
* anything else (a file, a non-empty directory, a foreign link, a path inside another tooldial dataset): refused
  with a one-line error.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tooldial import __version__, faults
from tooldial.errors import TooldialError
from tooldial.outputs import MANIFEST_NAME, STORE_SUFFIX, refuse_inside_dataset

logger = logging.getLogger(__name__)

MANIFEST_VERSION = 1


def store_path(out: Path) -> Path:
    """``.DIR.tooldial`` beside ``DIR``."""
    return out.parent / f".{out.name}{STORE_SUFFIX}"


def _absolute(path: str | Path) -> Path:
    # abspath normalises ``..`` without following the link DIR is
    return Path(os.path.abspath(os.path.expanduser(str(path))))


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _walk(root: Path) -> list[str]:
    """Every regular file under ``root``, relative, sorted (links and folders are not files tooldial writes)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in filenames:
            found.append(Path(dirpath, name).relative_to(root).as_posix())
    return sorted(found)


def write_manifest(version_dir: Path) -> dict[str, Any]:
    """List every file of ``version_dir`` (size, sha256) in its manifest; returns the manifest."""
    files = {}
    for rel in _walk(version_dir):
        if rel == MANIFEST_NAME:
            continue
        path = version_dir / rel
        files[rel] = {"size": path.stat().st_size, "sha256": file_sha256(path)}
    manifest = {"tooldial_manifest": MANIFEST_VERSION, "tooldial": __version__, "files": files}
    (version_dir / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def read_manifest(dataset_dir: str | Path) -> dict[str, Any] | None:
    """The manifest of a dataset directory, or ``None`` when tooldial did not write it."""
    path = Path(dataset_dir) / MANIFEST_NAME
    if not path.is_file():
        return None
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        return None
    return manifest


def verify_manifest(dataset_dir: str | Path, *, checksums: bool = True) -> list[str]:
    """Problems (``file: what``) between a dataset directory and its manifest; empty when they agree."""
    root = Path(dataset_dir)
    manifest = read_manifest(root)
    if manifest is None:
        return [f"{root}: no tooldial manifest ({MANIFEST_NAME})"]
    problems = []
    for rel, meta in sorted(manifest["files"].items()):
        path = root / rel
        if not path.is_file():
            problems.append(f"{rel}: missing")
        elif path.stat().st_size != meta.get("size"):
            problems.append(f"{rel}: {path.stat().st_size} bytes, the manifest says {meta.get('size')}")
        elif checksums and file_sha256(path) != meta.get("sha256"):
            problems.append(f"{rel}: checksum differs from the manifest")
    return problems


def foreign_files(dataset_dir: Path) -> list[str]:
    """Files in a tooldial dataset version that its manifest does not list (someone else put them there)."""
    manifest = read_manifest(dataset_dir) or {"files": {}}
    return [rel for rel in _walk(dataset_dir) if rel != MANIFEST_NAME and rel not in manifest["files"]]


def _version_of(out: Path) -> Path | None:
    """The version folder ``out`` links to, when it is one of ours."""
    if not out.is_symlink():
        return None
    target = _absolute(out.parent / os.readlink(out))
    if target.parent != store_path(out) or not target.is_dir() or read_manifest(target) is None:
        return None
    return target


def check_output(out_dir: str | Path, *, overwrite: bool = False) -> Path:
    """Refuse an ``--out`` tooldial may not write (see the module docstring); returns its absolute path.

    Cheap and side-effect free: run it before any long work so a mistake costs nothing.
    """
    out = _absolute(out_dir)
    where = {"file": str(out_dir), "field": "--out"}
    if out.parent.exists() and not out.parent.is_dir():
        raise TooldialError(f"{out.parent} is a file, not a directory", **where)
    refuse_inside_dataset(out.parent, "--out")  # DIR itself may be a dataset (replaced with --overwrite)
    if out.is_symlink():
        version = _version_of(out)
        if version is None:
            raise TooldialError("is a link tooldial did not make; choose another --out", **where)
        if not overwrite:
            raise TooldialError("holds a dataset tooldial built; pass --overwrite to replace it", **where)
        extra = foreign_files(version)
        if extra:
            shown = ", ".join(extra[:5]) + (f" and {len(extra) - 5} more" if len(extra) > 5 else "")
            raise TooldialError(f"holds files tooldial did not write ({shown}); move them out first "
                                "(--overwrite only replaces what tooldial wrote)", **where)
        return out
    if out.exists():
        if not out.is_dir():
            raise TooldialError("is a file, not a directory", **where)
        if any(out.iterdir()):
            raise TooldialError("is a non-empty directory tooldial did not create (no "
                                f"{MANIFEST_NAME}); choose a new or empty --out (--overwrite only replaces "
                                "what tooldial wrote)", **where)
    return out


@dataclass
class OutputDir:
    """An output directory locked for one writer: :meth:`staging` gives a folder, :meth:`commit` switches to it.

    Use as a context manager (``with OutputDir(path, overwrite=...) as out:``); the checks of
    :func:`check_output` run again under the lock.
    """

    path: str | Path
    overwrite: bool = False
    out: Path = field(init=False)
    store: Path = field(init=False)
    _lock: Any = field(init=False, default=None)
    _staging: Path | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.out = check_output(self.path, overwrite=self.overwrite)
        self.store = store_path(self.out)

    def __enter__(self) -> OutputDir:
        from filelock import FileLock, Timeout

        lock = FileLock(str(self.store / "lock"), timeout=0)
        try:
            self.store.mkdir(parents=True, exist_ok=True)
            lock.acquire()
        except Timeout:
            raise TooldialError(f"another tooldial process is writing this dataset (lock {self.store / 'lock'}); "
                                "wait for it to finish or choose another --out",
                                file=str(self.path), field="--out") from None
        except OSError as exc:  # a read-only parent, a full disk
            raise TooldialError(f"cannot write beside it ({self.store}): {exc.strerror or exc}",
                                file=str(self.path), field="--out") from None
        self._lock = lock
        try:
            check_output(self.out, overwrite=self.overwrite)  # again: another build may have finished meanwhile
            self._clean(keep=_version_of(self.out))
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self._staging is not None and self._staging.exists():
            shutil.rmtree(self._staging, ignore_errors=True)
        self._staging = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _clean(self, keep: Path | None) -> None:
        """Remove versions and partial folders nothing links to (leftovers of killed builds)."""
        for child in self.store.iterdir():
            if child.is_dir() and not child.is_symlink() and child != keep:
                shutil.rmtree(child, ignore_errors=True)
            elif child.name.endswith(".link"):
                child.unlink(missing_ok=True)

    def staging(self) -> Path:
        """A fresh, empty folder for the new version (removed again when not committed)."""
        if self._lock is None:
            raise RuntimeError("OutputDir.staging() outside `with OutputDir(...)`")
        if self._staging is None:
            self._staging = self.store / f"{uuid.uuid4().hex[:12]}.partial"
            self._staging.mkdir()
        return self._staging

    def commit(self) -> Path:
        """Manifest the staged version and switch ``DIR`` to it in one rename; returns ``DIR``."""
        staged = self.staging()
        manifest = write_manifest(staged)
        faults.checkpoint("manifest")
        digest = hashlib.sha256(json.dumps(manifest["files"], sort_keys=True).encode()).hexdigest()[:16]
        final = self.store / digest
        current = _version_of(self.out)
        if final == current:  # the same bytes again: nothing to switch
            shutil.rmtree(staged)
        else:
            if final.exists():
                shutil.rmtree(final)
            staged.rename(final)
            faults.checkpoint("version")
            link = self.store / f"{uuid.uuid4().hex[:12]}.link"
            os.symlink(os.path.relpath(final, self.out.parent), link)
            if self.out.is_dir() and not self.out.is_symlink():
                self.out.rmdir()  # empty (checked): there is no previous dataset to keep
            os.replace(link, self.out)
            faults.checkpoint("switch")
        self._staging = None
        self._clean(keep=final)
        return self.out
