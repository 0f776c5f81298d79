"""The options every simulation run shares (user simulator, system under test, trials, caches) and the LLM
client they open: one definition for ``simulate`` and the AutoDE suite."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from tooldial.errors import ConfigError


class RunOptions(BaseModel):
    """Fields shared by :class:`~tooldial.simulation.runner.SimulationConfig` and
    :class:`~tooldial.simulation.autode.AutoDEConfig`. A config lists its own inputs in a second base placed
    after this one (``class Config(RunOptions, Inputs)``), so its inputs come first in ``model_dump()`` and
    ``results.json``; a config that redeclares a field here (another default) keeps the field's place."""

    limit: int | None = Field(None, ge=1)
    user: Literal["scripted", "llm"] = "scripted"
    user_base_url: str | None = None
    user_model: str | None = None
    user_max_tokens: int = Field(96, ge=1)
    user_temperature: float = Field(0.0, ge=0.0)
    max_user_turns: int | None = Field(None, ge=1)
    system: str = "oracle"
    protocol: Literal["tooldial", "native"] = "tooldial"
    model: str | None = None
    adapter: str | None = None
    base_url: str | None = None
    batch_size: int = Field(8, ge=1)
    max_concurrency: int = Field(8, ge=1)
    max_new_tokens: int = Field(256, ge=1)
    max_rounds: int = Field(8, ge=1)
    trials: int = Field(1, ge=1)
    seed: int = 0
    #: Seconds per LLM request before it is given up or retried, and attempts per request (the user simulator's
    #: and the system's servers; as ``tooldial graph build --timeout/--max-attempts``).
    timeout: float = Field(600.0, gt=0.0)
    max_attempts: int = Field(6, ge=1)
    cache_dir: str | None = None
    use_cache: bool = True
    progress: bool = True
    out: str


def llm_client(base_url: str | None, model: str | None, options: RunOptions, what: str) -> Any:
    """An :class:`tooldial.llm.LLMClient` caching under ``<cache_dir>/llm``; ``what`` names the option at fault
    when the URL or model is missing."""
    from tooldial.llm import LLMClient

    if not base_url or not model:
        raise ConfigError(f"the {what} needs a server URL and a model name", field=what)
    cache_dir = None if options.cache_dir is None else str(Path(options.cache_dir) / "llm")
    return LLMClient(base_url, model, cache_dir=cache_dir, use_cache=options.use_cache,
                     max_concurrency=options.max_concurrency, timeout=options.timeout,
                     max_retries=options.max_attempts - 1)
