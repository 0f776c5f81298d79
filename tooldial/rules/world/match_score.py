"""Record rule ``match score``: goals are whole numbers and a half-time score never exceeds the full-time one; its
fix (:func:`fix_scores`, run by the mock-data generator) lowers such a half-time score to the full-time one."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.paths import as_number
from tooldial.rules.record import Check, Problem, Record, RecordRule


class MatchScore(RecordRule):
    """Goals are whole numbers and a half-time score never exceeds the full-time one."""

    checks = (Check.MATCH_SCORE,)

    def problems(self, record: Record) -> list[Problem]:
        return score_problems(dict(record.scalars))

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: :func:`fix_scores`."""
        fix_scores(record)


def score_problems(record: dict[str, Any]) -> list[Problem]:
    """Match scores that are no whole number of goals ("33.4") or a half-time score above the full-time one
    (rule ``match score``)."""
    scores = {k: as_number(v) for k, v in record.items() if not isinstance(v, dict | list) and as_number(v) is not None
              and field_kind(FieldName(k, "number")) == "match_score"}
    out = [Problem(Check.MATCH_SCORE, f"{k}={record[k]} is no number of goals", (k,)) for k, v in scores.items()
           if v is not None and (v < 0 or not float(v).is_integer())]
    for key, value in scores.items():
        full = _full_time_key(key, scores)
        if full is not None and value is not None and (scores[full] or 0) < value:
            out.append(Problem(Check.MATCH_SCORE, f"{key}={record[key]} at half time above {full}={record[full]}",
                               (key, full)))
    return out


def _full_time_key(key: str, scores: dict[str, float | None]) -> str | None:
    f = FieldName(key, "number")
    if not f.has("halftime", "ht"):
        return None
    bare = tuple(t for t in f.tokens if t not in ("halftime", "ht"))
    return next((k for k in scores if FieldName(k, "number").tokens == bare), None)


def fix_scores(record: dict[str, Any]) -> None:
    """A half-time score is at most the full-time one."""
    for problem in score_problems(record):
        if len(problem.keys) != 2:  # a score that is no number of goals: nothing to lower
            continue
        key = problem.keys[0]
        scores = {k: as_number(v) for k, v in record.items() if not isinstance(v, dict | list) and as_number(v) is not None}
        full = _full_time_key(key, scores)
        if full is not None:
            record[key] = record[full]
