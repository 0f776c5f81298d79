"""Where tooldial may write: the one policy every command's output path goes through.

A command checks its output path before any work (:func:`output_file`, :func:`output_folder`) and writes files
with :func:`atomic_writer` / :func:`write_text`. The rules:

* a **regular file** (or a new path) is written through a temporary file beside it and renamed over it, so an
  interrupted run never leaves half a file;
* a **symbolic link** to a regular file (or to a new path) is written *through*: the link stays, its target
  gets the new bytes; a link that points at anything else follows the rule for that thing;
* a **device file, FIFO or socket** is refused (tooldial renamed a temporary file over ``/dev/full`` once);
* a path **inside a dataset tooldial manages** (a version directory with a ``.tooldial.json`` manifest, or the
  ``.DIR.tooldial`` store beside it) is refused for every command: those files are listed in a manifest, and a
  foreign file there makes the next ``build --overwrite`` refuse;
* a file where a folder is wanted, or a folder where a file is wanted, is refused.

An ``OSError`` while writing becomes a one-line :class:`~tooldial.errors.TooldialError` naming the path: a full
disk or an I/O error is an :class:`~tooldial.errors.EnvironmentFailure` (exit status 1), a permission problem is
the user's path (exit status 2).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from tooldial.errors import EnvironmentFailure, TooldialError

#: ``errno`` values that mean the machine failed, not the path the user chose.
ENVIRONMENT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.EMFILE, errno.ENFILE,
                                errno.ENOMEM})
#: The manifest inside every dataset version: the marker that tooldial made the directory
#: (``tooldial.dataset.output`` owns the layout).
MANIFEST_NAME = ".tooldial.json"
#: Suffix of the folder beside a dataset ``DIR`` holding its versions and its lock (``.DIR.tooldial``).
STORE_SUFFIX = ".tooldial"


def _kind(mode: int) -> str | None:
    """What a non-regular, non-directory file is, in words (``None`` for a regular file or a directory)."""
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return None


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise os_error(exc, path) from None


def managed_dataset(path: str | Path) -> Path | None:
    """The dataset tooldial manages that ``path`` lies in or on (its version directory or store), else ``None``.

    Links are followed, so ``DIR/train`` of a dataset ``DIR`` (a link into ``.DIR.tooldial/<version>``) is found.
    """
    real = Path(os.path.realpath(os.path.expanduser(str(path))))
    for folder in (real, *real.parents):
        if (folder / MANIFEST_NAME).is_file():
            return folder
        if folder.name.startswith(".") and folder.name.endswith(STORE_SUFFIX) and folder.is_dir():
            return folder
    return None


def refuse_inside_dataset(path: str | Path, flag: str = "--out") -> None:
    """Refuse a path inside (or at) a dataset tooldial manages."""
    dataset = managed_dataset(path)
    if dataset is not None:
        raise TooldialError(f"lies inside a dataset tooldial manages ({dataset}); its files are listed in a "
                            "manifest and nothing else may be written there: choose a path outside it",
                            file=str(path), field=flag)


def _check_parents(path: Path, flag: str) -> None:
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise TooldialError(f"{parent} is a file, not a directory", file=str(path), field=flag)
            return


def output_file(path: str | Path, flag: str = "--out") -> Path:
    """Check an output *file* path before any work; returns the path to write (a link's target).

    Side-effect free. Refuses a directory, a device, FIFO or socket (also behind a link), a path under a file and
    a path inside a dataset tooldial manages.
    """
    given = Path(path).expanduser()
    where = {"file": str(path), "field": flag}
    target = given
    if given.is_symlink():
        target = Path(os.path.realpath(given))  # follows the whole chain; a dangling link gives its target path
    info = _stat(given)  # through links: /dev/stdout is a link to a pipe or a terminal
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise TooldialError("is a directory; give a file path", **where)
        kind = _kind(info.st_mode)
        if kind is not None:
            shown = f"links to {target}, {kind}" if target != given else f"is {kind}"
            raise TooldialError(f"{shown}; tooldial writes regular files only (it would replace it): choose a "
                                "file path", **where)
    _check_parents(target, flag)
    refuse_inside_dataset(target, flag)
    return target


def output_folder(path: str | Path, flag: str = "--out") -> Path:
    """Check an output *folder* path before any work; returns it (side-effect free).

    Refuses a file or anything that is not a directory (also behind a link), a path under a file and a path inside
    a dataset tooldial manages. What may already be *in* the folder is the command's own rule.
    """
    given = Path(path).expanduser()
    where = {"file": str(path), "field": flag}
    if given.exists() and not given.is_dir():
        kind = _kind(given.stat().st_mode)
        raise TooldialError(f"is {kind or 'a file'}, not a directory", **where)
    _check_parents(Path(os.path.realpath(given)) if given.is_symlink() else given, flag)
    refuse_inside_dataset(given, flag)
    return given


def os_error(exc: OSError, path: str | Path, flag: str | None = None) -> TooldialError:
    """The one-line error for an ``OSError`` while writing ``path``: exit 1 for the machine, 2 for the path."""
    reason = os.strerror(exc.errno) if isinstance(exc.errno, int) and exc.errno > 0 else exc.strerror or str(exc)
    if exc.errno in ENVIRONMENT_ERRNOS:
        return EnvironmentFailure(f"cannot write: {reason}", file=str(path), field=flag)
    return TooldialError(f"cannot write: {reason}", file=str(path), field=flag)


@contextmanager
def atomic_writer(path: str | Path, mode: str = "w", *, flag: str | None = None, tmp_suffix: str = ".tmp",
                  **open_kwargs: Any) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path`` (a link's target) and rename it over ``path`` when the block ends.

    An exception inside the block removes the temporary file and leaves ``path`` as it was. ``OSError`` (a full
    disk, a read-only folder) comes out as :func:`os_error`'s one-line error.
    """
    target = output_file(path, flag or "--out")
    if "b" not in mode:
        open_kwargs.setdefault("encoding", "utf-8")
    tmp = target.with_name(target.name + tmp_suffix)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open(mode, **open_kwargs) as handle:
            yield handle
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise os_error(exc, path, flag) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text(path: str | Path, text: str, *, flag: str | None = None) -> Path:
    """Write ``text`` (UTF-8) to ``path`` through :func:`atomic_writer`; returns ``path``."""
    with atomic_writer(path, flag=flag) as handle:
        handle.write(text)
    return Path(path)


def make_folder(path: str | Path, flag: str | None = "--out") -> Path:
    """``mkdir -p`` with the one-line error of :func:`os_error`."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_error(exc, folder, flag) from None
    return folder
