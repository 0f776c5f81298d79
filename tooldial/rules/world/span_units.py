"""A span broken into units carries each unit below its size in the next larger one."""

from __future__ import annotations

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
