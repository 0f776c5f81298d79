"""Which market (asset class: ``currency``, ``stock``, ``crypto``) a symbol, an API or a text names, and the
request settings whose values are one market's vocabulary."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import cast

from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Names of coins that contain the word currency (``digital currency``, ``DIGITAL_CURRENCY_DAILY``,
#: ``digital/crypto currency``): crypto, not a fiat currency.
_VIRTUAL = "|".join(ordered_words("markets", "virtual_currency_adjectives"))
_CRYPTO_CURRENCY = re.compile(rf"\b({_VIRTUAL})(\s*/\s*({_VIRTUAL}))?\s*currenc\w*", re.I)


#: A market -> the pattern of words that name it (the first that alone matches is the market).
_MARKETS = {market: re.compile(cast(str, pattern), re.I)
            for market, pattern in word_map("markets", "market_patterns").items()}


@lru_cache(maxsize=65536)  # target documentation repeats across candidates (speed only)
def sole_market_named(text: str) -> str | None:
    """Which market a symbol belongs to (``currency``, ``stock``, ``crypto``), when its words say one only."""
    text = _CRYPTO_CURRENCY.sub(" crypto ", text.replace("_", " "))
    hits = [m for m, rx in _MARKETS.items() if rx.search(text)]
    return hits[0] if len(hits) == 1 else None


@lru_cache(maxsize=65536)
def markets_named(text: str) -> frozenset[str]:
    """Every market a text names (``Get currency / forex or crypto exchange rates`` → currency, crypto)."""
    text = _CRYPTO_CURRENCY.sub(" crypto ", text.replace("_", " "))
    return frozenset(m for m, rx in _MARKETS.items() if rx.search(text))


def api_market(api_id: str) -> str | None:
    """The market (asset class) an API serves, from its name, else its tool's name (``Forex Historical Price`` →
    currency, ``DIGITAL_CURRENCY_DAILY`` → crypto, tool ``Crypto`` → crypto; a ``Currency Converter`` of a crypto
    tool converts coins: coins are currencies too)."""
    parts = api_id.split("|")
    own, tool = sole_market_named(parts[-1]), (sole_market_named(parts[-2]) if len(parts) >= 2 else None)
    return tool if own is None or (own == "currency" and tool == "crypto") else own


#: Names of a request setting whose values are one asset class's vocabulary (a candle ``period`` ``1d``).
SETTING_WORDS = knowledge_words("markets", "setting_names")
