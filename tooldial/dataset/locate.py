"""``--dataset DIR_OR_ID``: a local directory first, the Hub only for what can be a Hub id.

``datasets.load_dataset`` treats any name it cannot find on disk as a Hub id: a mistyped local path while
``HF_HUB_OFFLINE`` is set ends in ``ConnectionError … OfflineModeIsEnabled`` after its retries, and online it asks
the Hub about ``./runs/ds``. :func:`locate_dataset` settles it before anything loads: an existing directory is
local; a name that looks like a path (``./``, ``../``, ``~``, more than one ``/``) or has no
``owner/`` part is a local path that does not exist (one line, exit 2); an ``owner/name`` id while offline must
already be in the Hugging Face cache.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from tooldial.errors import ConfigError

#: ``owner/name`` as the Hub spells dataset ids.
_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")
_OFFLINE_VARS = ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE")


def _offline() -> bool:
    return any(os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"} for name in _OFFLINE_VARS)


def _in_hf_cache(repo_id: str) -> bool:
    """Whether a Hub dataset was downloaded before (the hub cache or the ``datasets`` cache holds it)."""
    from huggingface_hub.constants import HF_HUB_CACHE

    owner, name = repo_id.split("/")
    hub = Path(HF_HUB_CACHE) / f"datasets--{owner}--{name}"
    datasets_cache = Path(os.environ.get("HF_DATASETS_CACHE")
                          or Path(os.environ.get("HF_HOME", Path.home() / ".cache" / "huggingface")) / "datasets")
    return hub.is_dir() or (datasets_cache / f"{owner}___{name}").is_dir()


def locate_dataset(spec: str | Path, flag: str = "--dataset") -> str:
    """``spec`` when it is an existing directory or a usable Hub id; else a :class:`ConfigError` naming it."""
    text = str(spec)
    path = Path(text).expanduser()
    if path.is_dir():
        return text
    if path.exists():
        raise ConfigError("is a file; give a dataset directory (or a Hub id owner/name)", file=text, field=flag)
    if not _HUB_ID.match(text) or text.startswith(("./", "../", "~")):
        raise ConfigError("no such dataset directory (and not a Hub id owner/name)", file=text, field=flag)
    if _offline() and not _in_hf_cache(text):
        raise ConfigError("no such dataset directory, and as a Hub id it is not in the Hugging Face cache while "
                          "HF_HUB_OFFLINE / HF_DATASETS_OFFLINE is set (the Hub is not asked)", file=text,
                          field=flag)
    return text
