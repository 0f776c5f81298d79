"""A code of a standard kind into an API about that kind's own record (``Search Neighbour Countries by country
code``, ``CURRENCY_EXCHANGE_RATE``) is a meaningful call from any record."""

from __future__ import annotations

import re

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_types import api_subject_words
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair, Tools, formats_agree

#: The standard kinds with reference APIs, and the API subjects (the name before ``by``) that are about them (not
#: ``Airport Count by Type and Country``).
REFERENCE_KINDS = {"country": re.compile(r"(?i)countr"),
                   "currency": re.compile(r"(?i)currenc|exchange|convert")}


class ReferenceLookup(EdgeRule):
    """Kept: a country or currency code into an API whose subject is countries or currencies."""

    pairs = frozenset({Pair.STANDARD})
    tools = Tools.CROSS
    codes = (EdgeReason.REFERENCE_LOOKUP,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        std = case.s.standard
        if std in REFERENCE_KINDS and REFERENCE_KINDS[std].search(" ".join(api_subject_words(case.target.api_id))):
            known, agree = formats_agree(case)
            return Verdict(True, f"standard value ({std}) into a lookup of that {std}{known}", 0.8, "standard",
                           evidence=agree, standard=std, code=EdgeReason.REFERENCE_LOOKUP)
        return None
