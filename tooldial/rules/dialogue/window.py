"""World rule ``window``: a span a call asks for has length. Two inputs named as the ends of one range
(``from``/``to``, ``startTime``/``endTime``: :func:`~tooldial.dialogue.mockdata.record_rules.ordered_pairs`) that
hold the same moment ask for an empty window, and one whose end comes before its start for an impossible one.
Documentation often gives both ends the same example (91 of the 616 ToolBench range inputs whose ends both show
one), and a user who says it back asks for nothing, yet the result lists records. Its fix (:meth:`Window.fix`,
run by the mock-data generator on a call's inputs) swaps a backward pair and moves the end of an empty one a day
later, in the form the end is written in."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tooldial.dialogue.mockdata import as_text, ordered_pairs, parse_date
from tooldial.dialogue.mockdata.dates import whole_date
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

#: An ISO date with a time of day (``2021-01-17T14:34:08.700Z``, ``2021-07-29 00:00:00``): a moment. Two equal
#: dates without one name a whole day, which is a window.
_MOMENT = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}")


def window_problems(inputs: dict[str, Any]) -> list[WorldProblem]:
    """The range input pairs of one call that ask for an empty or a backward window."""
    out = []
    for low, high in ordered_pairs(list(inputs), dates=True):
        a, b = as_text(inputs[low]).strip(), as_text(inputs[high]).strip()
        da, db = whole_date(a), whole_date(b)  # in the layout the API documents too (``20250816``)
        if da is None or db is None:
            continue
        if db < da or (db == da and b < a and _MOMENT.match(a) and _MOMENT.match(b)):
            out.append(WorldProblem(WorldCheck.EMPTY_WINDOW, f"{high}={b} is before {low}={a}", (low, high)))
        elif a == b and _MOMENT.match(a):
            out.append(WorldProblem(WorldCheck.EMPTY_WINDOW, f"{low} and {high} are the same moment {a}",
                                    (low, high)))
    return out


class Window(CallRule):
    """The ends of a range a call asks for are two moments, the end after the start."""

    checks = (WorldCheck.EMPTY_WINDOW,)
    in_plan = True

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} inputs") for p in window_problems(call.inputs)]

    @staticmethod
    def fix(inputs: dict[str, str]) -> None:
        """The generator's fix of a call's inputs: a backward pair is swapped; the end of an empty window moves a
        day later, keeping how it is written (``2021-01-17T14:34:08.700Z`` → ``2021-01-18T14:34:08.700Z``)."""
        for problem in window_problems(inputs):
            low, high = problem.keys
            a, b = inputs[low], inputs[high]
            if a != b:
                inputs[low], inputs[high] = b, a
                continue
            end = as_text(b).strip()
            day = parse_date(end)
            if day is not None:
                inputs[high] = (day + dt.timedelta(days=1)).isoformat() + end[10:]
