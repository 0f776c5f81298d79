"""A setting (interval, type) of one market's API does not fill another market's."""

from __future__ import annotations

from tooldial.graph.entities import split_words
from tooldial.graph.markets import SETTING_WORDS, api_market
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule


class MarketSetting(EdgeRule):
    """Generic or plain values into a setting input, between APIs of two different known markets."""

    codes = (EdgeReason.SETTING_OF_OTHER_MARKET,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s, t, target = case.s, case.t, case.target
        if s.kind in ("generic", "value") and t.kind in ("generic", "value") \
                and set(split_words(target.raw or target.key)) & SETTING_WORDS \
                and (sm := api_market(case.source.api_id)) and (tm := api_market(target.api_id)) and sm != tm:
            return Verdict(False, f"a setting of another market ({sm} vs {tm}; intervals and types are one "
                                  "asset class's)", 0.75, "value", code=EdgeReason.SETTING_OF_OTHER_MARKET)
        return None
