"""Where dataset records come from: ``(split, record)`` streams for the exporter and the ``datasets`` builder.

Two sources, one shape (:class:`SourceRecord`): dialogue files (generated ``dialogues.jsonl`` or release-format
JSON lists, split by a :class:`~tooldial.dataset.splits.SplitConfig`: :class:`DialogueFiles`) and the original
release directory (its ``train`` / ``val`` / ``test`` files are the splits: :func:`release_records`). Both read
through :mod:`tooldial.dialogue.io`; a malformed record travels as its exception so that every consumer
counts and reports it the same way (:func:`valid_records`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tooldial.dataset.features import RELEASE_FILES, SPLITS
from tooldial.dataset.rows import complete_metadata
from tooldial.dataset.splits import SplitConfig, SplitKey, assign_splits
from tooldial.dialogue.io import read_dialogues_lenient
from tooldial.dialogue.record import DialogueRecord, SystemTurn, UserTurn
from tooldial.errors import TooldialError

#: Other names a split's file may have in a release directory.
_ALIASES = {"validation": ("validation.json", "dev.json")}

ErrorHandler = Callable[[str, Exception], None]


@dataclass(frozen=True, slots=True)
class SourceRecord:
    """A record on its way into the dataset: its split and where it came from (for error messages).

    ``record`` is the exception instead when the reader could not parse it: it is reported and counted.
    """

    split: str
    record: DialogueRecord | Exception
    location: str


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
            for name in ("retriever_status", "dialogue_state", "api_request", "api_response"):
                if not isinstance(getattr(typed, name), dict):
                    raise ValueError(f"dialogue[{i}].System.{name}: expected an object")
    return complete_metadata(record, dialogue_id)


def dialogue_file_records(paths: Iterable[str | Path]) -> Iterator[tuple[str, DialogueRecord | Exception]]:
    """``(location, record)`` for every record of the files, checked like release records (malformed ones as
    their ``ValueError``)."""
    return read_dialogues_lenient(paths, parse_release_record)


@dataclass
class DialogueFiles:
    """Dialogue files split by ``split``: one pass assigns the splits, each iteration streams the records."""

    paths: list[Path]
    split: SplitConfig
    assignment: dict[str, str] = field(init=False)
    #: Distinct dialogue ids (the progress total).
    total: int = field(init=False)

    def __post_init__(self) -> None:
        keys: dict[str, SplitKey] = {}
        for _, r in dialogue_file_records(self.paths):
            if not isinstance(r, Exception) and r.dialogue_id not in keys:  # duplicates are reported later
                keys[r.dialogue_id] = SplitKey(dialogue_id=r.dialogue_id, sequence_id=r.sequence_id,
                                               source=r.source, target=r.target)
        self.assignment = assign_splits(keys.values(), self.split)
        self.total = len(keys)

    def __iter__(self) -> Iterator[SourceRecord]:
        for location, record in dialogue_file_records(self.paths):
            split = "train" if isinstance(record, Exception) else self.assignment[record.dialogue_id]
            yield SourceRecord(split, record, location)


def release_path(release_dir: Path, split: str) -> Path | None:
    """The file of ``split`` in a release directory (``train.json``, ``val.json`` or an alias, ``test.json``)."""
    for name in (RELEASE_FILES[split], *_ALIASES.get(split, ())):
        path = release_dir / name
        if path.is_file():
            return path
    return None


def release_records(release_dir: str | Path) -> Iterator[SourceRecord]:
    """The records of a release directory, split by file (malformed ones as their ``ValueError``)."""
    release_dir = Path(release_dir)
    found = False
    for split in SPLITS:
        path = release_path(release_dir, split)
        if path is None:
            continue
        found = True
        for location, record in read_dialogues_lenient([path], parse_release_record, json_list=True):
            yield SourceRecord(split, record, location)
    if not found:
        names = ", ".join(RELEASE_FILES.values())
        raise TooldialError(f"no release file found (expected {names})", file=str(release_dir))


def valid_records(items: Iterable[SourceRecord], on_error: ErrorHandler) -> Iterator[SourceRecord]:
    """The records that can go into a dataset: parsed, of a known split, first of their ``dialogue_id``; every
    other one goes to ``on_error(location, exception)``."""
    seen: set[str] = set()
    for item in items:
        if isinstance(item.record, Exception):
            on_error(item.location, item.record)
            continue
        if item.split not in SPLITS:
            on_error(item.location, ValueError(f"unknown split {item.split!r}"))
            continue
        if item.record.dialogue_id in seen:
            on_error(item.location, ValueError(f"duplicate dialogue_id {item.record.dialogue_id!r}"))
            continue
        seen.add(item.record.dialogue_id)
        yield item
