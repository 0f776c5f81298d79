"""Where a run's numbers come from: dataset fingerprint, date, code revision — and whether its test set is the
paper's. Also the run directory rule: never overwrite an earlier run unless asked, and then only what tooldial
wrote there (no stale PNGs of the earlier run are left behind).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

from tooldial.dataset.output import file_sha256
from tooldial.errors import ConfigError

#: Files a run writes into its directory (``--overwrite`` removes exactly these, nothing else).
RUN_FILES = ("results.json", "results.json.tmp", "predictions.jsonl", "report.md")
RUN_PNG_PATTERNS = ("action_confusion_*.png", "dst_accuracy_by_turns.png")
BUILD_INFO_NAME = "tooldial_build.json"


def prepare_run_dir(out: Path, *, overwrite: bool) -> None:
    """Refuse a directory that holds an earlier run (``results.json``) unless ``overwrite``; then remove that
    run's files (results, predictions, report, its PNGs) so nothing stale survives. Other files are kept."""
    if not (out / "results.json").exists():
        return
    if not overwrite:
        raise ConfigError("holds an earlier run (results.json): pass --overwrite to replace it, or choose "
                          "another --out", file=str(out), field="out")
    for name in RUN_FILES:
        (out / name).unlink(missing_ok=True)
    for pattern in RUN_PNG_PATTERNS:
        for png in out.glob(pattern):
            png.unlink()


def dataset_fingerprint(dataset: str, configs: list[str], split: str) -> dict[str, Any]:
    """sha256 of the parquet files a run reads (local directory), per config; a Hub id records its revision.

    Same bytes, same fingerprint: a dataset rebuilt in place with other content gets another one.
    """
    root = Path(dataset).expanduser()
    if not root.is_dir():
        return {"hub_id": dataset, "note": "Hub dataset: the files are not hashed here"}
    out: dict[str, Any] = {}
    for config in sorted(set(configs)):
        files = sorted((root / "data" / config).glob(f"{split}-*.parquet"))
        digest = hashlib.sha256()
        for file in files:
            digest.update(f"{file.name}\0{file_sha256(file)}\n".encode())
        out[config] = digest.hexdigest() if files else None
    return out


def build_info(dataset: str) -> dict[str, Any] | None:
    """The ``info`` part of the dataset's ``tooldial_build.json`` (how it was made), when it has one."""
    path = Path(dataset).expanduser() / BUILD_INFO_NAME
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("info")
    except (OSError, ValueError, AttributeError):
        return None


def git_revision() -> dict[str, Any] | None:
    """The commit of the tooldial checkout running this (and whether it has uncommitted changes), if any."""
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                                timeout=10, check=True).stdout.strip()
        status = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                                capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": commit, "dirty": bool(status.strip())}


def run_provenance(dataset: str, configs: list[str], split: str) -> dict[str, Any]:
    """Date (UTC), code revision, dataset fingerprint and origin of one run (``results.json["provenance"]``)."""
    info = build_info(dataset) or {}
    return {
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "git": git_revision(),
        "dataset_fingerprint": dataset_fingerprint(dataset, configs, split),
        "dataset_source": info.get("source"),
        "dataset_corpus": info.get("corpus"),
    }


def caveats(results: dict[str, Any]) -> list[str]:
    """Why a run's numbers are not comparable with the paper's rows (empty when they are)."""
    config = results.get("config") or {}
    provenance = results.get("provenance") or {}
    source = provenance.get("dataset_source")
    lines = []
    if source == "release":
        if config.get("split") != "test":
            lines.append(f"Split `{config.get('split')}` of the original release: the paper reports the test split.")
    elif source in ("generated", "dialogues"):
        lines.append("The test set is not the paper's: this dataset was made by tooldial from "
                     f"`{provenance.get('dataset_corpus') or 'dialogue files'}` (synthetic dialogues, other APIs and "
                     "sizes); the paper's rows were measured on the original ToolDial test split.")
    else:
        lines.append("The dataset's origin is unknown (no tooldial_build.json): the paper's rows were measured on "
                     "the original ToolDial test split, which this may not be.")
    if config.get("limit"):
        lines.append(f"Only the first {config['limit']} examples per task and setting were scored: the intervals "
                     "are wide and the sample is not random.")
    return lines
