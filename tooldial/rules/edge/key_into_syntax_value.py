"""A record's key is no value with a syntax (a URL, an e-mail address, a host name, an IP address)."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import NAMED_SYNTAX, classify_name_kind
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class KeyIntoSyntaxValue(EdgeRule):
    """An identifier that is no standard value (``company_id``) into an input whose own *name* says it takes a URL,
    an e-mail, a domain or an IP (``/company/url/{website}``). The name decides where the description disagrees
    (owler documents that ``website`` as "Company Id": the path and the name say a domain); inside one system too,
    where the same-tool rules keep most identifiers."""

    pairs = frozenset({Pair.IDENTIFIER})
    codes = (EdgeReason.KEY_INTO_SYNTAX_VALUE,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.s.kind != "identifier" or case.t.kind != "standard" or case.t.standard not in NAMED_SYNTAX:
            return None
        if classify_name_kind(case.target.raw or case.target.key.rsplit("|", 1)[-1]) != case.t.standard:
            return None
        return Verdict(False, f"a record's key is no {case.t.standard}: the input's name asks for one", 0.8,
                       "identifier", code=EdgeReason.KEY_INTO_SYNTAX_VALUE)
