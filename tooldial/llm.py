"""One OpenAI-compatible chat client for every LLM path in tooldial.

Graph entity text and the edge judge, the ``openai`` dialogue renderer and the quality judge, the ``openai``
evaluation backend and the faithfulness judge all send chat requests through :class:`LLMClient`:

* a batch in, a batch out, in order (:meth:`LLMClient.chat`), usable from plain synchronous code — it runs its
  own event loop (in a worker thread when the caller already runs one);
* at most ``max_concurrency`` requests in flight (an ``asyncio.Semaphore`` around each HTTP call);
* retries by the ``openai`` client itself (exponential backoff with jitter on connection errors, timeouts,
  408/409/429 and 5xx, honouring ``Retry-After``), ``max_retries`` per request; any other 4xx, an answer that is
  not a chat completion, or a request out of attempts becomes ``ChatResult.error`` for that request (status and
  message), never an exception that kills the batch;
* fail fast: before the first request a TCP connect checks the server is there (a refused port or an unknown
  host raises :class:`~tooldial.errors.LLMUnavailableError` in seconds, naming the URL); when the server goes
  away mid-batch, the requests not yet sent fail at once with that reason instead of each waiting out its
  retries. ``timeout`` bounds every HTTP request (connect: at most 10 s);
* a persistent sqlite cache (:class:`tooldial.cache.KeyValueStore`) keyed by the sha256 of the canonical JSON of (model, request fields). Each answer is
  written as soon as it arrives, so a killed run loses nothing and a rerun sends zero requests. The API key is
  never part of a key, a row, a result or a message (it is redacted from server error texts).

:func:`parse_json_answer` pulls the JSON out of an LLM answer (code fences, prose around it, single quotes,
Python literals) and raises :class:`tooldial.errors.LLMAnswerError` when there is none.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import hashlib
import json
import logging
import os
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tooldial.cache import KeyValueStore, cache_subdir
from tooldial.errors import ConfigError, LLMAnswerError, LLMUnavailableError
from tooldial.redact import redact_text, redact_url

logger = logging.getLogger(__name__)

#: HTTP statuses worth another try (the ones the ``openai`` SDK itself retries, with 5xx).
RETRYABLE_STATUS = frozenset({408, 409, 429})
#: The longest wait for a TCP connection (the probe and each request), whatever ``timeout`` says.
CONNECT_TIMEOUT = 10.0
#: Placeholder key for local servers that ignore authentication.
DUMMY_API_KEY = "sk-local-no-key"
#: Bump when the cache row layout or key recipe changes; old rows are then simply not found.
CACHE_VERSION = 1


class ChatMessage(BaseModel):
    """One chat message (``{"role": ..., "content": ...}``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Literal["system", "user", "assistant", "tool", "developer"]
    content: str
    name: str | None = None
    #: Native tool calling: the assistant's calls (OpenAI layout) and, on ``tool`` messages, the call answered.
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None


class ChatRequest(BaseModel):
    """The sampling-relevant fields of one chat completion request (everything the cache key depends on).

    ``response_format`` asks for JSON mode: ``"json"`` is short for ``{"type": "json_object"}``; a full
    OpenAI ``response_format`` dict is passed through. Servers that reject it get the request again without it.
    When the server returns fewer than ``n`` choices (many local servers ignore ``n``) the client asks again
    for the rest, shifting ``seed`` by one per extra call so the samples differ.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    messages: list[ChatMessage] = Field(min_length=1)
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(512, ge=1)
    n: int = Field(1, ge=1, le=128)
    top_p: float | None = Field(None, gt=0.0, le=1.0)
    stop: list[str] | None = None
    seed: int | None = None
    response_format: dict[str, Any] | None = None
    #: OpenAI ``tools`` (function definitions) for native tool calling; answers carry ``tool_calls``.
    tools: list[dict[str, Any]] | None = None

    @field_validator("stop", mode="before")
    @classmethod
    def _stop_as_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("response_format", mode="before")
    @classmethod
    def _json_shorthand(cls, value: Any) -> Any:
        return {"type": "json_object"} if value in ("json", "json_object") else value

    @classmethod
    def from_prompt(cls, prompt: str, *, system: str | None = None, **fields: Any) -> ChatRequest:
        """A request with one user message (and an optional system message)."""
        messages = [{"role": "system", "content": system}] if system else []
        messages.append({"role": "user", "content": prompt})
        return cls(messages=messages, **fields)


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0


class ChatResult(BaseModel):
    """The answer to one :class:`ChatRequest`: ``n`` texts, or an ``error`` (then ``texts`` is empty)."""

    texts: list[str] = Field(default_factory=list)
    error: str | None = None
    cached: bool = False
    usage: Usage = Field(default_factory=Usage)
    finish_reasons: list[str | None] = Field(default_factory=list)
    #: Per choice, the tool calls (``{"id", "type", "function": {"name", "arguments"}}``); empty without tools.
    tool_calls: list[list[dict[str, Any]]] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def text(self) -> str:
        """The first text (``""`` for a failed request)."""
        return self.texts[0] if self.texts else ""


@dataclass
class LLMStats:
    """Counters across every ``chat`` call of one client (for benchmarks, tests and progress lines)."""

    requests: int = 0  # HTTP requests sent, retries included
    cache_hits: int = 0
    retries: int = 0
    errors: int = 0  # requests that ended as ChatResult.error
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0  # wall time inside chat()
    max_in_flight: int = 0  # the most HTTP requests observed in flight at once
    sent: int = 0  # distinct requests that went to the server (answered or failed; not cache hits)
    failures: dict[str, int] = field(default_factory=dict)  # reason (status and message) -> requests

    @property
    def tokens_per_second(self) -> float:
        return self.completion_tokens / self.seconds if self.seconds else 0.0

    @property
    def failure_rate(self) -> float:
        """Failed requests over the requests asked (cache hits count as answered)."""
        asked = self.sent + self.cache_hits
        return self.errors / asked if asked else 0.0

    def record_failure(self, reason: str) -> None:
        """Count a failed request under its reason; the first of each reason is logged as it happens."""
        reason = reason[:300]
        if reason not in self.failures:
            logger.warning("LLM request failed: %s", reason)
        self.failures[reason] = self.failures.get(reason, 0) + 1

    def as_dict(self) -> dict[str, float]:
        return {**asdict(self), "tokens_per_second": round(self.tokens_per_second, 2)}


def default_llm_cache_dir() -> Path:
    return cache_subdir("llm")


def request_key(model: str, request: ChatRequest, server: str | None = None) -> str:
    """sha256 of the canonical JSON of (cache version, server, model, request fields): the cache key.

    ``server`` is the base URL without credentials (:func:`tooldial.redact.redact_url`): an answer of one server
    is never served as another's, and a changed password keeps the cache. Fields left at None are omitted, so a
    new optional field keeps every existing key valid.
    """
    payload: dict[str, Any] = {"v": CACHE_VERSION, "model": model,
                               "request": request.model_dump(mode="json", exclude_none=True)}
    if server is not None:
        payload["server"] = server
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class _Fatal(Exception):
    def __init__(self, message: str, status: int | None = None, *, unreachable: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.unreachable = unreachable


class LLMClient:
    """Concurrent, retried, disk-cached chat completions against any OpenAI-compatible endpoint.

    ``api_key`` defaults to ``$OPENAI_API_KEY`` and then to a dummy key (local servers ignore it).
    ``cache_dir`` defaults to ``$TOOLDIAL_CACHE/llm``; ``use_cache=False`` turns the disk cache off.
    ``timeout`` is per HTTP request, in seconds (600 by default, as in the ``openai`` SDK: a long answer from
    a CPU server takes minutes); ``max_retries`` is how many more attempts a failed request gets (the
    ``openai`` client's own retries: 0.5 s doubling up to 8 s, with jitter, or what ``Retry-After`` says).
    ``probe=False`` skips the connect check before the first request.

    A server that answers one request at a time (``transformers serve`` without continuous batching) queues
    the others: keep ``max_concurrency`` × seconds per answer under ``timeout``, or queued requests time out
    and are sent again while the server still works on them.
    """

    def __init__(self, base_url: str, model: str, *, api_key: str | None = None,
                 cache_dir: str | Path | None = None, use_cache: bool = True, max_concurrency: int = 8,
                 max_retries: int = 5, timeout: float = 600.0, probe: bool = True) -> None:
        if max_concurrency < 1:
            raise ConfigError(f"max_concurrency must be >= 1, got {max_concurrency}", field="max_concurrency")
        if max_retries < 0:
            raise ConfigError(f"max_retries must be >= 0, got {max_retries}", field="max_retries")
        if not timeout > 0:
            raise ConfigError(f"timeout must be > 0 seconds, got {timeout}", field="timeout")
        self.base_url = base_url.rstrip("/")
        #: The base URL without credentials: what messages show and what the cache key holds.
        self.server = redact_url(self.base_url)
        self.model = model
        self.max_concurrency = max_concurrency
        self.max_retries = max_retries
        self.timeout = timeout
        self.stats = LLMStats()
        self._api_key = api_key or os.environ.get("OPENAI_API_KEY") or DUMMY_API_KEY
        self._json_mode_supported = True
        self._probe = probe
        self._unreachable: str | None = None  # set when the server went away mid-batch
        self._lock = threading.Lock()
        self._in_flight = 0
        self._store: KeyValueStore | None = None
        self.cache_path: Path | None = None
        if use_cache:
            self.cache_path = Path(cache_dir or default_llm_cache_dir()) / "chat.sqlite"
            self._store = KeyValueStore(self.cache_path, "completions", value_column="result")

    def __repr__(self) -> str:  # never show the key
        return f"LLMClient(base_url={self.server!r}, model={self.model!r}, max_concurrency={self.max_concurrency})"

    # -- cache -------------------------------------------------------------------------------------------

    def _cache_get(self, keys: Sequence[str]) -> dict[str, ChatResult]:
        if self._store is None:
            return {}
        return {key: ChatResult.model_validate_json(result).model_copy(update={"cached": True})
                for key, result in self._store.get_many(keys).items()}

    def _cache_put(self, key: str, result: ChatResult) -> None:
        if self._store is not None:
            self._store.put_many([(key, result.model_dump_json(exclude={"cached"}))])

    def cached(self, request: ChatRequest) -> ChatResult | None:
        """The cached result for ``request``, if any (no request is sent)."""
        key = request_key(self.model, request, self.server)
        return self._cache_get([key]).get(key)

    # -- public API --------------------------------------------------------------------------------------

    def chat(self, requests: Sequence[ChatRequest], progress: bool | str = False) -> list[ChatResult]:
        """Answer every request, in order. ``progress`` shows a tqdm bar (a string is its description).

        Works from synchronous code and from a thread; inside a running event loop it runs the batch on a
        worker thread (prefer :meth:`achat` there).
        """
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.achat(requests, progress=progress))
        box: list[Any] = []

        def worker() -> None:
            try:
                box.append(asyncio.run(self.achat(requests, progress=progress)))
            except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
                box.append(exc)

        thread = threading.Thread(target=worker, name="tooldial-llm", daemon=True)
        thread.start()
        thread.join()
        if isinstance(box[0], BaseException):
            raise box[0]
        return box[0]

    async def achat(self, requests: Sequence[ChatRequest], progress: bool | str = False) -> list[ChatResult]:
        """The asynchronous form of :meth:`chat` (one HTTP client per call, closed at the end)."""
        from openai import AsyncOpenAI, Timeout

        requests = [r if isinstance(r, ChatRequest) else ChatRequest.model_validate(r) for r in requests]
        started = time.perf_counter()
        keys = [request_key(self.model, r, self.server) for r in requests]
        results: list[ChatResult | None] = [None] * len(requests)
        hits = self._cache_get(keys)
        todo: dict[str, list[int]] = {}  # identical requests in one batch are sent once
        for i, key in enumerate(keys):
            if key in hits:
                results[i] = hits[key]
                self.stats.cache_hits += 1
            else:
                todo.setdefault(key, []).append(i)
        bar = None
        if progress:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(requests), desc=progress if isinstance(progress, str) else "llm",
                       unit="req", initial=len(requests) - sum(len(v) for v in todo.values()))
        try:
            if todo:
                if self._probe:
                    await self._check_reachable()
                    self._probe = False
                self._unreachable = None
                client = AsyncOpenAI(base_url=self.base_url, api_key=self._api_key, max_retries=self.max_retries,
                                     timeout=Timeout(self.timeout, connect=min(self.timeout, CONNECT_TIMEOUT)))
                semaphore = asyncio.Semaphore(self.max_concurrency)
                try:
                    async def one(key: str, indices: list[int]) -> None:
                        request = requests[indices[0]]
                        result = await self._complete(client, semaphore, request)
                        self.stats.sent += 1
                        if result.error is None:
                            self._cache_put(key, result)
                        else:
                            self.stats.errors += 1
                            self.stats.record_failure(result.error)
                        for i in indices:
                            results[i] = result
                        if bar is not None:
                            bar.update(len(indices))
                            bar.set_postfix(sent=self.stats.requests, cached=self.stats.cache_hits,
                                            retries=self.stats.retries, refresh=False)

                    await asyncio.gather(*(one(k, v) for k, v in todo.items()))
                finally:
                    await client.close()
        finally:
            if bar is not None:
                bar.close()
            self.stats.seconds += time.perf_counter() - started
        return [r for r in results if r is not None]

    async def _check_reachable(self) -> None:
        """Raise :class:`LLMUnavailableError` unless a TCP connection to the server opens (seconds, not minutes)."""
        url = urlsplit(self.base_url)
        host = url.hostname or "localhost"
        port = url.port or (443 if url.scheme == "https" else 80)
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(host, port),
                                               timeout=min(self.timeout, CONNECT_TIMEOUT))
        except (OSError, TimeoutError) as exc:
            if isinstance(exc, TimeoutError):
                reason = f"no connection within {min(self.timeout, CONNECT_TIMEOUT):g} s"
            else:
                known = isinstance(exc.errno, int) and exc.errno > 0  # gaierror numbers are negative
                reason = (os.strerror(exc.errno) if known else exc.strerror or str(exc)).lower()
            raise LLMUnavailableError(f"cannot connect to {self.server} ({reason}); is the server running?",
                                      field="base_url") from None
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()

    # -- one request -------------------------------------------------------------------------------------

    async def _complete(self, client: Any, semaphore: asyncio.Semaphore, request: ChatRequest) -> ChatResult:
        """All ``n`` texts for one request (extra calls when the server returns fewer choices)."""
        texts: list[str] = []
        reasons: list[str | None] = []
        calls: list[list[dict[str, Any]]] = []
        usage = Usage()
        extra = 0
        while len(texts) < request.n:
            seed = None if request.seed is None else request.seed + extra
            try:
                response = await self._send(client, semaphore, request, request.n - len(texts), seed)
            except _Fatal as exc:
                if exc.unreachable and self._unreachable is None:
                    self._unreachable = self._redact(str(exc))
                return ChatResult(error=self._redact(str(exc)), usage=usage)
            choices = sorted(response.choices or [], key=lambda c: c.index)
            if not choices:
                return ChatResult(error="the server returned no choices", usage=usage)
            if any(c.message.content is None and not c.message.tool_calls for c in choices[: request.n - len(texts)]):
                # a null answer is no answer: counted as a failure, never scored as an empty prediction
                return ChatResult(error="the server answered content: null (neither text nor a tool call)",
                                  usage=usage)
            for choice in choices[: request.n - len(texts)]:
                texts.append(_strip_stop(choice.message.content or "", choice.finish_reason, request.stop))
                reasons.append(choice.finish_reason)
                if request.tools:
                    calls.append([call.model_dump(exclude_none=True) for call in choice.message.tool_calls or []])
            if response.usage is not None:
                usage.prompt_tokens += response.usage.prompt_tokens or 0
                usage.completion_tokens += response.usage.completion_tokens or 0
                self.stats.prompt_tokens += response.usage.prompt_tokens or 0
                self.stats.completion_tokens += response.usage.completion_tokens or 0
            extra += 1
        return ChatResult(texts=texts, usage=usage, finish_reasons=reasons, tool_calls=calls)

    async def _send(self, client: Any, semaphore: asyncio.Semaphore, request: ChatRequest, n: int,
                    seed: int | None) -> Any:
        """One chat completion (the ``openai`` client retries it); raises ``_Fatal`` naming why it failed."""
        async with semaphore:
            if self._unreachable is not None:  # the server went away: do not queue more attempts behind it
                raise _Fatal(f"not sent: {self._unreachable}", unreachable=True)
            self._in_flight += 1
            self.stats.max_in_flight = max(self.stats.max_in_flight, self._in_flight)
            try:
                return await self._create(client, request, n, seed)
            finally:
                self._in_flight -= 1

    async def _create(self, client: Any, request: ChatRequest, n: int, seed: int | None) -> Any:
        import openai

        params: dict[str, Any] = {
            "model": self.model,
            "messages": [m.model_dump(exclude_none=True) for m in request.messages],
            "temperature": request.temperature,
            "max_tokens": request.max_tokens,
        }
        if n != 1:
            params["n"] = n
        for name, value in (("top_p", request.top_p), ("stop", request.stop), ("seed", seed)):
            if value is not None:
                params[name] = value
        if request.tools:
            params["tools"] = request.tools
        json_mode = request.response_format is not None and self._json_mode_supported
        if json_mode:
            params["response_format"] = request.response_format
        attempts = self.max_retries + 1
        try:
            raw = await client.chat.completions.with_raw_response.create(**params)
        except openai.APIStatusError as exc:
            status = exc.status_code
            message = f"HTTP {status}: {_error_text(exc)}"
            retried = status in RETRYABLE_STATUS or status >= 500
            self._count(attempts if retried else 1)
            if retried:
                raise _Fatal(f"gave up after {attempts} attempts: {message}", status) from None
            if json_mode and status in (400, 422):
                # The server may not know JSON mode: remember that, and ask again without it.
                logger.info("%s rejected response_format (%s); asking without it", self.server, message)
                self._json_mode_supported = False
                return await self._create(client, request, n, seed)
            raise _Fatal(message, status) from None
        except openai.APIConnectionError as exc:  # includes APITimeoutError
            self._count(attempts)
            cause = exc.__cause__
            detail = f"{type(exc).__name__}: {exc}" + (f" ({type(cause).__name__}: {cause})" if cause else "")
            timeout = isinstance(exc, openai.APITimeoutError)
            raise _Fatal(f"gave up after {attempts} attempts: {detail}", unreachable=not timeout) from None
        self._count(getattr(raw, "retries_taken", 0) + 1)
        try:
            response = raw.parse()
        except (ValueError, TypeError, openai.APIResponseValidationError) as exc:
            raise _Fatal(f"HTTP {raw.status_code}: not a chat completion ({type(exc).__name__}: "
                         f"{str(exc)[:200]})", raw.status_code) from None
        if not hasattr(response, "choices"):
            body = str(response)
            preview = body if len(body) <= 120 else body[:117] + "..."
            raise _Fatal(f"HTTP {raw.status_code}: the body is not a chat completion: {preview!r}",
                         raw.status_code)
        return response

    def _count(self, attempts: int) -> None:
        self.stats.requests += attempts
        self.stats.retries += attempts - 1

    def _redact(self, text: str) -> str:
        """``text`` without the API key and with credentials taken out of its URLs."""
        if self._api_key and self._api_key != DUMMY_API_KEY:
            text = text.replace(self._api_key, "***")
        return redact_text(text)

    # -- lifecycle ---------------------------------------------------------------------------------------

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _strip_stop(text: str, finish_reason: str | None, stop: list[str] | None) -> str:
    """Drop a trailing stop sequence: OpenAI never returns it, some local servers do."""
    if stop and finish_reason == "stop":
        for sequence in stop:
            if sequence and text.endswith(sequence):
                return text[: -len(sequence)]
    return text


def _error_text(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = (inner.get("message") or inner.get("detail")) if isinstance(inner, dict) else inner
        if message:
            return str(message)[:500]
    if isinstance(body, str) and body:
        return body[:500]
    return str(getattr(exc, "message", exc))[:500]


# -- JSON answers -----------------------------------------------------------------------------------------

_FENCE = re.compile(r"```[ \t]*(?:json|JSON|python|js|javascript)?[ \t]*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_PY_LITERALS = {"true": "True", "false": "False", "null": "None"}


def _balanced(text: str, start: int) -> str | None:
    """The bracketed span opening at ``text[start]`` (``{`` or ``[``), skipping brackets inside strings."""
    closing = {"{": "}", "[": "]"}
    stack = [closing[text[start]]]
    quote: str | None = None
    i = start + 1
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch in closing:
            stack.append(closing[ch])
        elif ch in "}]":
            if ch != stack.pop():
                return None
            if not stack:
                return text[start : i + 1]
        i += 1
    return None


def _without_line_comments(text: str) -> str:
    """``text`` without ``// ...`` comments outside strings (a small model annotates values: ``"rate": 3.75, //
    Example rate``), trailing commas removed too."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(text):
        ch = text[i]
        if quote:
            out.append(ch)
            if ch == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
            out.append(ch)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        else:
            out.append(ch)
        i += 1
    return _TRAILING_COMMA.sub(r"\1", "".join(out))


def _decode(candidate: str) -> Any:
    attempts = [candidate, _TRAILING_COMMA.sub(r"\1", candidate)]
    if "//" in candidate:
        attempts.append(_without_line_comments(candidate))
    for attempt in attempts:
        try:
            value = json.loads(attempt)
        except json.JSONDecodeError:
            pass
        else:
            if isinstance(value, dict | list):
                return value
            raise ValueError("JSON, but not an object or a list")
        try:
            pythonic = re.sub(r"\b(true|false|null)\b", lambda m: _PY_LITERALS[m.group(1)], attempt)
            value = ast.literal_eval(pythonic)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict | list):
            return value
    raise ValueError("not JSON")


def parse_json_answer(text: str, *, expect: type | tuple[type, ...] | None = None) -> Any:
    """Extract the JSON object or list from an LLM answer.

    Tries, in order: the whole answer, the content of the first code fence, then every ``{``/``[`` span in
    the answer (so leading and trailing prose is ignored). Each candidate is read as JSON, then with trailing
    commas removed, then without ``//`` line comments, each also as a Python literal (single quotes,
    ``True``/``None``). ``expect=dict`` (or ``list``)
    also checks the top-level type. Raises :class:`LLMAnswerError` naming what was wrong.
    """
    if not isinstance(text, str) or not text.strip():
        raise LLMAnswerError("empty answer where JSON was expected", field="answer")
    stripped = text.strip()
    candidates = [stripped]
    candidates += [m.group(1).strip() for m in _FENCE.finditer(stripped)]
    for start, ch in enumerate(stripped):
        if ch in "{[":
            span = _balanced(stripped, start)
            if span is not None:
                candidates.append(span)
    found: list[Any] = []
    for candidate in dict.fromkeys(candidates):
        try:
            value = _decode(candidate)
        except ValueError:
            continue
        if expect is None or isinstance(value, expect):
            return value
        found.append(value)
    preview = stripped if len(stripped) <= 120 else stripped[:117] + "..."
    if found:
        names = expect.__name__ if isinstance(expect, type) else "/".join(t.__name__ for t in expect)
        raise LLMAnswerError(f"expected a JSON {names}, got {type(found[0]).__name__} in {preview!r}", field="answer")
    raise LLMAnswerError(f"no JSON object or list in the answer {preview!r}", field="answer")
