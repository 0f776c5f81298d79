"""Across tools, a standard value of one kind and format that passed every rule before it chains."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools, formats_agree


class StandardValue(EdgeRule):
    """The standard family's last rule: kept, surer when both formats are known."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.STANDARD_VALUE,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        known, agree = formats_agree(case)
        return Verdict(True, f"standard value ({case.s.standard}){known}", 0.85 if known else 0.7, "standard",
                       "standard", agree, case.s.standard, code=EdgeReason.STANDARD_VALUE)
