"""One model resolver for train and eval: aliases, packaged Hub ids, local dirs, adapters → base model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.model_resolver import SMOLLM2_HUB_ID, resolve_model


def _adapter(path: Path, base: str | None) -> Path:
    path.mkdir(parents=True)
    (path / "adapter_config.json").write_text(json.dumps({"peft_type": "LORA", "base_model_name_or_path": base}))
    return path


def test_alias_hub_id_and_local_dir_of_the_packaged_model_agree(smollm2_dir):
    by_alias = resolve_model("smollm2-135m-local")
    assert by_alias.path == str(smollm2_dir.resolve()) and by_alias.hub_id == SMOLLM2_HUB_ID
    assert resolve_model(SMOLLM2_HUB_ID).path == by_alias.path  # offline: the Hub id maps to the packaged copy
    by_dir = resolve_model(str(smollm2_dir))
    assert by_dir.path == by_alias.path and by_dir.hub_id == SMOLLM2_HUB_ID
    assert by_alias.short_name == "SmolLM2-135M-Instruct"


def test_other_hub_ids_pass_through_and_typos_get_a_suggestion(tmp_path):
    qwen = resolve_model("Qwen/Qwen2.5-0.5B-Instruct")
    assert qwen.path == qwen.hub_id == "Qwen/Qwen2.5-0.5B-Instruct" and qwen.adapter is None
    with pytest.raises(ConfigError, match="did you mean `smollm2-135m-local`"):
        resolve_model("smollm2-135m-locl")
    with pytest.raises(ConfigError, match="model not found"):
        resolve_model(str(tmp_path / "missing"))


def test_adapter_alone_or_as_model_names_its_base(tmp_path, smollm2_dir):
    adapter = _adapter(tmp_path / "run", SMOLLM2_HUB_ID)
    for resolved in (resolve_model(None, str(adapter)), resolve_model(str(adapter))):
        assert resolved.adapter == str(adapter.resolve())
        assert resolved.path == str(smollm2_dir.resolve()) and resolved.hub_id == SMOLLM2_HUB_ID
    explicit = resolve_model("Org/base", str(adapter))  # --model wins over the adapter config
    assert explicit.path == "Org/base" and explicit.adapter == str(adapter.resolve())


def test_broken_adapters_are_one_line_errors(tmp_path):
    with pytest.raises(ConfigError, match="names no base model"):
        resolve_model(None, str(_adapter(tmp_path / "nobase", None)))
    with pytest.raises(ConfigError, match="not a PEFT adapter folder"):
        resolve_model("smollm2-135m-local", str(tmp_path))
    with pytest.raises(ConfigError, match="no model given"):
        resolve_model(None)


@pytest.mark.slow
def test_eval_hf_backend_takes_the_training_alias(smollm2_dir):
    from tooldial.evaluation.backends.hf import HFBackend

    backend = HFBackend("smollm2-135m-local", batch_size=1)
    try:
        assert backend.model_name == str(smollm2_dir.resolve()) and backend.adapter is None
    finally:
        backend.close()
