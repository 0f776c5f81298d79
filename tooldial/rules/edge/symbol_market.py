"""A symbol of one market does not fill an input of another market's endpoint."""

from __future__ import annotations

from tooldial.graph.markets import markets_named
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class SymbolMarket(EdgeRule):
    """The target's symbol has a market and the source's is another (or unknown), unless the target endpoint's
    text names the source's market too (``forex or crypto``)."""

    pairs = frozenset({Pair.STANDARD})
    codes = (EdgeReason.SYMBOL_MARKETS,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s, t = case.s, case.t
        if s.standard == "symbol" and t.market and s.market != t.market \
                and (s.market is None or s.market not in markets_named(case.target_api_text)):
            return Verdict(False, f"symbols of different markets ({s.market or 'unknown'} vs {t.market}; the "
                                  "target endpoint names its market)", 0.8, "standard", code=EdgeReason.SYMBOL_MARKETS)
        return None
