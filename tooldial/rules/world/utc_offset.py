"""Record rule ``utc offset``: a record's UTC offset is an offset of its IANA time zone, and its local time is its
UTC time in that zone; its fix (:func:`fix_zone`, run by the mock-data generator) sets the offset, DST flag and
local time from the zone.

A time is a full stamp (``"2025-05-02 19:00:00"``) or a clock-only time (``"14:05"``, ``"2:05:30 PM"``). A clock
time's date is the record's date field (``date`` beside ``time``, ``time.clock_date_words``), else the mock world's
today (the fix) or any day of the year (the check: either of the zone's offsets). Which field is UTC and which
local is data (``time.utc_words``, ``time.local_time_words``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.paths import as_number, as_text
from tooldial.dialogue.mockdata.world import WORLD_YEAR
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule

#: Words of a time field holding UTC (``time.utc_words``) and of one holding the record's local time
#: (``time.local_time_words``).
_UTC = loader.words("time", "utc_words")
_LOCAL = loader.words("time", "local_time_words")
#: Words of a date-only field that dates the record's clock times (``time.clock_date_words``).
_CLOCK_DATE = loader.words("time", "clock_date_words")
#: Words of an offset field that is no UTC offset (``time.not_zone_offset``).
_NOT_ZONE = loader.words("time", "not_zone_offset")

_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_DATE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")
#: A clock-only time in 24 h or 12 h form: ``14:05``, ``09:05:00``, ``2:05 PM``, ``2:05pm``, ``2:05 p.m.``.
_CLOCK = re.compile(r"^(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?(?P<gap>\s*)(?:(?P<ap>[AaPp])(?P<mk>\.?[Mm]\.?))?$")


class UtcOffset(RecordRule):
    """A record's UTC offset is an offset of its time zone; its local time is its UTC time in that zone."""

    checks = (Check.UTC_OFFSET, Check.LOCAL_TIME)

    def problems(self, record: Record) -> list[Problem]:
        return zone_problems(dict(record.scalars))

    @staticmethod
    def fix(record: dict[str, Any], today: dt.date) -> None:
        """The generator's fix of one record: :func:`fix_zone`."""
        fix_zone(record, today)


@lru_cache(maxsize=1)
def _iana_zones() -> frozenset[str]:
    import zoneinfo

    return frozenset(z for z in zoneinfo.available_timezones() if "/" in z)


def _zone_of(record: dict[str, Any]) -> str | None:
    """The record's IANA zone (its first value that names one)."""
    return next((v for v in record.values() if isinstance(v, str) and v in _iana_zones()), None)


def _offset_keys(record: dict[str, Any]) -> list[str]:
    """Keys of a record's UTC offset (``utc_offset``, ``gmtOffset``, ``raw_offset``), not a paging offset."""
    return [k for k, v in record.items() if not isinstance(v, dict | list | bool) and "offset" in name_tokens(k)
            and not set(name_tokens(k)) & _NOT_ZONE]


def _offset_text(delta: dt.timedelta, like: Any) -> Any:
    """An offset in the form of ``like``: ``"+05:30"``, seconds (``19800``), hours (``5.5``) or ``"UTC+5"``."""
    seconds = int(delta.total_seconds())
    if isinstance(like, int | float) and not isinstance(like, bool):
        return seconds if abs(like) > 24 else (seconds / 3600 if seconds % 3600 else seconds // 3600)
    sign = "-" if seconds < 0 else "+"
    hours, minutes = divmod(abs(seconds) // 60, 60)
    text = as_text(like)
    prefix = re.match(r"^[A-Za-z]*", text).group(0)
    return f"{prefix}{sign}{hours:02d}:{minutes:02d}" if ":" in text or not prefix else f"{prefix}{sign}{hours}"


def _clock(text: str) -> dt.time | None:
    """The time of day of a clock-only value (12 h with AM/PM, or 24 h), else None."""
    m = _CLOCK.match(text.strip())
    if m is None:
        return None
    hour, minute, second = int(m["h"]), int(m["m"]), int(m["s"] or 0)
    if m["ap"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m["ap"] in "Pp" else 0)
    return dt.time(hour, minute, second) if hour < 24 and minute < 60 and second < 60 else None


@dataclass(frozen=True, slots=True)
class _Times:
    """A record's UTC time field, its local time fields (its first full stamp and its first clock-only time: an
    API often gives both, ``datetime`` and ``time``) and the date of its clock times."""

    utc: str | None
    local: tuple[str, ...]
    day: dt.date | None

    @classmethod
    def of(cls, record: dict[str, Any]) -> _Times:
        offsets = set(_offset_keys(record))
        timed = [k for k, v in record.items() if k not in offsets and isinstance(v, str)
                 and (_stamp(v) is not None or _clock(v) is not None)]
        utc = next((k for k in timed if set(name_tokens(k)) & _UTC), None)
        local = [k for k in timed if k != utc and not set(name_tokens(k)) & _UTC and set(name_tokens(k)) & _LOCAL]
        stamp = next((k for k in local if _stamp(record[k]) is not None), None)
        clock = next((k for k in local if _stamp(record[k]) is None), None)
        return cls(utc, tuple(k for k in (stamp, clock) if k is not None), _record_date(record))


def _record_date(record: dict[str, Any]) -> dt.date | None:
    """The date of a record's clock times: its first date-only field named with ``time.clock_date_words``."""
    for key, value in record.items():
        m = _DATE.match(value) if isinstance(value, str) and set(name_tokens(key)) & _CLOCK_DATE else None
        if m:
            try:
                return dt.date(int(m[1]), int(m[2]), int(m[3]))
            except ValueError:
                continue
    return None


def _stamp(text: str) -> dt.datetime | None:
    """The naive moment of a full stamp (``2025-05-02 19:00:00``, ``2025-05-02T19:00Z``); None for any other text
    and for a stamp that names no moment (30 February: that is the rule ``impossible date``'s)."""
    if not _STAMP.match(text):
        return None
    try:
        return dt.datetime.fromisoformat(text[:19].replace(" ", "T"))
    except ValueError:
        return None


def _moment(text: str, day: dt.date) -> dt.datetime:
    """The naive moment of a stamp (its own date) or of a clock time (on ``day``)."""
    return _stamp(text) or dt.datetime.combine(day, _clock(text) or dt.time())


def _local_moment(utc_text: str, day: dt.date, tz: dt.tzinfo) -> dt.datetime:
    """The local moment of a UTC stamp, or of a UTC clock time on the day whose local date is ``day`` (a record's
    date is its local one: 02:00 UTC beside 20:00 on 10 January in New York is 11 January's)."""
    if _STAMP.match(utc_text):
        return _moment(utc_text, day).replace(tzinfo=dt.UTC).astimezone(tz)
    candidates = [_moment(utc_text, day + dt.timedelta(days=d)).replace(tzinfo=dt.UTC).astimezone(tz)
                  for d in (0, -1, 1)]
    return next((c for c in candidates if c.date() == day), candidates[0])


def _written(moment: dt.datetime, old: str) -> str:
    """``moment`` written in the form of ``old``: a stamp keeps its separator and tail, a clock time its 12 h or
    24 h form, its hour's padding, its seconds and its AM/PM marker's case and spelling."""
    if _STAMP.match(old):
        return moment.strftime("%Y-%m-%d" + old[10] + "%H:%M:%S")[:19] + old[19:] if len(old) >= 19 \
            else moment.strftime("%Y-%m-%d" + old[10] + "%H:%M")
    m = _CLOCK.match(old.strip())
    assert m is not None  # only clock times and stamps are time fields
    hour = moment.hour
    marker = ""
    if m["ap"]:
        hour = hour % 12 or 12
        letter = "A" if moment.hour < 12 else "P"
        marker = m["gap"] + (letter if m["ap"].isupper() else letter.lower()) + m["mk"]
    padded = m["h"].startswith("0") or (len(m["h"]) == 2 and not m["ap"])  # "11 am" says nothing of "4 am"
    text = f"{hour:0{2 if padded else 1}d}:{moment.minute:02d}" + (f":{moment.second:02d}" if m["s"] else "")
    return old[:len(old) - len(old.lstrip())] + text + marker + old[len(old.rstrip()):]


def fix_zone(record: dict[str, Any], today: dt.date) -> None:
    """A record's UTC offset, DST flag and local time follow its IANA time zone (Karachi is +05:00, not the
    documented +01:00 of Madrid); a local time beside a UTC time is that UTC time in the zone, on the record's
    date (a clock time's date field, else ``today``), in the local value's own form."""
    import zoneinfo

    zone = _zone_of(record)
    if zone is None:
        return
    tz = zoneinfo.ZoneInfo(zone)
    times = _Times.of(record)
    day = times.day or _stamp_date(*(record[k] for k in (times.utc, *times.local) if k is not None)) or today
    if times.utc is not None:
        local = _local_moment(record[times.utc], day, tz)
        for key in times.local:
            record[key] = _written(local, record[key])
    elif times.local:
        local = _moment(record[times.local[0]], day).replace(tzinfo=tz)
    else:
        local = dt.datetime.combine(today, dt.time(12)).replace(tzinfo=tz)
    for key in _offset_keys(record):
        record[key] = _offset_text(local.utcoffset() or dt.timedelta(0), record[key])
    for key, value in record.items():
        if isinstance(value, bool | str) and as_text(value).lower() in ("true", "false") and "dst" in name_tokens(key):
            flag = bool(local.dst())
            record[key] = flag if isinstance(value, bool) else str(flag).lower()


def zone_problems(record: dict[str, Any]) -> list[Problem]:
    """A UTC offset that the record's IANA zone never has (neither its standard nor its summer offset), and a
    local time that is not the record's UTC time in the zone (on the record's date; without one, at either
    offset)."""
    import zoneinfo

    zone = _zone_of(record)
    if zone is None:
        return []
    tz = zoneinfo.ZoneInfo(zone)
    offsets = {dt.datetime(WORLD_YEAR, m, 15, 12, tzinfo=tz).utcoffset() for m in (1, 7)}
    out = []
    for key in _offset_keys(record):
        value = record[key]
        number = as_number(value)
        if isinstance(value, str) and number is None:
            m = re.search(r"([+-])(\d{1,2})(?::?(\d{2}))?$", value.strip())
            if m is None:
                continue
            number = (1 if m.group(1) == "+" else -1) * (int(m.group(2)) + int(m.group(3) or 0) / 60)
        if number is None:
            continue
        hours = number / 3600 if abs(number) > 24 else number
        if all(abs(hours - o.total_seconds() / 3600) > 0.01 for o in offsets if o is not None):
            out.append(Problem(Check.UTC_OFFSET, f"{key}={value} is not an offset of {zone}", (key,)))
    times = _Times.of(record)
    for key in times.local if times.utc is not None else ():
        if not _local_agrees(record, times.utc, key, times.day, tz, offsets):
            out.append(Problem(Check.LOCAL_TIME, f"{key}={record[key]} is not {times.utc}={record[times.utc]} in "
                               f"{zone}", (key, times.utc)))
    return out


def _local_agrees(record: dict[str, Any], utc_key: str, local_key: str, day: dt.date | None, tz: dt.tzinfo,
                  offsets: set[dt.timedelta | None]) -> bool:
    """Whether the local time is the UTC time shifted by the zone's offset: the offset on the record's date (a
    date field, a stamp's date) when it has one, else either offset of the year. Two stamps agree to the moment, a
    clock time by its time of day; to the second when both show seconds, else to the minute."""
    utc_text, local_text = record[utc_key], record[local_key]
    day = day or _stamp_date(utc_text, local_text)
    utc = _moment(utc_text, day or dt.date(WORLD_YEAR, 1, 15))
    local = _moment(local_text, day or dt.date(WORLD_YEAR, 1, 15))
    if day:
        dated = _local_moment(utc_text, day, tz)
        utc, shifts = dated.replace(tzinfo=None) - (dated.utcoffset() or dt.timedelta(0)), {dated.utcoffset()}
    else:
        shifts = offsets
    unit = 1 if _has_seconds(utc_text) and _has_seconds(local_text) else 60
    both_stamps = bool(_STAMP.match(utc_text) and _STAMP.match(local_text))
    for shift in (s for s in shifts if s is not None):
        want = utc + shift
        if both_stamps:
            if _floor(local, unit) == _floor(want, unit):
                return True
        elif (_of_day(local) // unit - _of_day(want) // unit) % (86400 // unit) == 0:
            return True
    return False


def _stamp_date(*texts: str) -> dt.date | None:
    """The date of the first full stamp among ``texts``."""
    return next((moment.date() for t in texts if (moment := _stamp(t)) is not None), None)


def _has_seconds(text: str) -> bool:
    if _STAMP.match(text):
        return len(text) >= 19 and text[16] == ":"
    m = _CLOCK.match(text.strip())
    return bool(m and m["s"])


def _floor(moment: dt.datetime, unit: int) -> dt.datetime:
    return moment.replace(second=0) if unit == 60 else moment


def _of_day(moment: dt.datetime) -> int:
    return moment.hour * 3600 + moment.minute * 60 + moment.second
