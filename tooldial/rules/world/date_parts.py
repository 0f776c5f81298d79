"""Record rule ``date parts``: the parts of one moment a record breaks down (``year``, ``month``, ``day``, ``hour``,
``minute``, ``weekday``, ``week_number``, ``seconds_since_epoch``) name one moment, and the one its whole date or
clock time names; its fix (:meth:`DateParts.fix`, run by the mock-data generator) writes every part from one moment.

Which names are parts is data (``time.moment_parts``). A value that is no part (``"week": "1.2%"`` of a price
change, ``"hour": 25753.3`` of a price an hour ago) means the record breaks down no moment, and the rule is silent.
A record's whole date is checked against its parts only when they break down the whole date (year, month and day):
a futures contract's ``month: 7`` beside its quote ``date: 2023-06-15`` is the contract's month, not the quote's.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule, number

#: Part -> the joined names of a record's field that hold it (``time.moment_parts``).
MOMENT_PARTS: Mapping[str, tuple[str, ...]] = {
    part: tuple(names) for part, names in loader.word_map("time", "moment_parts").items()}  # type: ignore[arg-type]

#: The range of each numeric part.
_RANGES = {"year": (1, 9999), "month": (1, 12), "day": (1, 31), "hour": (0, 23), "minute": (0, 59),
           "second": (0, 59), "week": (0, 53)}
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?")
_STAMP = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?")
_UTC = tuple(loader.ordered_words("time", "utc_words"))
_WEEKDAYS = tuple(dt.date(2024, 1, d).strftime("%A") for d in range(1, 8))  # Monday first


def moment_parts(record: Mapping[str, Any]) -> dict[str, str]:
    """Part -> key of the record's fields that break down one moment, or {} when any such field holds no part
    (a value out of its part's range, a weekday that names no day) or the record holds fewer than two parts."""
    found: dict[str, str] = {}
    for key, value in record.items():
        if isinstance(value, dict | list | bool) or value is None:
            continue
        joined = FieldName(key).joined
        part = next((p for p, names in MOMENT_PARTS.items() if joined in names and p != "whole"), None)
        if part is None or part in found:
            continue
        if not _is_part(part, value):
            return {}
        found[part] = key
    return found if len(found.keys() - {"epoch"}) >= 2 else {}


def _is_part(part: str, value: Any) -> bool:
    if part == "weekday":
        return _weekday_index(value) is not None
    if part == "epoch":
        return number(value) is not None
    if part == "day" and _STAMP.match(as_text(value)):
        return True  # a day written as its whole date (the date names the moment)
    n = number(value)
    return n is not None and n == int(n) and _RANGES[part][0] <= n <= _RANGES[part][1]


def _weekday_index(value: Any) -> int | None:
    """Monday 0 .. Sunday 6 for a weekday name or abbreviation (``"Wed"``); numbers are left alone (whether 0 is
    Sunday or Monday differs by API)."""
    text = as_text(value).strip().lower()
    if len(text) < 3 or not text.isalpha():
        return None
    return next((i for i, name in enumerate(_WEEKDAYS) if name.lower().startswith(text)), None)


def _whole(record: Mapping[str, Any], parts: Mapping[str, str]) -> tuple[str | None, dt.datetime | None, bool]:
    """The record's whole date or clock time: (key, moment, whether it holds a date). A clock-only value
    (``"13:15"``) is a moment on no date. A ``day`` written as a whole date is the whole date."""
    keys = [k for k, v in record.items() if isinstance(v, str) and FieldName(k).joined in MOMENT_PARTS["whole"]]
    if not keys:  # else the record's one time that is not UTC's (``to_time`` beside ``utc_time``); a date beside
        # a broken-down date may be another day (an age calculator's ``requestDate`` beside a birth date's parts)
        timed = [k for k, v in record.items() if isinstance(v, str) and k not in parts.values()
                 and field_kind(FieldName(k)) in ("datetime", "time") and not FieldName(k).has(*_UTC)]
        keys = timed if len(timed) == 1 else []
    if "day" in parts and _STAMP.match(as_text(record[parts["day"]])):
        keys.insert(0, parts["day"])
    for key in keys:
        text = as_text(record[key]).strip()
        m = _STAMP.match(text)
        if m:
            try:
                return key, dt.datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4] or 0), int(m[5] or 0),
                                        int(m[6] or 0)), True
            except ValueError:
                continue
        c = _CLOCK.match(text)
        if c and int(c[1]) < 24 and int(c[2]) < 60:
            return key, dt.datetime(2000, 1, 1, int(c[1]), int(c[2]), int(c[3] or 0)), False
    return None, None, False


def _date_of_parts(record: Mapping[str, Any], parts: Mapping[str, str]) -> dt.date | None:
    if not {"year", "month", "day"} <= parts.keys() or _STAMP.match(as_text(record[parts["day"]])):
        return None
    try:
        return dt.date(*(int(number(record[parts[p]]) or 0) for p in ("year", "month", "day")))
    except ValueError:
        return None


class DateParts(RecordRule):
    """The parts of one moment in a record agree: a real date, its weekday and week, the clock time's hour and
    minute, and the whole date the parts break down."""

    checks = (Check.DATE_PARTS,)

    def problems(self, record: Record) -> list[Problem]:
        scalars = dict(record.scalars)
        parts = moment_parts(scalars)
        if not parts:
            return []
        if _no_date(scalars, parts):
            return [Problem(Check.DATE_PARTS, "year, month and day name no date",
                            (parts["year"], parts["month"], parts["day"]))]
        moment, expected = _expected(scalars, parts)
        wrong = [k for part, k in parts.items() if k in expected and not _agrees(part, scalars[k], expected[k])]
        if not wrong:
            return []
        shown = ", ".join(f"{k}={scalars[k]}" for k in wrong)
        when = moment.strftime("%H:%M:%S") if moment.date() == dt.date.min else moment.isoformat(sep=" ")
        return [Problem(Check.DATE_PARTS, f"{shown} not of {when}", tuple(wrong))]

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: the parts are written from one moment (:func:`_expected`), each in
        its value's form (a number stays a number, ``"07"`` two digits, ``"Wed"`` an abbreviation); a day past
        its month's end (30 February) becomes the month's last."""
        parts = moment_parts(record)
        if not parts:
            return
        if _no_date(record, parts):
            year, month = (int(number(record[parts[p]]) or 1) for p in ("year", "month"))
            last = calendar.monthrange(year, month)[1]
            record[parts["day"]] = _like(min(int(number(record[parts["day"]]) or 1), last), record[parts["day"]])
        record.update(_expected(record, parts)[1])


def _no_date(record: Mapping[str, Any], parts: Mapping[str, str]) -> bool:
    """Whether the record's year, month and day (all numbers) name no date (30 February)."""
    return {"year", "month", "day"} <= parts.keys() and not _STAMP.match(as_text(record[parts["day"]])) \
        and _date_of_parts(record, parts) is None


def _expected(record: Mapping[str, Any], parts: Mapping[str, str]) -> tuple[dt.datetime, dict[str, Any]]:
    """The moment the record names and each part's value of it (key -> value in the old value's form). The date
    is the record's whole date when the parts break it down (year, month and day), else the one they name; the
    clock time is the whole value's (``"13:15"`` too) when the parts hold an hour and a minute, else theirs.
    Nothing is expected of a record that names no date (a season's ``year`` and ``week``), nor of an hour with no
    minute (an hour's forecast)."""
    key, whole, dated = _whole(record, parts)
    day = _date_of_parts(record, parts)
    if whole is not None and dated and {"year", "month", "day"} <= parts.keys():
        day = whole.date()  # the parts break the whole date down (a contract's month beside a quote's is none)
    clocked = {"hour", "minute"} <= parts.keys()
    clock = whole.time() if clocked and whole is not None and (not dated or whole.time() != dt.time()) else None
    if clock is None and clocked:
        clock = dt.time(*(int(number(record[parts[p]]) or 0) for p in ("hour", "minute", "second") if p in parts))
    from_whole = clocked and whole is not None and clock == whole.time()
    if day is None and not from_whole:
        return dt.datetime.min, {}
    moment = dt.datetime.combine(day or dt.date.min, clock or dt.time())
    values = {"year": moment.year, "month": moment.month, "day": moment.day, "hour": moment.hour,
              "minute": moment.minute, "second": moment.second, "week": moment.isocalendar().week}
    out: dict[str, Any] = {}
    for part, k in parts.items():
        old = record[k]
        if (part == "day" and k == key) or (part in ("hour", "minute", "second", "epoch") and clock is None) or (
                day is None and part not in ("hour", "minute", "second")):
            continue  # the whole date itself; clock parts with no clock time, date parts with no date to agree with
        if part == "weekday":
            name, text = _WEEKDAYS[moment.weekday()], as_text(old).strip()
            name = name[:3] if len(text) == 3 else name
            out[k] = name.lower() if text.islower() else name.upper() if text.isupper() else name
        elif part == "epoch":
            seconds = int(moment.replace(tzinfo=_zone(record)).timestamp())
            new = seconds * 1000 if abs(number(old) or 0) > 1e11 else seconds
            out[k] = str(new) if isinstance(old, str) else new
        else:
            out[k] = _like(values[part], old)
    return moment, out


def _agrees(part: str, old: Any, new: Any) -> bool:
    """Whether a part's value agrees with the expected one: weekdays by their day, week numbers by any common
    numbering (ISO, Sunday- or Monday-first, from 0 or 1), epoch seconds within a day (the zone may be unknown)."""
    if part == "weekday":
        return _weekday_index(old) == _weekday_index(new)
    a, b = number(old), number(new)
    if a is None or b is None:
        return as_text(old) == as_text(new)
    if part == "week":
        return abs(a - b) <= 1
    if part == "epoch":
        return abs(a - b) <= (86_400_000 if abs(b) > 1e11 else 86_400)
    return a == b


def _zone(record: Mapping[str, Any]) -> dt.tzinfo:
    """The record's IANA time zone (``"Asia/Shanghai"``), else UTC."""
    import zoneinfo

    for value in record.values():
        if isinstance(value, str) and "/" in value and value[:1].isupper():
            try:
                return zoneinfo.ZoneInfo(value)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                continue
    return dt.UTC


def _like(value: int, old: Any) -> Any:
    """``value`` in the form of ``old``: a number, or text (zero-padded when ``old`` is)."""
    if isinstance(old, str):
        return f"{value:0{len(old.strip())}d}" if old.strip().startswith("0") and len(old.strip()) > 1 else str(value)
    return float(value) if isinstance(old, float) else value
