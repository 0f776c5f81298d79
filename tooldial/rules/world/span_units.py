"""Record rule ``span_units``: a span broken into units carries each unit below its size in the next larger one; its
fix (:meth:`SpanUnits.fix`, run by the mock-data generator) draws such units again, or follows the asked dates."""

from __future__ import annotations

import random
from typing import Any

from tooldial.dialogue.mockdata import SPAN_UNITS, span_units
from tooldial.rules.record import Check, Problem, Record, RecordRule, number


class SpanUnits(RecordRule):
    """``years``/``months``/``days``/``hours``... of one span: no "88 years 12 months", no "71 hours" beside days."""

    checks = (Check.SPAN_UNITS,)

    def problems(self, record: Record) -> list[Problem]:
        scalars = record.scalars
        units = span_units(scalars)
        out: list[Problem] = []
        if len(units) < 2:
            return out
        names = [u for u, _ in SPAN_UNITS]
        for unit, size in SPAN_UNITS:
            if size is None or unit not in units:
                continue
            larger = [u for u in names[:names.index(unit)] if u in units and u != "weeks"]
            value = number(scalars[units[unit]])
            if larger and value is not None and not 0 <= value < size:
                out.append(Problem(Check.SPAN_UNITS, f"{units[unit]}={scalars[units[unit]]} beside "
                                   f"{units[larger[-1]]} is not below {size}", (units[unit], units[larger[-1]])))
        return out

    @staticmethod
    def fix(record: dict[str, Any], rng: random.Random, total: int | None) -> None:
        """The generator's fix of one record: no "88 years 12 months"; with ``total`` (the days between the two
        dates the call asked about, None when it gave none) the years, months and days follow it."""
        def put(key: str, value: int) -> None:
            record[key] = str(value) if isinstance(record[key], str) else value

        units = span_units(record)
        if len(units) < 2:
            return
        names = [u for u, _ in SPAN_UNITS]
        for unit, size in SPAN_UNITS:
            if unit not in units:
                continue
            larger = [u for u in names[:names.index(unit)] if u in units and u != "weeks"]
            if unit == "years" and total is not None:
                put(units[unit], total // 365)
            elif unit == "months" and total is not None:
                put(units[unit], total % 365 // 30 if larger else total // 30)
            elif unit == "days" and total is not None:
                put(units[unit], total % 30 if larger else total)
            elif size is not None and larger and not 0 <= float(record[units[unit]]) < size:
                put(units[unit], rng.randint(0, size - 1))
            elif total is not None and unit in ("hours", "minutes", "seconds"):
                put(units[unit], 0)
