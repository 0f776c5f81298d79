"""World rule ``exchange_rate``: an exchange rate in a result is about the real one of its pair."""

from __future__ import annotations

from tooldial.dialogue.mockdata import exchange_rate_problems
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return exchange_rate_problems(call.inputs, call.result)


class ExchangeRate(Delegated):
    """An exchange rate in a result is about the real one of its pair (the logic lives beside its fixer: ``exchange_rate_problems``)."""

    checks = (WorldCheck.EXCHANGE_RATE,)
    function = staticmethod(_messages)
