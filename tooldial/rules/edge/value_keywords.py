"""Across tools, other values (``city name``, ``hashtag``) chain when the keyword texts agree."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools

#: The reason of a plain value kept across tools because the keyword texts agree.
VALUE_REASON = "value; keywords agree"


class ValueKeywords(EdgeRule):
    """The last rule of generic and other values: kept above ``value_kw``."""

    pairs = frozenset({Pair.OTHER})
    tools = Tools.CROSS
    codes = (EdgeReason.VALUE_KEYWORDS_AGREE, EdgeReason.VALUE_KEYWORDS_DISAGREE)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.kw_sim > case.config.value_kw:
            return Verdict(True, VALUE_REASON, 0.6, "value", "value", code=EdgeReason.VALUE_KEYWORDS_AGREE)
        return Verdict(False, "value across tools; keywords disagree", 0.6, "value", "value",
                       code=EdgeReason.VALUE_KEYWORDS_DISAGREE)
