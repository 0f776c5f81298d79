"""Dates on the dialogue's time line: generated dates, the bounds a call's date inputs set, series in
order, and a year, month and day that name one date."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from tooldial.dialogue.mockdata.fields import (
    _BIRTH,
    _END,
    _FUTURE,
    _PAST,
    BACKWARD_SERIES,
    FORWARD_SERIES,
    NOW_WORDS,
    FieldName,
    field_kind,
    name_tokens,
)
from tooldial.dialogue.mockdata.world import WORLD_YEAR
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


_NOT_NOW = (*_FUTURE, *_BIRTH, *loader.ordered_words("time", "never_now"))

_WRITTEN_FORMS = loader.ordered_words("time", "written_forms")


def unix_time(moment: str) -> int | None:
    """The Unix time (seconds) of an ISO date or date-time (UTC when it names no offset), None for other text."""
    try:
        drawn = dt.datetime.fromisoformat(moment.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return int((drawn if drawn.tzinfo else drawn.replace(tzinfo=dt.UTC)).timestamp())


@lru_cache(maxsize=8192)
def _written_form(text: str) -> str | None:
    """The first layout of ``time.written_forms`` that ``text`` is written in, or None (no layout without a digit:
    a name or a word is not tried against each one; texts repeat across a run's calls, so the answer is cached)."""
    if not any(c.isdigit() for c in text):
        return None
    for form in _WRITTEN_FORMS:
        try:
            dt.datetime.strptime(text, form)
        except ValueError:
            continue
        return form
    return None


def written_like(example: str, moment: str) -> str | None:
    """``moment`` (an ISO date or date-time the mock world drew) written in the layout of a documented example that
    is no ISO text (``time.written_forms``), or as a Unix timestamp when the example is one written as digits
    (``"1686966449"``, ``"1686805860000"``); None when the example has no layout of the pack."""
    try:
        drawn = dt.datetime.fromisoformat(moment.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    text = example.strip()
    if re.fullmatch(r"1\d{9}|1\d{12}", text):
        seconds = unix_time(moment)
        return None if seconds is None else str(seconds * 1000 if len(text) == 13 else seconds)
    form = _written_form(text)
    if form is not None:
        if "%z" in form and drawn.tzinfo is None:
            drawn = drawn.replace(tzinfo=dt.UTC)
        written = drawn.strftime(form)
        return written[:-4] + "Z" if form.endswith(".%fZ") else written  # milliseconds, as documented
    return None


#: "Now" stamps may lie this many days before the world's first "today" (a "last updated" of yesterday) ...
NOW_SLACK = dt.timedelta(days=3)
#: ... and a forecast inside a "current" API may run this far past its last.
NOW_LATE = dt.timedelta(days=60)


def in_now_window(day: dt.date) -> bool:
    """Whether a "now" stamp (:func:`is_now_stamp`) on ``day`` lies in the world's year, not years stale: what the
    ``stale now`` world check accepts and what a record's moved moments keep (:mod:`.moments`)."""
    return dt.date(WORLD_YEAR, 1, 1) - NOW_SLACK <= day <= dt.date(WORLD_YEAR, 12, 31) + NOW_LATE


def is_now_stamp(f: FieldName) -> bool:
    """A date field that holds the dialogue's "today" or just before: named current/updated/latest/..., or
    any non-future date of an API or list named so ("Recent Orders", "current weather" observed_at)."""
    if f.has(*NOW_WORDS):
        return not f.has(*_FUTURE)
    return any(w in f.title for w in NOW_WORDS) and not f.has(*_NOT_NOW)


def _gen_date(f: FieldName, ctx: RecordContext) -> dt.date:
    world, rng = ctx.world, ctx.world.rng
    if f.has(*_TODAY_WORDS):
        return world.today
    if is_now_stamp(f):
        return world.today - dt.timedelta(days=rng.randint(0, 1 if f.has(*NOW_WORDS) else 3))
    if f.has(*_BIRTH):
        return world.today - dt.timedelta(days=rng.randint(18 * 365, 80 * 365))
    if f.has(*_FUTURE):
        return world.today + dt.timedelta(days=rng.randint(1, 60))
    if f.has(*_PAST) or (len(f.tokens) > 1 and f.tokens[-1] == "at") or any(
            t.endswith("ed") and t not in ("need", "speed") for t in f.tokens):
        return world.today - dt.timedelta(days=rng.randint(0, 900))
    anchor, span = ctx.dates()
    if f.has(*_END) or "checkout" in f.joined:
        return anchor + dt.timedelta(days=span)
    if f.parent and FieldName(f.parent).has(*_PREVIOUS_PARENTS):  # a chart's previousWeek.date
        return anchor - dt.timedelta(days=7)
    if f.parent and FieldName(f.parent).has("next", "following"):
        return anchor + dt.timedelta(days=7)
    return anchor


class DateBounds(NamedTuple):
    """What a call's date inputs say about its result dates: a range (``start``–``end``, named start/from/
    since and end/to/until) or one date (``on``: a departure, a check-in, a day asked for)."""

    start: dt.date | None = None
    end: dt.date | None = None
    on: dt.date | None = None


_RANGE_START = loader.ordered_words("time", "range_start")
#: Words of a date field that is today; of an enclosing key a week back; of an hourly series; of a clock time that
#: opens or closes a day (the ``time`` pack).
_TODAY_WORDS = loader.ordered_words("time", "today_field_words")
_PREVIOUS_PARENTS = loader.ordered_words("time", "previous_parent_words")
_HOURLY_WORDS = loader.words("time", "hourly_words")
_OPENING_WORDS = loader.ordered_words("time", "opening_time_words")
_CLOSING_WORDS = loader.ordered_words("time", "closing_time_words")


_RANGE_END = loader.ordered_words("time", "range_end")


_NOT_SERIES = (*_BIRTH, *_PAST, *NOW_WORDS, *_END)


def parse_date(value: Any) -> dt.date | None:
    """The date an ISO date/datetime string starts with (None for anything else)."""
    if not isinstance(value, str) or not ISO_DATE.match(value):
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


_COMPACT_DATE = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")


def whole_date(value: Any) -> dt.date | None:
    """The date a text names whole, as an API may document it: ISO (:func:`parse_date`), eight digits
    ``YYYYmmdd`` (``20210101``) or another layout of ``time.written_forms`` with a year and a day (``02/11/2020``,
    ``15.05.2022``); None for a part of a date (``9``, ``2025``), a Unix time and anything else. Digits alone are
    read only as ``YYYYmmdd`` and strictly (``strptime`` would take "2021011")."""
    text = value.strip() if isinstance(value, str) else ""
    if (day := parse_date(text)) is not None:
        return day
    form = "%Y%m%d" if _COMPACT_DATE.fullmatch(text) else _written_form(text) if re.search(r"\D", text) else None
    if form is None or "%Y" not in form or "%d" not in form:
        return None
    return dt.datetime.strptime(text, form).date()


#: Names (words joined) of an input that holds a season by its year (``time.season_inputs``).
SEASON_INPUTS = loader.words("time", "season_inputs")
#: A season written as its year or as a span of two ("2021", "2021-2022", "2021/22").
_SEASON_YEAR = re.compile(r"((?:19|20)\d\d)(?:\s*[-/]\s*(?:19|20)?\d\d)?")


def asked_season(inputs: dict[str, Any]) -> tuple[str, str] | None:
    """(the input's value as asked, its first year) of a season asked by its year (``season_id=2021``), else None:
    a season asked by an opaque id (``seasonId=41886``) names no year. (The records' dates are not moved into that
    year: the year bounds put every date on its first day.)"""
    for key, value in inputs.items():
        text = str(value).strip()
        if FieldName(key).joined in SEASON_INPUTS and (m := _SEASON_YEAR.fullmatch(text)):
            return text, m.group(1)
    return None


def date_bounds(inputs: dict[str, Any]) -> DateBounds:
    """The bounds a call's date inputs put on its result dates (see :class:`DateBounds`)."""
    start = end = on = None
    for name, value in inputs.items():
        f = FieldName(name)
        day = whole_date(value)  # in the layout its API documents (``20250816``, ``08/16/2025``)
        if day is None or field_kind(f) not in ("date", "datetime", None) or f.has(*_BIRTH):
            continue  # a kind-less name with a date value (``week``: 2022-10-08) is a date asked for too
        if f.has(*_RANGE_START):
            start = start or day
        elif f.has(*_RANGE_END):
            end = end or day
        elif not f.has(*_END):
            on = on or day
    if start and end and end < start:
        start, end = end, start
    year = next((str(v) for k, v in inputs.items() if name_tokens(k) == ("year",)), "").strip()
    month = next((str(v) for k, v in inputs.items() if name_tokens(k) == ("month",)), "").strip()
    mday = next((str(v) for k, v in inputs.items() if name_tokens(k) == ("day",)), "").strip()
    if not (start or end or on) and re.fullmatch(r"0?[1-9]|1[0-2]", month) and re.fullmatch(
            r"0?[1-9]|[12]\d|3[01]", mday) and re.fullmatch(r"(19|20)\d\d", year):  # the schedule of one day
        try:
            start = end = dt.date(int(year), int(month), int(mday))
        except ValueError:
            start = end = None
    if not (start or end or on) and re.fullmatch(r"0?[1-9]|1[0-2]", month):  # festivals of month 7: in July
        first = dt.date(int(year) if re.fullmatch(r"(19|20)\d\d", year) else WORLD_YEAR, int(month), 1)
        start, end = first, (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
    elif not (start or end or on) and re.fullmatch(r"(19|20)\d\d", year):  # holidays of 2026: in 2026
        start, end = dt.date(int(year), 1, 1), dt.date(int(year), 12, 31)
    return DateBounds(start, end, on or start)


def series_direction(words: Iterable[str]) -> int:
    """1 when ``words`` (a list's path and API name) make its records a forecast/schedule (forward from
    today), -1 for a history (back from today), 0 otherwise."""
    found = set(words)
    if found & set(FORWARD_SERIES):
        return 1
    return -1 if found & set(BACKWARD_SERIES) else 0


def series_key(record: dict[str, Any]) -> str | None:
    """The key that dates a record of a series: its first ISO date field that is not an end, a birth, a
    creation or a "now" stamp; else its first one that is an end (a candle dated by ``closeDateTime``)."""
    timed = []
    for key, value in record.items():
        f = FieldName(key)
        if parse_date(value) is not None and (field_kind(f) in ("date", "datetime") or (
                f.has("time", "timestamp") and "T" in str(value)[10:11])):
            timed.append(key)
    return next((k for k in timed if not FieldName(k).has(*_NOT_SERIES)), None) or next(
        (k for k in timed if not FieldName(k).has(*_BIRTH, *_PAST, *NOW_WORDS)), None)


def _moment(value: str) -> dt.datetime:
    day = dt.date.fromisoformat(value[:10])
    clock = re.match(r"T(\d{2}):(\d{2})", value[10:16])
    return dt.datetime(day.year, day.month, day.day, *(int(g) for g in clock.groups()) if clock else (0, 0))


def _series_moments(rows: int, first: dt.datetime, direction: int, hourly: bool, bounds: DateBounds,
                    today: dt.date) -> list[dt.datetime]:
    """Increasing moments for ``rows`` records: a forecast from the start asked for (or today), a history
    up to the end asked for (or today), spread over a range asked for."""
    step = dt.timedelta(hours=1) if hourly else dt.timedelta(days=1)
    clock = dt.timedelta(hours=first.hour, minutes=first.minute)
    if bounds.start and bounds.end and rows > 1:
        days = (bounds.end - bounds.start).days
        if not hourly or rows - 1 > days * 24:
            step = dt.timedelta(days=days // (rows - 1))
    if direction >= 0:
        begin = bounds.start or bounds.on or today
        base = dt.datetime(begin.year, begin.month, begin.day) + clock
        return [base + i * step for i in range(rows)]
    if bounds.start and not bounds.end:  # a history since the start asked for: from that start on
        base = dt.datetime(bounds.start.year, bounds.start.month, bounds.start.day) + clock
        return [base + i * step for i in range(rows)]
    last = bounds.end or bounds.on or today
    top = dt.datetime(last.year, last.month, last.day) + clock
    if bounds.start and bounds.end:
        top = dt.datetime(bounds.start.year, bounds.start.month, bounds.start.day) + clock + (rows - 1) * step
    return [top - (rows - 1 - i) * step for i in range(rows)]


def order_series(node: Any, words: frozenset[str], bounds: DateBounds, today: dt.date,
                 path: tuple[str, ...] = ()) -> None:
    """Date the records of every series list in ``node`` in order (in place): forecasts and schedules from
    the start asked for (or today), histories up to the end asked for (or today), any list inside a start–end
    range asked for. Each record's other dates (an end, a check-out) move with its series date."""
    if isinstance(node, dict):
        for key, value in node.items():
            order_series(value, words, bounds, today, (*path, str(key)))
        return
    if not isinstance(node, list):
        return
    for item in node:
        order_series(item, words, bounds, today, path)
    rows = [r for r in node if isinstance(r, dict)]
    key = series_key(rows[0]) if len(rows) == len(node) and len(rows) > 1 else None
    if key is None or not all(parse_date(r.get(key)) for r in rows):
        return
    context = words | {t for p in path for t in name_tokens(p)} | set(name_tokens(key))  # played_at: a history
    direction = series_direction(context)
    if direction == 0 and not (bounds.start and bounds.end):
        return
    hourly = bool(context & _HOURLY_WORDS) and "T" in rows[0][key]
    moments = _series_moments(len(rows), _moment(rows[0][key]), direction, hourly, bounds, today)
    for row, moment in zip(rows, moments, strict=True):
        old = parse_date(row[key])
        value = row[key]
        row[key] = moment.isoformat()[:len(value[:19])] + value[19:] if "T" in value[10:11] else (
            moment.date().isoformat() + value[10:])
        shift = moment.date() - old  # type: ignore[operator]
        for other, text in row.items():
            day = parse_date(text)
            if other == key or day is None or field_kind(FieldName(other)) not in ("date", "datetime") \
                    or FieldName(other).has(*_BIRTH, *_PAST, *NOW_WORDS):
                continue
            try:
                row[other] = (day + shift).isoformat() + text[10:]
            except OverflowError:  # a documented 9999-12-31 stays as it is
                continue


def _gen_time(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has(*_OPENING_WORDS):
        return f"{rng.randint(6, 10):02d}:{rng.choice(('00', '30'))}"
    if f.has(*_CLOSING_WORDS):
        return f"{rng.randint(17, 22):02d}:{rng.choice(('00', '30'))}"
    return f"{rng.randint(7, 21):02d}:{rng.choice(('00', '15', '30', '45'))}"


#: (unit, most of it a relative time says) of "3 days ago", in the order a feed's items are most often that old.
_AGO_UNITS = tuple((u, int(n)) for u, n in loader.word_map("time", "relative_time_units").items())


def _gen_relative_time(f: FieldName, ctx: RecordContext) -> str:
    """A moment written as people read it on a feed: "3 days ago", "1 year ago" (kind ``relative_time``)."""
    rng = ctx.world.rng
    unit, most = rng.choice(_AGO_UNITS)
    n = rng.randint(1, most)
    return f"{n} {unit}{'s' if n > 1 else ''} ago"


def _gen_duration_text(f: FieldName, ctx: RecordContext) -> str:
    """A length of time written as a player shows it: "4:13", now and then "1:02:45" (kind ``duration_text``)."""
    rng = ctx.world.rng
    seconds = rng.randint(30, 3 * 3600) if rng.random() < 0.1 else rng.randint(30, 20 * 60)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
