"""Across tools, a generic name (``date``, ``category``, ``name``) or a standard value on one side only needs
descriptions and keywords that agree clearly."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools, generic_bar


class GenericName(EdgeRule):
    """``generic_desc`` and ``generic_kw`` (:func:`~tooldial.rules.edge.base.generic_bar`)."""

    pairs = frozenset({Pair.OTHER})
    tools = Tools.CROSS
    codes = (EdgeReason.GENERIC_AGREE, EdgeReason.GENERIC_DISAGREE)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if "generic" in (case.s.kind, case.t.kind) or "standard" in (case.s.kind, case.t.kind):
            return generic_bar(case, "generic name")
        return None
