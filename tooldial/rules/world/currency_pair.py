"""A currency pair names two currencies."""

from __future__ import annotations

from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule

#: Words of a currency code field that make it a side of a pair (``from``, ``base``): the ``money`` pack.
_PAIR_SIDES = loader.ordered_words("money", "pair_sides")


class CurrencyPair(RecordRule):
    """A record with a from/to (base/target) currency pair and only one currency value converts nothing."""

    checks = (Check.CURRENCY_PAIR,)
    needs = frozenset({"currency_code"})

    def problems(self, record: Record) -> list[Problem]:
        scalars, kinds = record.scalars, record.kinds
        currencies = [as_text(v) for k, v in scalars.items() if kinds[k] == "currency_code"]
        pair = [k for k in scalars if kinds[k] == "currency_code" and FieldName(k).has(*_PAIR_SIDES)]
        if len(pair) == 2 and len(set(currencies)) == 1:
            return [Problem(Check.CURRENCY_PAIR, f"both sides are {currencies[0]}", tuple(pair))]
        return []
