"""Two standard values of one kind whose formats clash (``US`` vs ``840``; ``btc`` vs ``BTCUSDT``)."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_space import format_clash
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class StandardFormat(EdgeRule):
    """Formats differ (:func:`tooldial.graph.value_space.format_clash`), or symbols of two known markets."""

    pairs = frozenset({Pair.STANDARD})
    codes = (EdgeReason.FORMATS_DIFFER, EdgeReason.SYMBOL_MARKETS)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if clash := format_clash(case.s, case.t, case.target_api_text):
            return Verdict(False, clash.text, 0.85, "standard", code=clash.code)
        return None
