"""Consistency within one record that per-field generation cannot see (:func:`apply_rules`: the registered record
rules' fixes, in order) and the readings those rules share: ordered pairs, candles, clock parts and spans."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.climate import climate_range
from tooldial.dialogue.mockdata.fields import FieldName, name_tokens
from tooldial.dialogue.mockdata.rule_fixes import record_fix, world_fix
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


def _range_words(subject: str, lower: str, upper: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """(lower words, upper words) of each range of two maps of a pack whose entries share their names."""
    lows, highs = loader.word_map(subject, lower), loader.word_map(subject, upper)
    return tuple((tuple(lows[name]), tuple(highs[name])) for name in lows)  # type: ignore[arg-type]


#: Pairs of words that order two fields named alike (``temp_min`` ≤ ``temp_max``, ``low`` ≤ ``high``, a check-in
#: before its check-out, ``made`` ≤ ``attempted``): ``measures.ordered_range_lower`` / ``ordered_range_upper``.
ORDERED_WORDS = _range_words("measures", "ordered_range_lower", "ordered_range_upper")


#: ... and pairs that order two *dates* only (``dateFrom`` ≤ ``dateTo``, ``departure_date`` ≤ ``return_date``):
#: a currency pair ``from``/``to`` or two stations are no range (``time.date_range_lower`` / ``date_range_upper``).
DATE_ORDERED_WORDS = _range_words("time", "date_range_lower", "date_range_upper")

#: Words of a bound beside the value it bounds, glued or not (``tp_min`` ≤ ``tp`` ≤ ``tp_max``, ``xmin`` ≤ ``xmax``,
#: ``copiers`` ≤ ``maxCopiers``): ``measures.floor_words`` / ``ceiling_words``, longest first.
_FLOOR_WORDS = loader.ordered_words("measures", "floor_words")
_CEILING_WORDS = loader.ordered_words("measures", "ceiling_words")

#: Whole names of a value and the field that bounds it from above (``fgm`` ≤ ``fga``): ``measures.ordered_names``.
_ORDERED_NAMES = loader.word_map("measures", "ordered_names")


def ordered_pairs(keys: Iterable[str], dates: bool = False) -> list[tuple[str, str]]:
    """(lower, upper) key pairs of a record that differ only by an :data:`ORDERED_WORDS` pair (with ``dates``,
    also by a :data:`DATE_ORDERED_WORDS` pair): ``startDate``/``endDate``, ``checkIn``/``checkOut``; then a
    bound and the value it bounds (``tp_min``/``tp``, ``copiers``/``maxCopiers``), bounds glued to their
    quantity (``xmin``/``xmax``, ``minpoints``/``maxpoints``) and the named pairs (``fgm``/``fga``)."""
    return list(_ordered_pairs(tuple(keys), dates))


@lru_cache(maxsize=16384)
def _ordered_pairs(keys: tuple[str, ...], dates: bool) -> tuple[tuple[str, str], ...]:
    """:func:`ordered_pairs` of one key tuple (records of one schema repeat their keys: computed once)."""
    out: list[tuple[str, str]] = []
    for starts, ends in ORDERED_WORDS + (DATE_ORDERED_WORDS if dates else ()):
        for a in keys:
            if not FieldName(a).has(*starts):
                continue
            rest_a = [t for t in name_tokens(a) if t not in starts]
            out += [(a, b) for b in keys if FieldName(b).has(*ends) and (a, b) not in out
                    and [t for t in name_tokens(b) if t not in ends] == rest_a]
    bounds = {k: _bound(k) for k in keys}
    joined = {FieldName(k).joined: k for k in keys}
    for a in keys:
        for b in keys:
            if a == b or (a, b) in out or (b, a) in out:
                continue
            side_a, stem_a, glued_a = bounds[a] or ("", FieldName(a).joined, False)
            side_b, stem_b, glued_b = bounds[b] or ("", FieldName(b).joined, False)
            if stem_a and stem_a == stem_b and ((side_a, side_b) == ("floor", "ceiling") or (
                    (side_a, side_b) in (("floor", ""), ("", "ceiling")) and not glued_a | glued_b)):
                out.append((a, b))  # a glued bound needs its other end (``admin`` is no minimum of ``ad``)
        named = _ORDERED_NAMES.get(FieldName(a).joined)
        upper = joined.get(named) if isinstance(named, str) else None
        if upper is not None and (a, upper) not in out:
            out.append((a, upper))
    return tuple(out)


def _bound(key: str) -> tuple[str, str, bool] | None:
    """("floor" or "ceiling", the bounded quantity's joined words, whether the bound word is glued) of a key that
    names a bound: a bound word of its own (``tp_min``, ``maxCopiers``) or glued to the quantity's first or last
    word (``xmin``, ``minpoints``); None for any other key, and for a bare ``min`` (no quantity)."""
    tokens = name_tokens(key)
    for side, words in (("floor", _FLOOR_WORDS), ("ceiling", _CEILING_WORDS)):
        for i, token in enumerate(tokens):
            for word in words:
                if token == word:
                    rest, glued = tokens[:i] + tokens[i + 1:], False
                elif token.startswith(word) and token[len(word):].isalpha():
                    rest, glued = tokens[:i] + (token[len(word):],) + tokens[i + 1:], True
                elif token.endswith(word) and token[:-len(word)].isalpha():
                    rest, glued = tokens[:i] + (token[:-len(word)],) + tokens[i + 1:], True
                else:
                    continue
                if rest:
                    return side, "".join(rest), glued
    return None


#: The four prices of a candle (open/high/low/close), by the word that tells them apart.
OHLC_WORDS = loader.ordered_words("money", "ohlc")


_OHLC_LETTERS = loader.word_map("money", "ohlc_letters")


def candle_price(value: Any) -> float | None:
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
        toks = name_tokens(key)
        words = [t for t in toks if t in OHLC_WORDS]
        if len(words) == 1:
            rest = tuple(t for t in toks if t not in OHLC_WORDS and not t.isdigit())
            groups.setdefault(rest, {})[words[0]] = key
        elif key in letters and len(letters) == 4:
            groups.setdefault(("",), {})[_OHLC_LETTERS[key]] = key
    out = []
    for group in groups.values():
        if {"high", "low"} <= group.keys() and group.keys() & {"open", "close"} and all(
                candle_price(record[k]) is not None for k in group.values()):
            out.append(group)
    return out


#: A field that is one part of a clock reading or a date (``hour``, ``minute``, ``second``, ``week_number``) by
#: its name's words, and its range (``time.clock_parts``).
CLOCK_PARTS: dict[tuple[str, ...], tuple[int, int]] = {
    tuple(words.split()): (int(r.low), int(r.high)) for words, r in loader.number_ranges("time", "clock_parts").items()}


#: The units of a broken-down span ("3 years, 2 months, 5 days") with how many of each make the next larger.
SPAN_UNITS: tuple[tuple[str, int | None], ...] = (
    ("years", None), ("months", 12), ("weeks", None), ("days", 31), ("hours", 24), ("minutes", 60), ("seconds", 60))


def span_units(record: dict[str, Any]) -> dict[str, str]:
    """The keys of a record that break a span into units (``years``, ``total_months``…): unit -> key."""
    units = {}
    for key, value in record.items():
        toks = name_tokens(key)
        if toks and len(toks) <= 2 and toks[-1] in dict(SPAN_UNITS) and isinstance(value, int | float | str) \
                and not isinstance(value, bool) and re.fullmatch(r"-?\d+(\.\d+)?", str(value)):
            units.setdefault(toks[-1], key)
    return units


def apply_rules(record: dict[str, Any], ctx: RecordContext) -> None:
    """Record-level consistency that per-field generation cannot see: the fixes of the record rules (and of the
    world rule ``weather``), each held in its rule's file and looked up by its registered name, in this order."""
    record_fix("order")(record)
    record_fix("lifecycle")(record)
    record_fix("middle")(record)
    record_fix("utc_offset")(record, ctx.world.today)
    record_fix("ohlc")(record)
    record_fix("volume")(record)
    record_fix("sale_price")(record)
    record_fix("review_tone")(record)  # before ``rendering`` writes a rating out
    record_fix("rendering")(record)
    record_fix("values")(record, ctx.world.rng)
    record_fix("picture_size")(record)
    record_fix("date_parts")(record)
    record_fix("span_units")(record, ctx.world.rng, ctx.span if ctx.asked_span else None)
    record_fix("sky")(record, ctx.world.rng)
    record_fix("standings")(record)
    if any("score" in k.lower() for k in record):
        record_fix("match_score")(record)
    record_fix("league_team")(record)
    world_fix("weather")(record, ctx.world.rng, climate_range(ctx.place, ctx.anchor or ctx.world.today)
                         if world_fix("weather", "needs_climate")(record) else None)
    record_fix("amount_rate")(record)
    record_fix("eu_member")(record)
