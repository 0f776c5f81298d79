"""World rule ``dates``: the dates of a result agree with the call and the dialogue's time."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata import (
    FieldName,
    date_bounds,
    in_now_window,
    is_now_stamp,
    parse_date,
    series_direction,
    series_key,
)
from tooldial.dialogue.result_records import dict_lists, objects_at
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class Dates(CallRule):
    """Series lists (forecast/schedule/history by their path or API name, or any dated list when the call asks
    for a start–end range) in order and inside the range; fields named current/now/updated/latest/recent in the
    world's year."""

    checks = (WorldCheck.STALE_NOW, WorldCheck.SERIES_ORDER, WorldCheck.BEFORE_START, WorldCheck.OUTSIDE_RANGE)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for p in date_problems(call.inputs, call.result, call.api_name)]


def date_problems(inputs: dict[str, Any], result: Any, api_name: str = "") -> list[WorldProblem]:
    """The rule on one call's inputs and result (``api_name`` names what the series is)."""
    bounds = date_bounds(inputs)
    words = frozenset(FieldName(api_name).tokens)
    out: list[WorldProblem] = []
    for path, obj in objects_at(result):
        title = words | {t for p in path for t in FieldName(p).tokens}
        for key, value in obj.items():
            day = parse_date(value)
            f = FieldName(key, title=frozenset(title))
            if day is not None and is_now_stamp(f) and not in_now_window(day):
                out.append(WorldProblem(WorldCheck.STALE_NOW, f"{key}={value!r} is not the dialogue's today (stale 'now')",
                                        (key,)))
    for path, rows in dict_lists(result):
        key = series_key(rows[0])
        days = [parse_date(r.get(key)) for r in rows] if key else []
        if not key or not all(days):
            continue
        direction = series_direction(words | {t for p in path for t in FieldName(p).tokens} | set(FieldName(key).tokens))
        in_range = bool(bounds.start and bounds.end)
        if direction == 0 and not in_range:
            continue
        where = ".".join(path) or "result"
        if any(b < a for a, b in zip(days, days[1:], strict=False)):  # type: ignore[operator]
            out.append(WorldProblem(WorldCheck.SERIES_ORDER, f"{where}: {key} dates {', '.join(map(str, days))}", (key,)))
        if bounds.start and not bounds.end and direction and any(d < bounds.start for d in days):  # type: ignore[operator]
            out.append(WorldProblem(WorldCheck.BEFORE_START, f"{where}: {key} dates before {bounds.start}", (key,)))
        if in_range and any(not bounds.start <= d <= bounds.end for d in days):  # type: ignore[operator]
            out.append(WorldProblem(WorldCheck.OUTSIDE_RANGE, f"{where}: {key} dates outside the range asked for "
                                    f"({bounds.start}..{bounds.end})", (key,)))
    return out
