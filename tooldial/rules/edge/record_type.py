"""Inside one tool, a bare id feeds only inputs of its record type (a city's id is not a country's)."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_clashes import record_type_clash
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class RecordType(EdgeRule):
    """An identifier of another record type (:func:`tooldial.graph.record_clashes.record_type_clash`); off with
    ``RuleConfig.record_types``."""

    pairs = frozenset({Pair.IDENTIFIER})
    tools = Tools.SAME
    codes = (EdgeReason.RECORD_TYPE,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.config.record_types and (clash := record_type_clash(case.source, case.target)):
            return Verdict(False, f"identifier of another record type ({clash})", 0.75, "identifier",
                           code=EdgeReason.RECORD_TYPE)
        return None
