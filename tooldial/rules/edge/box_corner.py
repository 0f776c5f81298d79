"""A corner of a bounding box is not a place."""

from __future__ import annotations

from tooldial.graph.geo_scope import is_box_corner
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import is_coordinate
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class BoxCorner(EdgeRule):
    """A coordinate of a box corner (``ne_lat``) into a coordinate that is no corner."""

    pairs = frozenset({Pair.STANDARD})
    codes = (EdgeReason.BOX_CORNER,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if is_coordinate(case.s) and is_box_corner(case.source) and not is_box_corner(case.target):
            return Verdict(False, "a corner of a bounding box is not a place", 0.8, "standard",
                           code=EdgeReason.BOX_CORNER)
        return None
