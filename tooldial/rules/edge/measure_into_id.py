"""A moment or a position is no record's key (a date-time, a latitude)."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import NEVER_KEYS
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class MeasureIntoId(EdgeRule):
    """A standard value that is a moment or a position (``standards.never_keys``: a date-time, a latitude) into an
    identifier input: an appointment's ``End`` (``date-time``) is no ``appointmentID``, inside one system too, where
    the same-tool rules keep most identifiers."""

    pairs = frozenset({Pair.IDENTIFIER})
    codes = (EdgeReason.MEASURE_INTO_ID,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.s.kind != "standard" or case.s.standard not in NEVER_KEYS or case.t.kind != "identifier":
            return None
        return Verdict(False, f"a {case.s.standard} value is no record's key", 0.8, "identifier",
                       code=EdgeReason.MEASURE_INTO_ID)
