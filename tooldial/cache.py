"""Disk caches: where they live and the one sqlite key-value store behind embeddings, LLM calls and predictions.

Every long stage is resumable because its results are cached by their inputs: sentence embeddings
(``embeddings.sqlite``, keyed by model + sha256 of the text), LLM completions (``llm/chat.sqlite``, keyed by the
request and model, never the API key) and evaluation predictions (``eval/predictions.sqlite``, keyed by the
backend fingerprint, task, prompt version and input). All three are a :class:`KeyValueStore`: one table of
``(scope?, key) -> value`` rows, written in WAL mode so concurrent readers and a killed writer are safe.

A cache file that is not a database (a truncated copy, a half-written disk) is moved aside to
``<name>.corrupt-<time>`` with a warning and rebuilt empty — nothing is deleted, the run goes on. Corruption
found later, inside a readable file, stops the run with a one-line :class:`~tooldial.errors.TooldialError`
naming the file and how to clear it.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tooldial.errors import EnvironmentFailure, TooldialError
from tooldial.outputs import ENVIRONMENT_ERRNOS

log = logging.getLogger(__name__)


def default_cache_dir() -> Path:
    """``$TOOLDIAL_CACHE`` or ``~/.cache/tooldial``."""
    return Path(os.environ.get("TOOLDIAL_CACHE", Path.home() / ".cache" / "tooldial"))


def cache_subdir(name: str, cache_dir: str | Path | None = None) -> Path:
    """``cache_dir / name`` (``cache_dir`` defaults to :func:`default_cache_dir`)."""
    return Path(cache_dir or default_cache_dir()) / name


class CacheError(TooldialError):
    """A cache file that cannot be read or written."""


class CacheDiskError(CacheError, EnvironmentFailure):
    """The disk under a cache is full or failing (sqlite: "database or disk is full", "disk I/O error"): exit 1."""


def _cache_error(message: str, exc: sqlite3.Error, path: Path) -> CacheError:
    text = str(exc).lower()
    kind = CacheDiskError if "disk is full" in text or "disk i/o" in text else CacheError
    return kind(f"{message} ({exc})", file=str(path))


class KeyValueStore:
    """One sqlite table of ``key -> value`` rows (text or bytes), optionally split by a ``scope`` column.

    ``scope_column`` names a second key column (the embedding model), so one scope can be read by a single
    table scan. ``value_column`` names the value column: existing cache files keep their layout. Safe to share
    between threads (one connection behind a lock).
    """

    #: Above this many keys, one scan over the scope's rows beats chunked ``IN (...)`` lookups.
    SCAN_THRESHOLD = 20_000
    _CHUNK = 900  # stays under sqlite's 999 bound variables

    def __init__(self, path: str | Path, table: str, *, scope_column: str | None = None,
                 value_column: str = "value") -> None:
        for name in (table, scope_column or "scope", value_column):
            if not name.isidentifier():
                raise ValueError(f"not an sqlite identifier: {name!r}")
        self.path = Path(path)
        self.table = table
        self.scope_column = scope_column
        self.value_column = value_column
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            kind = CacheDiskError if exc.errno in ENVIRONMENT_ERRNOS else CacheError
            raise kind(f"cannot create the cache folder: {exc.strerror or exc}", file=str(self.path.parent)) from None
        try:
            self._db = self._open()
        except sqlite3.OperationalError as exc:  # locked past the timeout, unreadable folder, full disk
            raise _cache_error("cannot open the cache", exc, self.path) from None
        except sqlite3.DatabaseError as exc:  # not a database: move it aside, never delete it
            aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            self.path.replace(aside)
            for suffix in ("-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            log.warning("cache %s is not a readable database (%s); moved it to %s and started an empty one",
                        self.path, exc, aside.name)
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            scope = f"{self.scope_column} TEXT NOT NULL, " if self.scope_column else ""
            key = f"PRIMARY KEY ({self.scope_column}, key)" if self.scope_column else "PRIMARY KEY (key)"
            db.execute(f"CREATE TABLE IF NOT EXISTS {self.table} ({scope}key TEXT NOT NULL, "
                       f"{self.value_column} BLOB NOT NULL, created REAL, {key})")
            db.commit()
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({self.table})")}
        except sqlite3.DatabaseError:
            db.close()
            raise
        self._has_created = "created" in columns
        return db

    @contextmanager
    def _guard(self) -> Iterator[sqlite3.Connection]:
        """The connection under the lock; sqlite corruption becomes a one-line :class:`CacheError`."""
        with self._lock:
            try:
                yield self._db
            except sqlite3.OperationalError as exc:
                raise _cache_error("cache not usable", exc, self.path) from None
            except sqlite3.DatabaseError as exc:
                raise CacheError(f"cache file is corrupt ({exc}); delete it (with its -wal and -shm files) to start "
                                 "an empty cache", file=str(self.path)) from None

    def _where_scope(self, scope: str | None) -> tuple[str, list[Any]]:
        if self.scope_column is None:
            return "", []
        if scope is None:
            raise ValueError(f"{self.table}: a scope is required")
        return f"{self.scope_column} = ? AND ", [scope]

    def get_many(self, keys: Sequence[str], *, scope: str | None = None) -> dict[str, Any]:
        """The stored values among ``keys`` (missing keys are absent from the result)."""
        where, args = self._where_scope(scope)
        unique = list(dict.fromkeys(keys))
        found: dict[str, Any] = {}
        with self._guard() as db:
            if self.scope_column and len(unique) >= self.SCAN_THRESHOLD:
                # a sequential scan: about twice as fast as walking the primary-key index for most of a scope
                wanted = set(unique)
                rows = db.execute(f"SELECT key, {self.value_column} FROM {self.table} NOT INDEXED "
                                  f"WHERE {where}1", args)
                found.update((k, v) for k, v in rows if k in wanted)
                return found
            for start in range(0, len(unique), self._CHUNK):
                chunk = unique[start : start + self._CHUNK]
                marks = ",".join("?" * len(chunk))
                found.update(db.execute(f"SELECT key, {self.value_column} FROM {self.table} "
                                        f"WHERE {where}key IN ({marks})", [*args, *chunk]))
        return found

    def get(self, key: str, *, scope: str | None = None) -> Any | None:
        return self.get_many([key], scope=scope).get(key)

    def put_many(self, items: Iterable[tuple[str, Any]], *, scope: str | None = None) -> None:
        """Insert or replace ``(key, value)`` pairs in one transaction."""
        self._where_scope(scope)
        columns = [*([self.scope_column] if self.scope_column else []), "key", self.value_column]
        columns += ["created"] if self._has_created else []
        now = time.time()
        rows = [(*([scope] if self.scope_column else []), key, value, *([now] if self._has_created else []))
                for key, value in items]
        if not rows:
            return
        with self._guard() as db:
            db.executemany(f"INSERT OR REPLACE INTO {self.table} ({', '.join(columns)}) "
                           f"VALUES ({', '.join('?' * len(columns))})", rows)
            db.commit()

    def close(self) -> None:
        with self._lock:
            self._db.close()
