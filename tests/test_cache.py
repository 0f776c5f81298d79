"""The one cache layer: every sqlite cache survives a corrupt file, reads the layout of earlier versions, and the
``openai`` evaluation backend does not cache a completion twice."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from tooldial.cache import CacheError, KeyValueStore, cache_subdir, default_cache_dir
from tooldial.embedding import Embedder, text_key
from tooldial.evaluation.cache import PredictionCache
from tooldial.llm import ChatRequest, ChatResult, LLMClient, request_key


def _garble(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not an sqlite file\n" * 200)


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def test_cache_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLDIAL_CACHE", str(tmp_path / "c"))
    assert default_cache_dir() == tmp_path / "c"
    assert cache_subdir("eval") == tmp_path / "c" / "eval"
    assert cache_subdir("llm", tmp_path) == tmp_path / "llm"


def test_store_round_trip_scopes_and_scan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = KeyValueStore(tmp_path / "kv.sqlite", "kv", scope_column="model")
    store.put_many([("a", b"1"), ("b", b"2")], scope="m1")
    store.put_many([("a", b"other")], scope="m2")
    assert store.get_many(["a", "b", "zz"], scope="m1") == {"a": b"1", "b": b"2"}
    assert store.get("a", scope="m2") == b"other"
    monkeypatch.setattr(KeyValueStore, "SCAN_THRESHOLD", 2)  # the table-scan path answers the same
    assert store.get_many(["a", "b", "zz"], scope="m1") == {"a": b"1", "b": b"2"}
    with pytest.raises(ValueError, match="scope"):
        store.get_many(["a"])
    store.close()
    reopened = KeyValueStore(tmp_path / "kv.sqlite", "kv", scope_column="model")
    assert reopened.get("b", scope="m1") == b"2"  # written to disk, not only to the connection
    reopened.close()


def test_embedding_cache_file_that_is_not_a_database_is_moved_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, embedder: Embedder) -> None:
    path = tmp_path / "embeddings.sqlite"
    _garble(path)
    with caplog.at_level(logging.WARNING, logger="tooldial.cache"):
        fresh = Embedder(cache_dir=tmp_path)
    assert "not a readable database" in caplog.text and str(path) in caplog.text
    assert len(_aside(path)) == 1 and b"not an sqlite file" in _aside(path)[0].read_bytes()  # kept, not deleted
    fresh._model = embedder.model  # noqa: SLF001 - the session's loaded MiniLM, not a second load
    vectors = fresh.encode(["weather in Paris"])
    assert fresh.encoded_count == 1
    fresh.close()
    again = Embedder(cache_dir=tmp_path)
    assert np.array_equal(again.encode(["weather in Paris"]), vectors) and again.encoded_count == 0
    again.close()


def test_llm_cache_file_that_is_not_a_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite"
    _garble(path)
    client = LLMClient("http://127.0.0.1:9/v1", "m", cache_dir=tmp_path)
    assert len(_aside(path)) == 1
    request = ChatRequest.from_prompt("hello", max_tokens=4)
    assert client.cached(request) is None
    client._cache_put(request_key("m", request, client.server), ChatResult(texts=["hi"]))  # noqa: SLF001 - as achat
    client.close()
    reopened = LLMClient("http://127.0.0.1:9/v1", "m", cache_dir=tmp_path)
    hit = reopened.cached(request)
    assert hit is not None and hit.texts == ["hi"] and hit.cached
    reopened.close()


def test_prediction_cache_file_that_is_not_a_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "predictions.sqlite"
    _garble(path)
    cache = PredictionCache(tmp_path)
    assert len(_aside(path)) == 1
    cache.put_many([("k", "- Action:call")])
    assert cache.get_many(["k", "missing"]) == {"k": "- Action:call"}
    cache.close()


def test_corruption_inside_a_readable_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "predictions.sqlite"
    cache = PredictionCache(tmp_path)
    cache.put_many([(f"key{i}", "x" * 1000) for i in range(400)])
    cache.close()
    data = bytearray(path.read_bytes())
    data[3 * 4096 : 40 * 4096] = os.urandom(37 * 4096)  # keep the header, ruin the pages
    path.write_bytes(bytes(data))
    cache = PredictionCache(tmp_path)
    with pytest.raises(CacheError) as info:
        cache.get_many([f"key{i}" for i in range(400)])
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: cache file is corrupt") and "delete it" in message


def test_caches_written_by_earlier_versions_are_read(tmp_path: Path) -> None:
    """The embedding and prediction tables keep their earlier layout, so existing rows are hits."""
    vector = np.arange(4, dtype=np.float32)
    with sqlite3.connect(tmp_path / "embeddings.sqlite") as db:
        db.execute("CREATE TABLE emb (model TEXT, key TEXT, dim INTEGER, vec BLOB, PRIMARY KEY (model, key))")
        db.execute("INSERT INTO emb VALUES (?, ?, ?, ?)",
                   ("tiny#unpadded", text_key("cached text"), 4, vector.tobytes()))
    with sqlite3.connect(tmp_path / "predictions.sqlite") as db:
        db.execute("CREATE TABLE predictions (key TEXT PRIMARY KEY, completion TEXT NOT NULL, created REAL NOT NULL)")
        db.execute("INSERT INTO predictions VALUES ('k', 'old answer', 0)")
    embedder = Embedder("tiny", tmp_path)  # a model that does not exist: a hit must not load it
    assert np.array_equal(embedder.encode(["cached text"])[0], vector) and embedder.encoded_count == 0
    embedder.close()
    cache = PredictionCache(tmp_path)
    assert cache.get_many(["k"]) == {"k": "old answer"}
    cache.put_many([("k2", "new")])  # the old NOT NULL created column is filled
    assert cache.get_many(["k2"]) == {"k2": "new"}
    cache.close()


def test_the_evaluated_openai_backend_has_no_second_cache(tmp_path: Path) -> None:
    """The prediction cache holds the evaluated model's completions; the judge keeps the LLM cache."""
    from tooldial.evaluation.runner import EvalConfig, Run

    config = EvalConfig(backend="openai", model="m", base_url="http://127.0.0.1:9/v1", dataset=str(tmp_path),
                        out=str(tmp_path / "run"), cache_dir=str(tmp_path / "cache"), judge_model="j",
                        judge_base_url="http://127.0.0.1:9/v1", tasks=["faithfulness"])
    run = Run(config)
    try:
        assert run.backend.client.cache_path is None
        judge = run._judge()  # noqa: SLF001
        assert judge.client.cache_path == tmp_path / "cache" / "llm" / "chat.sqlite"
        judge.close()
    finally:
        run.close()


def test_a_vector_does_not_depend_on_the_texts_encoded_with_it(tmp_path: Path, embedder: Embedder) -> None:
    """Which texts share a batch depends on what the cache already holds; padding would change their last bits."""
    texts = [f"find {' and '.join(['the weather'] * n)} in city number {n * 7}" for n in range(1, 25)]
    together = Embedder(cache_dir=tmp_path / "together")
    together._model = embedder.model  # noqa: SLF001 - the session's loaded MiniLM
    all_at_once = together.encode(texts)
    together.close()
    for i, text in enumerate(texts):
        alone = Embedder(cache_dir=None)
        alone._model = embedder.model  # noqa: SLF001
        assert alone.encode([text])[0].tobytes() == all_at_once[i].tobytes(), text
