"""Eq. 1 at corpus scale: blocked cosine screening, vectorised second criterion, LCS on survivors.

A dense outputs × inputs matrix over the real ToolBench corpus (≈107k output components × ≈55k required
inputs) would take ~24 GB per criterion. Instead:

1. unique output screening texts (description by default) are processed in blocks of ``block_size`` rows:
   one matmul per block against all unique input texts, and only cells above the screening threshold are
   kept (``block_size × unique inputs`` floats live at a time);
2. entities equal in all three features (description, keyword text, name) form one group, so a kept cell
   expands to pairs of groups, not of entities (one parameter shared by the 50 APIs of a tool is one group);
3. group pairs go through a length bound no LCS can beat, then the second cosine (gathered dot products in
   chunks), then LCS (rapidfuzz ``LCSseq``, once per distinct pair of names);
4. only surviving group pairs expand to entity pairs, where self-edges (and optionally same-tool edges) are
   masked.

:func:`dense_edges` is the brute-force reference the tests compare with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rapidfuzz.distance import LCSseq
from tqdm.auto import tqdm

from tooldial.graph.config import Thresholds

#: Entity pairs gathered at once for the second criterion (two ``chunk × dim`` float32 arrays).
PAIR_CHUNK = 65536


def normalize_name(text: str) -> str:
    """Lower-case and keep only alphanumerics (the release's LCS normalisation)."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def lcs_similarity(a: str, b: str) -> float:
    """LCS(norm a, norm b) / ((|norm a| + |norm b|) / 2); 0 when either is empty after normalisation."""
    na, nb = normalize_name(a), normalize_name(b)
    return _lcs_normalized(na, nb)


def _lcs_normalized(na: str, nb: str) -> float:
    if not na or not nb:
        return 0.0
    return LCSseq.similarity(na, nb) / ((len(na) + len(nb)) / 2)


def eq1(desc_sim: float, kw_sim: float, lcs_sim: float, thresholds: Thresholds) -> bool:
    """Eq. 1: all three similarities strictly above their thresholds."""
    return desc_sim > thresholds.desc and kw_sim > thresholds.kw and lcs_sim > thresholds.lcs


@dataclass
class EdgeArrays:
    """Edges found, as parallel arrays over output entity ``src`` and input entity ``dst``."""

    src: np.ndarray
    dst: np.ndarray
    desc_sim: np.ndarray
    kw_sim: np.ndarray
    lcs_sim: np.ndarray
    #: Per pair: proposed by :func:`tooldial.graph.transforms.transform_edges`, not by Eq. 1 (``None``: none is).
    transform: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.src.shape[0])

    def transforms(self) -> np.ndarray:
        """The :attr:`transform` flags, all false when ``None``."""
        return np.zeros(len(self), dtype=bool) if self.transform is None else self.transform

    def pairs(self) -> set[tuple[int, int]]:
        return set(zip(self.src.tolist(), self.dst.tolist(), strict=True))

    @classmethod
    def empty(cls) -> EdgeArrays:
        z = np.zeros(0, dtype=np.int64)
        f = np.zeros(0, dtype=np.float32)
        return cls(z, z.copy(), f, f.copy(), f.copy())


@dataclass
class EntityIndex:
    """One side of the search, as integer ids into shared tables.

    ``desc``/``kw``: row of each entity's description / keyword text in the embedding matrices; ``name``: id
    of its normalised short name; ``api``: id of its API (self-edge mask); ``group``: id of a coarser group
    (tool) masked when ``mask_group`` is set."""

    desc: np.ndarray
    kw: np.ndarray
    name: np.ndarray
    api: np.ndarray
    group: np.ndarray


def _csr(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Unique ids, and the members of each (entity indices, sorted), as CSR pointers."""
    order = np.argsort(ids, kind="stable")
    uniq, counts = np.unique(ids[order], return_counts=True)
    ptr = np.zeros(len(uniq) + 1, dtype=np.int64)
    np.cumsum(counts, out=ptr[1:])
    return uniq, ptr, order


def _expand(rows: np.ndarray, cols: np.ndarray, row_ptr: np.ndarray, row_members: np.ndarray,
            col_ptr: np.ndarray, col_members: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cartesian products of the member lists of each (row group, col group) cell, vectorised.

    Returns (output entity, input entity, index of the cell each pair came from)."""
    rs = row_ptr[rows + 1] - row_ptr[rows]
    cs = col_ptr[cols + 1] - col_ptr[cols]
    counts = rs * cs
    total = int(counts.sum())
    cell = np.repeat(np.arange(len(rows), dtype=np.int64), counts)
    start = np.zeros(len(rows), dtype=np.int64)
    np.cumsum(counts[:-1], out=start[1:])
    offset = np.arange(total, dtype=np.int64) - start[cell]
    width = cs[cell]
    src = row_members[row_ptr[rows[cell]] + offset // width]
    dst = col_members[col_ptr[cols[cell]] + offset % width]
    return src, dst, cell


def _chunk_cells(counts: np.ndarray, budget: int) -> list[slice]:
    """Split cells into consecutive runs whose expanded pair count stays near ``budget``."""
    out, start, acc = [], 0, 0
    for i, c in enumerate(counts.tolist()):
        if acc and acc + c > budget:
            out.append(slice(start, i))
            start, acc = i, 0
        acc += c
    if start < len(counts):
        out.append(slice(start, len(counts)))
    return out


class LCSCache:
    """LCS similarity per pair of name ids, computed once (names repeat across thousands of pairs)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.lengths = np.array([len(n) for n in self.names], dtype=np.int64)
        self._cache: dict[tuple[int, int], float] = {}
        self.computed = 0

    def upper_bound(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """2·min(|a|,|b|) / (|a|+|b|): no LCS can do better, so pairs at or below the threshold skip it."""
        la, lb = self.lengths[a], self.lengths[b]
        total = la + lb
        return np.where(total > 0, 2.0 * np.minimum(la, lb) / np.maximum(total, 1), 0.0)

    def __call__(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        out = np.empty(len(a), dtype=np.float32)
        cache, names = self._cache, self.names
        for i, (x, y) in enumerate(zip(a.tolist(), b.tolist(), strict=True)):
            value = cache.get((x, y))
            if value is None:
                value = _lcs_normalized(names[x], names[y])
                cache[(x, y)] = value
                self.computed += 1
            out[i] = value
        return out


def _feature_groups(s_ids: np.ndarray, o_ids: np.ndarray, names: np.ndarray):
    """Entities equal in (screen text, other text, name) get the same Eq. 1 verdict against anything: group
    them, so similarities and LCS are computed once per group pair, not per entity pair.

    Returns per group its screen text, other text and name, and the groups' members as CSR."""
    if len(s_ids) == 0:
        z = np.zeros(0, dtype=np.int64)
        return z, z, z, np.zeros(1, dtype=np.int64), z
    keys = np.stack([s_ids, o_ids, names], axis=1)
    uniq, inverse = np.unique(keys, axis=0, return_inverse=True)
    _, ptr, members = _csr(inverse.reshape(-1))
    return uniq[:, 0], uniq[:, 1], uniq[:, 2], ptr, members


def trim_members(ptr: np.ndarray, members: np.ndarray, tool_of: np.ndarray, limit: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The CSR ``(ptr, members)`` keeping, in each group, at most ``limit`` members per tool (the lowest ids).

    Members of one feature group are interchangeable to Eq. 1 (same texts, same name), so an input that keeps at
    most ``limit - 1`` same-tool sources by ``(score, id)`` never needs more of them than the first ``limit``."""
    gid = np.repeat(np.arange(len(ptr) - 1, dtype=np.int64), np.diff(ptr))
    order = np.lexsort((members, tool_of[members], gid))
    run = np.r_[True, (gid[order][1:] != gid[order][:-1]) | (tool_of[members[order]][1:]
                                                              != tool_of[members[order]][:-1])]
    starts = np.flatnonzero(run)
    rank = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    kept = np.sort(order[rank < limit])  # back to group order, ids ascending within a group
    if len(kept) == len(members):
        return ptr, members
    new_ptr = np.zeros(len(ptr), dtype=np.int64)
    np.cumsum(np.bincount(gid[kept], minlength=len(ptr) - 1), out=new_ptr[1:])
    return new_ptr, members[kept]


def blocked_edges(outputs: EntityIndex, inputs: EntityIndex, desc_vecs: np.ndarray, kw_vecs: np.ndarray,
                  lcs: LCSCache, thresholds: Thresholds, *, block_size: int = 1024, screen: str = "desc",
                  mask_self: bool = True, mask_group: bool = False, progress: bool = False,
                  pair_budget: int = 4_000_000, max_same_group_per_input: int | np.ndarray | None = None
                  ) -> EdgeArrays:
    """All (output, input) entity pairs satisfying Eq. 1, without a dense outputs × inputs matrix.

    Unique screening texts are compared block by block (one matmul each); the cells above the screening
    threshold expand to pairs of feature groups (see :func:`_feature_groups`), which go through the LCS
    length bound, the second cosine and LCS; only surviving group pairs expand to entity pairs.
    ``max_same_group_per_input``: each input keeps at most this many pairs from outputs of its own group (tool),
    the most similar ones, pruned whenever the pairs held pass ``pair_budget`` (memory stays bounded); an array
    gives each input its own limit."""
    if screen == "desc":
        s_vecs, s_out, s_in, s_t = desc_vecs, outputs.desc, inputs.desc, thresholds.desc
        o_vecs, o_out, o_in, o_t = kw_vecs, outputs.kw, inputs.kw, thresholds.kw
    else:
        s_vecs, s_out, s_in, s_t = kw_vecs, outputs.kw, inputs.kw, thresholds.kw
        o_vecs, o_out, o_in, o_t = desc_vecs, outputs.desc, inputs.desc, thresholds.desc
    if len(s_out) == 0 or len(s_in) == 0:
        return EdgeArrays.empty()
    gs_out, go_out, gn_out, mptr_out, mem_out = _feature_groups(s_out, o_out, outputs.name)
    if max_same_group_per_input is not None:  # interchangeable sources of one tool: expand no more than needed
        mptr_out, mem_out = trim_members(mptr_out, mem_out, outputs.group,
                                         int(np.max(max_same_group_per_input)) + 1)
    gs_in, go_in, gn_in, mptr_in, mem_in = _feature_groups(s_in, o_in, inputs.name)
    text_out, tptr_out, tgroups_out = _csr(gs_out)  # unique screen texts → their groups
    text_in, tptr_in, tgroups_in = _csr(gs_in)
    in_matrix = np.ascontiguousarray(s_vecs[text_in].T)  # (dim, unique input screen texts)

    found: list[tuple[np.ndarray, ...]] = []
    held = 0
    blocks = range(0, len(text_out), block_size)
    for start in tqdm(blocks, desc="similarity blocks", unit="block", disable=not progress):
        stop = min(start + block_size, len(text_out))
        sims = s_vecs[text_out[start:stop]] @ in_matrix  # (block, unique input texts)
        r, c = np.nonzero(sims > s_t)
        if not len(r):
            continue
        cell_sim = sims[r, c]
        del sims
        rows = r.astype(np.int64) + start
        cols = c.astype(np.int64)
        counts = (tptr_out[rows + 1] - tptr_out[rows]) * (tptr_in[cols + 1] - tptr_in[cols])
        for part in _chunk_cells(counts, pair_budget):
            g_o, g_i, cell = _expand(rows[part], cols[part], tptr_out, tgroups_out, tptr_in, tgroups_in)
            screen_sim = cell_sim[part][cell]
            # the LCS length bound is free and removes most pairs before any float work
            keep = lcs.upper_bound(gn_out[g_o], gn_in[g_i]) > thresholds.lcs
            g_o, g_i, screen_sim = g_o[keep], g_i[keep], screen_sim[keep]
            other = np.empty(len(g_o), dtype=np.float32)
            for k in range(0, len(g_o), PAIR_CHUNK):
                a = o_vecs[go_out[g_o[k : k + PAIR_CHUNK]]]
                b = o_vecs[go_in[g_i[k : k + PAIR_CHUNK]]]
                other[k : k + PAIR_CHUNK] = np.einsum("ij,ij->i", a, b)
            keep = other > o_t
            g_o, g_i, screen_sim, other = g_o[keep], g_i[keep], screen_sim[keep], other[keep]
            lcs_sim = lcs(gn_out[g_o], gn_in[g_i])
            keep = lcs_sim > thresholds.lcs
            g_o, g_i, screen_sim, other, lcs_sim = g_o[keep], g_i[keep], screen_sim[keep], other[keep], lcs_sim[keep]
            if not len(g_o):
                continue
            # surviving group pairs → entity pairs, then the structural masks
            sizes = (mptr_out[g_o + 1] - mptr_out[g_o]) * (mptr_in[g_i + 1] - mptr_in[g_i])
            for sub in _chunk_cells(sizes, pair_budget):
                src, dst, pair = _expand(g_o[sub], g_i[sub], mptr_out, mem_out, mptr_in, mem_in)
                keep = outputs.api[src] != inputs.api[dst] if mask_self else np.ones(len(src), dtype=bool)
                if mask_group:
                    keep &= outputs.group[src] != inputs.group[dst]
                pair = pair[keep]
                found.append((src[keep], dst[keep], screen_sim[sub][pair], other[sub][pair], lcs_sim[sub][pair]))
                held += len(found[-1][0])
                if max_same_group_per_input is not None and held > pair_budget:
                    found = [_cap_same_group(found, outputs.group, inputs.group, max_same_group_per_input)]
                    held = len(found[0][0])
    if not found:
        return EdgeArrays.empty()
    if max_same_group_per_input is not None:
        found = [_cap_same_group(found, outputs.group, inputs.group, max_same_group_per_input)]
    src, dst, s_sim, o_sim, l_sim = (np.concatenate(parts) for parts in zip(*found, strict=True))
    order = np.lexsort((dst, src))
    desc_sim, kw_sim = (s_sim, o_sim) if screen == "desc" else (o_sim, s_sim)
    # float32 dot products of unit vectors can overshoot 1 by an ulp or two
    return EdgeArrays(src[order], dst[order], np.clip(desc_sim[order], -1, 1).astype(np.float32),
                      np.clip(kw_sim[order], -1, 1).astype(np.float32), l_sim[order].astype(np.float32))


def top_per_input(src: np.ndarray, dst: np.ndarray, score: np.ndarray, limit: int | np.ndarray,
                  among: np.ndarray | None = None) -> np.ndarray:
    """Mask of the pairs to keep: per ``dst``, the ``limit`` best by ``score`` (ties: lower ``src``) among the
    pairs where ``among`` is true; pairs outside ``among`` are all kept. An array ``limit`` is per ``dst``."""
    keep = np.ones(len(src), dtype=bool)
    idx = np.arange(len(src)) if among is None else np.flatnonzero(among)
    if len(idx) == 0:
        return keep
    order = idx[np.lexsort((src[idx], -score[idx], dst[idx]))]
    d = dst[order]
    starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]])
    rank = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    keep[order[rank >= (limit if np.isscalar(limit) else np.asarray(limit)[d])]] = False
    return keep


def _cap_same_group(found: list[tuple[np.ndarray, ...]], out_group: np.ndarray, in_group: np.ndarray,
                    limit: int | np.ndarray) -> tuple[np.ndarray, ...]:
    """``found`` as one tuple of arrays, each input keeping at most ``limit`` pairs from its own group."""
    src, dst, s_sim, o_sim, l_sim = (np.concatenate(parts) for parts in zip(*found, strict=True))
    score = s_sim.astype(np.float64) + o_sim + l_sim
    keep = top_per_input(src, dst, score, limit, among=out_group[src] == in_group[dst])
    return src[keep], dst[keep], s_sim[keep], o_sim[keep], l_sim[keep]


def dense_edges(outputs: EntityIndex, inputs: EntityIndex, desc_vecs: np.ndarray, kw_vecs: np.ndarray,
                names: Sequence[str], thresholds: Thresholds, *, mask_self: bool = True,
                mask_group: bool = False) -> EdgeArrays:
    """Brute-force reference: every pair, every criterion, dense matrices. Small corpora only (tests)."""
    desc = desc_vecs[outputs.desc] @ desc_vecs[inputs.desc].T
    kw = kw_vecs[outputs.kw] @ kw_vecs[inputs.kw].T
    lcs = np.array([[_lcs_normalized(names[a], names[b]) for b in inputs.name.tolist()]
                    for a in outputs.name.tolist()], dtype=np.float64).reshape(desc.shape)
    ok = (desc > thresholds.desc) & (kw > thresholds.kw) & (lcs > thresholds.lcs)
    if mask_self:
        ok &= outputs.api[:, None] != inputs.api[None, :]
    if mask_group:
        ok &= outputs.group[:, None] != inputs.group[None, :]
    src, dst = np.nonzero(ok)
    return EdgeArrays(src.astype(np.int64), dst.astype(np.int64), np.clip(desc[src, dst], -1, 1).astype(np.float32),
                      np.clip(kw[src, dst], -1, 1).astype(np.float32), lcs[src, dst].astype(np.float32))
