"""Base model resolution, tokenizer and chat template, 4-bit loading, adapter merging."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tooldial.errors import ConfigError
from tooldial.model_resolver import resolve_model
from tooldial.training.config import TrainConfig


def resolve_model_path(name: str) -> str:
    """What ``from_pretrained`` loads for ``name`` (see :func:`tooldial.model_resolver.resolve_model`)."""
    return resolve_model(name).path


def read_chat_template(spec: str) -> str:
    """A chat template from a ``.jinja`` file, a tokenizer directory, or the template text itself."""
    path = Path(spec).expanduser()
    if path.is_file():
        return path.read_text(encoding="utf-8")
    if path.is_dir():
        from transformers import AutoTokenizer

        template = AutoTokenizer.from_pretrained(path).chat_template
        if not template:
            raise ConfigError("this tokenizer has no chat template either", file=spec, field="chat_template")
        return template
    if "{{" in spec or "{%" in spec:
        return spec
    raise ConfigError("not a file, a tokenizer directory or a Jinja template", file=spec, field="chat_template")


def load_tokenizer(model_path: str, config: TrainConfig, *, trust_remote_code: bool = False):
    """The model's tokenizer with a usable chat template (the override if given) and a pad token."""
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(model_path, trust_remote_code=trust_remote_code)
    except OSError as exc:
        raise ConfigError(f"cannot load the tokenizer: {exc}", file=model_path, field="model_name_or_path") from exc
    if config.chat_template:
        tokenizer.chat_template = read_chat_template(config.chat_template)
    if not tokenizer.chat_template:
        raise ConfigError(
            "the model has no chat template, so the `sft` messages cannot be rendered; pass "
            "--chat_template FILE.jinja (or a tokenizer directory whose template fits this model)",
            file=model_path, field="chat_template")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def quantization_config(config: TrainConfig) -> Any | None:
    """A ``BitsAndBytesConfig`` for QLoRA (``load_in_4bit``) or 8-bit loading; ``None`` otherwise."""
    if not (config.load_in_4bit or config.load_in_8bit):
        return None
    import importlib.util

    import torch

    if importlib.util.find_spec("bitsandbytes") is None:
        raise ConfigError("4/8-bit loading needs bitsandbytes (a GPU-only optional dependency: "
                          "pip install bitsandbytes)", field="load_in_4bit")
    if not torch.cuda.is_available():
        raise ConfigError("4/8-bit loading (bitsandbytes) needs a CUDA GPU; drop load_in_4bit to train on CPU",
                          field="load_in_4bit")
    from transformers import BitsAndBytesConfig

    if config.load_in_8bit:
        return BitsAndBytesConfig(load_in_8bit=True)
    return BitsAndBytesConfig(
        load_in_4bit=True,
        bnb_4bit_quant_type=config.bnb_4bit_quant_type,
        bnb_4bit_use_double_quant=config.bnb_4bit_use_double_quant,
        bnb_4bit_compute_dtype=getattr(torch, config.bnb_4bit_compute_dtype),
    )


def merge_adapter(adapter_dir: str | Path, out_dir: str | Path, *, base_model: str,
                  dtype: str = "auto") -> Path:
    """Load the base model unquantized, fold the LoRA adapter in, save model + tokenizer to ``out_dir``.

    QLoRA adapters are merged into the full-precision base (merging into 4-bit weights would round them).
    """
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    torch_dtype = dtype if dtype == "auto" else getattr(torch, dtype)
    base = AutoModelForCausalLM.from_pretrained(base_model, dtype=torch_dtype)
    merged = PeftModel.from_pretrained(base, str(adapter_dir)).merge_and_unload()
    out = Path(out_dir)
    merged.save_pretrained(out)
    AutoTokenizer.from_pretrained(adapter_dir).save_pretrained(out)
    return out
