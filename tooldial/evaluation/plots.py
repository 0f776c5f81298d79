"""PNG figures of a run: DST accuracy by number of user turns (paper A.10, Figure 5) and the action
confusion matrix as a heat map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SETTING_LABEL = {"gt": "w GT", "nogt": "w/o GT"}


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_dst_by_turns(by_setting: dict[str, dict[str, dict[str, float]]], path: Path, title: str) -> Path | None:
    """One line per setting: accuracy (%) against the number of user turns in the history."""
    series = {s: v for s, v in by_setting.items() if v}
    if not series:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 4), dpi=120)
    for setting, groups in series.items():
        xs = [int(k) if k.lstrip("-").isdigit() else k for k in groups]
        ys = [100 * g["accuracy"] for g in groups.values()]
        ax.plot(xs, ys, marker="o", label=SETTING_LABEL.get(setting, setting))
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("number of user turns")
    ax.set_ylabel("DST accuracy (%)")
    ax.set_ylim(0, 105)
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def plot_confusion(confusion: dict[str, Any], path: Path, title: str) -> Path | None:
    """Rows: true action; columns: predicted action (last column: not one of the eight)."""
    labels, matrix = confusion.get("labels") or [], confusion.get("matrix") or []
    if not matrix:
        return None
    import numpy as np

    plt = _pyplot()
    data = np.array(matrix, dtype=float)
    fig, ax = plt.subplots(figsize=(7.5, 6), dpi=120)
    image = ax.imshow(data, cmap="Blues")
    ax.set_xticks(range(len(labels)), labels, rotation=45, ha="right")
    ax.set_yticks(range(data.shape[0]), labels[: data.shape[0]])
    ax.set_xlabel("predicted")
    ax.set_ylabel("true")
    top = data.max() if data.size else 0
    for (i, j), value in np.ndenumerate(data):
        if value:
            ax.text(j, i, int(value), ha="center", va="center", fontsize=7,
                    color="white" if value > top / 2 else "black")
    fig.colorbar(image, ax=ax, fraction=0.046)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
