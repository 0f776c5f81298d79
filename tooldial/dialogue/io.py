"""Reading and writing dialogue files: ``dialogues.jsonl`` (one :class:`DialogueRecord` per line) and the
original release's JSON lists. Every dialogue-file read in tooldial goes through here: strictly
(:func:`read_dialogues`, the first malformed record is a one-line error) or leniently
(:func:`read_dialogues_lenient`, malformed records come back as errors to count and skip).

Lines are written with a fixed key order (the release keys first, then our metadata) and no time stamps, so
the same records give the same bytes. Writing goes to a temporary file renamed at the end, so an interrupted
run never leaves a truncated file behind. Reading names the file and line of anything malformed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tooldial.dialogue.record import DialogueRecord
from tooldial.errors import TooldialError
from tooldial.jsonfile import loads as loads_json
from tooldial.jsonfile import not_text_error

#: ``parse(object, default_id) -> DialogueRecord``; raises ``ValueError`` on a malformed object.
Parse = Callable[[Any, str], DialogueRecord]


def dump_record(record: DialogueRecord) -> str:
    """One JSON line (no trailing newline)."""
    return json.dumps(record.model_dump(mode="json"), ensure_ascii=False)


def write_dialogues(records: Iterable[DialogueRecord], path: str | Path) -> int:
    """Write records as JSONL (atomically); returns how many were written."""
    from tooldial.outputs import atomic_writer

    count = 0
    with atomic_writer(path, tmp_suffix=".partial", newline="\n") as fh:
        for record in records:
            fh.write(dump_record(record))
            fh.write("\n")
            count += 1
    return count


def iter_dialogue_objects(path: str | Path, *, json_list: bool | None = None) -> Iterator[tuple[str, int, Any]]:
    """``(location, index, object)`` for every record of a dialogue file, without validating it.

    The file is a JSON list (it starts with ``[``, or ``json_list=True``: the original release's ``train.json``)
    or JSONL (one record per line, blank lines skipped; ``index`` is the 0-based line number). A JSONL line that
    is not JSON comes as its :class:`ValueError`, so a lenient reader can skip it; a file that cannot be read at
    all raises :class:`~tooldial.errors.TooldialError`.
    """
    path = Path(path)
    if not path.is_file():
        raise TooldialError("no such dialogue file", file=str(path))
    try:
        yield from _objects(path, json_list)
    except UnicodeDecodeError as exc:
        raise not_text_error(path, exc) from None
    except OSError as exc:
        raise TooldialError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None


def _objects(path: Path, json_list: bool | None) -> Iterator[tuple[str, int, Any]]:
    with path.open(encoding="utf-8") as fh:
        first = fh.read(1)
        while first and first.isspace():
            first = fh.read(1)
        fh.seek(0)
        if json_list or (json_list is None and first == "["):
            try:
                items = loads_json(fh.read())
            except json.JSONDecodeError as exc:
                raise TooldialError(f"cannot read a JSON list: {exc}", file=str(path)) from None
            if not isinstance(items, list):
                raise TooldialError(f"expected a JSON list of dialogue records, got {type(items).__name__}",
                                    file=str(path))
            for index, item in enumerate(items):
                yield f"{path}: record {index}", index, item
            return
        for index, line in enumerate(fh):
            if not line.strip():
                continue
            try:
                item: Any = loads_json(line)
            except json.JSONDecodeError as exc:
                item = ValueError(f"invalid JSON ({exc.msg} at column {exc.colno})")
            yield f"{path}: line {index + 1}", index, item


def read_dialogues(path: str | Path) -> Iterator[DialogueRecord]:
    """Yield the records of a dialogue file (JSONL or a JSON list), strictly: the first malformed record raises a
    :class:`TooldialError` naming the file, the line (or record index) and the field."""
    for location, _, item in iter_dialogue_objects(path):
        where = location.rpartition(": ")[2]
        if isinstance(item, Exception):
            raise TooldialError(str(item), file=str(path), record=where)
        yield _parse(item, Path(path), where)


def read_dialogues_lenient(paths: Iterable[str | Path], parse: Parse | None = None, *, json_list: bool | None = None
                           ) -> Iterator[tuple[str, DialogueRecord | Exception]]:
    """``(location, record)`` for every record of the files; a malformed one comes as its ``ValueError``.

    ``parse(object, default_id)`` turns an object into a record (default: :class:`DialogueRecord` validation);
    ``default_id`` is ``<file stem>-<index:05d>`` for records that carry no ``dialogue_id``.
    """
    for path in paths:
        for location, index, item in iter_dialogue_objects(path, json_list=json_list):
            if isinstance(item, Exception):
                yield location, item
                continue
            try:
                yield location, (parse or _validate)(item, f"{Path(path).stem}-{index:05d}")
            except ValueError as exc:
                yield location, exc


def _validate(item: Any, default_id: str) -> DialogueRecord:
    if not isinstance(item, dict):
        raise ValueError(f"expected a JSON object, got {type(item).__name__}")
    return DialogueRecord.model_validate({"dialogue_id": default_id, **item})


def _parse(item: object, path: Path, where: str) -> DialogueRecord:
    if not isinstance(item, dict):
        raise TooldialError(f"expected a JSON object, got {type(item).__name__}", file=str(path), record=where)
    try:
        return DialogueRecord.model_validate(item)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise TooldialError(err["msg"], file=str(path), record=where, field=field) from None
