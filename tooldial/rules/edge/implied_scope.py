"""An id an API's name only implies holds inside its own system: no other tool's input takes it."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Tools


class ImpliedScope(EdgeRule):
    """An implied output (:mod:`tooldial.corpus.implied_outputs`) into an input of another tool that is not of its
    provider: the implication came from an API of its own system taking that id, and another store's ``addPet``
    mints pets no other store has (a clone of the same documentation included)."""

    tools = Tools.CROSS
    codes = (EdgeReason.IMPLIED_OUTSIDE_SYSTEM,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        source, target = case.source, case.target
        if not source.implied or (source.provider and source.provider == target.provider):
            return None
        return Verdict(False, "an id the API's name implies holds inside its own system only", 0.9, "identifier",
                       code=EdgeReason.IMPLIED_OUTSIDE_SYSTEM)
