"""Task metrics: accuracies, per-action precision/recall/F1 and confusion matrix (scikit-learn), by-turn
accuracy (A.10) and dialogue success (overall). Every accuracy is a fraction in [0, 1]."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

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
