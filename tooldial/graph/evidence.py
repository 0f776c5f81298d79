"""Typed evidence of an edge's verdict: what the graph stage knew when it kept the edge, written to the edge as
``evidence`` (comma-joined :class:`Evidence` values) beside ``standard`` (the standard kind of a standard value),
so later stages (the chain sampler) read facts, never the human-readable ``reason``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any


class Evidence(StrEnum):
    """Why an edge's two ends share a value space."""

    #: Both APIs belong to one tool.
    SAME_TOOL = "same_tool"
    #: Both tools come from one provider.
    SAME_PROVIDER = "same_provider"
    #: The corpus is one provider's (``--single-provider``).
    ONE_PROVIDER = "single_provider"
    #: The tools' names share a family stem (``Real Estate`` / ``Real Estate Property API``).
    TOOL_FAMILY = "tool_family"
    #: The target's documentation spells the source tool's whole name.
    DOCS_NAME_SOURCE = "docs_name_source"
    #: A standard value whose format is known on both sides (``alpha2`` and ``alpha2``).
    FORMATS_AGREE = "formats_agree"


class IdSpace(str):
    """A shared-id-space finding: the reason text (a ``str``, as before) with its typed :class:`Evidence`."""

    __slots__ = ("evidence",)
    evidence: Evidence

    def __new__(cls, text: str, evidence: Evidence) -> IdSpace:
        obj = super().__new__(cls, text)
        obj.evidence = evidence
        return obj


def edge_attribute(evidence: Iterable[Evidence]) -> str:
    """How an edge stores its evidence (GraphML holds only scalars): sorted values joined by commas."""
    return ",".join(sorted(e.value for e in evidence))


def edge_evidence(edge: Mapping[str, Any]) -> frozenset[Evidence]:
    """The evidence an edge of a graph file carries (none when the attribute is empty)."""
    text = str(edge.get("evidence") or "")
    return frozenset(Evidence(v) for v in text.split(",") if v)
