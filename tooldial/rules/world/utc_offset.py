"""Record rule ``utc offset``: a record's UTC offset is an offset of its IANA time zone; its fix (:func:`fix_zone`,
run by the mock-data generator) sets the offset, DST flag and local time from the zone."""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.paths import as_number, as_text
from tooldial.dialogue.mockdata.world import WORLD_YEAR
from tooldial.rules.record import Check, Problem, Record, RecordRule


class UtcOffset(RecordRule):
    """A record's UTC offset is an offset of its time zone."""

    checks = (Check.UTC_OFFSET,)

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


def _offset_keys(record: dict[str, Any]) -> list[str]:
    """Keys of a record's UTC offset (``utc_offset``, ``gmtOffset``, ``raw_offset``), not a paging offset."""
    return [k for k, v in record.items() if not isinstance(v, dict | list | bool) and "offset" in name_tokens(k)
            and not set(name_tokens(k)) & {"page", "next", "prev", "start", "result", "results", "record", "records"}]


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


def fix_zone(record: dict[str, Any], today: dt.date) -> None:
    """A record's UTC offset, DST flag and local time follow its IANA time zone (Karachi is +05:00, not the
    documented +01:00 of Madrid); a local time beside a UTC time is that UTC time in the zone."""
    import zoneinfo

    zone = next((as_text(v) for k, v in record.items() if isinstance(v, str) and v in _iana_zones()), None)
    if zone is None:
        return
    tz = zoneinfo.ZoneInfo(zone)
    stamps = {k: v for k, v in record.items() if isinstance(v, str) and re.match(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}", v)}
    utc_key = next((k for k in stamps if "utc" in name_tokens(k) or "gmt" in name_tokens(k)), None)
    local_key = next((k for k in stamps if k != utc_key and not set(name_tokens(k)) & {"utc", "gmt"}
                      and (set(name_tokens(k)) & {"local", "time", "datetime", "now", "current"})), None)
    if utc_key is not None:
        moment = dt.datetime.fromisoformat(stamps[utc_key][:19].replace(" ", "T")).replace(tzinfo=dt.UTC)
        local = moment.astimezone(tz)
        if local_key is not None:
            old = stamps[local_key]
            record[local_key] = local.strftime("%Y-%m-%d" + old[10] + "%H:%M:%S")[:19] + old[19:] if len(old) >= 19 \
                else local.strftime("%Y-%m-%d" + old[10] + "%H:%M")
    elif local_key is not None:
        local = dt.datetime.fromisoformat(stamps[local_key][:19].replace(" ", "T")).replace(tzinfo=tz)
    else:
        local = dt.datetime.combine(today, dt.time(12)).replace(tzinfo=tz)
    for key in _offset_keys(record):
        record[key] = _offset_text(local.utcoffset() or dt.timedelta(0), record[key])
    for key, value in record.items():
        if isinstance(value, bool | str) and as_text(value).lower() in ("true", "false") and "dst" in name_tokens(key):
            flag = bool(local.dst())
            record[key] = flag if isinstance(value, bool) else str(flag).lower()


def zone_problems(record: dict[str, Any]) -> list[Problem]:
    """A UTC offset that the record's IANA zone never has (neither its standard nor its summer offset)."""
    import zoneinfo

    zone = next((as_text(v) for v in record.values() if isinstance(v, str) and v in _iana_zones()), None)
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
    return out
