"""``openai``: any OpenAI-compatible chat server (OpenAI, vLLM, TGI, ``transformers serve``) via
:class:`tooldial.llm.LLMClient` — concurrent with a bound, retried, cached.

Completions of the evaluated model are cached once, by the harness's prediction cache, so the runner builds this
backend with ``use_cache=False``; the faithfulness judge, whose verdicts the prediction cache does not hold, keeps
the client's own cache.

Chat APIs cannot force the start of the assistant turn, so the task's assistant prefix (and, in ``overall``,
the trace written so far) is appended to the end of the user message: the model sees it as the last lines of
the dialogue and continues from there.
"""

from __future__ import annotations

from typing import Any

from tooldial.errors import ConfigError
from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.traces import cut_at_stop


class OpenAIBackend(Backend):
    name = "openai"

    def __init__(self, model: str, base_url: str | None = None, *, api_key: str | None = None,
                 max_concurrency: int = 8, max_retries: int = 5, timeout: float = 120.0,
                 cache_dir: str | None = None, use_cache: bool = True, seed: int = 0, **_: object) -> None:
        super().__init__()
        from tooldial.llm import LLMClient

        if not model:
            raise ConfigError("the openai backend needs --model (the served model name)", field="model")
        if not base_url:
            raise ConfigError("the openai backend needs --base-url (e.g. http://localhost:8000/v1)",
                              field="base_url")
        self.model_name = model
        self.base_url = base_url
        self.seed = seed
        self.client = LLMClient(base_url, model, api_key=api_key, cache_dir=cache_dir, use_cache=use_cache,
                                max_concurrency=max_concurrency, max_retries=max_retries, timeout=timeout)

    def fingerprint(self) -> dict[str, Any]:
        return {"backend": self.name, "model": self.model_name, "base_url": self.base_url}

    def describe(self) -> dict[str, Any]:
        return {**self.fingerprint(), "max_concurrency": self.client.max_concurrency,
                "max_retries": self.client.max_retries}

    def chat_request(self, request: GenerationRequest, *, n: int = 1, temperature: float | None = None,
                     max_tokens: int | None = None, role: str | None = None) -> Any:
        from tooldial.llm import ChatRequest

        messages = [dict(m) for m in request.messages]
        if request.assistant_prefix:
            messages[-1]["content"] = messages[-1]["content"].rstrip("\n") + "\n" + request.assistant_prefix
        if role:
            messages[-1]["role"] = role
        return ChatRequest(
            messages=messages,
            temperature=request.temperature if temperature is None else temperature,
            max_tokens=max_tokens or request.max_new_tokens,
            n=n,
            stop=request.stop or None,
            seed=self.seed,
        )

    def _chat(self, chat_requests: list[Any]) -> list[Any]:
        self.failures = {}
        results = self.client.chat(chat_requests, progress=False)
        for i, result in enumerate(results):
            if result.error is not None:
                self.failures[i] = result.error
        return results

    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        results = self._chat([self.chat_request(r) for r in requests])
        return [cut_at_stop(res.text, r.stop) for r, res in zip(requests, results, strict=True)]

    def sample(self, requests: list[GenerationRequest], *, n: int, temperature: float, max_tokens: int,
               role: str | None = None) -> list[list[str]]:
        """``n`` samples per request (the faithfulness judge); a failed request gives ``[]``."""
        results = self._chat([self.chat_request(r, n=n, temperature=temperature, max_tokens=max_tokens, role=role)
                              for r in requests])
        return [list(res.texts) for res in results]

    def close(self) -> None:
        self.client.close()
