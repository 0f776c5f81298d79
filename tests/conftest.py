"""Shared fixtures: offline environment, one cache per test session, packaged models loaded once."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``../shared`` (real corpora and references); tests that need it skip when it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not present")
    return SHARED


@pytest.fixture(scope="session")
def model_cache() -> Path:
    """Where converted models live: the user's cache (``$TOOLDIAL_CACHE``), shared across test sessions."""
    from tooldial.cache import default_cache_dir

    return default_cache_dir()


@pytest.fixture(scope="session")
def smollm2_dir(model_cache: Path) -> Path:
    """SmolLM2-135M-Instruct as a regular fp32 transformers checkpoint (converted once from the GGUF)."""
    from tooldial.local_models import ensure_smollm2

    return ensure_smollm2(model_cache)


@pytest.fixture(scope="session")
def embedder(tmp_path_factory: pytest.TempPathFactory):
    """The packaged all-MiniLM-L6-v2 behind one Embedder for the whole session (cache in a temp dir)."""
    from tooldial.embedding import Embedder

    emb = Embedder(cache_dir=tmp_path_factory.mktemp("emb-cache"))
    yield emb
    emb.close()


@pytest.fixture(scope="session")
def openai_server(smollm2_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    """A real OpenAI-compatible server (``transformers serve``) for SmolLM2-135M-Instruct on 127.0.0.1.

    Yields a :class:`tooldial.local_server.LocalOpenAIServer`: use ``.base_url`` and ``.model`` with
    ``tooldial.llm.LLMClient``. Requests are answered one at a time (measured on the 2-core dev box: 14
    tokens/s at load 3, 3-4 tokens/s at load 11-15; long prompts cost seconds), so keep prompts and
    ``max_tokens`` small. ``.request_count()`` counts the chat requests the server has logged. One torch
    thread: on a loaded 2-core machine it decodes several times faster than two competing threads.
    """
    from tooldial.local_server import LocalOpenAIServer

    log = tmp_path_factory.mktemp("openai-server") / "server.log"
    with LocalOpenAIServer(smollm2_dir, log_path=log, threads=1) as server:
        yield server


def kill_after_first_answer(server, argv: list[str], *, timeout: float, settle: float, **popen) -> int:
    """Start ``argv``, kill it once ``server`` has answered its first request; return the requests it got answered.

    ``settle`` seconds pass between the server logging the answer and the kill: the answer reaches the client's
    cache right after the server logs it. Used by the kill-and-resume tests.
    """
    start = server.request_count()
    proc = subprocess.Popen(argv, **popen)
    deadline = time.monotonic() + timeout
    while server.request_count() < start + 1 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(settle)
    proc.kill()
    proc.wait()
    return server.request_count() - start


@pytest.fixture(scope="module")
def one_torch_thread():
    """One torch intra-op thread for a module's tests, restored afterwards.

    Tiny batches on a shared 2-core machine: one thread is ~10x faster than two spin-waiting ones.
    """
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def graph_entity(api_id: str, role: str, key: str, *, documented: str = "", example: str = "", type: str = "string",
                 is_list: bool = False, keywords: tuple[str, ...] = ()):
    """A graph entity as the validity-rule tests build it: name and description from the key (``a|b_c`` → "a b c"),
    ``raw`` its last path part."""
    from tooldial.graph.entities import Entity

    return Entity(api_id, role, key, key.replace("_", " ").replace("|", " "), documented or key, keywords,
                  raw=key.split("|")[-1], documented=documented, example=example, type=type, is_list=is_list)
