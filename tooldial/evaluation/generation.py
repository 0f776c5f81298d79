"""Generation through the prediction cache: what the harness adds around ``Backend.generate``."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.cache import PredictionCache, prediction_key

log = logging.getLogger(__name__)


@dataclass
class GenerationStats:
    requests: int = 0  # completions asked for by the tasks
    backend_requests: int = 0  # of those, sent to the backend (the rest came from the cache)
    cache_hits: int = 0
    failures: int = 0  # backend could not answer (scored wrong, not cached)
    seconds_in_backend: float = 0.0
    #: Why the backend could not answer (status and message) -> how many completions.
    failure_reasons: dict[str, int] = field(default_factory=dict)

    def record_failure(self, reason: str) -> None:
        reason = reason[:300]
        if reason not in self.failure_reasons:
            log.warning("backend failure: %s", reason)
        self.failure_reasons[reason] = self.failure_reasons.get(reason, 0) + 1
        self.failures += 1


@dataclass
class Completion:
    text: str
    failure: str | None = None
    cached: bool = False


class CachedGenerator:
    """Looks completions up in the cache, sends the rest to the backend in chunks, writes each chunk back.

    ``chunk_size`` examples go to the backend per call (the backend batches inside a call; the ``hf`` one sorts
    a call's prompts by length, so bigger chunks pad less). Progress is reported after each chunk.
    """

    def __init__(self, backend: Backend, cache: PredictionCache | None, prompt_version: str,
                 chunk_size: int = 64) -> None:
        self.backend = backend
        self.cache = cache if backend.cacheable else None
        self.prompt_version = prompt_version
        self.chunk_size = max(1, chunk_size)
        self.stats = GenerationStats()
        self._fingerprint = backend.fingerprint()

    def key(self, request: GenerationRequest) -> str:
        return prediction_key(self._fingerprint, request.task, request.setting, self.prompt_version,
                              request.input_hash())

    def __call__(self, requests: list[GenerationRequest],
                 on_done: Callable[[list[int]], None] | None = None) -> list[Completion]:
        import time

        self.stats.requests += len(requests)
        out: list[Completion | None] = [None] * len(requests)
        keys = [self.key(r) for r in requests] if self.cache else []
        hits = self.cache.get_many(keys) if self.cache else {}
        todo = []
        for i in range(len(requests)):
            if self.cache and keys[i] in hits:
                out[i] = Completion(hits[keys[i]], cached=True)
            else:
                todo.append(i)
        self.stats.cache_hits += len(requests) - len(todo)
        done_from_cache = [i for i in range(len(requests)) if out[i] is not None]
        if on_done and done_from_cache:
            on_done(done_from_cache)
        for start in range(0, len(todo), self.chunk_size):
            chunk = todo[start : start + self.chunk_size]
            self.backend.failures = {}
            t0 = time.perf_counter()
            texts = self.backend.generate([requests[i] for i in chunk])
            self.stats.seconds_in_backend += time.perf_counter() - t0
            self.stats.backend_requests += len(chunk)
            failures = dict(self.backend.failures)
            to_cache = []
            for j, i in enumerate(chunk):
                text = texts[j] if j < len(texts) and isinstance(texts[j], str) else ""
                failure = failures.get(j)
                out[i] = Completion(text, failure)
                if failure:
                    self.stats.record_failure(failure)
                elif self.cache:
                    to_cache.append((keys[i], text))
            if to_cache:
                self.cache.put_many(to_cache)
            if on_done:
                on_done(chunk)
        return [c if c is not None else Completion("", "missing") for c in out]
