"""The edge-rule contract: one Eq. 1 candidate as the rules see it (:class:`EdgeCase`), the base class
(:class:`EdgeRule`: which pairs it judges, which codes it returns) and the one loop (:func:`decide`).

A rule returns a :class:`~tooldial.graph.verdict.Verdict` (kept or rejected, with its typed
:class:`~tooldial.graph.reasons.EdgeReason` ``code`` beside the prose ``reason``) or ``None`` to pass the candidate
on. The first verdict wins; the last rule of each family of kinds always decides."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import ClassVar

from tooldial.graph.entities import Entity
from tooldial.graph.evidence import Evidence
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.value_kinds import Traits
from tooldial.graph.verdict import RuleConfig, Verdict
from tooldial.registry import EDGE_RULES


class Pair(Enum):
    """Which pairs of value kinds (:func:`tooldial.graph.value_kinds.classify`) a rule judges."""

    #: An identifier on either side.
    IDENTIFIER = "identifier"
    #: A standard value on both sides (and no identifier).
    STANDARD = "standard"
    #: The rest: generic names and other values (a standard value on one side at most).
    OTHER = "other"


class Tools(Enum):
    """Whether a rule judges candidates inside one tool, across tools, or both."""

    ANY = "any"
    SAME = "same"
    CROSS = "cross"


@dataclass(frozen=True, slots=True)
class EdgeCase:
    """One candidate as the rules read it: the two entities, their kinds (``s``, ``t``; the target's format
    completed from its tool's conventions), Eq. 1's similarities and the target's documentation."""

    source: Entity
    target: Entity
    s: Traits
    t: Traits
    desc_sim: float
    kw_sim: float
    lcs_sim: float
    target_docs: str
    target_api_text: str
    config: RuleConfig
    #: The input is the only value its API needs (:func:`tooldial.graph.select.keyed_by`).
    keyed_lookup: bool
    #: The records the target's tool returns ids of (:func:`tooldial.graph.record_ids.tool_records`).
    tool_records: frozenset[tuple[str, ...]] = frozenset()

    @property
    def same_tool(self) -> bool:
        return self.source.tool_id == self.target.tool_id

    @property
    def pair(self) -> Pair:
        if "identifier" in (self.s.kind, self.t.kind):
            return Pair.IDENTIFIER
        if self.s.kind == self.t.kind == "standard":
            return Pair.STANDARD
        return Pair.OTHER


class EdgeRule:
    """A rule on one candidate edge. Subclasses set ``pairs`` and ``tools`` (which candidates it judges: empty
    ``pairs`` is every pair), ``codes`` (every :class:`EdgeReason` it may return) and implement :meth:`judge`."""

    pairs: ClassVar[frozenset[Pair]] = frozenset()
    tools: ClassVar[Tools] = Tools.ANY
    codes: ClassVar[tuple[EdgeReason, ...]] = ()

    def applies(self, case: EdgeCase) -> bool:
        if self.pairs and case.pair not in self.pairs:
            return False
        return self.tools is Tools.ANY or (self.tools is Tools.SAME) == case.same_tool

    def judge(self, case: EdgeCase) -> Verdict | None:
        """The verdict, or ``None`` to leave the candidate to the next rule."""
        raise NotImplementedError


@cache
def edge_rules() -> tuple[EdgeRule, ...]:
    """One instance of each registered rule, in registration order (rules hold no state)."""
    return tuple(EDGE_RULES.create(name) for name in EDGE_RULES)


def decide(case: EdgeCase, rules: Sequence[EdgeRule] | None = None) -> Verdict:
    """The first verdict of the rules (the registered ones by default) that apply to ``case``."""
    for rule in edge_rules() if rules is None else rules:
        if rule.applies(case) and (verdict := rule.judge(case)) is not None:
            return verdict
    raise LookupError(f"no edge rule decided {case.source.key!r} -> {case.target.key!r}")


def generic_bar(case: EdgeCase, what: str) -> Verdict:
    """Across tools, a generic name (or a date) chains only when descriptions *and* keywords agree clearly."""
    if case.desc_sim > case.config.generic_desc and case.kw_sim > case.config.generic_kw:
        return Verdict(True, f"{what}; descriptions and keywords agree", 0.6, "generic", "generic",
                       code=EdgeReason.GENERIC_AGREE)
    return Verdict(False, f"{what} across tools; descriptions or keywords disagree", 0.7, "generic", "generic",
                   code=EdgeReason.GENERIC_DISAGREE)


def formats_agree(case: EdgeCase) -> tuple[str, tuple[Evidence, ...]]:
    """A standard value's format known on both sides: the reason's ``(formats agree)`` and the evidence."""
    known = " (formats agree)" if case.s.fmt and case.t.fmt else ""
    return known, ((Evidence.FORMATS_AGREE,) if known else ())
