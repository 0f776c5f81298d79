"""Inside one tool, a bare ``id`` input takes a record's key, not a content field."""

from __future__ import annotations

from tooldial.graph.entities import split_words
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_types import BARE_IDS
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools


class PlainValueIntoBareId(EdgeRule):
    """A plain or generic value (a riddle's text, a registrar's name) into an input named only by id words."""

    pairs = frozenset({Pair.IDENTIFIER})
    tools = Tools.SAME
    codes = (EdgeReason.PLAIN_VALUE_INTO_BARE_ID,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        name = split_words(case.target.raw or case.target.key)
        if case.t.kind == "identifier" and case.s.kind in ("value", "generic") and name[-1:] \
                and set(name) <= BARE_IDS:
            return Verdict(False, "a plain value (no identifier by name or record) is not the record id the input "
                                  "takes", 0.75, "identifier", code=EdgeReason.PLAIN_VALUE_INTO_BARE_ID)
        return None
