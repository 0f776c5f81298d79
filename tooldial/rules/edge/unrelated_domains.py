"""Across tools, two standard values chain only in related domains: keyword texts agree, or the value carries
its relation (a place's coordinates, a symbol of one known market, a time zone of one format)."""

from __future__ import annotations

from tooldial.graph.markets import sole_market_named
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import is_coordinate
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class UnrelatedDomains(EdgeRule):
    """Keywords at or below ``standard_kw`` and no coordinate, one-market symbol or one-format time zone."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.UNRELATED_DOMAINS,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s, t = case.s, case.t
        if case.kw_sim > case.config.standard_kw:
            return None
        # keyword texts follow the corpus; a coordinate, a market or a zone registry does not
        coordinates = is_coordinate(s) and s.standard == t.standard
        one_market = s.standard == "symbol" and s.market is not None and (
            t.market or sole_market_named(case.target_docs)) == s.market
        one_zone = s.standard == "timezone" and s.fmt is not None and s.fmt == t.fmt
        if not (coordinates or one_market or one_zone):
            return Verdict(False, f"standard value ({s.standard}) across unrelated domains", 0.6, "standard",
                           "standard", code=EdgeReason.UNRELATED_DOMAINS)
        return None
