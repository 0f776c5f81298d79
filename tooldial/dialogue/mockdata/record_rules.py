"""Consistency within one record that per-field generation cannot see (:func:`apply_rules`): ordered
pairs, averages, candles, clock parts and spans, time zones, the sky and the chance of rain."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tooldial.corpus.schema import json_value_type
from tooldial.dialogue.mockdata.climate import climate_range
from tooldial.dialogue.mockdata.dates import _ISO_DATE
from tooldial.dialogue.mockdata.fields import _ID_WORDS, FieldName, _tokens, field_kind
from tooldial.dialogue.mockdata.paths import _number, _owner, as_text, leaf_items
from tooldial.dialogue.mockdata.sports import _fix_scores, _fix_standing
from tooldial.dialogue.mockdata.world import WORLD_YEAR
from tooldial.dialogue.weather import fix_weather, needs_climate
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


#: Pairs of words that order two fields named alike (``temp_min`` ≤ ``temp_max``, ``low`` ≤ ``high``).
ORDERED_WORDS = ((("checkin", "in"), ("checkout", "out")), (("start", "begin"), ("end", "finish")),
                 (("min", "low", "lowest"), ("max", "high", "highest")))


#: ... and pairs that order two *dates* only (``dateFrom`` ≤ ``dateTo``, ``departure_date`` ≤ ``return_date``):
#: a currency pair ``from``/``to`` or two stations are no range.
DATE_ORDERED_WORDS = ((("from", "since"), ("to", "until")), (("departure", "depart", "outbound"), ("return", "inbound")))


def ordered_pairs(keys: Iterable[str], dates: bool = False) -> list[tuple[str, str]]:
    """(lower, upper) key pairs of a record that differ only by an :data:`ORDERED_WORDS` pair (with ``dates``,
    also by a :data:`DATE_ORDERED_WORDS` pair): ``startDate``/``endDate``, ``checkIn``/``checkOut``."""
    return list(_ordered_pairs(tuple(keys), dates))


@lru_cache(maxsize=16384)
def _ordered_pairs(keys: tuple[str, ...], dates: bool) -> tuple[tuple[str, str], ...]:
    """:func:`ordered_pairs` of one key tuple (records of one schema repeat their keys: computed once)."""
    out: list[tuple[str, str]] = []
    for starts, ends in ORDERED_WORDS + (DATE_ORDERED_WORDS if dates else ()):
        for a in keys:
            if not FieldName(a).has(*starts):
                continue
            rest_a = [t for t in _tokens(a) if t not in starts]
            out += [(a, b) for b in keys if FieldName(b).has(*ends) and (a, b) not in out
                    and [t for t in _tokens(b) if t not in ends] == rest_a]
    return tuple(out)


#: Words of a value that lies between its record's minimum and maximum (``averageRent`` in ``minRent``..``maxRent``).
MIDDLE_WORDS = loader.ordered_words("measures", "middle")


def middle_triples(record: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(min, middle, max) numeric keys of one record named alike: ``minRent``/``averageRent``/``maxRent``."""
    numbers = [k for k, v in record.items() if isinstance(v, int | float) and not isinstance(v, bool)]
    out = []
    for low, high in ordered_pairs(numbers):
        if not FieldName(low).has("min", "lowest"):
            continue
        rest = [t for t in _tokens(low) if t not in ("min", "lowest")]
        out += [(low, mid, high) for mid in numbers if FieldName(mid).has(*MIDDLE_WORDS)
                and [t for t in _tokens(mid) if t not in MIDDLE_WORDS] == rest]
    return out


def echoed_id_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """A request's id repeated as the id of objects of different kinds (a match uuid as the match's, its
    area's, its season's and its teams' ids): only the record the request names carries it."""
    asked = {as_text(v) for k, v in inputs.items() if field_kind(FieldName(k)) == "id" and len(as_text(v)) >= 3}
    owners: dict[str, set[str]] = {}
    for path, value in leaf_items(result):
        text = as_text(value)
        if text in asked and field_kind(FieldName(path[-1])) == "id" and not set(_tokens(path[-1])) - set(_ID_WORDS):
            owners.setdefault(text, set()).add(" ".join(sorted(_owner(path))) or "record")
    return [f"id echo: {value} is the id of {len(kinds)} kinds of object ({', '.join(sorted(kinds)[:4])})"
            for value, kinds in owners.items() if len(kinds) > 1]


def middle_problems(record: dict[str, Any]) -> list[str]:
    """An average outside its record's minimum..maximum."""
    return [f"middle: {mid} {record[mid]} outside {low} {record[low]}..{high} {record[high]}"
            for low, mid, high in middle_triples(record) if not record[low] <= record[mid] <= record[high]]


def _fix_middles(record: dict[str, Any]) -> None:
    """An average lies between its minimum and maximum: the three are put in order."""
    for low, mid, high in middle_triples(record):
        a, m, b = sorted((record[low], record[mid], record[high]))
        record[low], record[mid], record[high] = a, m, b


#: The four prices of a candle (open/high/low/close), by the word that tells them apart.
OHLC_WORDS = loader.ordered_words("money", "ohlc")


_OHLC_LETTERS = loader.word_map("money", "ohlc_letters")


def _price(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value.strip()):
        return float(value)
    return None


def ohlc_groups(record: dict[str, Any]) -> list[dict[str, str]]:
    """The candles of one record: {"open": key, "high": key, "low": key, "close": key} for keys that differ only
    by that word (``openPrice``/``highPrice``, ``1. open``/``2. high``, or the letters ``o h l c``), with a
    number for high, low and open or close."""
    groups: dict[tuple[str, ...], dict[str, str]] = {}
    letters = {k for k in record if k in _OHLC_LETTERS}
    for key in record:
        toks = _tokens(key)
        words = [t for t in toks if t in OHLC_WORDS]
        if len(words) == 1:
            rest = tuple(t for t in toks if t not in OHLC_WORDS and not t.isdigit())
            groups.setdefault(rest, {})[words[0]] = key
        elif key in letters and len(letters) == 4:
            groups.setdefault(("",), {})[_OHLC_LETTERS[key]] = key
    out = []
    for group in groups.values():
        if {"high", "low"} <= group.keys() and group.keys() & {"open", "close"} and all(
                _price(record[k]) is not None for k in group.values()):
            out.append(group)
    return out


def _fix_ohlc(record: dict[str, Any]) -> None:
    """high ≥ max(open, close) ≥ min(open, close) ≥ low, volume ≥ 0 (varied documented prices broke both)."""
    for group in ohlc_groups(record):
        keys = list(group.values())
        top = max(keys, key=lambda k: _price(record[k]))  # type: ignore[arg-type,return-value]
        bottom = min(keys, key=lambda k: _price(record[k]))  # type: ignore[arg-type,return-value]
        if top != group["high"]:
            record[top], record[group["high"]] = record[group["high"]], record[top]
        if bottom == group["high"]:  # moved by the swap above
            bottom = top
        if bottom != group["low"]:
            record[bottom], record[group["low"]] = record[group["low"]], record[bottom]
    for key, value in record.items():
        number = _price(value)
        if number is not None and number < 0 and FieldName(key).has("volume", "vol"):
            record[key] = -value if isinstance(value, int | float) else value.strip().lstrip("-")


#: A field that is one part of a clock reading or a date (``hour``, ``minute``, ``second``) and its range.
CLOCK_PARTS: dict[tuple[str, ...], tuple[int, int]] = {
    ("hour",): (0, 23), ("minute",): (0, 59), ("second",): (0, 59), ("hour", "of", "day"): (0, 23),
    ("day", "of", "month"): (1, 31)}


#: The units of a broken-down span ("3 years, 2 months, 5 days") with how many of each make the next larger.
SPAN_UNITS: tuple[tuple[str, int | None], ...] = (
    ("years", None), ("months", 12), ("weeks", None), ("days", 31), ("hours", 24), ("minutes", 60), ("seconds", 60))


def span_units(record: dict[str, Any]) -> dict[str, str]:
    """The keys of a record that break a span into units (``years``, ``total_months``…): unit -> key."""
    units = {}
    for key, value in record.items():
        toks = _tokens(key)
        if toks and len(toks) <= 2 and toks[-1] in dict(SPAN_UNITS) and isinstance(value, int | float | str) \
                and not isinstance(value, bool) and re.fullmatch(r"-?\d+(\.\d+)?", str(value)):
            units.setdefault(toks[-1], key)
    return units


def _fix_clock(record: dict[str, Any], ctx: RecordContext) -> None:
    """Clock parts in their range (no ``hour: 71``) and a broken-down span whose units stay below the next
    larger one (no "88 years 12 months"); the span follows the dates the call asked about when it gave two."""
    rng = ctx.world.rng

    def put(key: str, number: int) -> None:
        record[key] = str(number) if isinstance(record[key], str) else number

    for key, value in record.items():
        part = CLOCK_PARTS.get(_tokens(key))
        if part is not None and isinstance(value, int | float | str) and not isinstance(value, bool) and re.fullmatch(
                r"-?\d+(\.\d+)?", str(value)) and not part[0] <= float(value) <= part[1]:
            put(key, rng.randint(*part))
    units = span_units(record)
    if len(units) < 2:
        return
    total = ctx.span if ctx.asked_span else None
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


@lru_cache(maxsize=1)
def _iana_zones() -> frozenset[str]:
    import zoneinfo

    return frozenset(z for z in zoneinfo.available_timezones() if "/" in z)


def _offset_keys(record: dict[str, Any]) -> list[str]:
    """Keys of a record's UTC offset (``utc_offset``, ``gmtOffset``, ``raw_offset``), not a paging offset."""
    return [k for k, v in record.items() if not isinstance(v, dict | list | bool) and "offset" in _tokens(k)
            and not set(_tokens(k)) & {"page", "next", "prev", "start", "result", "results", "record", "records"}]


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


def _fix_zone(record: dict[str, Any], today: dt.date) -> None:
    """A record's UTC offset, DST flag and local time follow its IANA time zone (Karachi is +05:00, not the
    documented +01:00 of Madrid); a local time beside a UTC time is that UTC time in the zone."""
    import zoneinfo

    zone = next((as_text(v) for k, v in record.items() if isinstance(v, str) and v in _iana_zones()), None)
    if zone is None:
        return
    tz = zoneinfo.ZoneInfo(zone)
    stamps = {k: v for k, v in record.items() if isinstance(v, str) and re.match(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}", v)}
    utc_key = next((k for k in stamps if "utc" in _tokens(k) or "gmt" in _tokens(k)), None)
    local_key = next((k for k in stamps if k != utc_key and not set(_tokens(k)) & {"utc", "gmt"}
                      and (set(_tokens(k)) & {"local", "time", "datetime", "now", "current"})), None)
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
        if isinstance(value, bool | str) and as_text(value).lower() in ("true", "false") and "dst" in _tokens(key):
            flag = bool(local.dst())
            record[key] = flag if isinstance(value, bool) else str(flag).lower()


def zone_problems(record: dict[str, Any]) -> list[str]:
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
        number = _number(value)
        if isinstance(value, str) and number is None:
            m = re.search(r"([+-])(\d{1,2})(?::?(\d{2}))?$", value.strip())
            if m is None:
                continue
            number = (1 if m.group(1) == "+" else -1) * (int(m.group(2)) + int(m.group(3) or 0) / 60)
        if number is None:
            continue
        hours = number / 3600 if abs(number) > 24 else number
        if all(abs(hours - o.total_seconds() / 3600) > 0.01 for o in offsets if o is not None):
            out.append(f"utc offset: {key}={value} is not an offset of {zone}")
    return out


def apply_rules(record: dict[str, Any], ctx: RecordContext) -> None:
    """Record-level consistency that per-field generation cannot see: ordered pairs (``low`` ≤ ``high``,
    start ≤ end) and ``amount × rate = converted``."""
    scalars = [k for k, v in record.items() if not isinstance(v, dict | list)]
    numbers = set(ordered_pairs(scalars))
    for low, high in ordered_pairs(scalars, dates=True):
        a, b = record[low], record[high]
        comparable = ((low, high) in numbers and isinstance(a, int | float) and isinstance(b, int | float)
                      and not isinstance(a, bool) and not isinstance(b, bool)) or (
            isinstance(a, str) and isinstance(b, str) and bool(_ISO_DATE.match(a)) and bool(_ISO_DATE.match(b)))
        if comparable and b < a:
            record[low], record[high] = b, a
    _fix_middles(record)
    _fix_zone(record, ctx.world.today)
    _fix_ohlc(record)
    _fix_clock(record, ctx)
    _fix_sky(record, ctx.world.rng)
    _fix_standing(record)
    if any("score" in k.lower() for k in record):
        _fix_scores(record)
    fix_weather(record, ctx.world.rng, climate_range(ctx.place, ctx.anchor or ctx.world.today)
                if needs_climate(record) else None)
    keys = {k: field_kind(FieldName(k, json_value_type(v))) for k, v in record.items() if not isinstance(v, dict | list)}
    amount = next((k for k, kind in keys.items() if kind == "price" and FieldName(k).has("amount")), None)
    rate = next((k for k, kind in keys.items() if kind == "rate"), None)
    converted = next((k for k, kind in keys.items() if kind == "converted"), None)
    if amount and rate and converted:
        try:
            value = round(float(record[amount]) * float(record[rate]), 2)
        except (TypeError, ValueError):
            return
        record[converted] = value if not isinstance(record[converted], str) else f"{value:.2f}"


#: Sky conditions that rule a high or a low chance of rain in (``"Sunny"`` with 89% rain reads as a contradiction).
_DRY_SKY = re.compile(r"\b(sunny|clear|fair|dry)\b", re.I)


_WET_SKY = re.compile(r"\b(rain|rainy|showers?|drizzle|storms?|thunderstorms?|snow|sleet)\b", re.I)


def _sky_fields(record: dict[str, Any]) -> tuple[str | None, str | None]:
    """A record's sky condition and its chance of rain (keys), when it has both."""
    if not any(w in key.lower() for key in record for w in ("rain", "precip", "pop")):
        return None, None  # no chance of rain (a cheap test before the field names)
    sky = next((k for k, v in record.items() if isinstance(v, str) and FieldName(k).has(
        "condition", "conditions", "sky", "weather", "summary", "forecast")), None)
    chance = next((k for k, v in record.items() if _number(v) is not None and FieldName(k).has("rain", "precip",
                   "precipitation", "pop") and field_kind(FieldName(k, "number")) == "percent"), None)
    return sky, chance


def sky_problems(record: dict[str, Any]) -> list[str]:
    """A dry sky with a likely rain, or a wet one with an unlikely rain: rule ``weather condition``."""
    sky, chance = _sky_fields(record)
    if sky is None or chance is None:
        return []
    value = _number(record[chance]) or 0.0
    if _DRY_SKY.search(record[sky]) and not _WET_SKY.search(record[sky]) and value > 30:
        return [f"weather condition: {sky}={record[sky]!r} with {chance}={record[chance]}"]
    if _WET_SKY.search(record[sky]) and value < 40:
        return [f"weather condition: {sky}={record[sky]!r} with {chance}={record[chance]}"]
    return []


def _fix_sky(record: dict[str, Any], rng: random.Random) -> None:
    """A chance of rain that fits the sky condition (dry: 0–20%, wet: 50–95%)."""
    if sky_problems(record):
        sky, chance = _sky_fields(record)
        assert sky is not None and chance is not None
        value = rng.randint(0, 20) if not _WET_SKY.search(record[sky]) else rng.randint(50, 95)
        record[chance] = value if not isinstance(record[chance], str) else str(value)
