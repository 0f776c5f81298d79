"""Inside one tool, two standard values of one kind and format chain."""

from __future__ import annotations

from tooldial.graph.evidence import Evidence
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class SameToolStandard(EdgeRule):
    """Kept: a standard value inside one tool, once the kind and format rules before it passed."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.SAME
    codes = (EdgeReason.SAME_TOOL_STANDARD,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        return Verdict(True, f"standard value ({case.s.standard}); same tool", 0.9, "standard",
                       evidence=(Evidence.SAME_TOOL,), standard=case.s.standard, code=EdgeReason.SAME_TOOL_STANDARD)
