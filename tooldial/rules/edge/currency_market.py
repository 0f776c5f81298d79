"""Across tools, a currency of one market does not fill the currency input of another market's endpoint: a stock
quote's ``USD`` into an endpoint that moves bitcoin or ether, a coin's ``BTC`` into a forex converter."""

from __future__ import annotations

import re

from tooldial.graph.markets import api_market, markets_named
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools

#: ``token`` of a bank's "payment token" names no coin (markets.credential_words).
_CREDENTIAL = re.compile(r"(?i)\b(" + "|".join(sorted(knowledge_words("markets", "credential_words"))) + r")\b")


class CurrencyMarket(EdgeRule):
    """The target endpoint's own text names one market only (crypto, or fiat currencies) and the source's API
    serves another: a non-crypto source into a crypto-only endpoint, a crypto source into a fiat-only one."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.SYMBOL_MARKETS,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.s.standard != "currency" or case.t.standard != "currency":
            return None
        wanted, own = markets_named(_CREDENTIAL.sub(" ", case.target_api_text)), api_market(case.source.api_id)
        if (wanted == {"crypto"} and own != "crypto") or (own == "crypto" and wanted == {"currency"}):
            return Verdict(False, f"a currency of another market ({own or 'not crypto'} vs "
                                  f"{next(iter(wanted))}; the target endpoint names its market)", 0.8, "standard",
                           code=EdgeReason.SYMBOL_MARKETS)
        return None
