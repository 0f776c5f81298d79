"""Consistency within one record that per-field generation cannot see (:func:`apply_rules`): ordered
pairs, averages, candles, clock parts and spans, time zones, the sky and the chance of rain."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tooldial.corpus.schema import json_value_type
from tooldial.dialogue.mockdata.climate import climate_range
from tooldial.dialogue.mockdata.dates import _ISO_DATE
from tooldial.dialogue.mockdata.fields import FieldName, _tokens, field_kind
from tooldial.dialogue.mockdata.rule_fixes import record_fix, world_fix
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
    record_fix("middle")(record)
    record_fix("utc_offset")(record, ctx.world.today)
    _fix_ohlc(record)
    _fix_clock(record, ctx)
    record_fix("sky")(record, ctx.world.rng)
    record_fix("standings")(record)
    if any("score" in k.lower() for k in record):
        record_fix("match_score")(record)
    world_fix("weather")(record, ctx.world.rng, climate_range(ctx.place, ctx.anchor or ctx.world.today)
                         if world_fix("weather", "needs_climate")(record) else None)
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

