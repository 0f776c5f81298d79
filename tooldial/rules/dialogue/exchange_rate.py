"""World rule ``exchange_rate``: an exchange rate in a result is about the real one of its pair; its fix
(:func:`fix_conversion`, run by the mock-data generator on a result) converts the amount asked at that rate."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.money import conversion_expected, currency_inputs, rate_text
from tooldial.dialogue.mockdata.paths import as_number, leaf_items, plain_objects
from tooldial.dialogue.mockdata.world import RATE_SLACK, USD_VALUE
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class ExchangeRate(CallRule):
    """An exchange rate in a result is about the real one of its pair."""

    checks = (WorldCheck.EXCHANGE_RATE,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for p in exchange_rate_problems(call.inputs, call.result)]

    @staticmethod
    def fix(body: Any, inputs: dict[str, Any]) -> None:
        """The generator's fix of a whole result: :func:`fix_conversion`."""
        fix_conversion(body, inputs)


def fix_conversion(body: Any, inputs: dict[str, Any]) -> None:
    """A converted amount is the amount asked × the rate between the two currencies asked."""
    expected = conversion_expected(inputs)
    if expected is None or not isinstance(body, dict):
        return
    for node in plain_objects(body):
        for key, value in node.items():
            if as_number(value) is not None and field_kind(FieldName(key, "number")) == "converted":
                node[key] = expected[3] if not isinstance(value, str) else f"{expected[3]:.2f}"


def exchange_rate_problems(inputs: dict[str, Any], result: Any) -> list[WorldProblem]:
    """A rate between the two currencies a call names (``from=EUR``, ``to=JPY``) that is not about their
    :data:`USD_VALUE` ratio, either way round (within :data:`RATE_SLACK`)."""
    pair = currency_inputs(inputs)
    if len(pair) != 2 or pair[0] == pair[1] or not all(c in USD_VALUE for c in pair):
        return []
    expected = USD_VALUE[pair[0]] / USD_VALUE[pair[1]]
    out = []
    for path, value in leaf_items(result):
        rate = as_number(value)
        if rate is None or rate <= 0 or field_kind(FieldName(path[-1], "number")) != "rate":
            continue
        if not any(1 / RATE_SLACK <= rate / e <= RATE_SLACK for e in (expected, 1 / expected)):
            out.append(WorldProblem(WorldCheck.EXCHANGE_RATE, f"{path[-1]}={value} for {pair[0]}/{pair[1]} (about "
                                    f"{rate_text(expected)})", (path[-1],)))
    conversion = conversion_expected(inputs)
    if conversion is not None and isinstance(result, dict):
        body = result.get("response", result)
        for node in plain_objects(body) if isinstance(body, dict) else ():
            for key, value in node.items():
                got = as_number(value)
                if got is not None and field_kind(FieldName(key, "number")) == "converted" and not (
                        1 / RATE_SLACK <= got / max(conversion[3], 1e-9) <= RATE_SLACK):
                    out.append(WorldProblem(WorldCheck.EXCHANGE_RATE, f"{key}={value} for {conversion[2]:g} "
                                            f"{conversion[0]} in {conversion[1]} (about {conversion[3]:.2f})",
                                            (key,)))
    return out
