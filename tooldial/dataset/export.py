"""Dialogue records → a dataset directory that ``datasets.load_dataset(DIR, CONFIG)`` loads offline.

Layout::

    DIR/README.md                               dataset card (YAML configs + features, statistics, example)
    DIR/tooldial_stats.png                      turns per dialogue and action frequencies
    DIR/tooldial_build.json                     provenance (BuildInfo) and statistics
    DIR/data/<config>/<split>-NNNNN-of-MMMMM.parquet

    DIR/.tooldial.json                          manifest: every file above with its size and sha256

Records stream through: each one is cut into the rows of every config and appended to the parquet writer of
its split, so memory stays bounded by one row group per (config, split). The whole dataset (data, card, plot,
build info) is written into a staging folder and switched into place at once
(:class:`~tooldial.dataset.output.OutputDir`), so a build killed at any point leaves the previous dataset or
the new one, never a mix, and a non-empty directory tooldial did not write is never touched.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from tooldial import faults
from tooldial.corpus.models import Corpus
from tooldial.dataset.card import PLOT_NAME, render_card, write_plot
from tooldial.dataset.features import CONFIG_NAMES, FEATURES, SPLITS
from tooldial.dataset.info import BuildInfo
from tooldial.dataset.output import OutputDir
from tooldial.dataset.rows import dialogue_row, task_rows
from tooldial.dataset.sources import SourceRecord, valid_records
from tooldial.dataset.stats import DatasetStats, StatsAccumulator
from tooldial.dataset.writer import ShardedParquetWriter
from tooldial.dialogue.record import DialogueRecord
from tooldial.errors import TooldialError
from tooldial.redact import redact_data, redact_text
from tooldial.tasks.history import render_history
from tooldial.tasks.prompts import DEFAULT_PROFILE, Profile

BUILD_INFO_NAME = "tooldial_build.json"


@dataclass
class DatasetResult:
    out_dir: Path
    stats: DatasetStats
    info: BuildInfo
    #: The first training dialogue in the history format (what the card and the CLI show).
    example: str | None


ErrorHandler = Callable[[str, Exception], None]


def _all_rows(record: DialogueRecord, corpus: Corpus | None) -> dict[str, list[dict[str, Any]]]:
    rows = task_rows(record, corpus, _WORKER_PROFILE)
    rows["dialogues"] = [dialogue_row(record)]
    return rows


# Worker state for num_proc > 1 (set once per worker by the pool initializer).
_WORKER_CORPUS: Corpus | None = None
_WORKER_PROFILE: Profile = DEFAULT_PROFILE


def _init_worker(corpus: Corpus | None, profile: Profile = DEFAULT_PROFILE) -> None:
    global _WORKER_CORPUS, _WORKER_PROFILE  # noqa: PLW0603 - per-process state of a pool worker
    _WORKER_CORPUS, _WORKER_PROFILE = corpus, profile


def _rows_or_error(record: DialogueRecord) -> dict[str, list[dict[str, Any]]] | str:
    try:
        return _all_rows(record, _WORKER_CORPUS)
    except Exception as exc:  # noqa: BLE001 - reported with the record's location by the parent
        return f"{type(exc).__name__}: {exc}"


def _row_stream(items: Iterable[SourceRecord], corpus: Corpus | None, num_proc: int, profile: Profile = DEFAULT_PROFILE
                ) -> Iterator[tuple[SourceRecord, dict[str, list[dict[str, Any]]] | str]]:
    if num_proc <= 1:
        _init_worker(corpus, profile)
        for item in items:
            yield item, _rows_or_error(item.record)
        return
    # Ordered imap keeps the output identical to the sequential one. Workers only cut text (no torch), so
    # fork is safe where it exists and works from any entry point; spawn elsewhere.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(num_proc, initializer=_init_worker, initargs=(corpus, profile)) as pool:
        buffered: list[SourceRecord] = []
        for item in items:
            buffered.append(item)
            if len(buffered) >= 256 * num_proc:
                yield from zip(buffered, pool.imap(_rows_or_error, [b.record for b in buffered], chunksize=32),
                               strict=True)
                buffered = []
        if buffered:
            yield from zip(buffered, pool.imap(_rows_or_error, [b.record for b in buffered], chunksize=32),
                           strict=True)


def _dir_sizes(data_dir: Path) -> dict[str, dict[str, int]]:
    sizes: dict[str, dict[str, int]] = {}
    for name in CONFIG_NAMES:
        for split in SPLITS:
            files = sorted((data_dir / name).glob(f"{split}-*.parquet"))
            sizes.setdefault(name, {})[split] = sum(f.stat().st_size for f in files)
    return sizes


def write_dataset(
    items: Iterable[SourceRecord],
    out_dir: str | Path | OutputDir,
    *,
    info: BuildInfo,
    overwrite: bool = False,
    corpus: Corpus | None = None,
    num_proc: int = 1,
    progress: bool = True,
    total: int | None = None,
    on_error: ErrorHandler | None = None,
) -> DatasetResult:
    """Write every config of the records in ``items`` to ``out_dir`` (see the module docstring).

    A record whose rows cannot be built is passed to ``on_error(location, exception)`` and skipped; without
    a handler it raises :class:`~tooldial.errors.TooldialError` naming its location. Duplicate dialogue ids
    are errors of the same kind.

    ``out_dir`` is a path (checked and locked here; ``overwrite`` replaces a dataset tooldial built there) or an
    :class:`OutputDir` the caller already holds (checked before its own long work).
    """
    if isinstance(out_dir, OutputDir):
        return _write_dataset(items, out_dir, info=info, corpus=corpus, num_proc=num_proc, progress=progress,
                              total=total, on_error=on_error)
    with OutputDir(out_dir, overwrite=overwrite) as target:
        return _write_dataset(items, target, info=info, corpus=corpus, num_proc=num_proc, progress=progress,
                              total=total, on_error=on_error)


def _write_dataset(items: Iterable[SourceRecord], target: OutputDir, *, info: BuildInfo, corpus: Corpus | None,
                   num_proc: int, progress: bool, total: int | None, on_error: ErrorHandler | None
                   ) -> DatasetResult:
    staging = target.staging()
    writers: dict[tuple[str, str], ShardedParquetWriter] = {}
    for name in CONFIG_NAMES:
        for split in SPLITS:
            writers[(name, split)] = ShardedParquetWriter(staging / "data" / name, split, FEATURES[name])
    acc = StatsAccumulator()
    example: str | None = None

    failures: list[str] = []

    def fail(location: str, exc: Exception) -> None:
        acc.skip(location)
        failures.append(f"{location}: {exc}")
        if on_error is None:
            raise TooldialError(str(exc), file=location) from exc
        on_error(location, exc)

    bar = tqdm(total=total, desc="dataset", unit="dialogue", disable=not progress)
    try:
        for item, rows in _row_stream(valid_records(items, fail), corpus, num_proc, info.profile):
            bar.update(1)
            if isinstance(rows, str):
                fail(item.location, ValueError(rows))
                continue
            for name, config_rows in rows.items():
                writer = writers[(name, item.split)]
                for row in config_rows:
                    writer.write(row)
                acc.add_rows(name, item.split, len(config_rows))
            acc.add_record(item.split, item.record)
            if example is None and item.split == "train":
                example = render_history(item.record, corpus)
    finally:
        bar.close()
    for writer in writers.values():
        writer.close()
    stats = acc.result()
    if stats.total_dialogues == 0:
        why = f" ({len(failures)} skipped; first: {failures[0]})" if failures else " (no records in the input)"
        raise TooldialError(f"no dialogue could be written{why}", file=str(target.path))
    faults.checkpoint("data")
    sizes = _dir_sizes(staging / "data")
    write_plot(stats, staging / PLOT_NAME)
    # credentials never reach a card: URLs lose userinfo and key-like query values (tooldial.redact)
    (staging / "README.md").write_text(redact_text(render_card(stats, info, sizes, example)), encoding="utf-8")
    faults.checkpoint("card")
    build = redact_data({"info": info.model_dump(mode="json"), "stats": stats.model_dump(mode="json")})
    (staging / BUILD_INFO_NAME).write_text(json.dumps(build, indent=2, ensure_ascii=False) + "\n",
                                           encoding="utf-8")
    faults.checkpoint("build_info")
    target.commit()
    return DatasetResult(out_dir=Path(target.path), stats=stats, info=info, example=example)
