"""World rule ``climate``: a record's temperatures fit the climate of the call's place and day."""

from __future__ import annotations

from tooldial.dialogue.mockdata import climate_problems
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return climate_problems(call.inputs, call.result)


class Climate(Delegated):
    """A record's temperatures fit the climate of the call's place and day (the logic lives beside its fixer: ``climate_problems``)."""

    checks = (WorldCheck.CLIMATE,)
    function = staticmethod(_messages)
