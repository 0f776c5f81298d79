"""On-disk prediction cache: an interrupted evaluation resumes, a rerun makes no backend call.

One sqlite table; the key is the sha256 of (backend fingerprint — model, adapter and its weights digest —,
task, setting, prompt version, request input hash). Rows are written after every batch (WAL mode, so a kill
loses at most the batch in flight). No secrets: fingerprints never hold API keys.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tooldial.embedding import default_cache_dir


def default_eval_cache_dir() -> Path:
    return default_cache_dir() / "eval"


def prediction_key(fingerprint: dict[str, Any], task: str, setting: str | None, prompt_version: str,
                   input_hash: str) -> str:
    payload = [fingerprint, task, setting, prompt_version, input_hash]
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class PredictionCache:
    def __init__(self, cache_dir: str | Path | None = None) -> None:
        self.path = Path(cache_dir or default_eval_cache_dir()) / "predictions.sqlite"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=60)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS predictions (key TEXT PRIMARY KEY, completion TEXT NOT NULL, "
            "created REAL NOT NULL)"
        )
        self._db.commit()

    def get_many(self, keys: Sequence[str]) -> dict[str, str]:
        found: dict[str, str] = {}
        unique = list(dict.fromkeys(keys))
        for start in range(0, len(unique), 500):
            chunk = unique[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for key, completion in self._db.execute(
                f"SELECT key, completion FROM predictions WHERE key IN ({marks})", chunk
            ):
                found[key] = completion
        return found

    def put_many(self, items: Sequence[tuple[str, str]]) -> None:
        now = time.time()
        self._db.executemany(
            "INSERT OR REPLACE INTO predictions (key, completion, created) VALUES (?, ?, ?)",
            [(k, v, now) for k, v in items],
        )
        self._db.commit()

    def close(self) -> None:
        self._db.close()
