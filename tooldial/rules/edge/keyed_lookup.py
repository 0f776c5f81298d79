"""A standard value into a lookup keyed by a value of its kind (the input is all the target API needs) chains
without the keyword bar."""

from __future__ import annotations

from tooldial.graph.lookups import LOOKUP_KINDS, lookup_key_kind
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools, formats_agree

#: In the reason of a standard value kept as the key of a lookup.
KEYED_REASON = " into a lookup keyed by"


class KeyedLookup(EdgeRule):
    """Kept: both sides of one lookup kind, the target input the only one its API needs, keywords below
    ``standard_kw`` (above it :class:`~tooldial.rules.edge.standard_value.StandardValue` keeps it anyway)."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.KEYED_LOOKUP,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        s = case.s
        if case.keyed_lookup and (kind := lookup_key_kind(case.source, s)) in LOOKUP_KINDS \
                and kind == lookup_key_kind(case.target, case.t) and case.kw_sim <= case.config.standard_kw:
            known, agree = formats_agree(case)
            return Verdict(True, f"standard value ({s.standard}){KEYED_REASON} a {s.standard}{known}", 0.7,
                           "standard", "standard", agree, s.standard, code=EdgeReason.KEYED_LOOKUP)
        return None
