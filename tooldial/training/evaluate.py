"""Post-training evaluation (``--eval``): score the fresh adapter with the ``hf`` backend of
``tooldial.evaluation`` and write its report beside the checkpoint."""

from __future__ import annotations

from pathlib import Path

from tooldial.errors import ConfigError
from tooldial.training.config import ResolvedConfig


def evaluate_checkpoint(resolved: ResolvedConfig, base_model: str) -> Path:
    """Run ``eval_tasks`` × ``eval_settings`` on ``eval_split``; return the report path."""
    raise ConfigError("post-training evaluation is not wired yet: tooldial.evaluation has not landed",
                      field="eval")
