"""An output that is an array of undocumented items does not fill one scalar input."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule


class ArrayIntoScalar(EdgeRule):
    """An ``array`` output into a scalar input that takes no list."""

    codes = (EdgeReason.ARRAY_INTO_SCALAR,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        target = case.target
        if case.source.type == "array" and target.type not in ("object", "array") and not target.is_list:
            return Verdict(False, "an array of undocumented items does not fill one scalar input", 0.75, "value",
                           code=EdgeReason.ARRAY_INTO_SCALAR)
        return None
