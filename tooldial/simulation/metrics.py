"""Dynamic-evaluation metrics: AutoDE slot P/R/F1, tau-bench pass^k, 95% intervals, per-stratum aggregates.

Everything here is pure arithmetic on per-dialogue figures, so the same functions score released AutoDE
transcripts, AutoDE suite runs and ToolDial simulations.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


class SlotScore(BaseModel):
    """Precision, recall and F1 of one predicted call against its gold call (fractions)."""

    precision: float
    recall: float
    f1: float


ZERO = SlotScore(precision=0.0, recall=0.0, f1=0.0)


def _canonical(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same(a: Any, b: Any) -> bool:
    """Equal values, or equal as text (``3`` and ``"3"``; ``True`` and ``"true"``, as an executor passes it)."""
    return a == b or _canonical(a) == _canonical(b)


def slot_prf(predicted: Mapping[str, Any] | None, gold: Mapping[str, Any]) -> SlotScore:
    """AutoDE's per-call score (paper §2, Table 1): a slot counts when its name and value equal the gold's.

    Both empty → 1 (a call that needs no slots, made without slots); exactly one empty → 0. A call that
    failed or names another API is scored :data:`ZERO` by the caller (there is no prediction to compare).
    """
    predicted = dict(predicted or {})
    gold = dict(gold)
    if not predicted and not gold:
        return SlotScore(precision=1.0, recall=1.0, f1=1.0)
    if not predicted or not gold:
        return ZERO
    hits = sum(1 for name, value in predicted.items() if name in gold and _same(gold[name], value))
    precision, recall = hits / len(predicted), hits / len(gold)
    f1 = 2 * precision * recall / (precision + recall) if hits else 0.0
    return SlotScore(precision=precision, recall=recall, f1=f1)


def pass_hat_k(successes: int, trials: int, k: int) -> float:
    """tau-bench's pass^k for one task: the chance that k trials drawn without replacement all succeed."""
    if not 1 <= k <= trials:
        raise ValueError(f"pass^k needs 1 <= k <= trials, got k={k}, trials={trials}")
    return math.comb(successes, k) / math.comb(trials, k)


def pass_hat_curve(outcomes: Mapping[str, Sequence[bool]]) -> dict[int, float]:
    """Mean pass^k over tasks for k = 1 … the smallest number of trials any task has."""
    if not outcomes:
        return {}
    n = min(len(v) for v in outcomes.values())
    curve = {}
    for k in range(1, n + 1):
        curve[k] = sum(pass_hat_k(sum(v[:n]), n, k) for v in outcomes.values()) / len(outcomes)
    return curve


def wilson_interval(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sensible at 0% and 100%, unlike the normal one)."""
    from tooldial.evaluation.metrics import wilson_bounds

    if n == 0:
        return (0.0, 0.0)
    low, high = wilson_bounds(successes, n)
    return (0.0 if successes <= 0 else low, 1.0 if successes >= n else high)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """95% normal interval of a mean (sample standard deviation); a single value gives a zero-width interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (mean - half, mean + half)


class Aggregate(BaseModel):
    """Mean of one metric over dialogues with its 95% interval (Wilson for 0/1 metrics)."""

    mean: float
    low: float
    high: float
    n: int


def aggregate(values: Sequence[float]) -> Aggregate:
    """Mean and 95% interval of a metric that is a fraction; 0/1 values get the Wilson interval, others the
    normal one clipped to [0, 1]."""
    n = len(values)
    if n == 0:
        return Aggregate(mean=0.0, low=0.0, high=0.0, n=0)
    mean = sum(values) / n
    if all(v in (0, 1) for v in values):
        low, high = wilson_interval(sum(values), n)
    else:
        low, high = mean_interval(values)
        low, high = max(0.0, low), min(1.0, high)
    return Aggregate(mean=mean, low=low, high=high, n=n)


def aggregate_rows(rows: Iterable[Mapping[str, Any]], metrics: Sequence[str], *,
                   cluster: str | None = "dialogue_id") -> dict[str, Aggregate]:
    """One :class:`Aggregate` per metric name over dict rows (rows lacking a metric are skipped for it).

    Rows of one ``cluster`` (the trials of one dialogue) are not independent samples: they are averaged first,
    and the interval is over the cluster means, with ``n`` the number of clusters (25 dialogues x 3 trials give
    n = 25, not 75). One row per cluster gives the same figures as no clustering."""
    columns: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(list))
    for i, row in enumerate(rows):
        key = row.get(cluster, i) if cluster else i
        for name in metrics:
            value = row.get(name)
            if value is not None:
                columns[name][key].append(float(value))
    return {name: aggregate([sum(v) / len(v) for v in columns[name].values()]) for name in metrics}


def aggregate_by(rows: Sequence[Mapping[str, Any]], key: str, metrics: Sequence[str]
                 ) -> dict[str, dict[str, Aggregate]]:
    """Aggregates per value of ``rows[i][key]`` (a stratum or a sequence id), keys sorted."""
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[str(row.get(key))].append(row)
    return {value: aggregate_rows(groups[value], metrics) for value in sorted(groups)}
