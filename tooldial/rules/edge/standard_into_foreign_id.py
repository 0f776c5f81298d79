"""A global standard value (a country, a currency) does not fill another tool's identifier."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import GLOBAL_STANDARDS
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class StandardIntoForeignId(EdgeRule):
    """A standard value of a global registry into an identifier input of another tool."""

    pairs = frozenset({Pair.IDENTIFIER})
    tools = Tools.CROSS
    codes = (EdgeReason.STANDARD_INTO_FOREIGN_ID,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s = case.s
        if s.kind == "standard" and s.standard in GLOBAL_STANDARDS and case.t.kind == "identifier":
            return Verdict(False, f"a {s.standard} value does not fill another tool's identifier", 0.8,
                           "identifier", code=EdgeReason.STANDARD_INTO_FOREIGN_ID)
        return None
