"""World rule ``error_records`` (the planner's): a plan's call neither sends nor serves an error record's values."""

from __future__ import annotations

from tooldial.dialogue import error_results
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class ErrorRecords(CallRule):
    """(0, 0) coordinates as inputs; a result that is an error record, has an error text or HTTP error status in a
    field, or (0, 0) coordinates (:mod:`tooldial.dialogue.error_results`). The validator judges the same on the
    dialogue's turns (rule ``error_data``)."""

    checks = (WorldCheck.NULL_ISLAND, WorldCheck.ERROR_SERVED, WorldCheck.ERROR_FIELD)
    in_plan = True
    in_dialogue = False

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return error_results.input_problems(call.inputs) + error_results.result_problems(call.result)
