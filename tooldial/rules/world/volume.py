"""Record rule ``volume``: a traded volume is never negative; its fix (:meth:`Volume.fix`, run by the mock-data
generator) drops the sign."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata import FieldName, candle_price
from tooldial.rules.record import Check, Problem, Record, RecordRule, number


class Volume(RecordRule):
    """A field named ``volume`` / ``vol`` holds no negative number."""

    checks = (Check.NEGATIVE_VOLUME,)

    def problems(self, record: Record) -> list[Problem]:
        out = []
        for key, value in record.scalars.items():
            amount = number(value)
            if amount is not None and amount < 0 and FieldName(key).has("volume", "vol"):
                out.append(Problem(Check.NEGATIVE_VOLUME, f"{key}={value}", (key,)))
        return out

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: a negative ``volume`` / ``vol`` loses its sign (a string too)."""
        for key, value in record.items():
            amount = candle_price(value)
            if amount is not None and amount < 0 and FieldName(key).has("volume", "vol"):
                record[key] = -value if isinstance(value, int | float) else value.strip().lstrip("-")
