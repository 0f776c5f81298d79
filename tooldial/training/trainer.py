"""``train(config)``: LoRA/QLoRA supervised fine-tuning on a tooldial `sft` config with ``trl.SFTTrainer``.

No custom loop: the data is turned into TRL's conversational prompt/completion form, the model is loaded by
``SFTTrainer`` itself (from ``model_name_or_path`` + ``model_init_kwargs`` + our ``BitsAndBytesConfig``), and
accelerate does the device placement, so ``accelerate launch -m tooldial.cli train --config ...`` runs the same
code on N GPUs. What tooldial adds around it: key checking, the length rule and its counts, metrics, the loss
PNG, resume safety, merge and post-training evaluation.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tooldial.errors import ConfigError
from tooldial.training.config import ResolvedConfig, load_train_config
from tooldial.training.data import (
    LengthReport,
    apply_length_rules,
    filter_rows,
    load_sft_split,
    measure_rows,
    prepare_rows,
    subsample,
    trim_rows,
)
from tooldial.training.metrics import ThroughputCallback, loss_history, plot_loss
from tooldial.training.model import load_tokenizer, merge_adapter, quantization_config
from tooldial.training.shareable import ShareableBaseCallback, name_adapter_base

log = logging.getLogger(__name__)

CONFIG_FILE = "train_config.yaml"
METRICS_FILE = "train_metrics.json"
LOSS_PNG = "loss.png"


class TrainResult(BaseModel):
    """What a run wrote and measured (also saved as ``train_metrics.json``)."""

    output_dir: str
    base_model: str
    train_rows: LengthReport
    global_step: int
    resumed_from: str | None = None
    train_runtime_s: float
    train_tokens: int
    tokens_per_second: float
    loss_first: float | None = None
    loss_last: float | None = None
    train_loss: float | None = None
    loss_history: list[tuple[int, float]] = []
    eval_loss_history: list[tuple[int, float]] = []
    merged_dir: str | None = None
    eval_report: str | None = None


def _sft_defaults(resolved: ResolvedConfig) -> dict[str, Any]:
    """Defaults that differ from TRL's, applied only to keys the user did not set."""
    import torch

    defaults: dict[str, Any] = {
        "include_num_input_tokens_seen": "non_padding",  # tokens/s counts real tokens, not padding
        "report_to": "none",
    }
    if not torch.cuda.is_available():
        # SFTConfig defaults bf16=True; without a GPU, older TrainingArguments refused it and the releases of
        # 2026-11 (seen with transformers 5.24, TRL 1.16) run it as CPU autocast, many times slower without
        # bf16 units
        defaults["bf16"] = False
    return defaults


def prepare_datasets(resolved: ResolvedConfig, tokenizer) -> tuple[Any, Any, LengthReport]:
    """Train (and optional validation) rows in prompt/completion form, after filters and the length rule."""
    cfg = resolved.tooldial
    seed = int(resolved.sft.get("seed", 42))
    num_proc = resolved.sft.get("dataset_num_proc")
    max_length = resolved.max_length

    def one(split: str, limit: int | None) -> tuple[Any, LengthReport]:
        rows = load_sft_split(cfg.dataset, cfg.dataset_config, split, revision=cfg.dataset_revision)
        rows = subsample(filter_rows(rows, tasks=cfg.tasks, settings=cfg.settings), limit, seed)
        if len(rows) == 0:
            raise ConfigError(f"no `{split}` rows left after the tasks/settings filters", file=cfg.dataset,
                              field="tasks")
        rows = prepare_rows(rows, include_tools=cfg.include_tools, num_proc=num_proc)
        if cfg.long_examples == "trim_history" and max_length is not None:
            rows = trim_rows(rows, tokenizer, max_length=max_length, num_proc=num_proc)
        rows = measure_rows(rows, tokenizer, num_proc=num_proc)
        kept, report = apply_length_rules(rows, max_length=max_length, long_examples=cfg.long_examples,
                                          max_chars=cfg.max_chars, max_chars_by_task=cfg.max_chars_by_task)
        if len(kept) == 0:
            raise ConfigError(f"every `{split}` row is longer than the limits ({report.summary()}); raise "
                              "max_length or use long_examples: truncate", file=cfg.dataset, field="max_length")
        return kept, report

    train_rows, report = one(cfg.train_split, cfg.max_train_samples)
    eval_rows = one(cfg.validation_split, cfg.max_eval_samples)[0] if cfg.validation_split else None
    return train_rows, eval_rows, report


def _check_output_dir(resolved: ResolvedConfig) -> str | None:
    """The checkpoint to resume from (``--resume``), or refuse to overwrite one (nothing done is lost)."""
    from transformers.trainer_utils import get_last_checkpoint

    from tooldial.outputs import output_folder

    out = resolved.output_dir
    output_folder(out, "output_dir")  # a file, or a folder inside a dataset tooldial manages, is refused
    explicit = resolved.sft.get("resume_from_checkpoint")  # TrainingArguments' own key: a checkpoint path
    if explicit:
        if not Path(explicit).is_dir():
            raise ConfigError("checkpoint not found", file=str(explicit), field="resume_from_checkpoint")
        return str(explicit)
    last = get_last_checkpoint(str(out)) if out.is_dir() else None
    if resolved.tooldial.resume:
        if last is None:
            log.warning("train: no checkpoint in %s; starting from scratch", out)
        return last
    if last is not None:
        raise ConfigError(f"holds {Path(last).name} from an earlier run: pass --resume to continue it, or "
                          "choose another --output_dir", file=str(out), field="output_dir")
    return None


def train(
    config: ResolvedConfig | str | Path | Mapping[str, Any],
    overrides: Mapping[str, Any] | Sequence[str] | None = None,
    *,
    callbacks: Sequence[Any] = (),
) -> TrainResult:
    """Fine-tune ``model_name_or_path`` on the dataset's `sft` config; write adapter, tokenizer, config, metrics.

    ``config`` is a recipe path, a mapping of keys, or an already resolved config; ``overrides`` are applied on
    top (a mapping or ``["--key", "value", ...]``).
    """
    resolved = config if isinstance(config, ResolvedConfig) else load_train_config(config, overrides)
    cfg = resolved.tooldial
    resume_from = _check_output_dir(resolved)

    from accelerate import PartialState
    from trl import SFTTrainer

    from tooldial.model_resolver import resolve_model

    state = PartialState()
    resolved_model = resolve_model(cfg.model_name_or_path)
    model_path = resolved_model.path
    base_model_id = cfg.base_model_id or resolved_model.hub_id
    if base_model_id is None and state.is_main_process and cfg.use_peft:
        log.warning("train: no Hub id known for %s: the adapter will name a local path as its base; pass "
                    "--base_model_id ORG/NAME to make it shareable", cfg.model_name_or_path)
    args = resolved.build_sft_config(**_sft_defaults(resolved))
    tokenizer = load_tokenizer(model_path, cfg, trust_remote_code=args.trust_remote_code)
    with state.main_process_first():
        train_rows, eval_rows, report = prepare_datasets(resolved, tokenizer)
    if state.is_main_process:
        log.info("train: %s", report.summary())

    throughput = ThroughputCallback()
    try:
        trainer = SFTTrainer(
            model=model_path,
            args=args,
            train_dataset=train_rows,
            eval_dataset=eval_rows,
            processing_class=tokenizer,
            peft_config=resolved.build_lora_config() if cfg.use_peft else None,
            quantization_config=quantization_config(cfg),
            callbacks=[throughput, *callbacks],
        )
    except (ValueError, TypeError) as exc:  # TRL's own checks on option combinations
        raise ConfigError(str(exc), file=resolved.source) from exc
    if base_model_id and cfg.use_peft:  # what adapter_config.json records: a Hub id, not our cache path
        trainer.add_callback(ShareableBaseCallback(base_model_id))
    output = trainer.train(resume_from_checkpoint=resume_from)

    out = resolved.output_dir
    trainer.save_model(str(out))  # adapter (or full model) + tokenizer
    if base_model_id and cfg.use_peft and trainer.is_world_process_zero():
        name_adapter_base(out, base_model_id)
    result = _result(resolved, trainer, output, throughput, report, model_path, resume_from)
    if trainer.is_world_process_zero():
        out.mkdir(parents=True, exist_ok=True)
        (out / CONFIG_FILE).write_text(resolved.to_yaml(), encoding="utf-8")
        plot_loss({"loss": result.loss_history, "eval_loss": result.eval_loss_history}, out / LOSS_PNG,
                  title=f"{Path(cfg.model_name_or_path).name} on {Path(cfg.dataset).name} (sft)")
        if cfg.merge and cfg.use_peft:
            dtype = str((args.model_init_kwargs or {}).get("dtype", "auto")).removeprefix("torch.")
            result.merged_dir = str(merge_adapter(out, out / "merged", base_model=model_path, dtype=dtype))
        _write_metrics(result)
        _write_model_card(resolved, result, base_model_id)
        log.info("train: %s tokens in %.1f s = %.1f tokens/s; loss %s -> %s; adapter in %s", result.train_tokens,
                 result.train_runtime_s, result.tokens_per_second, result.loss_first, result.loss_last, out)
    state.wait_for_everyone()
    if cfg.eval and trainer.is_world_process_zero():
        from tooldial.training.evaluate import evaluate_checkpoint

        _free(trainer)
        result.eval_report = str(evaluate_checkpoint(resolved, model_path))
        log.info("train: evaluation report in %s", result.eval_report)
        _write_metrics(result)
        _write_model_card(resolved, result, base_model_id)  # now with the evaluation's numbers
    return result


def _free(trainer) -> None:
    """Release the training model before the evaluation loads its own copy (GPU memory)."""
    import gc

    import torch

    trainer.model = trainer.model_wrapped = None
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


def _result(resolved, trainer, output, throughput, report, model_path, resume_from) -> TrainResult:
    curves = loss_history(trainer.state.log_history)
    losses = curves["loss"]
    return TrainResult(
        output_dir=str(resolved.output_dir),
        base_model=model_path,
        train_rows=report,
        global_step=trainer.state.global_step,
        resumed_from=resume_from,
        train_runtime_s=round(throughput.seconds, 3),
        train_tokens=throughput.tokens,
        tokens_per_second=round(throughput.tokens_per_second, 2),
        loss_first=losses[0][1] if losses else None,
        loss_last=losses[-1][1] if losses else None,
        train_loss=output.training_loss,
        loss_history=losses,
        eval_loss_history=curves["eval_loss"],
    )


def _write_model_card(resolved: ResolvedConfig, result: TrainResult, base_model_id: str | None) -> None:
    from tooldial.training.model_card import CARD_FILE, render_model_card

    evaluation = None
    if result.eval_report:
        results_path = Path(result.eval_report).with_name("results.json")
        evaluation = json.loads(results_path.read_text(encoding="utf-8")) if results_path.is_file() else None
    card = render_model_card(
        base_model=resolved.tooldial.model_name_or_path, base_model_id=base_model_id,
        dataset=resolved.tooldial.dataset, recipe_yaml=resolved.to_yaml(), use_peft=resolved.tooldial.use_peft,
        metrics={"global_step": result.global_step, "loss_first": result.loss_first, "loss_last": result.loss_last,
                 "rows": result.train_rows.summary()}, evaluation=evaluation)
    (resolved.output_dir / CARD_FILE).write_text(card, encoding="utf-8")


def _write_metrics(result: TrainResult) -> None:
    path = Path(result.output_dir) / METRICS_FILE
    path.write_text(json.dumps(result.model_dump(), indent=2) + "\n", encoding="utf-8")
