"""Documented chains (OpenAPI ``links``, Arazzo workflows) as graph edges of kind ``documented``.

A spec that declares "the ``username`` of ``getUserByName``'s answer is what ``getRepositoriesByOwner`` takes"
states the chain: no similarity bar, validity rule or density cap removes it. Such an edge is added whether or not
Eq. 1 proposed the pair (its similarities are Eq. 1's when it did, else 0) and replaces the rules' verdict on that
pair (an echo, a record-type clash...). Links come from the loaders (:attr:`~tooldial.corpus.models.Tool.links`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from tooldial.corpus.models import Corpus, make_api_id
from tooldial.graph.entities import Entity, split_words
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.select import Candidate
from tooldial.graph.validity import EntityKind, Verdict

if TYPE_CHECKING:
    from tooldial.corpus.described_links import DescribedLink

DOCUMENTED_KIND = cast(EntityKind, "documented")
#: The reason of a documented edge starts with this (``documented link userRepositories``).
DOCUMENTED_REASON = "documented link"
#: The reason of a chain the documentation states in words starts with this (``described: The value of ...``).
DESCRIBED_REASON = "described"


def documented_verdict(name: str) -> Verdict:
    return Verdict(True, f"{DOCUMENTED_REASON} {name}", 1.0, DOCUMENTED_KIND, code=EdgeReason.DOCUMENTED)


def end_entity(api_id: str, role: str, key: str, provider: str) -> Entity:
    """An entity for a documented end that the filters left out (or that is no required input)."""
    leaf = key.rsplit("|", 1)[-1].rsplit(".", 1)[-1]
    name = " ".join(split_words(leaf)) or leaf
    return Entity(api_id, role, key, name, name, raw=leaf, param=key if role == "input" else "", provider=provider)


def documented_candidates(corpus: Corpus, outputs: list[Entity], inputs: list[Entity],
                          proposed: dict[tuple[str, str, str, str], Candidate],
                          described: Sequence[DescribedLink] = ()) -> list[Candidate]:
    """One kept candidate per documented link of the corpus, and per chain its documentation states in words
    (``described``, :mod:`tooldial.corpus.described_links`; a declared link of the same pair wins), sorted by pair
    key. ``proposed``: Eq. 1's candidates by pair key (their similarities are kept)."""
    outs = {(e.api_id, e.key): e for e in outputs}
    ins = {(e.api_id, e.key): e for e in inputs}
    found: dict[tuple[str, str, str, str], Candidate] = {}
    for tool in corpus.tools:
        for link in tool.links:
            source = make_api_id(tool.category, tool.name, link.source)
            target = make_api_id(tool.category, tool.name, link.target)
            if source not in corpus or target not in corpus:
                continue
            key = (source, target, link.source_output, link.target_input)
            if key in found:
                continue
            old = proposed.get(key)
            output = outs.get((source, link.source_output)) or end_entity(source, "output", link.source_output,
                                                                       tool.provider)
            target_entity = ins.get((target, link.target_input)) or end_entity(target, "input", link.target_input,
                                                                           tool.provider)
            cand = Candidate(output, target_entity, old.desc_sim if old else 0.0, old.kw_sim if old else 0.0,
                             old.lcs_sim if old else 0.0, documented_verdict(link.name))
            found[key] = cand
    for d in described:
        key = (d.source, d.target, d.source_output, d.target_input)
        target_entity = ins.get((d.target, d.target_input))
        if key in found or target_entity is None:  # an input the filters left out (paging) stays out
            continue
        old = proposed.get(key)
        output = outs.get((d.source, d.source_output)) or end_entity(d.source, "output", d.source_output,
                                                                  target_entity.provider)
        verdict = Verdict(True, f"{DESCRIBED_REASON}: {d.sentence[:160]}", 1.0, DOCUMENTED_KIND,
                          code=EdgeReason.DOCUMENTED)
        found[key] = Candidate(output, target_entity, old.desc_sim if old else 0.0, old.kw_sim if old else 0.0,
                               old.lcs_sim if old else 0.0, verdict)
    return [found[k] for k in sorted(found)]
