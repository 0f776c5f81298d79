"""Reading and writing ``dialogues.jsonl``: one :class:`DialogueRecord` per line.

Lines are written with a fixed key order (the release keys first, then our metadata) and no time stamps, so
the same records give the same bytes. Writing goes to a temporary file renamed at the end, so an interrupted
run never leaves a truncated file behind. Reading names the file and line of anything malformed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import ValidationError

from tooldial.dialogue.record import DialogueRecord
from tooldial.errors import TooldialError
from tooldial.jsonfile import loads as loads_json
from tooldial.jsonfile import not_text_error


def dump_record(record: DialogueRecord) -> str:
    """One JSON line (no trailing newline)."""
    return json.dumps(record.model_dump(mode="json"), ensure_ascii=False)


def write_dialogues(records: Iterable[DialogueRecord], path: str | Path) -> int:
    """Write records as JSONL (atomically); returns how many were written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".partial")
    count = 0
    with tmp.open("w", encoding="utf-8", newline="\n") as fh:
        for record in records:
            fh.write(dump_record(record))
            fh.write("\n")
            count += 1
    os.replace(tmp, path)
    return count


def read_dialogues(path: str | Path) -> Iterator[DialogueRecord]:
    """Yield the records of a JSONL file; raises :class:`TooldialError` naming file and line on bad input.

    A JSON list file (the original release's ``total_dialogue.json`` / ``train.json``) is read too.
    """
    path = Path(path)
    if not path.is_file():
        raise TooldialError("no such file", file=str(path))
    try:
        yield from _read(path)
    except UnicodeDecodeError as exc:
        raise not_text_error(path, exc) from None


def _read(path: Path) -> Iterator[DialogueRecord]:
    with path.open(encoding="utf-8") as fh:
        first = fh.read(1)
        while first and first.isspace():
            first = fh.read(1)
        fh.seek(0)
        if first == "[":
            try:
                items = loads_json(fh.read())
            except json.JSONDecodeError as exc:
                raise TooldialError(f"invalid JSON ({exc.msg} at line {exc.lineno})", file=str(path)) from None
            for i, item in enumerate(items):
                yield _parse(item, path, f"record {i}")
            return
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                item = loads_json(line)
            except json.JSONDecodeError as exc:
                raise TooldialError(f"invalid JSON ({exc.msg} at column {exc.colno})", file=str(path),
                                    record=f"line {lineno}") from None
            yield _parse(item, path, f"line {lineno}")


def _parse(item: object, path: Path, where: str) -> DialogueRecord:
    if not isinstance(item, dict):
        raise TooldialError(f"expected a JSON object, got {type(item).__name__}", file=str(path), record=where)
    try:
        return DialogueRecord.model_validate(item)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise TooldialError(err["msg"], file=str(path), record=where, field=field) from None
