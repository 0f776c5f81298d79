"""Dataset sources: every dialogue file is read by tooldial.dialogue.io; release directories and dialogue files
give the same (split, record) stream to the exporter and the builder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.dataset.sources import DialogueFiles, SourceRecord, release_records, valid_records
from tooldial.dataset.splits import SplitConfig
from tooldial.dialogue.io import iter_dialogue_objects, read_dialogues, read_dialogues_lenient
from tooldial.errors import TooldialError

DATA = Path(__file__).parent / "data" / "release"


@pytest.fixture(scope="module")
def release_list() -> list[dict]:
    return json.loads((DATA / "clean" / "train.json").read_text())


def test_jsonl_and_json_lists_are_read_the_same_way(tmp_path: Path, release_list: list[dict]) -> None:
    as_list = tmp_path / "train.json"
    as_list.write_text(json.dumps(release_list))
    as_lines = tmp_path / "train.jsonl"
    as_lines.write_text("\n".join(json.dumps(r) for r in release_list) + "\n\n")
    listed = [(i, obj) for _, i, obj in iter_dialogue_objects(as_list)]
    lined = [(i, obj) for _, i, obj in iter_dialogue_objects(as_lines)]
    assert [obj for _, obj in listed] == [obj for _, obj in lined] == release_list
    assert [loc for loc, _, _ in iter_dialogue_objects(as_list)][1].endswith("train.json: record 1")


def test_lenient_reading_keeps_going_strict_reading_stops(tmp_path: Path, release_list: list[dict]) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(release_list[0]) + "\n{broken\n[1, 2]\n" + json.dumps(release_list[1]) + "\n")
    read = list(read_dialogues_lenient([path]))
    assert [loc.rpartition(": ")[2] for loc, _ in read] == ["line 1", "line 2", "line 3", "line 4"]
    kinds = [type(r).__name__ for _, r in read]
    assert kinds[0] == kinds[3] == "DialogueRecord" and all("Error" in k for k in kinds[1:3])
    assert read[0][1].dialogue_id == "mixed-00000"  # records without an id get <stem>-<index>
    with pytest.raises(TooldialError, match=r"mixed\.jsonl: line 2: invalid JSON"):
        list(read_dialogues(path))  # strict: the first malformed line stops the read
    with pytest.raises(TooldialError, match="no such dialogue file"):
        list(read_dialogues(tmp_path / "missing.jsonl"))


def test_dialogue_files_split_once_and_stream_with_errors(tmp_path: Path, release_list: list[dict]) -> None:
    path = tmp_path / "d.jsonl"
    records = [{**r, "dialogue_id": f"d{i}"} for i, r in enumerate(release_list)]
    path.write_text("\n".join(json.dumps(r) for r in [*records, records[0]]) + "\n{broken\n")
    files = DialogueFiles([path], SplitConfig(seed=3))
    assert files.total == len(release_list)
    items = list(files)
    assert len(items) == len(release_list) + 2 and isinstance(items[-1].record, Exception)
    assert {i.split for i in items[:-1]} <= {"train", "validation", "test"}
    again = list(files)  # iterating again gives the same stream (the split is assigned once)
    assert [(i.split, i.location) for i in again] == [(i.split, i.location) for i in items]
    errors: list[str] = []
    kept = list(valid_records([*items, SourceRecord("dev", items[1].record, "x: line 9")],
                              lambda location, exc: errors.append(f"{location}: {exc}")))
    assert len(kept) == len(release_list)
    assert len(errors) == 3 and "duplicate dialogue_id" in errors[0] and "invalid JSON" in errors[1]
    assert errors[2] == "x: line 9: unknown split 'dev'"


def test_release_records_keep_the_file_splits_and_report_broken_ones() -> None:
    clean = list(release_records(DATA / "clean"))
    assert {i.split for i in clean} == {"train", "validation", "test"}
    assert not any(isinstance(i.record, Exception) for i in clean)
    assert clean[0].record.dialogue_id == "train-00000"
    broken = [i for i in release_records(DATA / "broken") if isinstance(i.record, Exception)]
    assert broken and all(": record " in i.location for i in broken)
    with pytest.raises(TooldialError, match="no release file found"):
        list(release_records(DATA))


def test_a_release_file_that_is_not_a_list_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "train.json").write_text('{"dialogue": []}\n')
    with pytest.raises(TooldialError, match=r"train\.json: expected a JSON list of dialogue records, got dict$"):
        list(release_records(tmp_path))
