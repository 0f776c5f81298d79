"""A documented record's moments move together: the mock world redraws a record's dates one field at a time (a
match's start on the day asked for, its last update today), so a match whose documented period started two hours
after kick-off started a month before it, and an odds feed's last update came two years after its match. After a
record is filled, every moment of it and of the objects inside it that are no records of their own (a match's
``time`` and ``changes``) is its documented moment moved by one shift: the shift of the moment that leads it (the
first redrawn one at the record's own level, else inside it; a "now" stamp only when nothing else moved). The
documented gaps between them (a period two hours after the start, an update a second after the period) stay,
unless a past moment (an update, a publication) would then lie after the dialogue's today, or a "now" stamp
outside the world's year.

A moment is a Unix time (seconds or milliseconds, under a name that says time) or an ISO date-time; a documented
moment before 1970 (``1900-01-01T03:30:00``, a clock time written as a date) and a birth date stay as drawn."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from typing import Any

from tooldial.dialogue.mockdata.dates import in_now_window, is_now_stamp
from tooldial.dialogue.mockdata.fields import _BIRTH, _PAST, FieldName, field_kind
from tooldial.knowledge import loader

#: Words of a name that say its number is a time (``startTimestamp``, ``lastUpdateTime``, ``created_at``).
_TIME_NAME_WORDS = loader.words("time", "moment_name_words")
_ISO_MOMENT = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(.*)$")
_SECONDS = (10**9, 2 * 10**9)


def moment(name: str, value: Any) -> float | None:
    """The Unix time (seconds) a field states: an integer in the Unix range under a time name (milliseconds too),
    or an ISO date-time; None for anything else and for moments before 1970."""
    if isinstance(value, int) and not isinstance(value, bool):
        f = FieldName(name, "integer")
        if not (set(f.tokens) & _TIME_NAME_WORDS or field_kind(f) in ("date", "datetime", "time")):
            return None
        if _SECONDS[0] <= value < _SECONDS[1]:
            return float(value)
        return value / 1000 if _SECONDS[0] * 1000 <= value < _SECONDS[1] * 1000 else None
    if not isinstance(value, str) or (m := _ISO_MOMENT.match(value.strip())) is None:
        return None
    try:
        when = dt.datetime.fromisoformat(f"{m[1]}T{m[2]}")
    except ValueError:
        return None
    seconds = when.replace(tzinfo=dt.UTC).timestamp()
    return seconds if seconds >= 0 else None


def moved(documented: Any, seconds: float, drawn: Any) -> Any:
    """``documented`` moved to ``seconds``, written as it was documented (seconds or milliseconds; an ISO text's
    fraction and zone kept); ``drawn`` when the documented value is written otherwise."""
    if isinstance(documented, int) and not isinstance(documented, bool):
        return int(round(seconds * 1000)) if documented >= _SECONDS[1] else int(round(seconds))
    m = _ISO_MOMENT.match(documented.strip()) if isinstance(documented, str) else None
    if m is None:
        return drawn
    when = dt.datetime.fromtimestamp(round(seconds), dt.UTC)
    clock = when.strftime("%H:%M:%S" if len(m[2]) == 8 else "%H:%M")
    return f"{when.date().isoformat()}{documented.strip()[10]}{clock}{m[3] or ''}{m[4]}"


def _own_moments(documented: dict[str, Any], built: dict[str, Any], names_itself: Callable[[dict[str, Any]], bool],
                 depth: int = 0) -> Iterator[tuple[int, dict[str, Any], dict[str, Any], str]]:
    """(depth, documented object, built object, key) of each moment of a record documented and built: its own
    fields, then those of the objects inside it that are no records (a list, or an object with its own id or name,
    is left to itself)."""
    for key, value in documented.items():
        if isinstance(value, dict):
            inner = built.get(key)
            if isinstance(inner, dict) and not names_itself(value):
                yield from _own_moments(value, inner, names_itself, depth + 1)
        elif key in built and not FieldName(key).has(*_BIRTH) and moment(key, value) is not None \
                and type(built[key]) is type(value):  # a moment drawn as a count (a change time of 1) moves too
            yield depth, documented, built, key


def keep_documented_gaps(documented: dict[str, Any], built: dict[str, Any],
                         names_itself: Callable[[dict[str, Any]], bool], today: dt.date) -> int:
    """Move every moment of a built record (see the module docstring) by the shift of its leading moment, keeping the
    documented gaps; returns the moments changed. A moment named past (``time.past``: ``updatedAt``, ``published``,
    ``lastUpdateTime``) that the move would put after ``today`` (an article updated two years after it was
    published, published last month), and a "now" stamp it would put outside the world's year (a domain's
``DomainUpdatedDate`` a year before, :func:`~.dates.in_now_window`), keep their drawn values."""
    found = list(_own_moments(documented, built, names_itself))
    if len(found) < 2:
        return 0
    docs = [moment(key, doc[key]) for _, doc, _, key in found]
    redrawn = [i for i, (_, _, out, key) in enumerate(found) if moment(key, out[key]) not in (None, docs[i])]
    if not redrawn:
        return 0

    def rank(i: int) -> tuple[bool, int, int]:
        depth, _, _, key = found[i]
        return is_now_stamp(FieldName(key)), depth, i

    lead = min(redrawn, key=rank)
    _, _, out, key = found[lead]
    shift = moment(key, out[key]) - docs[lead]  # type: ignore[operator]
    changed = 0
    for i, (_, doc, out, key) in enumerate(found):
        seconds = docs[i] + shift  # type: ignore[operator]
        day = dt.datetime.fromtimestamp(seconds, dt.UTC).date()
        if day > today and FieldName(key).has(*_PAST) or is_now_stamp(FieldName(key)) and not in_now_window(day):
            continue
        value = moved(doc[key], seconds, out[key])
        if value != out[key]:
            out[key] = value
            changed += 1
    return changed
