"""World rule ``rows``: the records of one list agree: one id has one name, a price series has no jump."""

from __future__ import annotations

from tooldial.dialogue.mockdata import one_name_problems, price_jump_problems
from tooldial.dialogue.result_records import dict_lists
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return [p for _path, rows in dict_lists(call.result) for p in one_name_problems(rows) + price_jump_problems(rows)]


class Rows(Delegated):
    """The records of one list agree: one id has one name, a price series has no jump (the logic lives beside its fixer: ``one_name_problems, price_jump_problems``)."""

    checks = (WorldCheck.ONE_ID_TWO_NAMES, WorldCheck.PRICE_JUMP)
    function = staticmethod(_messages)
