"""DST error categories of paper A.9 as the release's ``dst_error_analysis.py`` assigns them (release §6).

Categories are tried in order and each takes its case out of the pool: ``generation`` (no state dict),
``api_confirmation_gt_true`` (predicted not-confirmed, label confirmed), ``api_confirmation_gt_false`` (label
not-confirmed, prediction something else), ``format`` (missing fields), then, for confirmed predictions,
``slot`` (the slot names differ, compared in order) and ``value`` (a label slot missing or with another value) —
these two can overlap. A wrong state that fits none of them (e.g. another API name with the same slots) is
counted as ``other``, which A.9 does not report.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from tooldial.evaluation.parsing import NOT_CONFIRMED, ParseKind, normalize_value

DST_ERROR_CATEGORIES: tuple[str, ...] = (
    "generation",
    "api_confirmation_gt_true",
    "api_confirmation_gt_false",
    "format",
    "slot",
    "value",
    "other",
)

_NOT_CONFIRMED_NORM = normalize_value(NOT_CONFIRMED)
_FALLBACK = {"foo": "bar"}  # what the release scores in place of an unreadable prediction


def _params(status: dict[str, Any], key: str) -> dict[str, Any]:
    value = status.get(key)
    return value if isinstance(value, dict) else {}


def dst_error_categories(prediction: Any, label: Any, parse_kind: ParseKind = "ok") -> list[str]:
    """The A.9 categories of one wrong prediction (empty list when it is correct)."""
    if parse_kind == "invalid_literal":
        prediction = _FALLBACK  # braces that do not parse: the release's stand-in dict, a format error
    if not isinstance(prediction, dict):
        return ["generation"]
    pred, gold = normalize_value(prediction), normalize_value(label)
    if pred == gold:
        return []
    if pred == _NOT_CONFIRMED_NORM and gold != _NOT_CONFIRMED_NORM:
        return ["api_confirmation_gt_true"]
    if gold == _NOT_CONFIRMED_NORM:
        return ["api_confirmation_gt_false"]
    if "apiconfirmed" not in pred:
        return ["format"]
    confirmed = pred["apiconfirmed"] == "true"
    status = pred.get("apistatus")
    if confirmed:
        if not isinstance(status, dict) or any(
            k not in status for k in ("apiname", "requiredparameters", "optionalparameters")
        ):
            return ["format"]
    elif "apistatus" not in pred:
        return ["format"]
    if not confirmed:
        return ["other"]
    gold_status = gold.get("apistatus") if isinstance(gold.get("apistatus"), dict) else {}
    categories = []
    pred_req, pred_opt = _params(status, "requiredparameters"), _params(status, "optionalparameters")
    gold_req, gold_opt = _params(gold_status, "requiredparameters"), _params(gold_status, "optionalparameters")
    if list(pred_req) != list(gold_req) or list(pred_opt) != list(gold_opt):
        categories.append("slot")
    for gold_params, pred_params in ((gold_req, pred_req), (gold_opt, pred_opt)):
        if any(slot not in pred_params or pred_params[slot] != value for slot, value in gold_params.items()):
            categories.append("value")
            break
    return categories or ["other"]


class DstErrorReport:
    """Counts and a few examples per category; turned into the rows of the paper's Tables 15/16."""

    def __init__(self, max_examples: int = 3) -> None:
        self.max_examples = max_examples
        self.errors = 0
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, list[dict[str, Any]]] = defaultdict(list)

    def add(self, example_id: str, prediction_text: str, label: Any, categories: list[str]) -> None:
        if not categories:
            return
        self.errors += 1
        for category in categories:
            self.counts[category] += 1
            if len(self.examples[category]) < self.max_examples:
                self.examples[category].append(
                    {"id": example_id, "prediction": prediction_text, "label": label}
                )

    def as_dict(self) -> dict[str, Any]:
        return {
            "errors": self.errors,
            "counts": {c: self.counts.get(c, 0) for c in DST_ERROR_CATEGORIES},
            "examples": {c: self.examples[c] for c in DST_ERROR_CATEGORIES if self.examples.get(c)},
        }
