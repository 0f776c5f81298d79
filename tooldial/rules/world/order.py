"""Record rule ``order``: ranges named alike run forwards: a start no later than its end, a minimum no higher than its
maximum, a value within the bounds named for it; its fix (:meth:`Order.fix`, run by the mock-data generator) swaps
a pair that runs backwards (the words are the ``measures`` and ``time`` packs', read by
:func:`~tooldial.dialogue.mockdata.record_rules.ordered_pairs`)."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable
from typing import Any

from tooldial.dialogue.mockdata import ISO_DATE, FieldName, ordered_pairs
from tooldial.rules.record import Check, Problem, Record, RecordRule, iso_date, number


class Order(RecordRule):
    """Start ≤ end for dates named alike (``start``/``end``, ``startDate``/``endDate``, ``dateFrom``/``dateTo``,
    ``checkIn``/``checkOut`` with at least one night, ``departure``/``return``), minimum ≤ maximum for numbers,
    and a number within the bounds named for it (``tp_min`` ≤ ``tp``, ``copiers`` ≤ ``maxCopiers``, ``fgm`` ≤
    ``fga``)."""

    checks = (Check.START_AFTER_END, Check.MIN_ABOVE_MAX)

    def problems(self, record: Record) -> list[Problem]:
        scalars, out = record.scalars, []
        numbers = set(ordered_pairs(scalars))
        for a, b in ordered_pairs(scalars, dates=True):
            da, db = iso_date(scalars[a]), iso_date(scalars[b])
            stay = "checkout" in FieldName(b).joined  # a stay has at least one night
            if da and db and da != dt.date.min and db != dt.date.min and (db < da or (stay and db == da)):
                out.append(Problem(Check.START_AFTER_END, f"{b}={scalars[b]} is not after {a}={scalars[a]}", (a, b)))
            na, nb = number(scalars[a]), number(scalars[b])
            if (a, b) in numbers and da is None and na is not None and nb is not None and nb < na:
                out.append(Problem(Check.MIN_ABOVE_MAX, f"{b}={scalars[b]} is below {a}={scalars[a]}", (a, b)))
        return out

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: a pair named alike that runs backwards (two numbers, as numbers or
        as text, or two ISO dates) is swapped (``low`` ≤ ``high``, start ≤ end)."""
        scalars = [k for k, v in record.items() if not isinstance(v, dict | list)]
        numbers = set(ordered_pairs(scalars))
        pairs = ordered_pairs(scalars, dates=True)
        for _ in range(len(pairs)):  # a bound and both ends (tp_min, tp, tp_max): swapped until all agree
            swapped = False
            for low, high in pairs:
                a, b = record[low], record[high]
                na, nb = number(a), number(b)  # numbers, or numbers written as text ("241.22")
                if (low, high) in numbers and na is not None and nb is not None and iso_date(a) is None:
                    backwards = nb < na
                else:
                    backwards = isinstance(a, str) and isinstance(b, str) and bool(ISO_DATE.match(a)) \
                        and bool(ISO_DATE.match(b)) and b < a
                if backwards:  # each keeps its own form: a whole number stays whole, the low end rounded down
                    record[low], record[high], swapped = _whole_like(b, a, math.floor), _whole_like(a, b, math.ceil), True
            if not swapped:
                break


def _whole_like(value: Any, old: Any, rounding: Callable[[float], int]) -> Any:
    """``value`` moved into the field that held ``old``: rounded (``math.floor`` for a low end, ``math.ceil`` for a
    high one, so the pair stays in order) when ``old`` was a whole number and ``value`` is a fraction (a
    ``max_score`` documented as an integer takes no 26.1); else as it is."""
    n = number(value)
    whole_old = (isinstance(old, int) and not isinstance(old, bool)) or (
        isinstance(old, str) and re.fullmatch(r"-?\d+", old.strip()) is not None)
    if n is None or not whole_old or n == int(n) or iso_date(value) is not None:
        return value
    return str(rounding(n)) if isinstance(old, str) else rounding(n)

