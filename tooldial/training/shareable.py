"""The base model an adapter names: the Hub id in ``adapter_config.json``, written after peft has saved.

While peft saves an adapter it checks whether the base model's vocabulary changed, reading ``config.json`` of
``base_model_name_or_path``: a local directory is read from disk, a Hub id is looked up on huggingface.co (a
network request, or a warning offline). So the base stays the local checkpoint while saving, and the shareable Hub
id is written into ``adapter_config.json`` afterwards (the final adapter and every ``checkpoint-N``).
"""

from __future__ import annotations

import json
from pathlib import Path

from transformers import TrainerCallback

ADAPTER_CONFIG = "adapter_config.json"


def name_adapter_base(adapter_dir: str | Path, base_model_id: str) -> None:
    """Record ``base_model_id`` as the base of the adapter saved in ``adapter_dir`` (no-op without an adapter)."""
    path = Path(adapter_dir) / ADAPTER_CONFIG
    if not path.is_file():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    data["base_model_name_or_path"] = base_model_id
    path.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")  # peft's own layout


class ShareableBaseCallback(TrainerCallback):
    """Names the Hub id as the base of every checkpoint the trainer saves."""

    def __init__(self, base_model_id: str) -> None:
        self.base_model_id = base_model_id

    def on_save(self, args, state, control, **kwargs):  # noqa: ANN001, ANN201 (transformers' callback signature)
        if state.is_world_process_zero:
            name_adapter_base(Path(args.output_dir) / f"checkpoint-{state.global_step}", self.base_model_id)
        return control
