"""Record rule ``amount_rate``: a conversion's converted amount is its amount times its rate; its fix
(:meth:`AmountRate.fix`, run by the mock-data generator) computes the converted amount."""

from __future__ import annotations

from typing import Any

from tooldial.corpus.schema import json_value_type
from tooldial.dialogue.mockdata import FieldName, field_kind
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

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: ``converted = round(amount × rate, 2)`` (a string keeps two decimals)."""
        keys = {k: field_kind(FieldName(k, json_value_type(v))) for k, v in record.items()
                if not isinstance(v, dict | list)}
        amount = next((k for k, kind in keys.items() if kind == "price" and FieldName(k).has("amount")), None)
        rate = next((k for k, kind in keys.items() if kind == "rate"), None)
        converted = next((k for k, kind in keys.items() if kind == "converted"), None)
        if amount and rate and converted:
            try:
                value = round(float(record[amount]) * float(record[rate]), 2)
            except (TypeError, ValueError):
                return
            record[converted] = value if not isinstance(record[converted], str) else f"{value:.2f}"
