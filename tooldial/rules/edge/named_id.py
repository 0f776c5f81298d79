"""Inside one tool, an id named for one record into an id input named for another: a bank's id (a field of a bank
account) is not the bank account's id."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_ids import named_id_clash
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class NamedId(EdgeRule):
    """An output id whose own name names another record than the input's, by its head noun
    (:func:`tooldial.graph.record_ids.named_id_clash`); off with ``RuleConfig.record_types``."""

    pairs = frozenset({Pair.IDENTIFIER})
    tools = Tools.SAME
    codes = (EdgeReason.NAMED_ID_RECORD,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        docs = f"{case.target_api_text} {case.target.documented}"
        if case.config.record_types and (clash := named_id_clash(case.source, case.target, docs)):
            return Verdict(False, f"identifier named for another record ({clash})", 0.75, "identifier",
                           code=EdgeReason.NAMED_ID_RECORD)
        return None
