"""Inside one tool, generic names and other values chain when the keyword texts agree."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class SameTool(EdgeRule):
    """The same-tool rule of generic and plain values: kept above ``same_tool_kw`` (``period`` of an economic
    calendar is not a candle period)."""

    pairs = frozenset({Pair.OTHER})
    tools = Tools.SAME
    codes = (EdgeReason.SAME_TOOL_KEYWORDS_DISAGREE, EdgeReason.SAME_TOOL)

    def judge(self, case: EdgeCase) -> Verdict | None:
        kind = "value" if "generic" not in (case.s.kind, case.t.kind) else "generic"
        if case.kw_sim <= case.config.same_tool_kw:
            return Verdict(False, "same tool, but the keywords of the two names disagree", 0.6, kind, "same",
                           code=EdgeReason.SAME_TOOL_KEYWORDS_DISAGREE)
        return Verdict(True, "same tool", 0.85, kind, "same", code=EdgeReason.SAME_TOOL)
