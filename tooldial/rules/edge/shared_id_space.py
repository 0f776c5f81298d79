"""An identifier chains only inside one id space: one tool, one provider, one tool family, or a target whose
documentation names the source's tool."""

from __future__ import annotations

from tooldial.graph.evidence import Evidence
from tooldial.graph.id_spaces import shared_id_space
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair

#: Kept identifiers whose evidence has a code of its own (one tool, one tool family); the others share one.
_CODE_OF = {Evidence.SAME_TOOL: EdgeReason.SAME_TOOL_ID, Evidence.TOOL_FAMILY: EdgeReason.TOOL_FAMILY_ID}


class SharedIdSpace(EdgeRule):
    """The identifier family's last rule: kept with the shared id space's evidence, else rejected (a season is
    one provider's calendar)."""

    pairs = frozenset({Pair.IDENTIFIER})
    codes = (EdgeReason.SEASON_OF_OTHER_PROVIDER, EdgeReason.ID_OF_OTHER_PROVIDER, EdgeReason.SAME_TOOL_ID,
             EdgeReason.TOOL_FAMILY_ID, EdgeReason.SHARED_ID_SPACE)

    def judge(self, case: EdgeCase) -> Verdict | None:
        why = shared_id_space(case.source, case.target, case.target_docs, case.config)
        if why is None:
            if "season" in (case.s.fmt, case.t.fmt):
                return Verdict(False, "a season of another provider (a season is one provider's calendar)", 0.8,
                               "identifier", code=EdgeReason.SEASON_OF_OTHER_PROVIDER)
            return Verdict(False, "identifier of another provider (no evidence of a shared id space)", 0.8,
                           "identifier", code=EdgeReason.ID_OF_OTHER_PROVIDER)
        code = _CODE_OF.get(why.evidence, EdgeReason.SHARED_ID_SPACE)
        return Verdict(True, f"identifier; {why}", 0.95 if case.same_tool else 0.8, "identifier",
                       evidence=(why.evidence,), code=code)
