"""``curve.png``: accuracy against optimizer steps, one panel per task, with Wilson 95% intervals, the majority
class and the baselines (``rule``) as horizontal lines, and the unseen-API score of the last step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SETTING_STYLE = {"gt": ("w GT", "tab:blue"), "nogt": ("w/o GT", "tab:orange")}
TASK_TITLE = {"action": "action prediction", "dst": "dialogue state tracking"}


def _pct(row: dict[str, Any]) -> tuple[float, float, float]:
    acc = 100 * row["accuracy"]
    low, high = row.get("accuracy_ci") or (row["accuracy"], row["accuracy"])
    return acc, acc - 100 * low, 100 * high - acc


def plot_curve(table: dict[str, Any], path: Path) -> Path | None:
    """Write the figure; ``None`` while no step is scored yet."""
    steps = sorted((int(s), scores) for s, scores in table.get("steps", {}).items())
    tasks = list(dict.fromkeys(t for _, scores in steps for t in scores))
    if not tasks:
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, axes = plt.subplots(1, len(tasks), figsize=(5.2 * len(tasks), 4.2), dpi=120, squeeze=False)
    unseen = table.get("unseen") or {}
    for ax, task in zip(axes[0], tasks, strict=True):
        for setting, (label, colour) in SETTING_STYLE.items():
            points = [(step, scores[task][setting]) for step, scores in steps if setting in scores.get(task, {})]
            if not points:
                continue
            xs = [p[0] for p in points]
            ys, lows, highs = zip(*(_pct(p[1]) for p in points), strict=True)
            ax.errorbar(xs, ys, yerr=[lows, highs], marker="o", capsize=3, color=colour,
                        label=f"{label} (n={points[-1][1]['n']})")
            majority = points[-1][1].get("majority")
            if majority:
                ax.axhline(100 * majority["accuracy"], color=colour, linestyle=":", linewidth=1,
                           label=f"majority ({majority['label']}) {label}")
            for name, baseline in (table.get("baselines") or {}).items():
                row = baseline.get(task, {}).get(setting)
                if row:
                    ax.axhline(100 * row["accuracy"], color=colour, linestyle="--", linewidth=1,
                               label=f"`{name}` {label}")
            row = unseen.get("model", {}).get(task, {}).get(setting)
            if row:
                acc, low, high = _pct(row)
                ax.errorbar([unseen["step"]], [acc], yerr=[[low], [high]], marker="x", markersize=8, capsize=3,
                            linestyle="none", color=colour, alpha=0.7, label=f"unseen APIs {label}")
        ax.set_title(TASK_TITLE.get(task, task), fontsize=10)
        ax.set_xlabel("LoRA optimizer steps")
        ax.set_ylabel("accuracy (%), 95% Wilson interval")
        ax.set_ylim(0, 102)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6, loc="best")
    fig.suptitle(f"{Path(str(table.get('base_model', ''))).name} on {Path(str(table['config']['dataset'])).name}",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
