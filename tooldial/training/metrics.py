"""Training metrics: throughput (input tokens/s), loss history, the loss-curve PNG."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback


class ThroughputCallback(TrainerCallback):
    """Tokens the model consumed in *this* run (a resumed run does not count the checkpoint's) per second.

    Reads ``state.num_input_tokens_seen`` (``include_num_input_tokens_seen="non_padding"``: real tokens, not
    padding), the counter the Trainer itself keeps, so the figure matches a plain ``SFTTrainer`` script.
    """

    def __init__(self) -> None:
        self.start_tokens = 0
        self.start_time = 0.0
        self.tokens = 0
        self.seconds = 0.0

    def on_train_begin(self, args, state, control, **kwargs):
        self.start_tokens = int(state.num_input_tokens_seen or 0)
        self.start_time = time.perf_counter()

    def on_train_end(self, args, state, control, **kwargs):
        self.tokens = int(state.num_input_tokens_seen or 0) - self.start_tokens
        self.seconds = time.perf_counter() - self.start_time

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else 0.0


def loss_history(log_history: list[dict[str, Any]]) -> dict[str, list[tuple[int, float]]]:
    """``{"loss": [(step, loss), ...], "eval_loss": [...]}`` from ``trainer.state.log_history``."""
    curves: dict[str, list[tuple[int, float]]] = {"loss": [], "eval_loss": []}
    for entry in log_history:
        for key, points in curves.items():
            if key in entry:
                points.append((int(entry["step"]), float(entry[key])))
    return curves


def plot_loss(curves: dict[str, list[tuple[int, float]]], path: str | Path, *, title: str) -> Path | None:
    """Write the loss curve(s) as a PNG; ``None`` when there is nothing to plot."""
    if not any(curves.values()):
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=120)
    labels = {"loss": "train loss", "eval_loss": "validation loss"}
    for key, points in curves.items():
        if points:
            steps, values = zip(*points, strict=True)
            ax.plot(steps, values, marker="o" if len(points) < 30 else None, markersize=3, label=labels[key])
    ax.set_xlabel("optimizer step")
    ax.set_ylabel("loss (assistant tokens)")
    ax.set_title(title, fontsize=9)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return Path(path)
