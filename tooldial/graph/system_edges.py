"""Candidate edges and aliases of a one-system corpus that Eq. 1 cannot see (:mod:`tooldial.graph.system_codes`
says when a corpus is one system): standard codes of one kind across its functions, abbreviated id inputs
(``pid``), and a map keyed by its entries' id. Called by the builder only (high in the import order)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tooldial.graph.bounds import proposed_edges
from tooldial.graph.edges import EdgeArrays, lcs_similarity
from tooldial.graph.entities import STOPWORDS, Entity, split_words
from tooldial.graph.record_names import abbreviated_record, record_words
from tooldial.graph.record_types import BARE_IDS
from tooldial.graph.select import Candidate
from tooldial.graph.system_codes import ONE_SYSTEM_CODES, one_system_corpus
from tooldial.graph.value_kinds import classify
from tooldial.graph.verdict import Verdict
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

SELF_NAMING_VALUES = knowledge_words("standards", "self_naming_values")
URL_WORDS = knowledge_words("web", "url_words")
#: JSON types a self-naming value is never written as (``is_disposable_email`` true, ``email_queue_count`` 3)
_NOT_A_NAME = frozenset({"boolean", "object", "array"})


def _page_words(entity: Entity) -> set[str]:
    """What a URL's names say of its page: the words of its path (an output) or of its name and documentation (an
    input), singular, less stop words and the words that only say "a URL"."""
    text = entity.key.replace("|", " ") if entity.role == "output" else f"{entity.raw or entity.key} {entity.documented}"
    return {singular(w) for w in split_words(text) if len(w) > 2} - STOPWORDS - URL_WORDS


def _same_page(source: Entity, target: Entity) -> bool:
    """Whether a URL output may be the page a URL input asks for: their documented examples are URLs of one shape
    (host and first path segment), or, when not both are documented, their names share a word (a listing's
    ``profile_url`` and "URL of the LinkedIn Profile"; not a ``website`` nor a patent's ``url``). A media file's
    URL (``profile_pic_url``) is no page an input documents by a page's example."""
    from tooldial.graph.same_values import _shape
    from tooldial.graph.urls import is_page_example, medium_of

    if medium_of(source) is not None and is_page_example(target.example):
        return False  # a picture's URL is no page the input's example shows
    s, t = _shape(source.example), _shape(target.example)
    if s is not None and t is not None and s[0] == t[0] == "url":
        return s == t
    return bool(_page_words(source) & _page_words(target))


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


def same_tool_kind_edges(outputs: list[Entity], inputs: list[Entity], vectors: np.ndarray, out_desc: np.ndarray,
                         out_kw: np.ndarray, in_desc: np.ndarray, in_kw: np.ndarray, *, mask_self: bool = True,
                         limit: int | None = None) -> EdgeArrays:
    """Inside one tool, each output holding a value that names one thing (``standards.self_naming_values``: a URL,
    an e-mail, a phone number ...) is a candidate for each required input of the same kind of another API of the
    tool, formats agreeing where both are known and a URL naming the same page (:func:`_same_page`); a value
    written as a boolean, a count or an object is none of them. Eq. 1's similarities are recorded, not used as bars. A value of
    one tool keeps its meaning across the tool's APIs, so the kind is the evidence; which URL a URL input wants (a
    person's page, a company's, an image) is the edge rules' question. ``limit``: each input keeps its ``limit``
    most similar sources (description + keyword cosine)."""
    by_tool: dict[tuple[str, str], list[int]] = {}
    for i, e in enumerate(outputs):
        t = classify(e)
        if t.kind == "standard" and t.standard in SELF_NAMING_VALUES and e.type not in _NOT_A_NAME and not (
                t.standard != "phone" and e.type in ("integer", "number")):
            by_tool.setdefault((e.tool_id, t.standard), []).append(i)
    src: list[int] = []
    dst: list[int] = []
    for j, e in enumerate(inputs):
        t = classify(e)
        if t.kind != "standard" or t.standard not in SELF_NAMING_VALUES:
            continue
        found = [i for i in by_tool.get((e.tool_id, t.standard), ())
                 if not (mask_self and outputs[i].api_id == e.api_id)
                 and not (classify(outputs[i]).fmt and t.fmt and classify(outputs[i]).fmt != t.fmt)
                 and (t.standard != "url" or _same_page(outputs[i], e))]
        if limit is not None and len(found) > limit:
            score = {i: float(vectors[out_desc[i]] @ vectors[in_desc[j]] + vectors[out_kw[i]] @ vectors[in_kw[j]])
                     for i in found}
            found = sorted(found, key=lambda i: (-score[i], i))[:limit]
        src.extend(found)
        dst.extend([j] * len(found))
    return proposed_edges(src, dst, vectors, out_desc, out_kw, in_desc, in_kw,
                          [lcs_similarity(outputs[i].name, inputs[j].name) for i, j in zip(src, dst, strict=True)])


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
