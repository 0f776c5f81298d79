"""Task metrics: accuracies, per-action precision/recall/F1 and confusion matrix (scikit-learn), by-turn
accuracy (A.10), dialogue success (overall), and their 95% intervals (Wilson; bootstrap for F1 and mean scores).
Every accuracy is a fraction in [0, 1]."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from tooldial.evaluation.parsing import ACTIONS, INVALID_ACTION


def fraction(correct: int, total: int) -> float:
    return correct / total if total else 0.0


def action_metrics(labels: Sequence[str], predictions: Sequence[str]) -> dict[str, Any]:
    """Per-action precision/recall/F1/support and the confusion matrix, on normalized action strings.

    A prediction that is not one of the eight actions is mapped to ``(invalid)``: it counts against recall
    of the true action and appears as its own confusion-matrix column, never as a ninth class to report.
    """
    from sklearn.metrics import confusion_matrix, precision_recall_fscore_support

    y_pred = [p if p in ACTIONS else INVALID_ACTION for p in predictions]
    y_true = list(labels)
    if not y_true:
        return {"per_action": {}, "macro_f1": 0.0, "confusion_matrix": {"labels": [], "matrix": []}}
    precision, recall, f1, support = precision_recall_fscore_support(
        y_true, y_pred, labels=list(ACTIONS), zero_division=0
    )
    per_action = {
        action: {
            "precision": float(precision[i]),
            "recall": float(recall[i]),
            "f1": float(f1[i]),
            "support": int(support[i]),
        }
        for i, action in enumerate(ACTIONS)
    }
    present = [a for a in ACTIONS if per_action[a]["support"] > 0]
    macro = sum(per_action[a]["f1"] for a in present) / len(present) if present else 0.0
    cm_labels = [*ACTIONS, INVALID_ACTION]
    matrix = confusion_matrix(y_true, y_pred, labels=cm_labels)
    return {
        "per_action": per_action,
        "macro_f1": float(macro),
        "confusion_matrix": {"labels": cm_labels, "matrix": matrix[: len(ACTIONS)].tolist()},
    }


def majority_baseline(labels: Sequence[str]) -> dict[str, Any]:
    """Accuracy of always predicting the most frequent label (the floor any policy should clear)."""
    if not labels:
        return {"label": None, "accuracy": 0.0}
    counts: dict[str, int] = defaultdict(int)
    for label in labels:
        counts[label] += 1
    label, n = max(sorted(counts.items()), key=lambda kv: kv[1])
    return {"label": label, "accuracy": n / len(labels)}


def accuracy_by(keys: Iterable[Any], correct: Iterable[bool]) -> dict[str, dict[str, float]]:
    """Accuracy grouped by a key (e.g. the number of user turns, A.10), keys sorted numerically when they can be."""
    groups: dict[Any, list[bool]] = defaultdict(list)
    for key, ok in zip(keys, correct, strict=True):
        groups[key].append(bool(ok))

    def order(k: Any) -> tuple[int, Any]:
        return (0, int(k)) if str(k).lstrip("-").isdigit() else (1, str(k))

    return {
        str(k): {"n": len(v), "correct": sum(v), "accuracy": fraction(sum(v), len(v))}
        for k, v in sorted(groups.items(), key=lambda kv: order(kv[0]))
    }


def dialogue_success(dialogue_ids: Sequence[str], correct: Sequence[bool]) -> dict[str, Any]:
    """Share of dialogues whose every evaluated turn is correct (the paper's 57.1% for TD-Llama)."""
    by_dialogue: dict[str, bool] = {}
    for dialogue_id, ok in zip(dialogue_ids, correct, strict=True):
        by_dialogue[dialogue_id] = by_dialogue.get(dialogue_id, True) and bool(ok)
    n = len(by_dialogue)
    good = sum(by_dialogue.values())
    return {"dialogues": n, "successful": good, "success_rate": fraction(good, n)}


# --- 95% intervals ------------------------------------------------------------------------------------------

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: Bootstrap resamples for F1 and mean-score intervals (seeded: same predictions, same interval).
BOOTSTRAP_RESAMPLES = 1000


def wilson_interval(successes: float, n: int, z: float = Z95) -> list[float]:
    """Wilson score interval of a proportion (``[low, high]`` fractions); ``[0, 1]`` when ``n`` is 0.

    Unlike the normal approximation it stays inside [0, 1] and is not degenerate at 0% or 100%.
    """
    if n <= 0:
        return [0.0, 1.0]
    low, high = wilson_bounds(successes, n, z)
    return [round(low, 6), round(high, 6)]


def wilson_bounds(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The unrounded Wilson bounds, clipped to [0, 1] (``n`` ≥ 1); :func:`wilson_interval` rounds them."""
    p = min(1.0, max(0.0, successes / n))
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentiles(samples: np.ndarray) -> list[float]:
    low, high = np.percentile(samples, [2.5, 97.5])
    return [round(float(low), 6), round(float(high), 6)]


def bootstrap_mean_interval(values: Sequence[float], *, resamples: int = BOOTSTRAP_RESAMPLES,
                            seed: int = 0) -> list[float]:
    """Percentile bootstrap 95% interval of a mean (e.g. fractional judge scores)."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return [0.0, 1.0]
    rng = np.random.default_rng(seed)
    means = np.concatenate([data[rng.integers(0, data.size, size=(min(100, resamples - i), data.size))].mean(axis=1)
                            for i in range(0, resamples, 100)])
    return _percentiles(means)


def bootstrap_f1_intervals(labels: Sequence[str], predictions: Sequence[str], classes: Sequence[str], *,
                           resamples: int = BOOTSTRAP_RESAMPLES, seed: int = 0) -> tuple[dict[str, list[float]],
                                                                                         list[float]]:
    """Percentile bootstrap 95% intervals of each class's F1 and of the macro F1 over the classes present.

    Examples are resampled with replacement; counts are vectorized (100 resamples at a time), so a 25k-example
    split takes about a second.
    """
    if not labels:
        return {}, [0.0, 1.0]
    index = {c: i for i, c in enumerate(classes)}
    other = len(classes)
    y_true = np.asarray([index.get(label, other) for label in labels])
    y_pred = np.asarray([index.get(p, other) for p in predictions])
    present = sorted({int(t) for t in y_true if t < other})
    rng = np.random.default_rng(seed)
    per_class: list[np.ndarray] = []
    for start in range(0, resamples, 100):
        rows = rng.integers(0, y_true.size, size=(min(100, resamples - start), y_true.size))
        t, p = y_true[rows], y_pred[rows]
        f1 = np.zeros((rows.shape[0], len(classes)))
        for c in range(len(classes)):
            tp = ((t == c) & (p == c)).sum(axis=1)
            fp = ((t != c) & (p == c)).sum(axis=1)
            fn = ((t == c) & (p != c)).sum(axis=1)
            denominator = 2 * tp + fp + fn
            f1[:, c] = np.divide(2 * tp, denominator, out=np.zeros(rows.shape[0]), where=denominator > 0)
            f1[tp + fn == 0, c] = np.nan  # no true example of the class in this resample: not part of its macro F1
        per_class.append(f1)
    samples = np.concatenate(per_class)
    intervals = {c: _percentiles(samples[:, i][~np.isnan(samples[:, i])]) for i, c in enumerate(classes)
                 if i in present}
    macro = _percentiles(np.nanmean(samples[:, present], axis=1)) if present else [0.0, 1.0]
    return intervals, macro


def add_intervals(task: str, metrics: dict[str, Any], records: Sequence[dict[str, Any]], *, seed: int = 0
                  ) -> dict[str, Any]:
    """Add 95% intervals beside every accuracy and F1 of one (task, setting)'s metrics (a copy is returned).

    Proportions (``accuracy``, ``lenient_accuracy``, by-turn accuracies, dialogue success) get Wilson intervals
    (``*_ci``, ``ci``); faithfulness — a mean of fractional judge scores — and F1 get a seeded percentile
    bootstrap over the examples.
    """
    out = dict(metrics)
    n = int(out.get("n") or 0)
    if task == "faithfulness" and records:
        out["accuracy_ci"] = bootstrap_mean_interval([float(r.get("score", 0.0)) for r in records], seed=seed)
    elif "accuracy" in out:
        correct = out.get("correct", out["accuracy"] * n)
        out["accuracy_ci"] = wilson_interval(float(correct), n)
    if "lenient_accuracy" in out:
        out["lenient_accuracy_ci"] = wilson_interval(out["lenient_accuracy"] * n, n)
    if isinstance(out.get("accuracy_by_num_user_turns"), dict):
        out["accuracy_by_num_user_turns"] = {
            key: {**group, "ci": wilson_interval(group["correct"], group["n"])}
            for key, group in out["accuracy_by_num_user_turns"].items()
        }
    success = out.get("dialogue_success")
    if isinstance(success, dict) and "dialogues" in success:
        out["dialogue_success"] = {**success, "success_rate_ci": wilson_interval(success["successful"],
                                                                                 success["dialogues"])}
    if task == "action" and records and "per_action" in out:
        per_class, macro = bootstrap_f1_intervals([str(r.get("label")) for r in records],
                                                  [str(r.get("parsed")) for r in records], ACTIONS, seed=seed)
        out["macro_f1_ci"] = macro
        out["per_action"] = {a: {**scores, "f1_ci": per_class[a]} if a in per_class else scores
                             for a, scores in out["per_action"].items()}
    return out
