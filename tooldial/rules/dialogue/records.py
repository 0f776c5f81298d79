"""World rule ``records``: every flat record of a call (its inputs, each object of its result) passes the record
rules (:data:`tooldial.registry.RECORD_RULES`); the planner runs it on its plans too."""

from __future__ import annotations

from tooldial.dialogue.result_records import objects
from tooldial.rules.record import Check, check_record
from tooldial.rules.world_check import Call, CallRule, Scene, WorldProblem


class Records(CallRule):
    """The record rules (``ohlc``, ``start after end``, ``city and country``, ...) on the inputs, then on each
    object of the result."""

    checks = tuple(Check)
    in_plan = True

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        out = [WorldProblem(p.check, p.detail, p.keys).at(f"{call.api_name} inputs") for p in check_record(call.inputs)]
        return out + [WorldProblem(p.check, p.detail, p.keys).at(f"{call.api_name} result")
                      for obj in objects(call.result) for p in check_record(obj)]
