"""An input of a syntax standard (an e-mail, a URL) takes only a value of that standard."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import SYNTAX_STANDARDS
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class SyntaxStandard(EdgeRule):
    """Across tools, a non-standard output into an input of a syntax standard."""

    pairs = frozenset({Pair.OTHER})
    tools = Tools.CROSS
    codes = (EdgeReason.SYNTAX_STANDARD,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        std = case.t.standard
        if std in SYNTAX_STANDARDS and case.s.kind != "standard":
            return Verdict(False, f"the input takes a {std} and the output is no {std} (its name, example "
                                  "or documentation say another thing)", 0.75, "value", code=EdgeReason.SYNTAX_STANDARD)
        return None
