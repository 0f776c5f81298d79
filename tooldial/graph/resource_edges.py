"""REST resource chains as graph edges (:mod:`tooldial.graph.rest_resources` reads them from the path layout):
kept like documented links, and the echo of a call made on an item rejected among the rules' candidates."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from tooldial.corpus.models import Corpus
from tooldial.graph.documented import end_entity
from tooldial.graph.entities import Entity
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.rest_resources import item_collections, parent_echo, path_echo, resource_chains
from tooldial.graph.select import Candidate
from tooldial.graph.validity import EntityKind
from tooldial.graph.verdict import Verdict

#: The reason of a resource edge starts with this (``REST resource: /cards returns the items ...``).
RESOURCE_REASON = "REST resource"


def resource_candidates(corpus: Corpus, outputs: list[Entity], inputs: list[Entity],
                        proposed: dict[tuple[str, str, str, str], Candidate]) -> list[Candidate]:
    """One kept candidate per resource chain whose input the filters kept (Eq. 1's similarities where
    it proposed the pair, else 0), sorted by pair key."""
    outs = {(e.api_id, e.key): e for e in outputs}
    ins = {(e.api_id, e.key): e for e in inputs}
    found: list[Candidate] = []
    for chain in resource_chains(corpus):
        target = ins.get((chain.target, chain.target_input))
        if target is None:
            continue
        output = outs.get((chain.source, chain.source_output)) or end_entity(
            chain.source, "output", chain.source_output, target.provider)
        old = proposed.get((chain.source, chain.target, chain.source_output, chain.target_input))
        verdict = Verdict(True, f"{RESOURCE_REASON}: {chain.source_path} returns the items "
                          f"{chain.target_path} takes by {{{chain.target_input}}}", 1.0,
                          cast(EntityKind, "identifier"), code=EdgeReason.RESOURCE)
        found.append(Candidate(output, target, old.desc_sim if old else 0.0, old.kw_sim if old else 0.0,
                               old.lcs_sim if old else 0.0, verdict))
    return sorted(found, key=lambda c: c.pair_key)


def reject_parent_echoes(corpus: Corpus, cands: list[Candidate],
                         collections: dict[tuple[str, str], set[tuple[str, ...]]] | None = None,
                         ) -> tuple[list[Candidate], int]:
    """The kept candidates with each :func:`parent_echo` and :func:`path_echo` rejected (typed ``parent_echo``),
    and how many were. ``collections``: per tool, the paths with item paths (the selector's, where it has them)."""
    apis = {a.id: a for a in corpus.apis if a.path}
    if not apis:
        return cands, 0
    if collections is None:
        collections = {(t.category, t.name): item_collections(a for a in t.apis if a.path) for t in corpus.tools}
    out: list[Candidate] = []
    rejected = 0
    for c in cands:
        source, target = apis.get(c.output.api_id), apis.get(c.input.api_id)
        if not (c.verdict.keep and source is not None and target is not None):
            out.append(c)
            continue
        if parent_echo(source, c.output.key, target, c.input.param or c.input.key):
            why = (f"{source.path} is called on the item {{{c.input.key}}} keys: its {c.output.key} is not another "
                   f"item's key")
        elif sent := path_echo(source, c.output.key, collections.get((source.category, source.tool), set())):
            why = f"{c.output.key} repeats the {{{sent}}} the caller sent in {source.path}"
        else:
            out.append(c)
            continue
        rejected += 1
        out.append(replace(c, verdict=Verdict(False, why, 0.9, c.verdict.kind, code=EdgeReason.PARENT_ECHO)))
    return out, rejected

