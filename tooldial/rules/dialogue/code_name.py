"""World rule ``code_name``: a standard code's name beside it is that code's (``JP``: Japan)."""

from __future__ import annotations

from tooldial.dialogue.mockdata import code_name_problems
from tooldial.dialogue.result_records import objects_at
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return [p for path, obj in objects_at(call.result) for p in code_name_problems(path, obj)]


class CodeName(Delegated):
    """A standard code's name beside it is that code's (``JP``: Japan) (the logic lives beside its fixer: ``code_name_problems``)."""

    checks = (WorldCheck.CODE_NAME,)
    function = staticmethod(_messages)
