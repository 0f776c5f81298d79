"""The one interface every evaluation backend implements: a batch of prompts in, a batch of completions out.

In the spirit of lm-evaluation-harness's model classes, a backend knows nothing about tasks or scoring: it turns
:class:`GenerationRequest` s into strings. The harness does batching across examples, caching, resumption,
parsing and scoring around it. Policy backends (``oracle``, ``rule``, ``random``) read the gold row that rides
along in :attr:`GenerationRequest.example` — it is never part of the cache key.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field


class GenerationRequest(BaseModel):
    """One prompt: chat messages, then the assistant text the model must continue from."""

    model_config = ConfigDict(extra="forbid")

    task: str
    setting: str | None = None
    example_id: str = ""
    messages: list[dict[str, str]] = Field(min_length=1)
    #: Text forced at the start of the assistant turn (the release's prefix, or the trace so far in ``overall``).
    assistant_prefix: str = ""
    max_new_tokens: int = Field(300, ge=1)
    temperature: float = Field(0.0, ge=0.0)
    #: Generation stops before any of these strings (they are not part of the completion).
    stop: list[str] = Field(default_factory=list)
    #: The dataset row, for policy backends only; excluded from :meth:`input_hash`.
    example: dict[str, Any] = Field(default_factory=dict, repr=False)

    def input_hash(self) -> str:
        """sha256 over everything that determines the completion (not the gold row)."""
        payload = {
            "messages": self.messages,
            "assistant_prefix": self.assistant_prefix,
            "max_new_tokens": self.max_new_tokens,
            "temperature": self.temperature,
            "stop": self.stop,
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class Backend(ABC):
    """A text generator. Subclasses set :attr:`name` and implement :meth:`generate`.

    ``cacheable`` is ``False`` for policy backends: they answer instantly from the gold row, which the
    prediction cache key does not cover. :attr:`failures` maps the index of a request that could not be
    answered (a server error after all retries) to its reason; such completions are ``""``, scored wrong and
    never cached, so a rerun tries them again.
    """

    name: ClassVar[str] = "base"
    cacheable: ClassVar[bool] = True

    def __init__(self) -> None:
        self.failures: dict[int, str] = {}

    @abstractmethod
    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        """One completion per request, in order."""

    def fingerprint(self) -> dict[str, Any]:
        """What identifies this model for the prediction cache (model, adapter, decoding settings)."""
        return {"backend": self.name}

    def describe(self) -> dict[str, Any]:
        """Config shown in ``results.json`` (never secrets)."""
        return self.fingerprint()

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release models, connections."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def make_backend(name: str, **options: Any) -> Backend:
    """The backend registered as ``name`` in :data:`tooldial.registry.BACKENDS` (imports lazily: ``oracle``
    never imports torch)."""
    from tooldial.registry import BACKENDS

    return BACKENDS.create(name, **options)
