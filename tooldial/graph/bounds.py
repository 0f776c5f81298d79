"""Memory and size bounds of graph construction (issue 32): nothing grows with the square of one tool.

Eq. 1 compares every output with every input. Across tools the density caps of :mod:`tooldial.graph.select`
thin the graph, but they act on candidate *objects*, one per pair: a single OpenAPI document of 10,000 similar
operations (every ``widgetId`` output matching every ``widgetId`` input) made ``graph build`` pass 10 GB. Two
bounds, both in :class:`~tooldial.graph.config.GraphConfig`:

* ``max_same_tool_candidates_per_input`` (64): an input keeps at most this many candidate sources of its own tool,
  the most similar (``desc + kw + lcs``; ties: the earlier output). The Eq. 1 search prunes to it while its blocks
  stream (:func:`tooldial.graph.edges.blocked_edges`), and :func:`cap_same_tool` applies it once more after the
  same-tool raw-name candidates are added. Outputs that are interchangeable (one feature group: same texts and
  name) are expanded only up to ``K + 1`` per tool (:func:`tooldial.graph.edges.trim_members`,
  :func:`interchangeable_prefix`): exact for the same-tool bound, and across tools it means an input meets at
  most ``K + 1`` identical twins of one other tool (the density caps keep far fewer per API pair anyway).
* ``max_same_tool_candidates_per_tool`` (262,144): in a tool with so many inputs that the bound above would
  still allow more candidates than this in all, each input's bound is lowered to ``this // inputs of the tool``
  (:func:`same_tool_limits`): a 10,000-operation tool gets 13 per input, an ordinary one keeps 64.
* ``max_candidates`` (3,000,000): a build with more candidates than this stops with a one-line error naming the
  bound (:func:`check_candidate_budget`) before one Python object per candidate is made.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import numpy as np

from tooldial.errors import ConfigError
from tooldial.graph.edges import PAIR_CHUNK, EdgeArrays, top_per_input


def interchangeable_prefix(sources: list[int], alike: Callable[[int], Hashable], limit: int) -> list[int]:
    """``sources`` (outputs of one tool sharing one raw name, ascending) keeping at most ``limit`` of each set of
    interchangeable ones (equal ``alike(i)``: same description and keyword text, same named-identifier flag).
    Every input scores the members of such a set alike, so its best ``limit - 1`` sources (ties: the lower id)
    lie among them."""
    if len(sources) <= limit:
        return sources
    seen: dict[Hashable, int] = {}
    kept = []
    for i in sources:
        key = alike(i)
        if seen.get(key, 0) < limit:
            seen[key] = seen.get(key, 0) + 1
            kept.append(i)
    return kept


def same_tool_limits(in_tool: np.ndarray, per_input: int | None, per_tool: int | None) -> int | np.ndarray | None:
    """Each input's limit of same-tool candidates: ``per_input``, lowered in a tool with so many inputs that
    ``per_input`` each would pass ``per_tool`` in all (then ``per_tool // inputs of the tool``, at least 1)."""
    if per_input is None or per_tool is None or not len(in_tool):
        return per_input
    inputs_of = np.bincount(in_tool)
    limits = np.minimum(per_input, np.maximum(1, per_tool // np.maximum(inputs_of[in_tool], 1)))
    return per_input if bool((limits == per_input).all()) else limits


def cap_same_tool(edges: EdgeArrays, out_tool: np.ndarray, in_tool: np.ndarray,
                  limit: int | np.ndarray | None) -> EdgeArrays:
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


def pair_dots(vectors: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``vectors[a[k]] · vectors[b[k]]`` for every k, gathered ``PAIR_CHUNK`` rows at a time (two ``n × dim``
    gathers of 2.6 M pairs were 4 GB); the same values as one ``einsum`` over all rows."""
    out = np.empty(len(a), dtype=vectors.dtype)
    for k in range(0, len(a), PAIR_CHUNK):
        out[k : k + PAIR_CHUNK] = np.einsum("ij,ij->i", vectors[a[k : k + PAIR_CHUNK]], vectors[b[k : k + PAIR_CHUNK]])
    return out


def proposed_edges(src: list[int], dst: list[int], vectors: np.ndarray, out_desc: np.ndarray, out_kw: np.ndarray,
                   in_desc: np.ndarray, in_kw: np.ndarray, lcs: list[float] | None = None) -> EdgeArrays:
    """A proposer's (output, input) index pairs as candidate edges: their two Eq. 1 cosines recorded (for the caps'
    ranking), their LCS given or 1 (the proposer found the names agree)."""
    if not src:
        return EdgeArrays.empty()
    s, d = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    desc = pair_dots(vectors, out_desc[s], in_desc[d])
    kw = pair_dots(vectors, out_kw[s], in_kw[d])
    return EdgeArrays(s, d, np.clip(desc, -1, 1).astype(np.float32), np.clip(kw, -1, 1).astype(np.float32),
                      np.ones(len(s), dtype=np.float32) if lcs is None else np.array(lcs, dtype=np.float32))


def check_candidate_budget(count: int, limit: int | None, corpus: str) -> None:
    """Stop before the per-candidate work when ``count`` exceeds ``limit`` (``max_candidates``)."""
    if limit is not None and count > limit:
        raise ConfigError(f"{count:,} Eq. 1 candidates exceed the bound max_candidates={limit:,} (each needs about "
                          "1 KB while the rules judge it); raise it with --max-candidates, lower "
                          "--max-same-tool-candidates, or split the corpus", file=corpus,
                          field="max_candidates")
