"""An output that is an undocumented object does not fill a scalar input."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule


class ObjectIntoScalar(EdgeRule):
    """An ``object`` output into an input that is neither an object nor an array."""

    codes = (EdgeReason.OBJECT_INTO_SCALAR,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.source.type == "object" and case.target.type not in ("object", "array"):
            return Verdict(False, "an undocumented object does not fill a scalar input", 0.8, "value",
                           code=EdgeReason.OBJECT_INTO_SCALAR)
        return None
