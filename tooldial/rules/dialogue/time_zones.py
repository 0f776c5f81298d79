"""World rule ``time_zones``: a result's time zones are the ones the call asked about."""

from __future__ import annotations

from functools import cache
from typing import Any

from tooldial.dialogue import error_results
from tooldial.dialogue.mockdata import FieldName, as_text, field_kind, lookup_places, places
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


@cache
def _zones() -> frozenset[str]:
    return frozenset(p.timezone for p in (*places(), *lookup_places()))


class TimeZones(CallRule):
    """With an IANA zone among the inputs (``timezone=Asia/Seoul``), a timezone field of the result naming
    another zone contradicts it (``local_timezone: Europe/Minsk`` for Seoul)."""

    checks = (WorldCheck.TIMEZONE,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for p in timezone_problems(call.inputs, call.result)]


def timezone_problems(inputs: dict[str, Any], result: Any) -> list[WorldProblem]:
    """The rule on one call's inputs and result."""
    asked = {as_text(v) for v in inputs.values() if as_text(v) in _zones()}
    if not asked:
        return []
    out = []
    for where, value in error_results.leaves(result):
        key = where.rsplit(".", 1)[-1]
        if isinstance(value, str) and value in _zones() and value not in asked and field_kind(
                FieldName(key)) == "timezone":
            out.append(WorldProblem(WorldCheck.TIMEZONE, f"{key}={value!r} is not the zone asked for "
                                    f"({', '.join(sorted(asked))})", (key,)))
    return out
