"""The streaming parquet writer on its own: shards bounded by size, Hub names only on close, rows as written."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from datasets import Features, Json, Sequence, Value

from tooldial.dataset import writer as writer_module
from tooldial.dataset.writer import JsonText, ShardedParquetWriter

FEATURES = Features({
    "id": Value("string"),
    "label": Json(),
    "turns": Sequence(Value("string")),
    "obs": [{"action": Value("string"), "observation": Json()}],
})


def _row(i: int) -> dict:
    return {"id": f"r{i}", "label": {"k": i, "text": "é" * (i % 3)}, "turns": ["u", f"s{i}"],
            "obs": [{"action": "call", "observation": {"n": i}}]}


def test_rows_round_trip_in_order_with_json_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer_module, "ROW_GROUP_ROWS", 7)  # several row groups in one shard
    w = ShardedParquetWriter(tmp_path / "dst", "train", FEATURES)
    for i in range(20):
        w.write(_row(i))
    w.write({**_row(20), "label": JsonText('{"k": 20, "pre": "encoded"}')})  # encoded once, stored as is
    assert list((tmp_path / "dst").glob("*.parquet")) == []  # nothing looks complete before close
    paths = w.close()
    assert [p.name for p in paths] == ["train-00000-of-00001.parquet"]
    table = pq.read_table(paths[0])
    assert table.num_rows == 21 == w.num_rows and pq.ParquetFile(paths[0]).num_row_groups == 3
    rows = table.to_pylist()
    assert [r["id"] for r in rows] == [f"r{i}" for i in range(21)]
    assert rows[5]["label"] == '{"k": 5, "text": "éé"}'  # Json columns hold JSON text, non-ASCII kept
    assert rows[20]["label"] == '{"k": 20, "pre": "encoded"}'
    assert rows[3]["turns"] == ["u", "s3"] and rows[3]["obs"] == [{"action": "call", "observation": '{"n": 3}'}]


def test_shards_split_by_size_and_get_hub_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer_module, "ROW_GROUP_ROWS", 5)
    w = ShardedParquetWriter(tmp_path / "sft", "test", FEATURES, shard_bytes=40)  # ~one row group per shard
    for i in range(12):
        w.write(_row(i))
    paths = w.close()
    assert [p.name for p in paths] == [f"test-{i:05d}-of-00003.parquet" for i in range(3)]
    ids = [r["id"] for p in paths for r in pq.read_table(p).to_pylist()]
    assert ids == [f"r{i}" for i in range(12)]  # shard order is row order
    assert not list((tmp_path / "sft").glob("*.partial"))


def test_an_empty_split_writes_no_shard(tmp_path: Path) -> None:
    assert ShardedParquetWriter(tmp_path / "x", "validation", FEATURES).close() == []
    assert not (tmp_path / "x").exists()
