"""Across tools, Eq. 1's name and description similarities must clear stricter bars than inside one tool."""

from __future__ import annotations

from tooldial.graph.lookups import lookup_kind
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_clashes import id_list_into_id_list
from tooldial.graph.value_kinds import is_coordinate
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Tools

CROSS_TOOL_REASON = "across tools the names or descriptions differ too much"


class CrossTool(EdgeRule):
    """Names below ``cross_tool_lcs``, or descriptions below ``cross_tool_desc`` (waived for coordinates, a keyed
    lookup of one kind and a list of ids into a list of ids)."""

    tools = Tools.CROSS
    codes = (EdgeReason.CROSS_TOOL_SIMILARITY,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        source, target, config = case.source, case.target, case.config
        coordinates = is_coordinate(case.s) and case.s.standard == case.t.standard
        keyed = case.keyed_lookup and lookup_kind(source) is not None and lookup_kind(source) == lookup_kind(target)
        if case.lcs_sim <= config.cross_tool_lcs or (
                case.desc_sim <= config.cross_tool_desc and not coordinates and not keyed
                and not id_list_into_id_list(source, target, case.lcs_sim)):
            return Verdict(False, CROSS_TOOL_REASON, 0.6, "value", "cross", code=EdgeReason.CROSS_TOOL_SIMILARITY)
        return None
