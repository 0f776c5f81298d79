"""Chain rule ``target_error``: no target whose documented answer is an error about its input."""

from __future__ import annotations

from tooldial.dialogue.chains.documented import documented_error
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link


class TargetError(ChainRule):
    """The target's documented answer is an error about its input ("Invalid Coordinates"): the chain would serve
    an error as the answer (auth, quota and rate-limit notes say nothing about the input and are not counted)."""

    checks = (ChainCheck.TARGET_ERROR,)

    def problem(self, link: Link) -> ChainProblem | None:
        target = link.target
        error = documented_error(target)
        return ChainProblem(ChainCheck.TARGET_ERROR,
                            f"the target's documented answer is an error: {error}") if error else None
