"""Inside one tool, an id of one record into an input whose documentation names a longer record of the tool
(``tournament`` vs ``unique tournament``)."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_ids import compound_record_clash, documented_id_clash
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class RecordCompound(EdgeRule):
    """An identifier of another record of the same tool, named by the input's documentation
    (:func:`tooldial.graph.record_ids.compound_record_clash`); off with ``RuleConfig.record_types``."""

    pairs = frozenset({Pair.IDENTIFIER})
    tools = Tools.SAME
    codes = (EdgeReason.RECORD_TYPE,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.config.record_types and (clash := compound_record_clash(case.source, case.target, case.tool_records)
                                         or documented_id_clash(case.source, case.target)):
            return Verdict(False, f"identifier of another record type ({clash})", 0.75, "identifier",
                           code=EdgeReason.RECORD_TYPE)
        return None
