"""Reading a dataset directory for the audit: parquet shards of one config and split, as Python rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tooldial.errors import TooldialError


def shard_files(dataset_dir: Path, config: str, split: str) -> list[Path]:
    """The parquet shards of ``config``/``split`` (empty when the split was not written)."""
    return sorted((dataset_dir / "data" / config).glob(f"{split}-*.parquet"))


def read_rows(dataset_dir: Path, config: str, split: str, columns: list[str] | None = None) -> list[dict[str, Any]]:
    """All rows of ``config``/``split`` (only those of ``columns`` the shards have); ``[]`` when absent.

    Columns a shard lacks (older builds, converted releases) are left out of its rows, not an error.
    """
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = []
    for path in shard_files(dataset_dir, config, split):
        try:
            present = pq.read_schema(path).names
            wanted = None if columns is None else [c for c in columns if c in present]
            rows.extend(pq.read_table(path, columns=wanted).to_pylist())
        except (OSError, ValueError) as exc:  # pyarrow's errors for a truncated or foreign file
            raise TooldialError(f"cannot read parquet shard ({exc})", file=str(path)) from None
    return rows


def check_dataset_dir(dataset_dir: Path) -> None:
    """Fail with one line when ``dataset_dir`` is not a tooldial dataset directory."""
    if not dataset_dir.is_dir():
        raise TooldialError("not a directory", file=str(dataset_dir))
    if not (dataset_dir / "data" / "dialogues").is_dir():
        raise TooldialError("not a tooldial dataset directory (no data/dialogues/; write one with "
                            "`tooldial build` or `tooldial convert`)", file=str(dataset_dir))
