"""Post-training evaluation (``--eval``): score the fresh checkpoint with the ``hf`` backend of
:mod:`tooldial.evaluation` and write its reports into ``<output_dir>/eval/`` beside the adapter."""

from __future__ import annotations

from pathlib import Path

from tooldial.training.config import ResolvedConfig

EVAL_DIR = "eval"


def evaluate_checkpoint(resolved: ResolvedConfig, base_model: str) -> Path:
    """Run ``eval_tasks`` × ``eval_settings`` on ``eval_split``; return the ``report.md`` path."""
    from tooldial.evaluation import EvalConfig, evaluate

    cfg = resolved.tooldial
    out = resolved.output_dir / EVAL_DIR
    checkpoint = str(resolved.output_dir)
    config = EvalConfig(
        tasks=list(cfg.eval_tasks),
        settings=list(cfg.eval_settings),
        backend="hf",
        model=base_model if cfg.use_peft else checkpoint,
        adapter=checkpoint if cfg.use_peft else None,
        dataset=cfg.dataset,
        split=cfg.eval_split,
        limit=cfg.eval_limit,
        max_new_tokens=cfg.eval_max_new_tokens,
        batch_size=int(resolved.sft.get("per_device_eval_batch_size", 8)),
        out=str(out),
        overwrite=True,  # <output_dir>/eval belongs to this training run (train guards output_dir itself)
        seed=int(resolved.sft.get("seed", 42)),
    )
    evaluate(config)
    return out / "report.md"
