"""World rule ``id_echo``: one id value is not the id of several kinds of object in one result."""

from __future__ import annotations

from tooldial.dialogue.mockdata import echoed_id_problems
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return echoed_id_problems(call.inputs, call.result)


class IdEcho(Delegated):
    """One id value is not the id of several kinds of object in one result (the logic lives beside its fixer: ``echoed_id_problems``)."""

    checks = (WorldCheck.ID_ECHO,)
    function = staticmethod(_messages)
