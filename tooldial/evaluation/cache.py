"""On-disk prediction cache: an interrupted evaluation resumes, a rerun makes no backend call.

A :class:`tooldial.cache.KeyValueStore` (``eval/predictions.sqlite``); the key is the sha256 of (backend
fingerprint — model, adapter and its weights digest —, task, setting, prompt version, request input hash).
Rows are written after every batch, so a kill loses at most the batch in flight. No secrets: fingerprints never
hold API keys.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tooldial.cache import KeyValueStore, cache_subdir


def default_eval_cache_dir() -> Path:
    return cache_subdir("eval")


def prediction_key(fingerprint: dict[str, Any], task: str, setting: str | None, prompt_version: str,
                   input_hash: str) -> str:
    payload = [fingerprint, task, setting, prompt_version, input_hash]
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class PredictionCache:
    """Completions by :func:`prediction_key` (the table layout of earlier versions, so old rows are found)."""

    def __init__(self, cache_dir: str | Path | None = None) -> None:
        self.path = Path(cache_dir or default_eval_cache_dir()) / "predictions.sqlite"
        self._store = KeyValueStore(self.path, "predictions", value_column="completion")

    def get_many(self, keys: Sequence[str]) -> dict[str, str]:
        return self._store.get_many(keys)

    def put_many(self, items: Sequence[tuple[str, str]]) -> None:
        self._store.put_many(items)

    def close(self) -> None:
        self._store.close()
