"""Training configuration: one flat YAML whose keys are TRL ``SFTConfig`` and PEFT ``LoraConfig`` names.

A recipe mixes three kinds of keys in one flat mapping, so a user who knows TRL and PEFT can read it and any key
can be overridden on the command line (``--max_steps 8``):

* :class:`TrainConfig` fields: what TRL lacks (dataset source and filters, base model, 4-bit loading, the
  long-example rule, post-training merge/eval);
* ``trl.SFTConfig`` fields (``output_dir``, ``learning_rate``, ``max_length``, ``packing``, ...);
* ``peft.LoraConfig`` fields (``r``, ``lora_alpha``, ``lora_dropout``, ``target_modules``, ...).

The three name sets are disjoint (checked at import). Values are coerced to the type each field declares, so
``learning_rate: 1e-5`` (a string to YAML 1.1) and ``--max_steps 8`` (a string on the command line) both work.
An unknown key is an error that names the key, where it came from, and the closest valid name.

A recipe written for TRL's own scripts (``TrlParser`` over ``ScriptArguments``, ``SFTConfig``, ``ModelConfig``)
loads too: ``lora_r``, ``lora_target_modules``, ``dataset_name``, ``dtype``… are translated (:data:`TRL_KEYS`).
We do not parse with ``TrlParser`` itself: ``HfArgumentParser`` cannot build options from ``peft.LoraConfig``
(its union-typed fields), TRL's ``--config`` reading is an unbounded ``yaml.safe_load``, and it rejects the keys
TRL lacks (dataset filters, the length rule) without suggestions. The file is read by :mod:`tooldial.safe_yaml`.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import functools
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from tooldial.errors import ConfigError
from tooldial.safe_yaml import load_yaml_file, load_yaml_text, short_repr

SftTask = Literal["dst", "action", "faithfulness", "overall"]
Setting = Literal["gt", "nogt"]

#: Keys of SFTConfig / LoraConfig that tooldial sets itself; using them is an error with a pointer.
MANAGED_KEYS: dict[str, str] = {
    "chat_template_path": "use `chat_template` (tooldial applies it before measuring example lengths)",
    "dataset_text_field": "the `sft` config is conversational; there is no text field to choose",
    "assistant_only_loss": "tooldial trains on the assistant target only (prompt/completion masking) already",
    "completion_only_loss": "tooldial trains on the assistant target only (prompt/completion masking) already",
    "peft_type": "tooldial trains LoRA adapters (set `use_peft: false` for full fine-tuning)",
    "task_type": "always CAUSAL_LM",
    "base_model_name_or_path": "use `model_name_or_path`",
    "inference_mode": "set by PEFT",
    "auto_mapping": "set by PEFT",
    "peft_version": "set by PEFT",
}



class TrainConfig(BaseModel):
    """What a training run needs beyond ``SFTConfig`` and ``LoraConfig``."""

    model_config = ConfigDict(extra="forbid")

    model_name_or_path: str = Field(description="Base model: a local dir, a Hub id, or `smollm2-135m-local`.")
    base_model_id: str | None = Field(
        None, description="Hub id of the base model, written into the adapter config and model card so the adapter "
        "can be shared (default: known for aliases and Hub ids; otherwise the local path stays, with a warning).")
    dataset: str = Field(description="A tooldial dataset directory or Hub id holding the `sft` config.")
    dataset_config: str = "sft"
    dataset_revision: str | None = None
    train_split: str = "train"
    validation_split: str | None = Field(
        None, description="Split scored for eval_loss during training (with eval_strategy != 'no').")
    tasks: list[SftTask] | None = Field(None, description="Train only on these `task` values (default: all).")
    settings: list[Setting] | None = Field(None, description="Train only on these `setting` values (default: all).")
    max_train_samples: int | None = Field(
        None, ge=1, description="Keep a seeded random subset of this many rows (after filtering).")
    max_eval_samples: int | None = Field(None, ge=1, description="Same, for `validation_split`.")
    include_tools: bool = Field(
        False, description="Pass the row's `tools` (the APIs retrieved before the turn) to the chat template. "
        "Off: the A.13 prompts already hold the API documentation, and the evaluation sends no tools either.")
    long_examples: Literal["skip", "truncate", "trim_history"] = Field(
        "skip", description="Rows whose templated prompt+answer exceed `max_length` tokens: `skip` drops and "
        "counts them; `truncate` lets TRL cut them (`truncation_mode`) and counts them; `trim_history` drops the "
        "oldest dialogue-history lines of the prompt until the row fits (instruction and answer whole), skipping "
        "rows that still do not fit. Skipping biases the labels towards early turns (short histories).")
    max_chars: int | None = Field(
        None, ge=1, description="Also skip rows whose templated text exceeds this many characters (the original "
        "release used 15000).")
    max_chars_by_task: dict[str, int] = Field(
        default_factory=dict, description="Per-task `max_chars` (the original: {faithfulness: 10000}).")
    chat_template: str | None = Field(
        None, description="Chat template override: a .jinja file, a tokenizer directory, or the template text.")
    use_peft: bool = Field(True, description="Train a LoRA adapter (false: full fine-tuning).")
    load_in_4bit: bool = False
    load_in_8bit: bool = False
    bnb_4bit_quant_type: Literal["nf4", "fp4"] = "nf4"
    bnb_4bit_use_double_quant: bool = False
    bnb_4bit_compute_dtype: str = "bfloat16"
    resume: bool = Field(False, description="Continue from the last checkpoint in `output_dir`.")
    merge: bool = Field(False, description="Also write the base model with the adapter merged in (`merged/`).")
    eval: bool = Field(False, description="After training, run the evaluation tasks with the `hf` backend.")
    eval_tasks: list[SftTask] = Field(default_factory=lambda: ["action", "dst"])
    eval_settings: list[Setting] = Field(default_factory=lambda: ["gt", "nogt"])
    eval_split: str = "test"
    eval_limit: int | None = Field(None, ge=1, description="Score at most this many samples per task/setting.")
    eval_max_new_tokens: int | None = Field(
        None, ge=1, description="Override the benchmark's per-task generation limit (e.g. 16 for action on CPU).")


#: TRL recipe keys (``trl.ModelConfig`` / ``trl.ScriptArguments``, what ``TrlParser`` reads in TRL's own scripts)
#: → our key. ``use_peft``, ``lora_alpha``, ``lora_dropout``, ``load_in_4bit``… are the same name in both, so a TRL
#: SFT recipe loads here as is (note: TRL's ``use_peft`` defaults to false, ours to true).
TRL_KEYS: dict[str, str] = {
    "lora_r": "r",
    "lora_target_modules": "target_modules",
    "lora_target_parameters": "target_parameters",
    "lora_modules_to_save": "modules_to_save",
    "use_bnb_nested_quant": "bnb_4bit_use_double_quant",
    "dataset_name": "dataset",
    "dataset_train_split": "train_split",
    "dataset_test_split": "validation_split",
}
#: TRL ``ModelConfig`` keys that are ``from_pretrained`` arguments: routed into ``model_init_kwargs``.
TRL_MODEL_INIT_KEYS = ("dtype", "attn_implementation", "model_revision")


def _from_trl(key: str, value: Any, data: dict[str, Any], source: str) -> tuple[str, Any] | None:
    """Translate a TRL recipe key; ``None`` when it was folded into ``data`` (``model_init_kwargs``)."""
    if key in TRL_MODEL_INIT_KEYS:
        init = dict(data.get("model_init_kwargs") or {})
        init["revision" if key == "model_revision" else key] = value
        data["model_init_kwargs"] = init
        return None
    if key == "lora_task_type":
        if str(value) != "CAUSAL_LM":
            raise ConfigError(f"tooldial trains causal LMs only (got {short_repr(value)})", file=source, field=key)
        return None
    target = TRL_KEYS[key]
    if target in data:
        raise ConfigError(f"both `{key}` (TRL's name) and `{target}` are set; keep one", file=source, field=key)
    return target, value


@functools.cache
def _dataclass_hints(cls: type) -> dict[str, Any]:
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    return {k: v for k, v in typing.get_type_hints(cls).items() if k in names}


@functools.cache
def key_sections() -> dict[str, str]:
    """Every valid key → the section that owns it (``tooldial``, ``sft``, ``lora``)."""
    from peft import LoraConfig
    from trl import SFTConfig

    sections: dict[str, str] = {}
    for section, names in (
        ("tooldial", TrainConfig.model_fields),
        ("sft", _dataclass_hints(SFTConfig)),
        ("lora", _dataclass_hints(LoraConfig)),
    ):
        for name in names:
            if name in MANAGED_KEYS:
                continue
            if name in sections:  # pragma: no cover - a TRL/PEFT upgrade introduced a clash
                raise RuntimeError(f"config key {name!r} is defined by both {sections[name]} and {section}")
            sections[name] = section
    return sections


@functools.cache
def _adapter(hint: Any) -> TypeAdapter | None:
    try:
        return TypeAdapter(hint)
    except Exception:  # a type pydantic cannot build a validator for: pass values through unchanged
        return None


def _field_hint(section: str, key: str) -> Any:
    from peft import LoraConfig
    from trl import SFTConfig

    if section == "tooldial":
        return TrainConfig.model_fields[key].annotation
    return _dataclass_hints(SFTConfig if section == "sft" else LoraConfig)[key]


def coerce_value(key: str, value: Any, *, source: str, from_text: bool = False) -> Any:
    """Convert ``value`` to the type that ``key``'s field declares; raise :class:`ConfigError` if impossible.

    ``from_text`` values come from the command line: they are read as YAML first (``8`` → 8, ``[a, b]`` → a
    list, ``{faithfulness: 10000}`` → a dict), and kept as the raw string where the field wants text.
    """
    section = key_sections()[key]
    adapter = _adapter(_field_hint(section, key))
    candidates = [value]
    if from_text:
        try:
            parsed = load_yaml_text(value, source="command line") if value != "" else ""
        except ConfigError:
            parsed = value
        candidates = [parsed, value] if parsed != value else [value]
    if adapter is None:
        return candidates[0]
    error: ValidationError | None = None
    attempts = [*candidates, *(n for n in map(_number_from_text, candidates) if n is not None)]
    for attempt in attempts:
        try:
            result = adapter.validate_python(attempt)
        except ValidationError as exc:
            error = error or exc
            continue
        if isinstance(result, enum.Enum):
            return result.value
        if type(attempt) is int and isinstance(result, float) and result == attempt:
            return attempt  # `float` fields that mean a count (warmup_steps, save_steps) keep their int
        return result
    assert error is not None
    problem = error.errors()[0].get("msg", str(error))
    raise ConfigError(f"cannot use {short_repr(value)}: {problem}", file=source, field=key)


def _number_from_text(value: Any) -> Any:
    """YAML 1.1 reads ``1e-5`` as a string; give numeric fields a second chance."""
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def _unknown_key(key: str, source: str) -> ConfigError:
    if key in MANAGED_KEYS:
        return ConfigError(f"`{key}` is managed by tooldial: {MANAGED_KEYS[key]}", file=source, field=key)
    close = difflib.get_close_matches(key, list(key_sections()), n=1, cutoff=0.6)
    hint = f"; did you mean `{close[0]}`?" if close else " (valid keys: TrainConfig, trl.SFTConfig and " \
        "peft.LoraConfig field names)"
    return ConfigError(f"unknown config key `{key}`{hint}", file=source, field=key)


@dataclasses.dataclass
class ResolvedConfig:
    """A recipe after overrides and type coercion, split by the library that consumes each key."""

    tooldial: TrainConfig
    sft: dict[str, Any]
    lora: dict[str, Any]
    #: Every key the user set (recipe + overrides), coerced: what ``train_config.yaml`` records.
    explicit: dict[str, Any]
    source: str = "<config>"

    @property
    def output_dir(self) -> Path:
        return Path(self.sft["output_dir"])

    @property
    def max_length(self) -> int | None:
        """Tokens per training row (TRL's default 1024 when the recipe does not say; None: no limit)."""
        return self.sft.get("max_length", 1024)

    def to_yaml(self) -> str:
        """The flat recipe that reproduces this run (``tooldial train --config <output_dir>/train_config.yaml``)."""
        return yaml.safe_dump(_plain(self.explicit), sort_keys=False, allow_unicode=True)

    def build_sft_config(self, **defaults: Any):
        """``trl.SFTConfig`` from the sft keys; ``defaults`` fill keys the user did not set."""
        from trl import SFTConfig

        kwargs = {**defaults, **self.sft}
        try:
            return SFTConfig(**kwargs)
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"invalid SFTConfig: {exc}", file=self.source) from exc

    def build_lora_config(self):
        from peft import LoraConfig, TaskType

        try:
            return LoraConfig(task_type=TaskType.CAUSAL_LM, **self.lora)
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"invalid LoraConfig: {exc}", file=self.source) from exc


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set):
        return [_plain(v) for v in value]
    return value


def parse_overrides(args: Sequence[str]) -> dict[str, str | bool]:
    """``["--max_steps", "8", "--merge", "--lr=1"]`` → ``{"max_steps": "8", "merge": True, "lr": "1"}``.

    A flag without a value means ``true``; ``--chat-template`` and ``--chat_template`` are the same key.
    """
    overrides: dict[str, str | bool] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or arg == "--":
            raise ConfigError(f"expected --key value, got {arg!r}", file="command line")
        key, eq, value = arg[2:].partition("=")
        key = key.replace("-", "_")
        if eq:
            overrides[key] = value
            i += 1
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            overrides[key] = args[i + 1]
            i += 2
        else:
            overrides[key] = True
            i += 1
    return overrides


def load_train_config(
    config: str | Path | Mapping[str, Any] | None = None,
    overrides: Mapping[str, Any] | Sequence[str] | None = None,
) -> ResolvedConfig:
    """Read a recipe (YAML path or mapping), apply overrides, coerce every value, check every key.

    ``overrides`` is a mapping (values already typed, or strings from a command line) or a raw argument list
    such as ``["--max_steps", "8"]``.
    """
    source = "<config>"
    data: dict[str, Any] = {}
    if isinstance(config, str | Path):
        path = Path(config)
        source = str(path)
        if not path.is_file():
            raise ConfigError("config file not found", file=source)
        loaded = load_yaml_file(path)  # size- and alias-bounded, one-line errors
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise ConfigError("a training recipe must be a mapping of key: value", file=source)
        data = loaded
    elif config is not None:
        data = dict(config)

    explicit: dict[str, Any] = {}
    sections = key_sections()
    translated: dict[str, Any] = {}
    for key, value in data.items():
        key = str(key)
        if key in TRL_KEYS or key in TRL_MODEL_INIT_KEYS or key == "lora_task_type":
            mapped = _from_trl(key, value, translated, source)
            if mapped is not None:
                translated[mapped[0]] = mapped[1]
        else:
            if key in translated and key in TRL_KEYS.values():
                raise ConfigError(f"`{key}` is also set under its TRL name; keep one", file=source, field=key)
            translated[key] = value
    for key, value in translated.items():
        if key not in sections:
            raise _unknown_key(key, source)
        explicit[key] = coerce_value(key, value, source=source)

    if overrides is not None and not isinstance(overrides, Mapping):
        overrides = parse_overrides(list(overrides))
    for key, value in (overrides or {}).items():
        key = key.replace("-", "_")
        key = TRL_KEYS.get(key, key)
        if key not in sections:
            raise _unknown_key(key, "command line")
        explicit[key] = coerce_value(key, value, source="command line", from_text=isinstance(value, str))

    for required in ("model_name_or_path", "dataset", "output_dir"):
        if explicit.get(required) in (None, ""):
            raise ConfigError(f"missing required key `{required}` (set it in the recipe or pass --{required})",
                              file=source, field=required)

    own = {k: v for k, v in explicit.items() if sections[k] == "tooldial"}
    try:
        tooldial_config = TrainConfig(**own)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigError(err["msg"], file=source, field=".".join(str(p) for p in err["loc"])) from exc
    if tooldial_config.load_in_4bit and tooldial_config.load_in_8bit:
        raise ConfigError("choose one of load_in_4bit and load_in_8bit", file=source, field="load_in_4bit")
    return ResolvedConfig(
        tooldial=tooldial_config,
        sft={k: v for k, v in explicit.items() if sections[k] == "sft"},
        lora={k: v for k, v in explicit.items() if sections[k] == "lora"},
        explicit=explicit,
        source=source,
    )
