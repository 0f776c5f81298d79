"""What a validity rule decides on one Eq. 1 candidate (:class:`Verdict`, with its typed :class:`EdgeReason`), the
kinds of value it speaks of (:data:`EntityKind`) and the thresholds the rules read (:class:`RuleConfig`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tooldial.graph.evidence import Evidence
from tooldial.graph.reasons import EdgeReason

EntityKind = Literal["identifier", "standard", "generic", "value"]

class RuleConfig(BaseModel):
    """Thresholds of the validity rules. The defaults come from ``tooldial graph calibrate --rules`` on the
    ``fit`` part of ``tooldial/data/graph_dev/pairs.jsonl`` (first on its first 275 pairs, then ``same_tool_kw``
    on all 560 v1 pairs; MCC, one threshold at a time), with the Eq. 1 generator at 0.85,0.4,0.45. The
    ``heldout`` part (the newest blind set, now v11) is for reporting (docs/history/api-graph.md)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Generic names across tools: description cosine and keyword-text cosine must both exceed these.
    generic_desc: float = Field(default=0.7, ge=-1.0, le=1.0)
    generic_kw: float = Field(default=0.8, ge=-1.0, le=1.0)
    #: Generic names and other values inside one tool (``period`` of an economic calendar vs a candle period):
    #: keyword-text cosine must exceed this.
    same_tool_kw: float = Field(default=0.65, ge=-1.0, le=1.0)
    #: Other values across tools: keyword-text cosine must exceed this.
    value_kw: float = Field(default=0.55, ge=-1.0, le=1.0)
    #: Standard values across tools need a meaningful relation: keyword-text cosine above this.
    standard_kw: float = Field(default=0.55, ge=-1.0, le=1.0)
    #: Candidates between two tools must also pass these (Eq. 1 generates candidates with looser thresholds, so
    #: that names differing a little, ``location`` vs ``locations|id``, still chain inside one tool).
    cross_tool_lcs: float = Field(default=0.95, ge=0.0, le=1.0)
    cross_tool_desc: float = Field(default=0.6, ge=-1.0, le=1.0)
    #: Inside one tool, a bare id (``cities|id``) feeds only inputs of its record type (:func:`record_type_clash`).
    record_types: bool = True
    #: Identifiers across tools with the same tool-name stem count as one id space.
    tool_family: bool = True
    #: Every tool of the corpus is one provider's (a tool set such as tau-bench's, documented tool by tool
    #: without a provider): identifiers chain between all of them.
    single_provider: bool = False
    #: Labelling guide, "the record already holds the answer" (:func:`tooldial.graph.select.holds_answer`): off by
    #: default. On the v1..v8 fit pairs it removed 8 invalid and 4 valid edges (MCC 0.648 -> 0.650) and it cuts
    #: list -> by-id chains that the realtools hand-checked chains and v1/v2 labels call valid (Petstore
    #: ``findPetsByStatus`` -> ``getPetById``): where the guide's line lies is not settled
    #: (docs/history/api-graph.md).
    holds_answer: bool = False
    #: Candidates from content sources into general-purpose transforms of another tool (a headline into a title-case
    #: converter, an article's URL into a link shortener; :mod:`tooldial.graph.transforms`), which Eq. 1 does not
    #: propose.
    transforms: bool = True
    #: A response schema copied onto many APIs of one tool is trusted only where the API names its record; the
    #: others' outputs count as undocumented (:mod:`tooldial.graph.copied_schemas`).
    copied_schemas: bool = True
    #: Read an OpenAPI spec's path layout (:mod:`tooldial.graph.rest_resources`): a collection's item key into the
    #: paths under its items (kept like documented links), no call on an item returns another item's key, a ``POST``
    #: to a collection makes a new item, and one collection's item key keys no item of another.
    rest_resources: bool = True


@dataclass(frozen=True, slots=True)
class Verdict:
    """A rule's decision on one candidate. ``test`` says which similarity bar decided it (``none``: the kinds
    and evidence alone; ``generic``: ``generic_desc`` and ``generic_kw``; ``value``: ``value_kw``), so the
    calibration can re-decide candidates for other thresholds without re-running the rules."""

    keep: bool
    reason: str
    confidence: float
    kind: EntityKind
    test: Literal["none", "generic", "value", "standard", "cross", "same"] = "none"
    #: What the rule knew (:class:`~tooldial.graph.evidence.Evidence`), written to the edge for later stages.
    evidence: tuple[Evidence, ...] = ()
    #: The standard kind of a standard value (``country``), written to the edge as ``standard``.
    standard: str | None = None
    #: Which decision this is (:class:`EdgeReason`), beside the prose ``reason``: code reads this, people the prose.
    code: EdgeReason | None = None
    #: The field names a rejection lists (the echoed input, the inputs the call still lacks), as data.
    names: tuple[str, ...] = ()
