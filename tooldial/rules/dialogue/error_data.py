"""World rule ``error_data``: no dialogue uses an error record as data."""

from __future__ import annotations

from tooldial.dialogue import error_results
from tooldial.rules.world_check import DialogueRule, Scene, WorldCheck, WorldProblem


class ErrorData(DialogueRule):
    """Each call's inputs and result are no error record's values, and no input comes from an earlier result that
    is an error record (:func:`tooldial.dialogue.error_results.dialogue_problems`)."""

    checks = (WorldCheck.NULL_ISLAND, WorldCheck.ERROR_PROCURED, WorldCheck.ERROR_SERVED, WorldCheck.ERROR_FIELD)

    def problems(self, scene: Scene) -> list[WorldProblem]:
        return error_results.dialogue_problems(scene.turns)
