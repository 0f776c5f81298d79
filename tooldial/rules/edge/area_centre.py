"""A country's or a state's centre point is not a place to search around."""

from __future__ import annotations

from tooldial.graph.geo_scope import AREA_TARGET_INPUTS, is_area_centre
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import is_coordinate
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class AreaCentre(EdgeRule):
    """Across tools, an area's centre coordinate into a coordinate that is none, unless the target API is about
    areas."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.AREA_CENTRE,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        source, target = case.source, case.target
        if is_coordinate(case.s) and is_area_centre(source) and not is_area_centre(target) \
                and not AREA_TARGET_INPUTS.search(target.api_id.rsplit("|", 1)[-1]):
            return Verdict(False, "a country's or a state's centre point is not a place", 0.75, "standard",
                           code=EdgeReason.AREA_CENTRE)
        return None
