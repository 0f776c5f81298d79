"""Release files → dataset directory (``tooldial convert``), and our records → release files.

The original ToolDial release ships ``train.json`` / ``val.json`` / ``test.json``, each a JSON list of dialogue
records (release notes §1). Each record is checked (a dict, the release keys, one-key turns with known speakers
and actions, dict-shaped statuses and states); a malformed one is reported with its file and index, counted
and skipped — the conversion never stops on one. Metadata the release does not store is derived
(:func:`tooldial.dataset.rows.complete_metadata`); records that carry ours (files written by
:func:`write_release`) keep it, so our dialogues round-trip to identical configs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, Field

from tooldial.corpus.models import Corpus
from tooldial.dataset.export import DatasetResult, write_dataset
from tooldial.dataset.features import RELEASE_FILES, SPLITS
from tooldial.dataset.info import BuildInfo
from tooldial.dataset.rows import release_dict
from tooldial.dataset.sources import SourceRecord, parse_release_record, release_records
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.prompts import DEFAULT_PROFILE, Profile

__all__ = ["ConversionReport", "SkippedRecord", "convert_release", "iter_release", "parse_release_record",
           "write_release"]


class SkippedRecord(BaseModel):
    file: str
    index: int
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: record {self.index}: {self.reason}"


class ConversionReport(BaseModel):
    read: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(SPLITS, 0))
    converted: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(SPLITS, 0))
    skipped: list[SkippedRecord] = Field(default_factory=list)


def iter_release(release_dir: str | Path, report: ConversionReport) -> Iterator[SourceRecord]:
    """The records of a release directory (:func:`~tooldial.dataset.sources.release_records`), counted in
    ``report.read``."""
    for item in release_records(release_dir):
        report.read[item.split] += 1
        yield item


def convert_release(
    release_dir: str | Path,
    out_dir: str | Path,
    *,
    corpus: Corpus | None = None,
    num_proc: int = 1,
    progress: bool = True,
    license: str = "other",
    overwrite: bool = False,
    profile: Profile = DEFAULT_PROFILE,
) -> tuple[DatasetResult, ConversionReport]:
    """Convert a release directory into a dataset directory; returns the result and what was skipped.

    ``overwrite`` replaces a dataset tooldial wrote at ``out_dir`` (see :mod:`tooldial.dataset.output`).
    """
    report = ConversionReport()

    def on_error(location: str, exc: Exception) -> None:
        file, _, rest = location.rpartition(": record ")
        report.skipped.append(SkippedRecord(file=file, index=int(rest), reason=str(exc)))

    info = BuildInfo(
        source="release",
        corpus=corpus.spec if corpus is not None else None,
        split={"from": "release files " + ", ".join(RELEASE_FILES.values())},
        inputs=[Path(release_dir).name or str(release_dir)],
        license=license,
        profile=profile,
    )
    result = write_dataset(
        iter_release(release_dir, report), out_dir, info=info, corpus=corpus, num_proc=num_proc,
        progress=progress, on_error=on_error, overwrite=overwrite,
    )
    report.converted = dict(result.stats.dialogues)
    report.skipped.sort(key=lambda s: (s.file, s.index))
    return result, report


def write_release(records_by_split: dict[str, list[DialogueRecord]], release_dir: str | Path, *,
                  metadata: bool = True) -> list[Path]:
    """Write records as release files (``train.json``, ``val.json``, ``test.json``), release keys first."""
    release_dir = Path(release_dir)
    release_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for split, records in records_by_split.items():
        path = release_dir / RELEASE_FILES[split]
        data = [release_dict(r, metadata=metadata) for r in records]
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return paths
