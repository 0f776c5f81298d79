"""General-purpose transforms: candidates Eq. 1 cannot propose (eighth round, read from the v10 errors).

A target whose documented purpose is to rewrite, shorten, convert, check or analyse *any* value of one kind — a
title into title case, a URL into a short link, a page's keywords, a text's profanity — takes that kind of value
from another tool's content: a news headline, an article's URL, text read from an image (labelling guide: the
call makes sense for the found value). Eq. 1 never proposes these pairs: short names qualify the leaf by each
API's subject (``article title`` vs ``capitalize title``) and the keyword texts are about different domains.

How the documentation says it (:func:`transform_kind`): the input's leaf is the kind's plain word (``title``,
``url``, ``text``), the API's name or description (else its tool's) names a transforming verb
(:data:`_TRANSFORM_VERBS`), the API is no search or lookup (``Search By Title``), its other required inputs are
settings (documented values, or named as a setting: a style, a language id, a scan type), and a URL input takes any long URL (not only short links
to expand, not a website to audit). What a content source is (:func:`content_source_kind`): an output whose leaf is
the plain word (a string; ``short_url`` and ``videoUrl`` are other things); a title or a page to analyse comes from
written content (the source API or tool names news, articles, stories, books, posts, ...); a text from reading an
image or a document (OCR); a URL to shorten from any record that holds no short link already.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import cast

import numpy as np

from tooldial.corpus.models import Api, Corpus
from tooldial.graph.edges import EdgeArrays, EntityIndex
from tooldial.graph.entities import Entity, split_words
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.validity import SETTING_WORDS, Verdict, media_url_clash
from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words

#: The reason of a kept transform candidate starts so (downstream readers match it).
TRANSFORM_REASON = "into a general-purpose transform"

#: The plain leaf words of the kinds a general-purpose transform takes.
CONTENT_LEAVES = cast("Mapping[str, str]", word_map("records", "content_leaves"))

#: Verbs (and their nouns) of an API that transforms the value it is given.
_TRANSFORM_VERBS = re.compile(r"(?i)\b(" + "|".join(ordered_words("actions", "text_transforms")) + r")\b")
#: An API that finds records by the value (``Search By Title``, ``Get Quote By Id``) looks it up in its catalogue.
_LOOKUP_WORDS = knowledge_words("requests", "lookup_apis")
#: Words of a sibling field that holds a short URL (short_url): the output beside it is a short link's.
_SHORT_URL_WORDS = knowledge_words("web", "short_url_words")
#: An API that takes only short links (an unshortener).
_SHORT_ONLY = re.compile(r"(?i)\b(" + "|".join(ordered_words("web", "unshorteners")) + r")\b")
#: A URL input documented as a short link, or as a website (an SEO audit of the caller's own site).
_NOT_ANY_URL = re.compile(r"(?i)\b(" + "|".join(ordered_words("web", "not_any_url")) + r")\b")
#: Words of a source whose records are written content: a title or a page of it is worth restyling or analysing.
_WRITTEN = re.compile(r"(?i)\b(" + "|".join(ordered_words("media", "written_content")) + r")\b")
#: Words of a source that reads text from an image or a document.
_READS_TEXT = re.compile(r"(?i)\b(" + "|".join(ordered_words("actions", "text_readers")) + r")\b")


def content_leaf(entity: Entity) -> str | None:
    """The kind a string entity's leaf plainly names (``title``, ``url``, ``text``), else ``None``."""
    words = split_words(entity.raw or entity.key.rsplit("|", 1)[-1])
    if len(words) != 1 or entity.type not in ("string", ""):
        return None
    return CONTENT_LEAVES.get(words[0])


def transform_kind(target: Entity, api: Api) -> str | None:
    """The kind of value the target input's API transforms, whatever its source (module docstring), else ``None``."""
    kind = content_leaf(target)
    if kind is None or target.param and target.param != target.key:
        return None
    if set(split_words(api.name)) & _LOOKUP_WORDS:
        return None
    own = f"{api.name} {api.description}"
    if not (_TRANSFORM_VERBS.search(own) or _TRANSFORM_VERBS.search(f"{api.tool} {api.tool_description}")):
        return None
    if kind == "url" and (_SHORT_ONLY.search(api.name) or _NOT_ANY_URL.search(f"{api.name} {target.documented}")):
        return None
    for p in api.required_parameters:
        setting = set(split_words(p.name)) & SETTING_WORDS or p.default not in (None, "") or p.example not in (None, "")
        if p.name != target.key and (not setting or CONTENT_LEAVES.get(p.name.lower())):
            return None  # another value the caller must give: the call is about more than the value
    return kind


def shortens(api: Api) -> bool:
    """Whether an API's purpose is to shorten a link (any URL, page or file, suits it)."""
    return bool(re.search(r"(?i)\bshorten(s|ed|er|ing)?\b", f"{api.name} {api.description}"))


def content_source_kind(output: Entity, api: Api, siblings: Iterable[Entity], *, any_url: bool = False) -> str | None:
    """The kind of content an output holds for a transform (module docstring), else ``None``. ``any_url``: the
    target shortens links, so a URL of any record counts (a picture's, a page's)."""
    kind = content_leaf(output)
    if kind is None:
        return None
    text = f"{api.name} {api.description} {api.tool} {api.tool_description}"
    if kind == "text":
        return kind if _READS_TEXT.search(text) else None
    if kind == "url":
        if output.example and not output.example.startswith(("http://", "https://")):
            return None
        parent = output.key.split("|")[:-1]
        if any(s.key.split("|")[:-1] == parent and _SHORT_URL_WORDS & set(split_words(s.raw or s.key))
               for s in siblings):
            return None  # the record already holds its short link
        if any_url:
            return kind
    return kind if _WRITTEN.search(text) else None


def transform_edges(corpus: Corpus, outputs: list[Entity], inputs: list[Entity], vectors: np.ndarray,
                    out_index: EntityIndex, in_index: EntityIndex, *, per_input: int = 400) -> EdgeArrays:
    """Candidates from content sources into general-purpose transforms of other tools (module docstring), at most
    ``per_input`` sources per target input, the most similar descriptions first (the density caps rank them again);
    their Eq. 1 similarities are recorded as computed, ``lcs_sim`` of the two short names."""
    from tooldial.graph.edges import lcs_similarity, normalize_name

    apis = {a.id: a for a in corpus.apis}
    targets = [(j, kind, shortens(apis[e.api_id])) for j, e in enumerate(inputs)
               if e.api_id in apis and (kind := transform_kind(e, apis[e.api_id]))]
    if not targets:
        return EdgeArrays.empty()
    by_api: dict[str, list[Entity]] = {}
    for e in outputs:
        by_api.setdefault(e.api_id, []).append(e)
    sources: dict[tuple[str, bool], list[int]] = {}
    for i, e in enumerate(outputs):
        for any_url in (False, True):
            if e.api_id in apis and (k := content_source_kind(e, apis[e.api_id], by_api[e.api_id], any_url=any_url)):
                sources.setdefault((k, any_url), []).append(i)
    src, dst = [], []
    for j, kind, any_url in targets:
        # a picture's URL is no page to analyse; a shortener takes it
        cand = np.array([i for i in sources.get((kind, any_url and kind == "url"), ())
                         if outputs[i].tool_id != inputs[j].tool_id
                         and (any_url or kind != "url" or not media_url_clash(outputs[i], inputs[j]))], dtype=np.int64)
        if not len(cand):
            continue
        sims = vectors[out_index.desc[cand]] @ vectors[in_index.desc[j]]
        best = cand[np.argsort(-sims, kind="stable")[:per_input]]
        src.extend(best.tolist())
        dst.extend([j] * len(best))
    if not src:
        return EdgeArrays.empty()
    s, d = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    order = np.lexsort((d, s))
    s, d = s[order], d[order]
    desc = np.einsum("ij,ij->i", vectors[out_index.desc[s]], vectors[in_index.desc[d]])
    kw = np.einsum("ij,ij->i", vectors[out_index.kw[s]], vectors[in_index.kw[d]])
    lcs = np.array([lcs_similarity(normalize_name(outputs[a].name), normalize_name(inputs[b].name))
                    for a, b in zip(s.tolist(), d.tolist(), strict=True)], dtype=np.float32)
    return EdgeArrays(s, d, np.clip(desc, -1, 1).astype(np.float32), np.clip(kw, -1, 1).astype(np.float32), lcs,
                      transform=np.ones(len(s), dtype=bool))


def judge_transform(source: Entity, target: Entity) -> Verdict:
    """The verdict on a candidate :func:`transform_edges` proposed (the kinds, the purpose and the source were read
    there); the selector's echo and record rules still apply after it."""
    kind = content_leaf(source) or "value"
    return Verdict(True, f"a {kind} {TRANSFORM_REASON} of any {kind}", 0.6, "value", code=EdgeReason.TRANSFORM)
