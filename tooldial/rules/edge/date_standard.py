"""Across tools, dates need the generic names' bar: descriptions and keywords agree clearly."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import DATE_STANDARDS
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools, generic_bar


class DateStandard(EdgeRule):
    """Two dates (or datetimes) of two tools: ``generic_desc`` and ``generic_kw`` (:func:`generic_bar`)."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.GENERIC_AGREE, EdgeReason.GENERIC_DISAGREE)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.s.standard in DATE_STANDARDS:
            return generic_bar(case, case.s.standard or "date")
        return None
