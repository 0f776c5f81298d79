"""World rule ``calendar``: a weekday, month or year asked beside a date is that date's."""

from __future__ import annotations

from tooldial.dialogue.mockdata import calendar_problems
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return calendar_problems(call.inputs)


class Calendar(Delegated):
    """A weekday, month or year asked beside a date is that date's (the logic lives beside its fixer: ``calendar_problems``)."""

    checks = (WorldCheck.CALENDAR,)
    where = "inputs"
    function = staticmethod(_messages)
