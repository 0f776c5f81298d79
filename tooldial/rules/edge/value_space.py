"""Across tools, a value must lie in the value space of the other tool's input."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_space import value_space_clash_of
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class ValueSpace(EdgeRule):
    """The target takes its own tool's list, a box corner is no place, symbol formats or markets differ or are
    unknown, URLs of other sites (:func:`tooldial.graph.value_space.value_space_clash_of`)."""

    pairs = frozenset({Pair.STANDARD, Pair.OTHER})
    tools = Tools.CROSS
    codes = (EdgeReason.OWN_LIST, EdgeReason.BOX_CORNER, EdgeReason.SYMBOL_FORMATS, EdgeReason.UNKNOWN_MARKET,
             EdgeReason.SYMBOL_MARKETS, EdgeReason.URL_SITES, EdgeReason.SITE_URLS)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s, t = case.s, case.t
        clash = value_space_clash_of(case.source, case.target, s, t, case.target_docs, case.target_api_text,
                                     case.config)
        if clash is None:
            return None
        if case.pair is Pair.STANDARD:
            return Verdict(False, clash.text, 0.8, "standard", code=clash.code)
        return Verdict(False, clash.text, 0.75, "generic" if "generic" in (s.kind, t.kind) else "value",
                       code=clash.code)
