"""Candidate edges and aliases of a one-system corpus that Eq. 1 cannot see (:mod:`tooldial.graph.system_codes`
says when a corpus is one system): standard codes of one kind across its functions, abbreviated id inputs
(``pid``), and a map keyed by its entries' id. Called by the builder only (high in the import order)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tooldial.graph.bounds import proposed_edges
from tooldial.graph.edges import EdgeArrays, lcs_similarity
from tooldial.graph.entities import Entity
from tooldial.graph.record_names import abbreviated_record, record_words
from tooldial.graph.record_types import BARE_IDS
from tooldial.graph.select import Candidate
from tooldial.graph.system_codes import ONE_SYSTEM_CODES, one_system_corpus
from tooldial.graph.value_kinds import classify
from tooldial.graph.verdict import Verdict


def system_code_edges(outputs: list[Entity], inputs: list[Entity], vectors: np.ndarray, out_desc: np.ndarray,
                      out_kw: np.ndarray, in_desc: np.ndarray, in_kw: np.ndarray, *,
                      mask_self: bool = True) -> EdgeArrays:
    """Output → input candidates of one standard code kind (module docstring); none unless the corpus is one
    system. Their Eq. 1 similarities are recorded as computed."""
    if not one_system_corpus(outputs, inputs):
        return EdgeArrays.empty()
    by_kind: dict[tuple[str, str | None], list[int]] = {}
    for i, e in enumerate(outputs):
        t = classify(e)
        if t.kind == "standard" and t.standard in ONE_SYSTEM_CODES:
            by_kind.setdefault((t.standard, t.fmt), []).append(i)
    src, dst, lcs = [], [], []
    for j, e in enumerate(inputs):
        t = classify(e)
        if t.kind != "standard" or t.standard not in ONE_SYSTEM_CODES:
            continue
        for (kind, fmt), found in by_kind.items():
            if kind != t.standard or (fmt and t.fmt and fmt != t.fmt):
                continue
            for i in found:
                if not (mask_self and outputs[i].api_id == e.api_id):
                    src.append(i)
                    dst.append(j)
                    lcs.append(lcs_similarity(outputs[i].name, e.name))
    return proposed_edges(src, dst, vectors, out_desc, out_kw, in_desc, in_kw, lcs)


def map_key_aliases(rows: list, outputs: list[Entity], inputs: list[Entity]) -> list:
    """In a one-system corpus, a map keyed by its entries' id (``payment_methods`` keyed by payment method id,
    each entry with a bare ``id``): the key ``M|{key}`` and the entries' ``M|id`` are one value, so each kept
    edge of one is an edge of the other. Returns the added candidates (copies of kept ones, reason saying whose
    alias they are); none outside a one-system corpus."""
    if not one_system_corpus(outputs, inputs):
        return []
    by_key = {(e.api_id, e.key): e for e in outputs}
    have = {c.pair_key for c in rows}
    added: list[Candidate] = []
    for c in rows:
        parent, _, leaf = c.output.key.rpartition("|")
        if not parent or classify(c.output).kind != "identifier":
            continue
        if leaf == "{key}":
            twins = [by_key.get((c.output.api_id, f"{parent}|{b}")) for b in sorted(BARE_IDS)]
        elif leaf in BARE_IDS:
            twins = [by_key.get((c.output.api_id, f"{parent}|{{key}}"))]
        else:
            continue
        for twin in twins:
            if twin is None or (twin.api_id, c.input.api_id, twin.key, c.input.key) in have:
                continue
            v = c.verdict
            verdict = Verdict(True, f"{v.reason}; {twin.key} is the same value as {c.output.key} (a map keyed by "
                              f"its entries' id)", v.confidence, v.kind, v.test, v.evidence, v.standard, code=v.code)
            copy = replace(c, output=twin, verdict=verdict)
            have.add(copy.pair_key)
            added.append(copy)
    return added


def abbreviated_id_edges(outputs: list[Entity], inputs: list[Entity], vectors: np.ndarray, out_desc: np.ndarray,
                         out_kw: np.ndarray, in_desc: np.ndarray, in_kw: np.ndarray, *,
                         mask_self: bool = True) -> EdgeArrays:
    """In a one-system corpus, an abbreviated id input (``pid``: :func:`abbreviated_record`) is a candidate for the
    bare ids (``id``) of the APIs about the same record (``getPullRequestsByRepository``' ``id``): Eq. 1 cannot
    see that ``pid`` names the pull request."""
    if not one_system_corpus(outputs, inputs):
        return EdgeArrays.empty()
    src, dst, lcs = [], [], []
    for j, e in enumerate(inputs):
        record = abbreviated_record(e.raw or e.key, e.api_id)
        if record is None:
            continue
        for i, o in enumerate(outputs):
            if "|" in o.key or o.key not in BARE_IDS or (mask_self and o.api_id == e.api_id):
                continue
            if record_words(o.api_id) == set(record):
                src.append(i)
                dst.append(j)
                lcs.append(lcs_similarity(o.name, e.name))
    return proposed_edges(src, dst, vectors, out_desc, out_kw, in_desc, in_kw, lcs)
