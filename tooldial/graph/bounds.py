"""Memory and size bounds of graph construction (issue 32): nothing grows with the square of one tool.

Eq. 1 compares every output with every input. Across tools the density caps of :mod:`tooldial.graph.select`
thin the graph, but they act on candidate *objects*, one per pair: a single OpenAPI document of 10,000 similar
operations (every ``widgetId`` output matching every ``widgetId`` input) made ``graph build`` pass 10 GB. Two
bounds, both in :class:`~tooldial.graph.config.GraphConfig`:

* ``max_same_tool_candidates_per_input`` (64): an input keeps at most this many candidate sources of its own tool,
  the most similar (``desc + kw + lcs``; ties: the earlier output). The Eq. 1 search prunes to it while its blocks
  stream (:func:`tooldial.graph.edges.blocked_edges`), the same-tool raw-name search picks the best sources of a
  large name group directly (:func:`best_same_name_sources`), and :func:`cap_same_tool` applies it once more to
  their union. Pairs across tools are not touched here.
* ``max_candidates`` (3,000,000): a build with more candidates than this stops with a one-line error naming the
  bound (:func:`check_candidate_budget`) before one Python object per candidate is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from tooldial.errors import ConfigError
from tooldial.graph.edges import EdgeArrays, top_per_input

if TYPE_CHECKING:
    from tooldial.graph.build import PreparedEntities
    from tooldial.graph.config import Thresholds


def best_same_name_sources(prepared: PreparedEntities, j: int, sources: Sequence[int], limit: int,
                           thresholds: Thresholds, desc: float | None, named: np.ndarray, *,
                           mask_self: bool = True) -> list[int]:
    """The at most ``limit`` outputs of ``sources`` (one tool, one raw name) that input ``j`` keeps: those passing
    the raw-name criteria, best ``desc + kw`` first (ties: lower index), in index order. ``named``: per output,
    whether it and input ``j`` are the same named identifier (the criterion that needs no description bar)."""
    src = np.asarray(sources, dtype=np.int64)
    if mask_self:
        src = src[prepared.out_index.api[src] != prepared.in_index.api[j]]
    vec = prepared.vectors
    desc_sim = vec[prepared.out_index.desc[src]] @ vec[prepared.in_index.desc[j]]
    kw = vec[prepared.out_index.kw[src]] @ vec[prepared.in_index.kw[j]]
    ok = ((desc_sim > (thresholds.desc if desc is None else desc)) | named[src]) & (kw > thresholds.kw)
    src, score = src[ok], (desc_sim + kw)[ok]
    best = np.lexsort((src, -score))[:limit]
    return sorted(src[best].tolist())


def cap_same_tool(edges: EdgeArrays, out_tool: np.ndarray, in_tool: np.ndarray, limit: int | None) -> EdgeArrays:
    """``edges`` with each input keeping at most ``limit`` sources of its own tool (transform pairs all kept)."""
    if limit is None or not len(edges):
        return edges
    same = (out_tool[edges.src] == in_tool[edges.dst]) & ~edges.transforms()
    score = edges.desc_sim.astype(np.float64) + edges.kw_sim + edges.lcs_sim
    keep = top_per_input(edges.src, edges.dst, score, limit, among=same)
    if keep.all():
        return edges
    return EdgeArrays(edges.src[keep], edges.dst[keep], edges.desc_sim[keep], edges.kw_sim[keep],
                      edges.lcs_sim[keep], None if edges.transform is None else edges.transform[keep])


def check_candidate_budget(count: int, limit: int | None, corpus: str) -> None:
    """Stop before the per-candidate work when ``count`` exceeds ``limit`` (``max_candidates``)."""
    if limit is not None and count > limit:
        raise ConfigError(f"{count:,} Eq. 1 candidates exceed the bound max_candidates={limit:,} (each needs about "
                          "1 KB while the rules judge it); raise it with --max-candidates, lower "
                          "--max-same-tool-candidates, or split the corpus", file=corpus,
                          field="max_candidates")
