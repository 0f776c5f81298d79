"""A conversion's converted amount is its amount times its rate."""

from __future__ import annotations

from tooldial.dialogue.mockdata import FieldName
from tooldial.rules.record import Check, Problem, Record, RecordRule, number


class AmountRate(RecordRule):
    """``amount × rate = converted`` within a cent or 1%."""

    checks = (Check.AMOUNT_RATE,)
    needs = frozenset({"converted"})

    def problems(self, record: Record) -> list[Problem]:
        scalars, kinds = record.scalars, record.kinds
        amount = next((number(v) for k, v in scalars.items() if kinds[k] == "price" and FieldName(k).has("amount")),
                      None)
        rate = next((number(v) for k, v in scalars.items() if kinds[k] == "rate"), None)
        converted = next((number(v) for k, v in scalars.items() if kinds[k] == "converted"), None)
        if amount is not None and rate is not None and converted is not None \
                and abs(amount * rate - converted) > max(0.02, 0.01 * abs(converted)):
            return [Problem(Check.AMOUNT_RATE, f"amount {amount} x rate {rate} != converted {converted}")]
        return []
