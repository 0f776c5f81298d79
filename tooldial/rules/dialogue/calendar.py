"""World rule ``calendar``: a weekday, month or year asked beside a date is that date's; its fix
(:func:`agree_calendar`, run by the mock-data generator on a call's inputs) makes the parts name one date."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.dates import whole_date
from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.knowledge import loader
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


class Calendar(CallRule):
    """A weekday, month or year asked beside a date is that date's."""

    checks = (WorldCheck.CALENDAR,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} inputs") for p in calendar_problems(call.inputs)]

    @staticmethod
    def fix(out: dict[str, str], kinds: dict[str, str | None], ctx: RecordContext, documented: dict[str, str]) -> None:
        """The generator's fix of a call's inputs: :func:`agree_calendar`."""
        agree_calendar(out, kinds, ctx, documented)


_CALENDAR_PARTS = loader.word_map("time", "calendar_parts")
#: Words around a date part in an input's name (``startYear``): the input still names that part.
_PART_QUALIFIERS = loader.words("time", "calendar_part_qualifiers")


def calendar_parts(values: dict[str, Any]) -> dict[str, str]:
    """The inputs that are one part of a date (``year``, ``month``, ``day``; ``startYear`` too), by part. An input
    named so that holds a whole date (``start_day=20210101``, ``day=2025-10-04``) is a date of its own, not a part:
    a range's ``start_day`` and ``end_day`` name two days."""
    out: dict[str, str] = {}
    for key in values:
        if whole_date(as_text(values[key])) is not None:
            continue
        toks = set(name_tokens(key)) - _PART_QUALIFIERS
        for part, names in _CALENDAR_PARTS.items():
            if len(toks) == 1 and toks <= set(names):
                out.setdefault(part, key)
    return out


def calendar_problems(inputs: dict[str, Any]) -> list[WorldProblem]:
    """A year, month and day asked together that do not name one date (:func:`agree_calendar` mends the inputs so)."""
    parts = calendar_parts(inputs)
    full = [d for k, v in inputs.items() if k not in parts.values() and field_kind(FieldName(k)) in ("date", "datetime")
            and (d := whole_date(as_text(v))) is not None]
    day = full[0] if full else None
    if day is None:
        return []
    out = []
    for part, key in parts.items():
        text = as_text(inputs[key]).strip()
        if text.isdigit():
            ok = int(text) == {"year": day.year, "month": day.month, "day": day.day}[part]
        else:
            ok = part != "month" or text.lower()[:3] == day.strftime("%b").lower()
        if not ok:
            out.append(WorldProblem(WorldCheck.CALENDAR, f"{key}={text} disagrees with the date {day.isoformat()} asked beside it",
                                    (key,)))
    return out


def agree_calendar(out: dict[str, str], kinds: dict[str, str | None], ctx: RecordContext,
                    documented: dict[str, str]) -> None:
    """A year, a month and a day asked together name one date (not month 12, day 2025-10-04, year 2022): the
    one full date among the inputs, else one drawn near the dialogue's "today"; each part keeps its form (a
    zero-padded or named month stays so; an input named as a part that holds a whole date is one of the dates)."""
    # a part documented as a number ("9") is that part even when a whole date was drawn for it; one documented as
    # a whole date ("20210101") is a date of its own
    parts = calendar_parts({k: documented[k] if documented.get(k, "").strip().isdigit() else v for k, v in out.items()})
    full = [n for n, k in kinds.items() if k in ("date", "datetime") and n not in parts.values()
            and whole_date(out.get(n)) is not None]  # read as the check reads it: any documented layout
    if len(parts) + bool(full) < 2:
        return
    day = (whole_date(out[full[0]]) if full else None) or ctx.dates()[0]
    for part, key in parts.items():
        old = out[key].strip()
        if documented.get(key, "").strip().isdigit():
            old = documented[key].strip()  # documented as a number ("9"): the part, not a drawn whole date
        if part == "year":
            out[key] = str(day.year)
        elif part == "month" and old.isalpha():
            name = day.strftime("%B") if len(old) > 3 else day.strftime("%b")
            out[key] = name.lower() if old.islower() else name.upper() if old.isupper() else name
        else:
            number = day.month if part == "month" else day.day
            out[key] = f"{number:02d}" if len(old) == 2 and old.startswith("0") else str(number)
