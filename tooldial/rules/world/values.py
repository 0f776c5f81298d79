"""Record rule ``values``: each value on its own: clock times that exist, dates that parse, numbers in their kind's
range; its fix (:meth:`Values.fix`, run by the mock-data generator) draws clock parts inside their range."""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

from tooldial.dialogue.mockdata import CLOCK_PARTS, FieldName, as_text
from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule, iso_date, number

#: Words of a temperature field's name that say °F: its range is -60..125, not -50..50.
_FAHRENHEIT_KEYS = loader.ordered_words("units", "fahrenheit_keys")
#: Words of a percent field that is a change (-100..100); last words of a year field (1000..2100).
_CHANGE_WORDS = loader.ordered_words("quantities", "change_words")
_YEAR_FIELDS = loader.words("time", "year_fields")
#: Kind -> the range its values must lie in (``measures.allowed_ranges``).
_ALLOWED = loader.number_ranges("measures", "allowed_ranges")

_CLOCK = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")


class Values(RecordRule):
    """``25:70`` is no clock time, ``2024-02-30`` no date; a number lies in its kind's range
    (``measures.allowed_ranges``: a latitude in -90..90, a month in 1..12, a percentage in 0..100)."""

    checks = (Check.CLOCK_TIME, Check.IMPOSSIBLE_DATE, Check.OUT_OF_RANGE, Check.CLOCK_PART)

    def problems(self, record: Record) -> list[Problem]:
        return [p for k, v in record.scalars.items() for p in _value_problems(k, v, record.kinds[k])]

    @staticmethod
    def fix(record: dict[str, Any], rng: random.Random) -> None:
        """The generator's fix of one record: a clock part out of its range (``hour: 71``, check ``clock part``; a
        whole number: ``"hour": 25753.3`` is a price an hour ago) is drawn again inside it; the other checks have
        no fix here (the generator draws such values in range)."""
        for key, value in record.items():
            part = CLOCK_PARTS.get(name_tokens(key))
            if part is not None and isinstance(value, int | float | str) and not isinstance(value, bool) and re.fullmatch(
                    r"-?\d+(\.0+)?", str(value)) and not part[0] <= float(value) <= part[1]:
                drawn = rng.randint(*part)
                record[key] = str(drawn) if isinstance(value, str) else drawn


def _allowed_range(key: str, kind: str | None, last: str) -> str | None:
    """The ``measures.allowed_ranges`` entry a field's value must lie in: its kind's, a Fahrenheit temperature's
    or a percent change's; a year or a month only when the name ends in it (``year``, not ``years_active``)."""
    if kind == "temperature" and FieldName(key).has(*_FAHRENHEIT_KEYS):
        return "temperature_fahrenheit"
    if kind == "percent" and FieldName(key).has(*_CHANGE_WORDS):
        return "percent_change"
    if kind == "year" and last not in _YEAR_FIELDS or kind == "month" and last != "month":
        return None
    return kind if kind in _ALLOWED else None


def _value_problems(key: str, value: Any, kind: str | None) -> list[Problem]:
    out = []
    text = as_text(value)
    for m in _CLOCK.finditer(text):
        if int(m[1]) > 24 or (int(m[1]) == 24 and int(m[2]) > 0) or int(m[2]) > 59 or (m[3] is not None and int(m[3]) > 59):
            out.append(Problem(Check.CLOCK_TIME, f"{key}={text!r} is not a clock time", (key,)))
    if iso_date(value) == dt.date.min:
        out.append(Problem(Check.IMPOSSIBLE_DATE, f"{key}={text!r} is not a date", (key,)))
    value_number = number(value)
    if value_number is None:
        return out
    last = FieldName(key).tokens[-1] if FieldName(key).tokens else ""
    allowed = _allowed_range(key, kind, last)
    if allowed is not None and value_number not in _ALLOWED[allowed]:
        out.append(Problem(Check.OUT_OF_RANGE, f"{key}={text} is out of range for a {kind}", (key,)))
    part = CLOCK_PARTS.get(FieldName(key).tokens)  # a fraction is no part (a price an hour ago: "hour": 25753.3)
    if part is not None and value_number == int(value_number) and not part[0] <= value_number <= part[1]:
        out.append(Problem(Check.CLOCK_PART, f"{key}={text} is out of range for {'/'.join(FieldName(key).tokens)}",
                           (key,)))
    return out
