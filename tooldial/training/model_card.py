"""The model card (``README.md``) of a trained adapter: base model, dataset, recipe and what training measured.

Built with ``huggingface_hub``'s :class:`~huggingface_hub.ModelCard` / :class:`~huggingface_hub.ModelCardData`,
so ``base_model`` links the adapter to its base on the Hub (when the Hub id is known, see ``base_model_id``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CARD_FILE = "README.md"


def _hub_dataset(dataset: str) -> str | None:
    """The dataset's Hub id, or ``None`` for a local directory."""
    return None if Path(dataset).expanduser().exists() or dataset.count("/") != 1 else dataset


def _evaluation_section(results: dict[str, Any]) -> str:
    """Accuracies with their 95% intervals and n from a ``results.json``, and the caveats of that run."""
    from tooldial.evaluation.provenance import caveats

    config = results.get("config") or {}
    rows = ["| task | setting | accuracy % (95% interval) | n |", "|---|---|---|---|"]
    for task, settings in (results.get("tasks") or {}).items():
        for setting, m in settings.items():
            low, high = m.get("accuracy_ci") or (None, None)
            ci = f" [{100 * low:.1f}, {100 * high:.1f}]" if low is not None else ""
            rows.append(f"| {task} | {setting} | {100 * m.get('accuracy', 0.0):.1f}{ci} | {m.get('n')} |")
    notes = "".join(f"- {line}\n" for line in caveats(results))
    return (f"## Evaluation\n\n`tooldial eval` on split `{config.get('split')}`"
            + (f" (first {config['limit']} examples per task and setting)" if config.get("limit") else "")
            + ":\n\n" + "\n".join(rows) + "\n\n" + (f"Caveats:\n\n{notes}\n" if notes else ""))


def render_model_card(*, base_model: str, base_model_id: str | None, dataset: str, recipe_yaml: str,
                      metrics: dict[str, Any], use_peft: bool = True, evaluation: dict[str, Any] | None = None) -> str:
    """The card text. ``metrics`` holds ``global_step``, ``loss_first``, ``loss_last`` and the rows summary;
    ``evaluation`` is the ``results.json`` of the post-training evaluation, when one ran."""
    from huggingface_hub import ModelCard, ModelCardData

    hub_dataset = _hub_dataset(dataset)
    data = ModelCardData(
        base_model=base_model_id,
        datasets=[hub_dataset] if hub_dataset else None,
        library_name="peft" if use_peft else "transformers",
        pipeline_tag="text-generation",
        tags=["tooldial", "trl", "sft", *(["lora"] if use_peft else []), "tool-use"],
    )
    base = f"[`{base_model_id}`](https://huggingface.co/{base_model_id})" if base_model_id else f"`{base_model}` " \
        "(a local checkpoint; no Hub id was given — retrain or edit `adapter_config.json` with `--base_model_id`)"
    data_text = f"[`{hub_dataset}`](https://huggingface.co/datasets/{hub_dataset})" if hub_dataset else f"`{dataset}`"
    kind = "A LoRA adapter for" if use_peft else "A full fine-tune of"
    usage = (
        "```python\nfrom peft import AutoPeftModelForCausalLM\n\n"
        "model = AutoPeftModelForCausalLM.from_pretrained(\"path/to/this/adapter\")\n```\n\n"
        "or `tooldial eval --backend hf --adapter path/to/this/adapter --dataset DATASET --out RUN_DIR` (the base "
        "model is read from `adapter_config.json`).\n"
    ) if use_peft else ""
    body = (
        f"# {kind} {base_model_id or Path(base_model).name}\n\n"
        f"{kind} {base}, fine-tuned with `tooldial train` (TRL `SFTTrainer`, loss on the assistant completion only) "
        f"on the `sft` config of the ToolDial dataset {data_text}.\n\n"
        "## Training\n\n"
        f"- steps: {metrics.get('global_step')}\n"
        f"- loss: {metrics.get('loss_first')} → {metrics.get('loss_last')}\n"
        f"- rows: {metrics.get('rows', '')}\n\n"
        "Recipe (`train_config.yaml`; rerun with `tooldial train --config train_config.yaml`):\n\n"
        f"```yaml\n{recipe_yaml.rstrip()}\n```\n\n"
        + (_evaluation_section(evaluation) if evaluation else "")
        + "## Use\n\n"
        f"{usage}\n"
        "## Limitations\n\n"
        "Trained on synthetic dialogues (see the dataset card); scores on a synthetic test split are not the "
        "paper's benchmark numbers.\n"
    )
    return str(ModelCard(f"---\n{data.to_yaml()}\n---\n\n{body}"))
