"""Two standard values of different kinds (a country vs a currency) are no edge; a date and a datetime are one."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class DifferentStandards(EdgeRule):
    """Standard kinds differ (``date`` / ``datetime`` count as one)."""

    pairs = frozenset({Pair.STANDARD})
    codes = (EdgeReason.DIFFERENT_STANDARDS,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s, t = case.s, case.t
        if s.standard != t.standard and {s.standard, t.standard} != {"date", "datetime"}:
            return Verdict(False, f"different kinds of value ({s.standard} vs {t.standard})", 0.7, "standard",
                           code=EdgeReason.DIFFERENT_STANDARDS)
        return None
