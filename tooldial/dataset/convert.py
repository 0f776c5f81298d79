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
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from tooldial.corpus.models import Corpus
from tooldial.dataset.export import DatasetResult, SourceRecord, write_dataset
from tooldial.dataset.features import RELEASE_FILES, SPLITS
from tooldial.dataset.info import BuildInfo
from tooldial.dataset.rows import complete_metadata, release_dict
from tooldial.dialogue.record import DialogueRecord, SystemTurn, UserTurn
from tooldial.errors import TooldialError
from tooldial.jsonfile import loads as loads_json

#: Other names a split's file may have.
_ALIASES = {"validation": ("validation.json", "dev.json")}


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


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


def parse_release_record(obj: Any, dialogue_id: str) -> DialogueRecord:
    """One release record as a :class:`DialogueRecord` with complete metadata; ``ValueError`` names the field."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    try:
        record = DialogueRecord.model_validate(obj)
    except ValidationError as exc:
        raise ValueError(_first_error(exc)) from None
    if not record.dialogue:
        raise ValueError("dialogue: empty")
    for i, turn in enumerate(record.dialogue):
        if len(turn) != 1:
            raise ValueError(f"dialogue[{i}]: a turn must have exactly one key (User or System)")
        (speaker, body), = turn.items()
        model = {"User": UserTurn, "System": SystemTurn}.get(speaker)
        if model is None:
            raise ValueError(f"dialogue[{i}]: unknown speaker {speaker!r}")
        try:
            typed = model.model_validate(body)
        except ValidationError as exc:
            raise ValueError(f"dialogue[{i}].{speaker}.{_first_error(exc)}") from None
        if speaker == "System":
            for field in ("retriever_status", "dialogue_state", "api_request", "api_response"):
                if not isinstance(getattr(typed, field), dict):
                    raise ValueError(f"dialogue[{i}].System.{field}: expected an object")
    return complete_metadata(record, dialogue_id)


def _release_path(release_dir: Path, split: str) -> Path | None:
    for name in (RELEASE_FILES[split], *_ALIASES.get(split, ())):
        path = release_dir / name
        if path.is_file():
            return path
    return None


def iter_release(release_dir: str | Path, report: ConversionReport) -> Iterator[SourceRecord]:
    """The records of a release directory, split by file (malformed ones as their ``ValueError``)."""
    release_dir = Path(release_dir)
    found = False
    for split in SPLITS:
        path = _release_path(release_dir, split)
        if path is None:
            continue
        found = True
        try:
            data = loads_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise TooldialError(f"cannot read a JSON list: {exc}", file=str(path)) from None
        if not isinstance(data, list):
            raise TooldialError(f"expected a JSON list of dialogue records, got {type(data).__name__}", file=str(path))
        stem = path.stem
        for index, obj in enumerate(data):
            report.read[split] += 1
            try:
                record: DialogueRecord | Exception = parse_release_record(obj, f"{stem}-{index:05d}")
            except ValueError as exc:
                record = exc
            yield SourceRecord(split, record, f"{path}: record {index}")
    if not found:
        names = ", ".join(RELEASE_FILES.values())
        raise TooldialError(f"no release file found (expected {names})", file=str(release_dir))


def convert_release(
    release_dir: str | Path,
    out_dir: str | Path,
    *,
    corpus: Corpus | None = None,
    num_proc: int = 1,
    progress: bool = True,
    license: str = "other",
    overwrite: bool = False,
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
