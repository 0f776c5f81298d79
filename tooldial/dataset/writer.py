"""Streaming parquet writer: rows in, shards of bounded size out, memory bounded by one row group.

Shards are written as ``data/<config>/<split>-NNNNN.parquet.partial`` and renamed to the Hub convention
``<split>-NNNNN-of-MMMMM.parquet`` on :meth:`ShardedParquetWriter.close`, so an interrupted build never leaves
files that look complete.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from datasets import Features, Json

#: Flush a row group when the buffered rows hold this many bytes of text (bounds memory).
ROW_GROUP_BYTES = 32 * 1024 * 1024
ROW_GROUP_ROWS = 2_000
#: Start a new shard after this many bytes of (uncompressed) text.
SHARD_BYTES = 512 * 1024 * 1024


class JsonText(str):
    """A value already encoded as JSON text (a ``Json`` column shared by many rows is encoded once)."""

    __slots__ = ()


def _dumps(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, JsonText):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def _encoder(feature: Any):
    """A function turning a Python value into what the arrow type of ``feature`` takes (JSON text for Json)."""
    if isinstance(feature, Json):
        return _dumps
    if isinstance(feature, dict):
        subs = {name: _encoder(f) for name, f in feature.items()}
        if all(s is None for s in subs.values()):
            return None

        def encode_struct(value: Any) -> Any:
            if value is None:
                return None
            return {name: (sub(value.get(name)) if sub else value.get(name)) for name, sub in subs.items()}

        return encode_struct
    inner = getattr(feature, "feature", None)
    if inner is not None:
        sub = _encoder(inner)
        if sub is None:
            return None
        return lambda value: None if value is None else [sub(v) for v in value]
    return None


def _storage_type(t: pa.DataType) -> pa.DataType:
    """``t`` with every extension type (``arrow.json``) replaced by its storage type (string)."""
    if isinstance(t, pa.BaseExtensionType):
        return t.storage_type
    if pa.types.is_list(t):
        return pa.list_(pa.field(t.value_field.name, _storage_type(t.value_type)))
    if pa.types.is_large_list(t):
        return pa.large_list(pa.field(t.value_field.name, _storage_type(t.value_type)))
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _storage_type(f.type)) for f in t])
    return t


def _size(row: dict[str, Any]) -> int:
    """Cheap estimate of a row's text bytes (strings, and strings one level inside lists), for flushing."""
    size = 0
    for value in row.values():
        if isinstance(value, str):
            size += len(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str):
                    size += len(item)
                elif isinstance(item, dict):
                    size += sum(len(v) for v in item.values() if isinstance(v, str))
    return size


class ShardedParquetWriter:
    """Writes the rows of one config split to ``<config_dir>/<split>-*.parquet``."""

    def __init__(self, config_dir: Path, split: str, features: Features, *, compression: str = "zstd",
                 shard_bytes: int = SHARD_BYTES) -> None:
        self.dir = Path(config_dir)
        self.split = split
        self.features = features
        self.schema = features.arrow_schema
        # pyarrow cannot build nested extension arrays from Python objects: build with the storage types, cast.
        self._storage_schema = pa.schema([pa.field(f.name, _storage_type(f.type)) for f in self.schema],
                                         metadata=self.schema.metadata)
        self.compression = compression
        self.shard_bytes = shard_bytes
        self._encoders = {name: _encoder(f) for name, f in features.items()}
        self._buffer: list[dict[str, Any]] = []
        self._buffer_bytes = 0
        self._shard_bytes = 0
        self._writer: pq.ParquetWriter | None = None
        self._partials: list[Path] = []
        self.num_rows = 0
        self.num_bytes = 0

    def write(self, row: dict[str, Any]) -> None:
        encoded = {name: (enc(row.get(name)) if enc else row.get(name)) for name, enc in self._encoders.items()}
        size = _size(encoded)
        self._buffer.append(encoded)
        self._buffer_bytes += size
        self.num_rows += 1
        self.num_bytes += size
        if len(self._buffer) >= ROW_GROUP_ROWS or self._buffer_bytes >= ROW_GROUP_BYTES:
            self._flush()

    def _flush(self) -> None:
        if not self._buffer:
            return
        if self._writer is None:
            self.dir.mkdir(parents=True, exist_ok=True)
            path = self.dir / f"{self.split}-{len(self._partials):05d}.parquet.partial"
            self._partials.append(path)
            self._writer = pq.ParquetWriter(path, self.schema, compression=self.compression)
        table = pa.Table.from_pylist(self._buffer, schema=self._storage_schema).cast(self.schema)
        self._writer.write_table(table)
        self._shard_bytes += self._buffer_bytes
        self._buffer, self._buffer_bytes = [], 0
        if self._shard_bytes >= self.shard_bytes:
            self._writer.close()
            self._writer, self._shard_bytes = None, 0

    def close(self) -> list[Path]:
        """Flush, close, and give the shards their final names (an empty split writes no shard)."""
        self._flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        # An empty split gets no shard: `datasets` cannot read a parquet file with no row group, and the card
        # leaves the split out (see card_metadata).
        n = len(self._partials)
        final = []
        for i, partial in enumerate(self._partials):
            target = self.dir / f"{self.split}-{i:05d}-of-{n:05d}.parquet"
            partial.replace(target)
            final.append(target)
        return final
