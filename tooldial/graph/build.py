"""Build the API graph: entity text → filters → deduplicated embeddings → Eq. 1 candidates → rules, input groups
and density caps (:mod:`tooldial.graph.select`) → MultiDiGraph.

Nodes are API ids (``Category|tool|api``) with ``tool``, ``category``, ``description``. Edges are keyed
``"<source_output> -> <target_path>"`` and carry the attributes ARCHITECTURE.md lists (paths, Eq. 1
similarities, the rules' ``kind`` / ``reason`` / ``confidence``, ``cross_tool``, input groups). Nodes and edges
are inserted in sorted order and similarities rounded to 6 decimals, so equal inputs give a byte-identical
``graph.json``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np

from tooldial.corpus.models import Api, Corpus
from tooldial.corpus.providers import provider_summary
from tooldial.embedding import Embedder
from tooldial.graph.bounds import (
    cap_same_tool,
    check_candidate_budget,
    interchangeable_prefix,
    pair_dots,
    same_tool_limits,
)
from tooldial.graph.config import FilterConfig, GraphConfig, Thresholds
from tooldial.graph.copied_schemas import copied_schemas
from tooldial.graph.documented import DESCRIBED_REASON, documented_candidates
from tooldial.graph.edges import (
    EdgeArrays,
    EntityIndex,
    LCSCache,
    blocked_edges,
    lcs_similarity,
    normalize_name,
)
from tooldial.graph.entities import Entity, EntityTextProducer, EntityTexts, make_producer, split_words
from tooldial.graph.evidence import edge_attribute
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.select import EdgeSelector, apply_caps, candidates_from_arrays, keyed_by
from tooldial.graph.system_codes import ONE_SYSTEM_CODES, one_system_corpus, system_of
from tooldial.graph.validity import (
    BARE_IDS,
    LOOKUP_KINDS,
    RuleConfig,
    classify,
    is_coordinate,
    lookup_kind,
)
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

if TYPE_CHECKING:
    from tooldial.graph.edge_features import FeatureContext
    from tooldial.graph.learned import EdgeScorer

ROUND = 6


@dataclass
class BuildReport:
    """What a build did, for the CLI and the benchmark (timings are not part of the graph)."""

    apis: int = 0
    outputs: int = 0
    inputs: int = 0
    outputs_filtered: int = 0
    inputs_filtered: int = 0
    unique_texts: int = 0
    encoded_texts: int = 0
    lcs_computed: int = 0
    edges: int = 0
    nodes: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    producer_stats: dict[str, int] = field(default_factory=dict)
    #: Eq. 1 candidates (one per output × input slot) and the rules' rejections among them, by typed code (an
    #: :class:`EdgeReason` value: ``cross_tool_similarity``; ``reasons.reason_label`` for people).
    candidates: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    #: With a learned scorer: what it kept, against what the rules kept (``graph.graph["learned"]`` too).
    learned: dict = field(default_factory=dict)
    #: Candidates the model's own proposers added beyond Eq. 1 and the same-tool ones, by proposer
    #: (:attr:`~tooldial.graph.learned.EdgeModel.proposers`; recorded in ``graph.graph["learned"]["proposed"]``).
    proposed: dict[str, int] = field(default_factory=dict)

    def add_time(self, stage: str, began: float) -> None:
        self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - began


def _contains_any(text: str, words: tuple[str, ...]) -> bool:
    norm = normalize_name(text)
    return any(w in norm for w in words)


#: Last words of a field that make it a record's key (``message_id``, ``messageid``): kept whatever it contains.
_KEY_ENDS = frozenset({"id", "ids", *knowledge_words("identifiers", "id_spellings")})


def _status_field(key: str, words: tuple[str, ...]) -> bool:
    """A status or message field: its own name holds a drop word (``status_code``, ``error_message``) or it sits
    directly in a status or message object (``status|code``). A record further down an envelope named so
    (Musixmatch's ``message|body|track|track_id``) is no status, and neither is a key named for one outside such an
    object (an SMS API's ``messageid``, a post's ``status_id``): the record is a message."""
    parts = key.split("|")
    leaf = parts[-1]
    if len(parts) > 1 and normalize_name(parts[-2]) in words:
        return True
    words_of_leaf = split_words(leaf)
    if (words_of_leaf and words_of_leaf[-1] in _KEY_ENDS) or normalize_name(leaf) in {
            w + end for w in words for end in _KEY_ENDS}:
        return False
    return _contains_any(leaf, words)


def apply_filters(texts: EntityTexts, filters: FilterConfig) -> tuple[list[Entity], list[Entity]]:
    """The release's entity filters: status/message outputs, page/limit names on either side."""
    drop_out = tuple(normalize_name(w) for w in filters.drop_outputs_containing)
    drop_any = tuple(normalize_name(w) for w in filters.drop_names_containing)
    under = {w.lower() for w in filters.drop_outputs_under}
    outputs = [e for e in texts.outputs
               if not _status_field(e.key, drop_out) and not _contains_any(e.key, drop_any)
               and not any(part.lower() in under for part in e.key.split("|")[:-1])]
    inputs = [e for e in texts.inputs if not _contains_any(e.key, drop_any)]
    return outputs, inputs


@dataclass
class PreparedEntities:
    """Filtered entities of both sides, their integer views, and the unit vectors of all unique texts."""

    outputs: list[Entity]
    inputs: list[Entity]
    out_index: EntityIndex
    in_index: EntityIndex
    vectors: np.ndarray
    names: list[str]
    #: Candidates into general-purpose transforms (:func:`tooldial.graph.transforms.transform_edges`): read from the
    #: corpus's documentation, so found here; :meth:`GraphBuilder.find_edges` merges them.
    transforms: EdgeArrays | None = None
    #: API id → its description, for the same-tool value proposer (:mod:`tooldial.graph.same_values`).
    api_docs: dict[str, str] | None = None
    #: API id → the API, for proposers that read the URL layout (:mod:`tooldial.graph.system_keys`).
    apis: dict[str, Api] | None = None


class _Table:
    """Interning table: text → row id, in first-seen order."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        got = self.ids.get(text)
        if got is None:
            got = self.ids[text] = len(self.ids)
        return got

    @property
    def items(self) -> list[str]:
        return list(self.ids)


def index_entities(outputs: list[Entity], inputs: list[Entity], api_ids: dict[str, int],
                   tool_ids: dict[str, int]) -> tuple[EntityIndex, EntityIndex, list[str], list[str]]:
    """Integer views of both sides over one shared table of texts and one of normalised names."""
    texts, names = _Table(), _Table()

    def side(entities: list[Entity]) -> EntityIndex:
        n = len(entities)
        desc, kw, name, api, group = (np.empty(n, dtype=np.int64) for _ in range(5))
        for i, e in enumerate(entities):
            desc[i] = texts(e.description)
            kw[i] = texts(e.keyword_text)
            name[i] = names(normalize_name(e.name))
            api[i] = api_ids[e.api_id]
            group[i] = tool_ids[e.api_id.rsplit("|", 1)[0]]
        return EntityIndex(desc, kw, name, api, group)

    out_index, in_index = side(outputs), side(inputs)
    return out_index, in_index, texts.items, names.items


class GraphBuilder:
    """Builds graphs for one config; keeps the embedder (and its loaded model) across builds."""

    def __init__(self, config: GraphConfig, *, embedder: Embedder | None = None,
                 producer: EntityTextProducer | None = None) -> None:
        self.config = config
        self.embedder = embedder or Embedder(config.embedding_model, config.cache_dir,
                                             batch_size=config.batch_size, show_progress=config.progress)
        self.producer = producer or make_producer(
            config.entity_text,
            **({"base_url": config.base_url, "model": config.llm_model, "cache_dir": config.cache_dir,
                "concurrency": config.llm_concurrency, "timeout": config.llm_timeout,
                "max_retries": config.llm_max_attempts - 1} if config.entity_text == "llm" else {}),
        )
        self.report = BuildReport()
        #: The learned model of ``config.validity`` (read here, so a bad file stops a build before any work).
        self.edge_model = self._load_edge_model()

    def _load_edge_model(self):
        cfg = self.config
        if cfg.validity == "rules" or not cfg.apply_rules:
            return None
        from tooldial.errors import ConfigError
        from tooldial.graph.learned import load_edge_model

        path = self.edge_model_path(cfg)
        model = load_edge_model(path)
        if model.embedding_model.lower() != cfg.embedding_model.lower():
            raise ConfigError(f"the edge model {path} was fitted on {model.embedding_model} cosines, not "
                              f"{cfg.embedding_model}: use --validity rules or fit one with `tooldial graph "
                              "calibrate --learn`", field="--validity")
        return model

    @staticmethod
    def edge_model_path(config: GraphConfig) -> Path:
        """The model file ``config`` reads: its ``edge_model``, else the packaged one of its ``validity``."""
        from tooldial.graph.learned import DEFAULT_EDGE_MODEL, SYSTEM_EDGE_MODEL

        return Path(config.edge_model or (SYSTEM_EDGE_MODEL if config.validity == "auto" else DEFAULT_EDGE_MODEL))

    def resolved_config(self, corpus: Corpus) -> GraphConfig:
        """``validity="auto"`` decided for ``corpus``: ``learned`` (the system model) for one system documented
        with URL paths (:func:`~tooldial.graph.learned.is_one_system`), else ``rules``. Other settings as given."""
        cfg = self.config
        if cfg.validity != "auto":
            return cfg
        from tooldial.graph.learned import is_one_system

        if cfg.apply_rules and is_one_system(corpus):
            return cfg.model_copy(update={"validity": "learned", "edge_model": self.edge_model_path(cfg)})
        return cfg.model_copy(update={"validity": "rules"})

    def entity_texts(self, corpus: Corpus) -> EntityTexts:
        return self.producer.produce(corpus, progress=self.config.progress)

    def prepare(self, corpus: Corpus) -> PreparedEntities:
        """Entity text, filters, interned texts and names, and their embeddings (from the cache if there)."""
        cfg, report = self.config, BuildReport()
        self.report = report
        began = time.perf_counter()
        texts = self.entity_texts(corpus)
        report.producer_stats = dict(texts.stats)
        outputs, inputs = apply_filters(texts, cfg.filters)
        if cfg.apply_rules and cfg.rules.copied_schemas:  # outputs of a copied schema are undocumented
            copied = copied_schemas(corpus.tools)
            outputs = [e for e in outputs if e.api_id not in copied.untrusted]
        # a field known only from another API's sentence ("The value of match_id returned in .../matches/list")
        # chains only where a sentence says (documented edges): into other inputs 20/30 judged valid
        described = {(a.id, c.key) for a in corpus.apis for c in a.output_components if c.implied == "described"}
        if described:
            outputs = [e for e in outputs if (e.api_id, e.key) not in described]
        apis = sorted(corpus.apis, key=lambda a: a.id)
        api_ids = {a.id: i for i, a in enumerate(apis)}
        tool_ids: dict[str, int] = {}
        for a in apis:
            tool_ids.setdefault(f"{a.category}|{a.tool}", len(tool_ids))
        out_index, in_index, unique_texts, names = index_entities(outputs, inputs, api_ids, tool_ids)
        report.apis, report.outputs, report.inputs = len(apis), len(texts.outputs), len(texts.inputs)
        report.outputs_filtered, report.inputs_filtered = len(outputs), len(inputs)
        report.unique_texts = len(unique_texts)
        report.add_time("entities", began)

        began = time.perf_counter()
        before_count, before_seconds = self.embedder.encoded_count, self.embedder.encode_seconds
        vecs = (self.embedder.encode(unique_texts, progress=cfg.progress) if unique_texts
                else np.zeros((0, 1), dtype=np.float32))
        report.encoded_texts = self.embedder.encoded_count - before_count
        report.seconds["model"] = self.embedder.encode_seconds - before_seconds
        report.add_time("embedding", began)
        transforms = None
        if cfg.apply_rules and cfg.rules.transforms and len(vecs):
            from tooldial.graph.transforms import transform_edges

            transforms = transform_edges(corpus, outputs, inputs, vecs, out_index, in_index)
        api_docs = {api.id: api.description or "" for api in corpus.apis}
        return PreparedEntities(outputs, inputs, out_index, in_index, vecs, names, transforms, api_docs,
                                {api.id: api for api in corpus.apis})

    def find_edges(self, prepared: PreparedEntities, thresholds: Thresholds | None = None, *,
                   proposers: Sequence[str] = ()) -> EdgeArrays:
        """Eq. 1 over prepared entities (``thresholds`` default to the config's), and the candidates of the same-tool
        proposers; ``proposers``: more of them, named by the learned model that judges the build
        (:attr:`~tooldial.graph.learned.EdgeModel.proposers`)."""
        cfg = self.config
        began = time.perf_counter()
        lcs = LCSCache(prepared.names)
        limits = same_tool_limits(prepared.in_index.group, cfg.max_same_tool_candidates_per_input,
                                  cfg.max_same_tool_candidates_per_tool)
        edges = blocked_edges(prepared.out_index, prepared.in_index, prepared.vectors, prepared.vectors, lcs,
                              thresholds or cfg.effective_thresholds, block_size=cfg.block_size,
                              screen=cfg.screen, mask_self=cfg.filters.drop_self_edges,
                              mask_group=cfg.filters.drop_same_tool_edges,
                              progress=cfg.progress, max_same_group_per_input=limits)
        self.report.lcs_computed += lcs.computed
        if cfg.same_tool_raw_names and not cfg.filters.drop_same_tool_edges:
            raw = same_tool_raw_name_edges(prepared, thresholds or cfg.effective_thresholds,
                                           mask_self=cfg.filters.drop_self_edges, desc=cfg.same_tool_raw_name_desc,
                                           limit=cfg.max_same_tool_candidates_per_input)
            edges = cap_same_tool(merge_edges(edges, raw), prepared.out_index.group, prepared.in_index.group, limits)
        if cfg.same_tool_record_ids and not cfg.filters.drop_same_tool_edges:
            from tooldial.graph.record_ids import same_tool_record_id_edges

            o, i = prepared.out_index, prepared.in_index
            ids = same_tool_record_id_edges(prepared.outputs, prepared.inputs, o.desc, i.desc, o.kw, i.kw,
                                            prepared.vectors, mask_self=cfg.filters.drop_self_edges,
                                            limit=cfg.max_same_tool_candidates_per_input)
            edges = cap_same_tool(merge_edges(edges, ids), o.group, i.group, limits)
        if cfg.same_tool_values and not cfg.filters.drop_same_tool_edges:
            from tooldial.graph.same_values import same_tool_value_edges

            o, i = prepared.out_index, prepared.in_index
            values = same_tool_value_edges(prepared.outputs, prepared.inputs, o.desc, i.desc, o.kw, i.kw,
                                           prepared.vectors, api_docs=prepared.api_docs,
                                           mask_self=cfg.filters.drop_self_edges,
                                           limit=cfg.max_same_tool_candidates_per_input)
            edges = cap_same_tool(merge_edges(edges, values), o.group, i.group, limits)
        if cfg.apply_rules and not cfg.filters.drop_same_tool_edges:
            from tooldial.graph.system_edges import abbreviated_id_edges, system_code_edges

            for propose in (system_code_edges, abbreviated_id_edges):
                found = propose(prepared.outputs, prepared.inputs, prepared.vectors, prepared.out_index.desc,
                                prepared.out_index.kw, prepared.in_index.desc, prepared.in_index.kw,
                                mask_self=cfg.filters.drop_self_edges)
                if len(found):
                    edges = merge_edges(edges, found)
        if "system_keys" in proposers and not cfg.filters.drop_same_tool_edges:
            from tooldial.graph.system_keys import system_key_edges

            keys = system_key_edges(prepared.outputs, prepared.inputs, prepared.apis or {}, prepared.out_index,
                                    prepared.in_index, prepared.vectors, lcs,
                                    mask_self=cfg.filters.drop_self_edges,
                                    limit=cfg.max_same_tool_candidates_per_input)
            before = len(edges)
            if len(keys):
                edges = merge_edges(edges, keys)
            self.report.proposed["system_keys"] = len(edges) - before
        if prepared.transforms is not None:
            edges = merge_edges(edges, prepared.transforms)
        self.report.add_time("similarity", began)
        return edges

    def feature_context(self, corpus: Corpus, prepared: PreparedEntities) -> FeatureContext:
        """What the learned scorer's features read (:mod:`tooldial.graph.edge_features`); the API and tool texts
        are embedded here (cached), counted in the ``model`` and ``embedding`` times."""
        from tooldial.graph.edge_features import FeatureContext

        began = time.perf_counter()
        before_count, before_seconds = self.embedder.encoded_count, self.embedder.encode_seconds
        context = FeatureContext.build(corpus, prepared.outputs, prepared.inputs, prepared.out_index.desc,
                                       prepared.in_index.desc, prepared.vectors,
                                       lambda texts: self.embedder.encode(texts, progress=self.config.progress))
        self.report.encoded_texts += self.embedder.encoded_count - before_count
        self.report.seconds["model"] = self.report.seconds.get("model", 0.0) + (
            self.embedder.encode_seconds - before_seconds)
        self.report.add_time("embedding", began)
        return context

    def scorer(self, corpus: Corpus, prepared: PreparedEntities,
               config: GraphConfig | None = None) -> EdgeScorer | None:
        """The learned edge scorer of ``config.validity`` (default: this builder's config resolved for ``corpus``;
        ``None`` for ``rules`` or with the rules off)."""
        config = config or self.resolved_config(corpus)
        if self.edge_model is None or config.validity == "rules" or not config.apply_rules:
            return None
        from tooldial.graph.learned import EdgeScorer, model_digest

        path = self.edge_model_path(config)
        return EdgeScorer(self.edge_model, self.feature_context(corpus, prepared), model_digest(path), path.name)

    def build(self, corpus: Corpus) -> nx.MultiDiGraph:
        config = self.resolved_config(corpus)
        prepared = self.prepare(corpus)
        scorer = self.scorer(corpus, prepared, config)
        # a model's own proposers run only where it decides: their pairs are mostly no chains, for it to sort out
        decides = scorer is not None and config.validity == "learned"
        edges = self.find_edges(prepared, proposers=scorer.model.proposers if decides else ())
        began = time.perf_counter()
        graph = assemble_graph(corpus, prepared.outputs, prepared.inputs, edges, config, self.report,
                               scorer=scorer)
        if self.config.validity == "auto" and "learned" in graph.graph:  # say why a model decided
            graph.graph["learned"]["auto"] = AUTO_REASON
        self.report.edges, self.report.nodes = graph.number_of_edges(), graph.number_of_nodes()
        self.report.add_time("graph", began)
        return graph


#: Why ``validity="auto"`` gave a build to the system model (recorded in ``graph.graph["learned"]``).
AUTO_REASON = "auto: one provider's API set documented with URL paths"


def graph_attributes(corpus: Corpus, config: GraphConfig) -> dict:
    from tooldial import __version__
    from tooldial.corpus.implied_outputs import implied_count  # here: it reads graph.entities (package init)

    t = config.effective_thresholds
    return {
        "corpus": corpus.spec,
        "corpus_apis": len(corpus),
        "embedding_model": config.embedding_model,
        "entity_text": config.entity_text,
        "thresholds": {"lcs": t.lcs, "kw": t.kw, "desc": t.desc},
        "filters": config.filters.model_dump(mode="json"),
        "apply_rules": config.apply_rules,
        "rules": config.rules.model_dump(mode="json"),
        "max_edges_per_api_pair": config.max_edges_per_api_pair,
        "max_out_edges_per_api": config.max_out_edges_per_api,
        "max_in_edges_per_api": config.max_in_edges_per_api,
        "max_cross_tool_edges_per_api": config.max_cross_tool_edges_per_api,
        "max_cross_tool_in_edges_per_api": config.max_cross_tool_in_edges_per_api,
        "validity": config.validity if config.apply_rules else "rules off",
        "tooldial_version": __version__,
        "providers": provider_summary(corpus.tools),
        **({"copied_schemas": copied_schemas(corpus.tools).summary()}
           if config.apply_rules and config.rules.copied_schemas else {}),
        **({"implied_outputs": {"outputs": implied[0], "apis": implied[1],
                                **({"described": described} if (described := sum(
                                    c.implied == "described" for a in corpus.apis for c in a.output_components))
                                   else {})}}
           if (implied := implied_count(corpus.apis))[0] else {}),
    }


def raw_name_key(entity: Entity) -> str:
    """An entity's own leaf name as documented, singular and normalised (``Name`` → ``name``, ``img_urls`` →
    ``imgurl``): what two fields of one tool share when the tool uses one word for one thing."""
    leaf = entity.raw or entity.key.rsplit("|", 1)[-1].rsplit(".", 1)[-1]
    return normalize_name("".join(singular(w) for w in split_words(leaf)) or leaf)


def _named_identifier(entity: Entity) -> bool:
    """An identifier whose documented leaf names its record (``username``, ``pet_id``), not a bare ``id``."""
    leaf = split_words(entity.raw or entity.key.rsplit("|", 1)[-1])
    return len(raw_name_key(entity)) > 3 and not (len(leaf) == 1 and leaf[0] in BARE_IDS) and \
        classify(entity).kind == "identifier"


#: First words of an input name that make it a range bound or a direction, not a kind of thing (``start_date``).
_NOT_QUALIFIERS = knowledge_words("requests", "range_or_direction")


def qualified_tail_key(entity: Entity) -> str | None:
    """The last word of an input's documented name when the words before it qualify a standard value
    (``ticketDate`` → ``date``, ``billing_city`` → ``city``): an output documented as just ``date`` of the same
    tool may fill it. ``None`` otherwise (one word, a range bound, or not a standard value)."""
    words = split_words(entity.raw or entity.key.rsplit("|", 1)[-1])
    if len(words) < 2 or words[0] in _NOT_QUALIFIERS or classify(entity).kind != "standard":
        return None
    return normalize_name(singular(words[-1]))


def same_tool_raw_name_edges(prepared: PreparedEntities, thresholds: Thresholds, *,
                             mask_self: bool = True, desc: float | None = None, limit: int | None = None) -> EdgeArrays:
    """Candidates inside one tool whose documented leaf names are equal (``Name`` → ``name``), or whose input
    name is the output's qualified (``ticketDate`` ← ``date``, :func:`qualified_tail_key`), with Eq. 1's
    description and keyword criteria. Short names qualify a generic leaf by each API's subject (``year name``,
    ``movie name``), so within one tool, where a word keeps one meaning, the documented name is compared too.
    ``lcs_sim`` records 1 for equal names and the LCS of the two documented names for a qualified one.
    ``limit``: of outputs interchangeable to every input (same name, texts and identifier flag) only the first
    ``limit + 1`` are paired (:func:`tooldial.graph.bounds.interchangeable_prefix`), so one tool of many similar
    operations stays linear; :func:`tooldial.graph.bounds.cap_same_tool` then keeps each input's best ``limit``."""
    outs: dict[tuple[str, str], list[int]] = {}
    for i, e in enumerate(prepared.outputs):
        outs.setdefault((e.tool_id, raw_name_key(e)), []).append(i)
    if limit is not None:
        def alike(i: int) -> tuple[int, int, bool]:
            o = prepared.outputs[i]
            return int(prepared.out_index.desc[i]), int(prepared.out_index.kw[i]), _named_identifier(o)

        outs = {k: interchangeable_prefix(v, alike, limit + 1) for k, v in outs.items()}
    src, dst, lcs = [], [], []
    for j, e in enumerate(prepared.inputs):
        own = raw_name_key(e)
        keys = [own]
        tail = qualified_tail_key(e)
        if tail and tail != own:
            keys.append(tail)
        for key in keys:
            for i in outs.get((e.tool_id, key), ()):
                if not (mask_self and prepared.outputs[i].api_id == e.api_id):
                    src.append(i)
                    dst.append(j)
                    lcs.append(1.0 if key == own else lcs_similarity(key, own))
    if not src:
        return EdgeArrays.empty()
    s, d = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    vec = prepared.vectors
    desc_sim = pair_dots(vec, prepared.out_index.desc[s], prepared.in_index.desc[d])
    kw = pair_dots(vec, prepared.out_index.kw[s], prepared.in_index.kw[d])
    # a qualified identifier name (``username``, ``petId``) means one thing inside one tool, however each API
    # documents it ("The name that needs to be deleted"): no description bar for it
    named_id = np.fromiter((_named_identifier(prepared.outputs[i]) and _named_identifier(prepared.inputs[j])
                            and raw_name_key(prepared.outputs[i]) == raw_name_key(prepared.inputs[j])
                            for i, j in zip(src, dst, strict=True)), dtype=bool, count=len(src))
    keep = ((desc_sim > (thresholds.desc if desc is None else desc)) | named_id) & (kw > thresholds.kw)
    return EdgeArrays(s[keep], d[keep], np.clip(desc_sim[keep], -1, 1).astype(np.float32),
                      np.clip(kw[keep], -1, 1).astype(np.float32), np.array(lcs, dtype=np.float32)[keep])


def merge_edges(a: EdgeArrays, b: EdgeArrays) -> EdgeArrays:
    """Both sets of candidates, one per (output, input) pair (the first set's similarities win), sorted; a pair
    either set proposed as a transform (:attr:`EdgeArrays.transform`) stays one."""
    if not len(b):
        return a
    in_b = {p: bool(t) for p, t in zip(zip(b.src.tolist(), b.dst.tolist(), strict=True), b.transforms(), strict=True)}
    a_pairs = list(zip(a.src.tolist(), a.dst.tolist(), strict=True))
    seen = set(a_pairs)
    extra = np.array([(s, d) not in seen for s, d in zip(b.src.tolist(), b.dst.tolist(), strict=True)], dtype=bool)
    src = np.concatenate([a.src, b.src[extra]])
    dst = np.concatenate([a.dst, b.dst[extra]])
    order = np.lexsort((dst, src))
    flags = None
    if a.transform is not None or b.transform is not None:
        a_flags = a.transforms() | np.fromiter((in_b.get(p, False) for p in a_pairs), dtype=bool, count=len(a))
        flags = np.concatenate([a_flags, b.transforms()[extra]])[order]
    return EdgeArrays(src[order], dst[order], np.concatenate([a.desc_sim, b.desc_sim[extra]])[order],
                      np.concatenate([a.kw_sim, b.kw_sim[extra]])[order],
                      np.concatenate([a.lcs_sim, b.lcs_sim[extra]])[order], flags)


def cross_tool_bar(outputs: list[Entity], inputs: list[Entity], edges: EdgeArrays, rules: RuleConfig) -> EdgeArrays:
    """Drop candidates between two tools below ``cross_tool_lcs`` / ``cross_tool_desc`` (what
    :func:`~tooldial.graph.validity.judge_edge` would reject first), with array operations."""
    if not len(edges):
        return edges
    tools: dict[str, int] = {}
    out_tool = np.fromiter((tools.setdefault(e.tool_id, len(tools)) for e in outputs), dtype=np.int64, count=len(outputs))
    in_tool = np.fromiter((tools.setdefault(e.tool_id, len(tools)) for e in inputs), dtype=np.int64, count=len(inputs))
    # coordinates of the same axis are exempt from the description bar (a place's latitude suits any geo search)
    axis = {"latitude": 1, "longitude": 2}
    out_axis = np.fromiter((axis.get(classify(e).standard or "", 0) if is_coordinate(classify(e)) else 0
                            for e in outputs), dtype=np.int8, count=len(outputs))
    in_axis = np.fromiter((axis.get(classify(e).standard or "", 0) if is_coordinate(classify(e)) else 0
                           for e in inputs), dtype=np.int8, count=len(inputs))
    same_axis = (out_axis[edges.src] > 0) & (out_axis[edges.src] == in_axis[edges.dst])
    # so are id lists into plural id inputs of the same name (validity.id_list_into_id_list)
    out_ids = np.fromiter((e.is_list and classify(e).kind == "identifier" for e in outputs), dtype=bool,
                          count=len(outputs))
    in_ids = np.fromiter((e.is_list and classify(e).kind == "identifier" for e in inputs), dtype=bool,
                         count=len(inputs))
    id_lists = out_ids[edges.src] & in_ids[edges.dst] & (edges.lcs_sim >= 1.0)
    # and a found value of a lookup kind into a lookup keyed by it (validity.lookup_kind, select.keyed_by)
    kinds = {k: i + 1 for i, k in enumerate(sorted(LOOKUP_KINDS))}
    by_api: dict[str, dict[str, Entity]] = {}
    for e in inputs:
        by_api.setdefault(e.api_id, {})[e.key] = e
    out_kind = np.fromiter((kinds.get(lookup_kind(e) or "", 0) for e in outputs), dtype=np.int8, count=len(outputs))
    in_kind = np.fromiter((kinds.get(lookup_kind(e) or "", 0) if keyed_by(e, by_api[e.api_id]) else 0
                           for e in inputs), dtype=np.int8, count=len(inputs))
    keyed = (out_kind[edges.src] > 0) & (out_kind[edges.src] == in_kind[edges.dst])
    # and, in a one-system corpus, its standard codes of one kind (system_codes.same_system_code)
    code_ids: dict[tuple[str, str], int] = {}
    one_system = one_system_corpus(outputs, inputs)

    def code_id(e: Entity) -> int:
        if not one_system:
            return 0
        t = classify(e)
        if t.kind != "standard" or t.standard not in ONE_SYSTEM_CODES:
            return 0
        return code_ids.setdefault((system_of(e), t.standard), len(code_ids) + 1)

    out_code = np.fromiter((code_id(e) for e in outputs), dtype=np.int64, count=len(outputs))
    in_code = np.fromiter((code_id(e) for e in inputs), dtype=np.int64, count=len(inputs))
    codes = (out_code[edges.src] > 0) & (out_code[edges.src] == in_code[edges.dst])
    keep = (out_tool[edges.src] == in_tool[edges.dst]) | edges.transforms() | codes | (
        (edges.lcs_sim > rules.cross_tool_lcs)
        & ((edges.desc_sim > rules.cross_tool_desc) | same_axis | id_lists | keyed))
    return EdgeArrays(edges.src[keep], edges.dst[keep], edges.desc_sim[keep], edges.kw_sim[keep], edges.lcs_sim[keep],
                      None if edges.transform is None else edges.transform[keep])


def candidate_pool(corpus: Corpus, outputs: list[Entity], inputs: list[Entity], edges: EdgeArrays,
                   config: GraphConfig) -> tuple[list, EdgeSelector | None]:
    """Every candidate a build decides on, with the rules' verdicts (kept *and* rejected), and the selector that
    judged them (``None`` with the rules off). Candidates below the vectorised cross-tool bar are not returned;
    the selector counts them among its rejections."""
    check_candidate_budget(len(edges), config.max_candidates, corpus.spec)
    if not config.apply_rules:
        return candidates_from_arrays(outputs, inputs, edges), None
    before = len(edges)
    edges = cross_tool_bar(outputs, inputs, edges, config.rules)  # the rules' first test, vectorised
    cands = candidates_from_arrays(outputs, inputs, edges)
    selector = EdgeSelector(corpus, outputs, inputs, config.rules)
    cands = [selector.judge(c) for c in cands]
    if before > len(edges):
        selector.rejected[EdgeReason.CROSS_TOOL_SIMILARITY] += before - len(edges)
    return cands, selector


def assemble_graph(corpus: Corpus, outputs: list[Entity], inputs: list[Entity], edges: EdgeArrays,
                   config: GraphConfig, report: BuildReport | None = None, *,
                   scorer: EdgeScorer | None = None) -> nx.MultiDiGraph:
    """Eq. 1 candidates → rules, input groups, caps (:mod:`tooldial.graph.select`) → the graph. With a
    ``scorer`` (``config.validity`` other than ``rules``) the learned probability is each candidate's
    confidence and cap rank, and with ``learned`` also its keep/drop decision."""
    graph = nx.MultiDiGraph(**graph_attributes(corpus, config))
    cands, selector = candidate_pool(corpus, outputs, inputs, edges, config)
    if selector is not None:
        graph.graph["rejected"] = {code.value: n for code, n in sorted(selector.rejected.items())}
        if report is not None:
            report.rejected = graph.graph["rejected"]
    if report is not None:
        report.candidates = sum(c.verdict.keep for c in cands) + sum(report.rejected.values())
    if scorer is not None and selector is not None:
        from tooldial.graph.learned import learned_verdicts

        rules_kept = {c.pair_key for c in cands if c.verdict.keep}
        threshold = scorer.model.threshold if config.edge_threshold is None else config.edge_threshold
        cands = learned_verdicts(cands, scorer.probabilities(cands), threshold, selector,
                                 decide=config.validity == "learned")
        kept = {c.pair_key for c in cands if c.verdict.keep}
        summary = {"scorer": config.validity, "model": scorer.name, "model_sha256": scorer.digest,
                   "threshold": threshold,
                   "kept": len(kept), "rules_kept": len(rules_kept), "kept_not_rules": len(kept - rules_kept),
                   "rules_not_kept": len(rules_kept - kept)}
        if report is not None and report.proposed:
            summary["proposed"] = dict(report.proposed)
        graph.graph["learned"] = summary
        if report is not None:
            report.learned = summary
    from tooldial.corpus.described_links import described_links  # corpus → graph: imported where used

    described = described_links(corpus) if config.described_links and config.apply_rules else []
    proposed = {c.pair_key: c for c in cands}
    documented = documented_candidates(corpus, outputs, inputs, proposed, described)
    if config.apply_rules and config.rules.rest_resources:  # the path layout states them (tooldial.graph.rest_resources)
        from tooldial.graph.resource_edges import reject_parent_echoes, resource_candidates

        cands, echoes = reject_parent_echoes(corpus, cands, selector.collections if selector is not None else None)
        if echoes:
            counts = {**graph.graph.get("rejected", {}), EdgeReason.PARENT_ECHO.value: echoes}
            graph.graph["rejected"] = dict(sorted(counts.items()))
            if report is not None:
                report.rejected = graph.graph["rejected"]
        declared = {c.pair_key for c in documented}
        resources = [c for c in resource_candidates(corpus, outputs, inputs, proposed) if c.pair_key not in declared]
        if resources:
            graph.graph["resource_chains"] = len(resources)
            documented = sorted(documented + resources, key=lambda c: c.pair_key)
    if documented:  # declared by the spec: no rule or cap removes them (tooldial.graph.documented)
        keys = {c.pair_key for c in documented}
        cands = [c for c in cands if c.pair_key not in keys]
        graph.graph["documented_links"] = sum(c.verdict.code == EdgeReason.DOCUMENTED for c in documented)
        graph.graph["described_links"] = sum(c.verdict.reason.startswith(DESCRIBED_REASON) for c in documented)
    cands = [c for c in cands if c.verdict.keep]
    rows = apply_caps(cands, per_pair=config.max_edges_per_api_pair, per_source=config.max_out_edges_per_api,
                      per_target=config.max_in_edges_per_api, cross_tool_per_api=config.max_cross_tool_edges_per_api,
                      cross_tool_in_per_api=config.max_cross_tool_in_edges_per_api) + documented
    if config.apply_rules:  # one system's map keys and its entries' ids are one value (system_codes)
        from tooldial.graph.system_edges import map_key_aliases

        rows += map_key_aliases(rows, outputs, inputs)
    connected = {c.output.api_id for c in rows} | {c.input.api_id for c in rows}
    for api in sorted(corpus.apis, key=lambda a: a.id):
        if config.filters.drop_isolated and api.id not in connected:
            continue
        graph.add_node(api.id, tool=api.tool, category=api.category, description=api.description)
    for c in rows:
        o, i, v = c.output, c.input, c.verdict
        group = c.group
        graph.add_edge(o.api_id, i.api_id, key=f"{o.key} -> {i.key}", source_output=o.key,
                       source_output_is_list=o.is_list, target_input=i.param or i.key, target_path=i.key,
                       source_name=o.name, target_name=i.name, desc_sim=round(c.desc_sim, ROUND),
                       kw_sim=round(c.kw_sim, ROUND), lcs_sim=round(c.lcs_sim, ROUND), kind=v.kind,
                       reason=v.reason, evidence=edge_attribute(v.evidence), standard=v.standard or "",
                       confidence=round(v.confidence, ROUND), cross_tool=o.tool_id != i.tool_id,
                       input_group=group.name if group else "",
                       group_members=",".join(group.members) if group else "",
                       group_sources=",".join(f"{m}={c.sources[m]}" for m in group.members if m in c.sources)
                       if group else "")
    return graph


def build_graph(corpus: Corpus, config: GraphConfig | None = None, *, embedder: Embedder | None = None,
                producer: EntityTextProducer | None = None) -> nx.MultiDiGraph:
    """Build the API graph of ``corpus`` (see the module docstring for what nodes and edges carry)."""
    return GraphBuilder(config or GraphConfig(), embedder=embedder, producer=producer).build(corpus)
