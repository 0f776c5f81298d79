"""A traded volume is never negative."""

from __future__ import annotations

from tooldial.dialogue.mockdata import FieldName
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
