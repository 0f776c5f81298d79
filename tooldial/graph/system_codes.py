"""Candidates of one system's standard codes (issue 27): inside a single-provider corpus (one OpenAPI spec, one
function list, one tool), an output that is a standard code naming one thing (an IATA airport code, an ISBN: the
``standards.one_system_codes`` knowledge set) is a candidate for every required input of the same kind, even when
Eq. 1's similarities are low. One system documents one airport code two ways ("IATA airport code" as a map's key,
"the origin city airport in three letters, such as 'JFK'" as an input); the words differ, the value does not. The
rules then judge these candidates like any other (formats must agree where both are known).

Multi-provider corpora (ToolBench) are left as they are: there a code of one provider may be another's
(``tooldial.rules.edge.standard_value``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from tooldial.graph.entities import Entity
from tooldial.graph.value_kinds import classify
from tooldial.knowledge.loader import words as knowledge_words

if TYPE_CHECKING:
    from tooldial.graph.edges import EdgeArrays

ONE_SYSTEM_CODES = knowledge_words("standards", "one_system_codes")


def system_of(entity: Entity) -> str:
    """The system an entity belongs to: its provider, else its tool."""
    return entity.provider or entity.tool_id


def one_system_corpus(outputs: Iterable[Entity], inputs: Iterable[Entity]) -> bool:
    """Whether every entity belongs to one system: one provider (or one tool when none is named) and one category.
    The embedded corpus (one ecosystem of 21 categories) and ToolBench corpora are not one system."""
    entities = [*outputs, *inputs]
    return len({system_of(e) for e in entities}) == 1 and len({e.tool_id.split("|", 1)[0] for e in entities}) == 1


def system_code_edges(outputs: list[Entity], inputs: list[Entity], vectors: np.ndarray, out_desc: np.ndarray,
                      out_kw: np.ndarray, in_desc: np.ndarray, in_kw: np.ndarray, *,
                      mask_self: bool = True) -> EdgeArrays:
    """Output → input candidates of one standard code kind (module docstring); none unless the corpus is one
    system. Their Eq. 1 similarities are recorded as computed."""
    from tooldial.graph.bounds import pair_dots  # here: bounds -> edges -> config -> rules -> this module
    from tooldial.graph.edges import EdgeArrays, lcs_similarity

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
    if not src:
        return EdgeArrays.empty()
    s, d = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    desc = pair_dots(vectors, out_desc[s], in_desc[d])
    kw = pair_dots(vectors, out_kw[s], in_kw[d])
    return EdgeArrays(s, d, np.clip(desc, -1, 1).astype(np.float32), np.clip(kw, -1, 1).astype(np.float32),
                      np.array(lcs, dtype=np.float32))


def same_system_code(output: Entity, target: Entity) -> bool:
    """Both sides are one standard code kind of ``one_system_codes`` (formats agreeing where both are known) of one
    system: in a one-system corpus (:func:`one_system_corpus`) the selector keeps them whatever the cross-tool
    similarity bars say (:meth:`tooldial.graph.select.EdgeSelector.judge`; module docstring)."""
    if system_of(output) != system_of(target):
        return False
    s, t = classify(output), classify(target)
    return (s.kind == t.kind == "standard" and s.standard == t.standard and s.standard in ONE_SYSTEM_CODES
            and not (s.fmt and t.fmt and s.fmt != t.fmt))


def map_key_aliases(rows: list, outputs: list[Entity], inputs: list[Entity]) -> list:
    """In a one-system corpus, a map keyed by its entries' id (``payment_methods`` keyed by payment method id,
    each entry with a bare ``id``): the key ``M|{key}`` and the entries' ``M|id`` are one value, so each kept
    edge of one is an edge of the other. Returns the added candidates (copies of kept ones, reason saying whose
    alias they are); none outside a one-system corpus."""
    from dataclasses import replace

    from tooldial.graph.record_types import BARE_IDS
    from tooldial.graph.select import Candidate
    from tooldial.graph.verdict import Verdict

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


def abbreviated_record(input_name: str, api_id: str) -> list[str] | None:
    """The record words an abbreviated id input names: ``pid`` of ``getPullRequestsById`` / ``mergePullRequest``
    (initials ``p`` or ``pr`` of the API's record words pull, request) → [pull, request]; ``None`` when the name is
    no one-or-two-letter abbreviation followed by ``id``, or the letters are not the record words' initials."""
    from tooldial.graph.entities import _singular, split_words
    from tooldial.graph.record_copy import _VERBS

    name = input_name.lower()
    if not (3 <= len(name) <= 4 and name.endswith("id") and name[:-2].isalpha()):
        return None
    words = split_words(api_id.rsplit("|", 1)[-1])
    if "by" in words[1:]:
        words = words[:words.index("by", 1)]
    verbs = _VERBS | knowledge_words("actions", "part_change_verbs") | knowledge_words("actions", "ending_verbs")
    record = [_singular(w) for w in words if w not in verbs and len(w) > 1 and not w.isdigit()]
    initials = "".join(w[0] for w in record)
    letters = name[:-2]
    return record if record and (letters == initials or letters == initials[:1]) else None


def abbreviated_id_edges(outputs: list[Entity], inputs: list[Entity], vectors: np.ndarray, out_desc: np.ndarray,
                         out_kw: np.ndarray, in_desc: np.ndarray, in_kw: np.ndarray, *,
                         mask_self: bool = True) -> EdgeArrays:
    """In a one-system corpus, an abbreviated id input (``pid``: :func:`abbreviated_record`) is a candidate for the
    bare ids (``id``) of the APIs about the same record (``getPullRequestsByRepository``' ``id``): Eq. 1 cannot
    see that ``pid`` names the pull request."""
    from tooldial.graph.bounds import pair_dots
    from tooldial.graph.edges import EdgeArrays, lcs_similarity
    from tooldial.graph.record_copy import record_words
    from tooldial.graph.record_types import BARE_IDS

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
    if not src:
        return EdgeArrays.empty()
    s, d = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    desc = pair_dots(vectors, out_desc[s], in_desc[d])
    kw = pair_dots(vectors, out_kw[s], in_kw[d])
    return EdgeArrays(s, d, np.clip(desc, -1, 1).astype(np.float32), np.clip(kw, -1, 1).astype(np.float32),
                      np.array(lcs, dtype=np.float32))
