"""A count of records is neither an identifier nor a request size."""

from __future__ import annotations

from tooldial.graph.counts import is_count, is_request_size
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule


class CountNotId(EdgeRule):
    """A count output (``total``, ``count``) into an identifier or a page size."""

    codes = (EdgeReason.COUNT_NOT_ID,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if is_count(case.source) and (case.t.kind == "identifier" or is_request_size(case.target)):
            return Verdict(False, "a count of records is neither an identifier nor a request size", 0.8,
                           "identifier" if case.t.kind == "identifier" else "value", code=EdgeReason.COUNT_NOT_ID)
        return None
