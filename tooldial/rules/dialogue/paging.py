"""World rule ``paging``: a page of a result agrees with the page asked and its own counts."""

from __future__ import annotations

from tooldial.dialogue.mockdata import paging_problems
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    body = call.result.get("response", call.result) if isinstance(call.result, dict) else call.result
    return paging_problems(call.inputs, body) if isinstance(body, dict) else []


class Paging(Delegated):
    """A page of a result agrees with the page asked and its own counts (the logic lives beside its fixer: ``paging_problems``)."""

    checks = (WorldCheck.PAGE,)
    function = staticmethod(_messages)
