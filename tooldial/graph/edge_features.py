"""Features of one candidate edge for the learned validity model (:mod:`tooldial.graph.learned`).

Each Eq. 1 candidate that passes the cross-tool bar is described by numbers a model fitted on labelled pairs of
some tools can read on candidates of other tools: no tool names, no category names, no word lists of a domain.

- **Eq. 1**: the description, keyword-text and name similarities;
- **where**: same tool, same category, same documented provider;
- **what kind of value** (:func:`tooldial.graph.validity.classify`): identifier / standard / generic on each side,
  and the family of a standard value (coordinate, code, date, place, symbol, URL);
- **the rules**: the hand rules' verdict (kept or not), its confidence and its reason class (:func:`reason_class`);
- **relevance of the call**: cosine (all-MiniLM-L6-v2, cached like every embedding) between what the source
  API does and what the target API does (:func:`api_text`), between the two tools' descriptions, between the
  output and the target API, between the input and the source API; whether the target's documentation names
  the source's record (``station`` of a station record into a call documented for stations);
  whether the output only echoes a parameter of its own API (a weather answer's ``latitude``: the caller's
  own value), whether the source returns a list, how many required inputs the target has;
- **the documented answer** (labelling guide, "the record already holds the answer"): the share of the target's
  documented response fields the source record already holds, how many it adds, whether it is one record or a
  list, none documented; whether the two leaf names are one and the JSON types agree, whether the output shows an
  example.

The layout features of one system (:mod:`tooldial.graph.layout_features`: URL paths, methods, ranks among
look-alike candidates) are further columns (:data:`ALL_FEATURE_NAMES`); a model names the columns it reads.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from tooldial.corpus.models import Api, Corpus
from tooldial.graph.entities import CONTAINER_NAMES, Entity, singular_name, split_words
from tooldial.graph.layout_features import LAYOUT_FEATURE_NAMES, layout_rows
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.select import META_FIELDS
from tooldial.graph.validity import Traits, Verdict, api_subject_words, classify, is_coordinate
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Characters of an API's or a tool's documentation that go into its relevance text (MiniLM reads 256 tokens;
#: the first sentences say what an endpoint does).
TEXT_CHARS = 300

#: The hand rules' reasons, in classes a model can weigh (:func:`reason_class`).
REASON_CLASSES = ("kept_same_tool", "kept_identifier", "kept_standard", "kept_other", "rejected_id_space",
                  "rejected_value_space", "rejected_similarity", "rejected_structure")

#: Families of standard values.
STANDARD_FAMILIES = {
    "latitude": "coordinate", "longitude": "coordinate", "coordinates": "coordinate",
    "country": "code", "currency": "code", "language": "code", "timezone": "code", "iata": "code",
    "postal_code": "code", "continent": "code",
    "date": "date", "datetime": "date", "time": "date",
    "place": "place", "symbol": "symbol", "url": "url",
}

#: The feature names, in the order of a feature row (the model file lists them too; a mismatch is an error).
FEATURE_NAMES: tuple[str, ...] = (
    "desc_sim", "kw_sim", "lcs_sim",
    "same_tool", "same_category", "same_provider",
    "src_identifier", "src_standard", "src_generic", "tgt_identifier", "tgt_standard", "tgt_generic",
    "std_coordinate", "std_code", "std_date", "std_place", "std_symbol", "std_url", "std_other",
    "rule_keep", "rule_confidence",
    *(f"reason_{r}" for r in REASON_CLASSES),
    "api_rel", "tool_rel", "output_target_rel", "input_source_rel",
    "target_names_record", "echo", "source_list", "target_several", "target_required_log",
    "cross_x_api_rel", "coordinate_x_api_rel", "coordinate_x_cross", "identifier_x_cross", "rule_keep_x_cross",
    "answer_held", "answer_new_log", "answer_undocumented", "answer_one_record", "held_x_one_record",
    "held_x_same_tool", "same_leaf", "type_agree", "src_example",
)

#: Every column a model may read: the features above, then one system's layout.
ALL_FEATURE_NAMES: tuple[str, ...] = FEATURE_NAMES + LAYOUT_FEATURE_NAMES

#: Numeric JSON types (``integer`` and ``number`` carry the same values for a chain).
_NUMERIC = knowledge_words("field_words", "numeric_types")


def api_text(api: Api) -> str:
    """What an endpoint does: its name and the start of its description."""
    return f"{api.name}: {api.description}"[:TEXT_CHARS]


def tool_text(api: Api) -> str:
    """What a tool is about: its name and the start of its description."""
    return f"{api.tool}: {api.tool_description}"[:TEXT_CHARS]


#: The class of each typed reason (:class:`~tooldial.graph.reasons.EdgeReason`); a kept verdict of a code not
#: listed is ``kept_other``, a rejected one ``rejected_structure``.
_CLASS_OF: dict[EdgeReason, str] = {
    **dict.fromkeys((EdgeReason.SAME_TOOL_ID, EdgeReason.TOOL_FAMILY_ID, EdgeReason.SAME_TOOL_STANDARD,
                     EdgeReason.SAME_TOOL), "kept_same_tool"),
    EdgeReason.SHARED_ID_SPACE: "kept_identifier",
    **dict.fromkeys((EdgeReason.REFERENCE_LOOKUP, EdgeReason.KEYED_LOOKUP, EdgeReason.STANDARD_VALUE),
                    "kept_standard"),
    **dict.fromkeys((EdgeReason.COUNT_NOT_ID, EdgeReason.STANDARD_INTO_FOREIGN_ID, EdgeReason.PLAIN_VALUE_INTO_BARE_ID,
                     EdgeReason.RECORD_TYPE, EdgeReason.SEASON_OF_OTHER_PROVIDER,
                     EdgeReason.ID_OF_OTHER_PROVIDER, EdgeReason.USER_ID, EdgeReason.FLAG_INTO_ID, EdgeReason.ID_SHAPE,
                     EdgeReason.IMPLIED_OUTSIDE_SYSTEM, EdgeReason.KEY_INTO_SYNTAX_VALUE,
                     EdgeReason.MEASURE_INTO_ID), "rejected_id_space"),
    **dict.fromkeys((EdgeReason.SETTING_OF_OTHER_MARKET, EdgeReason.DIFFERENT_STANDARDS, EdgeReason.FORMATS_DIFFER,
                     EdgeReason.SYMBOL_MARKETS, EdgeReason.OWN_LIST, EdgeReason.SYMBOL_FORMATS,
                     EdgeReason.UNKNOWN_MARKET, EdgeReason.URL_SITES, EdgeReason.SITE_URLS,
                     EdgeReason.URL_PAGE_KIND, EdgeReason.PAGING_CURSOR), "rejected_value_space"),
    **dict.fromkeys((EdgeReason.CROSS_TOOL_SIMILARITY, EdgeReason.UNRELATED_DOMAINS,
                     EdgeReason.SAME_TOOL_KEYWORDS_DISAGREE, EdgeReason.GENERIC_DISAGREE,
                     EdgeReason.VALUE_KEYWORDS_DISAGREE), "rejected_similarity"),
}


#: Parts of the field names a structural rejection lists that put it in another class (the knowledge pack).
_CLASS_BY_NAME_PART = cast("Mapping[str, tuple[str, ...]]", word_map("edge_reasons", "class_by_name_part"))


def reason_class(verdict: Verdict) -> str:
    """The class of a rule verdict (:data:`REASON_CLASSES`) from its typed code; a structural rejection whose
    listed field names hold a part of :data:`_CLASS_BY_NAME_PART` is of that part's class."""
    code, keep = verdict.code, verdict.keep
    got = _CLASS_OF.get(code) if code is not None else None
    if got is not None and got.startswith("kept_") == keep:
        return got
    if keep:
        return "kept_other"
    names = ", ".join(verdict.names).lower()
    return next((cls for cls, parts in _CLASS_BY_NAME_PART.items() if any(p in names for p in parts)),
                "rejected_structure")


def _words(text: str) -> set[str]:
    return {singular(w) for w in split_words(text) if len(w) > 2 and not w.isdigit()}


def record_words(entity: Entity) -> set[str]:
    """Words naming an output's record: its parent path (without containers) and its API's subject."""
    words: set[str] = set()
    for part in entity.key.split("|")[:-1]:
        words |= {w for w in _words(part) if w not in CONTAINER_NAMES}
    return words | set(api_subject_words(entity.api_id))


def _family(s: Traits, t: Traits) -> str | None:
    if s.kind != "standard" and t.kind != "standard":
        return None
    return STANDARD_FAMILIES.get(s.standard or t.standard or "", "other")


@dataclass
class FeatureContext:
    """Per-corpus lookups the features read: API and tool text vectors, entity rows, parameters, documentation.

    Built once per graph (:meth:`build`); :meth:`rows` turns candidates into a feature matrix."""

    api_row: dict[str, int]
    api_vectors: np.ndarray
    tool_vectors: np.ndarray
    entity_vectors: np.ndarray
    output_row: dict[int, int]
    input_row: dict[int, int]
    category: dict[str, str]
    params: dict[str, frozenset[str]]
    target_words: dict[str, set[str]]
    required: dict[str, int]
    #: ``(api id, parent path)`` -> the normalised leaf names of that record of the API's response.
    record_fields: dict[tuple[str, tuple[str, ...]], frozenset[str]]
    #: API id -> the normalised leaf names its documented response returns (meta fields left out), and whether
    #: most of them are items of a list (the answer holds records, not one).
    answer_fields: dict[str, frozenset[str]]
    answer_lists: dict[str, bool]
    #: API id -> the API (the layout features read its path, method and parameters).
    apis: dict[str, Api]

    @classmethod
    def build(cls, corpus: Corpus, outputs: Sequence[Entity], inputs: Sequence[Entity], desc_rows_out: np.ndarray,
              desc_rows_in: np.ndarray, vectors: np.ndarray, embed) -> FeatureContext:
        """``embed(texts) -> unit vectors`` encodes the API and tool texts (an :class:`~tooldial.embedding.Embedder`'s
        ``encode``: cached on disk like every embedding); ``desc_rows_*`` are the entities' description rows in
        ``vectors`` (``PreparedEntities.out_index.desc`` / ``in_index.desc``)."""
        apis = sorted(corpus.apis, key=lambda a: a.id)
        texts = [api_text(a) for a in apis] + [tool_text(a) for a in apis]
        vecs = embed(texts) if apis else np.zeros((0, 1), dtype=np.float32)
        n = len(apis)
        out_rows = {id(e): int(desc_rows_out[i]) for i, e in enumerate(outputs)}
        in_rows = {id(e): int(desc_rows_in[i]) for i, e in enumerate(inputs)}
        params = {a.id: frozenset(singular_name(p.name) for p in (*a.required_parameters, *a.optional_parameters)) for a in apis}
        target_words = {a.id: _words(f"{a.name} {a.description}") for a in apis}
        required = {a.id: len(a.required_parameters) for a in apis}
        record_fields, answer_fields, answer_lists = answer_lookups(outputs)
        return cls({a.id: i for i, a in enumerate(apis)}, vecs[:n], vecs[n:], vectors, out_rows, in_rows,
                   {a.id: a.category for a in apis}, params, target_words, required, record_fields, answer_fields,
                   answer_lists, {a.id: a for a in apis})

    def _cos_apis(self, a: np.ndarray, b: np.ndarray, table: np.ndarray) -> np.ndarray:
        return np.einsum("ij,ij->i", table[a], table[b]).astype(np.float64)

    def rows(self, cands: Sequence, names: Sequence[str] = FEATURE_NAMES) -> np.ndarray:
        """The feature matrix of ``cands`` (:class:`~tooldial.graph.select.Candidate` s with their rule verdicts),
        one row per candidate, columns ``names`` (of :data:`ALL_FEATURE_NAMES`) in that order. The layout columns
        rank candidates against each other: pass one build's whole pool."""
        names = tuple(names)
        if names == FEATURE_NAMES:
            return self._base_rows(cands)
        unknown = [n for n in names if n not in ALL_FEATURE_NAMES]
        if unknown:
            raise ValueError(f"unknown edge features: {', '.join(unknown)}")
        base = self._base_rows(cands)
        layout = (layout_rows(self.apis, cands) if any(n in LAYOUT_FEATURE_NAMES for n in names)
                  else np.zeros((len(cands), len(LAYOUT_FEATURE_NAMES))))
        full = np.hstack([base, layout])
        return full[:, [ALL_FEATURE_NAMES.index(n) for n in names]]

    def _base_rows(self, cands: Sequence) -> np.ndarray:
        n = len(cands)
        x = np.zeros((n, len(FEATURE_NAMES)), dtype=np.float64)
        if not n:
            return x
        col = {name: i for i, name in enumerate(FEATURE_NAMES)}
        src_api = np.fromiter((self.api_row[c.output.api_id] for c in cands), dtype=np.int64, count=n)
        dst_api = np.fromiter((self.api_row[c.input.api_id] for c in cands), dtype=np.int64, count=n)
        out_vec = np.fromiter((self.output_row[id(c.output)] for c in cands), dtype=np.int64, count=n)
        in_vec = np.fromiter((self.input_row[id(c.input)] for c in cands), dtype=np.int64, count=n)
        x[:, col["api_rel"]] = self._cos_apis(src_api, dst_api, self.api_vectors)
        x[:, col["tool_rel"]] = self._cos_apis(src_api, dst_api, self.tool_vectors)
        ev, av = self.entity_vectors, self.api_vectors
        x[:, col["output_target_rel"]] = np.einsum("ij,ij->i", ev[out_vec], av[dst_api])
        x[:, col["input_source_rel"]] = np.einsum("ij,ij->i", ev[in_vec], av[src_api])
        for i, c in enumerate(cands):
            o, t, v = c.output, c.input, c.verdict
            s_tr, t_tr = classify(o), classify(t)
            row = x[i]
            row[col["desc_sim"]], row[col["kw_sim"]], row[col["lcs_sim"]] = c.desc_sim, c.kw_sim, c.lcs_sim
            same_tool = o.tool_id == t.tool_id
            row[col["same_tool"]] = same_tool
            row[col["same_category"]] = self.category.get(o.api_id) == self.category.get(t.api_id)
            row[col["same_provider"]] = bool(o.provider) and o.provider == t.provider
            for side, tr in (("src", s_tr), ("tgt", t_tr)):
                if tr.kind in ("identifier", "standard", "generic"):
                    row[col[f"{side}_{tr.kind}"]] = 1.0
            family = _family(s_tr, t_tr)
            if family:
                row[col[f"std_{family}"]] = 1.0
            row[col["rule_keep"]] = v.keep
            row[col["rule_confidence"]] = v.confidence
            row[col[f"reason_{reason_class(v)}"]] = 1.0
            row[col["target_names_record"]] = bool(record_words(o) & self.target_words.get(t.api_id, set()))
            leaf = singular_name(o.raw or o.key.rsplit("|", 1)[-1])
            row[col["echo"]] = bool(leaf) and leaf in self.params.get(o.api_id, frozenset())
            row[col["source_list"]] = o.is_list
            row[col["target_several"]] = t.is_list
            row[col["target_required_log"]] = math.log1p(self.required.get(t.api_id, 0))
            cross = 0.0 if same_tool else 1.0
            coord = 1.0 if (is_coordinate(s_tr) or s_tr.standard == "coordinates") else 0.0
            row[col["cross_x_api_rel"]] = cross * row[col["api_rel"]]
            row[col["coordinate_x_api_rel"]] = coord * row[col["api_rel"]]
            row[col["coordinate_x_cross"]] = coord * cross
            row[col["identifier_x_cross"]] = cross * (s_tr.kind == "identifier" or t_tr.kind == "identifier")
            row[col["rule_keep_x_cross"]] = cross * v.keep
            self._answer_features(row, col, o, t, same_tool)
        return x

    def _answer_features(self, row: np.ndarray, col: dict[str, int], o: Entity, t: Entity, same_tool: bool) -> None:
        """Does the target's documented answer hold more than the source record already has (list -> detail), or
        only the same fields again (labelling guide: "the record already holds the answer")?"""
        answer = self.answer_fields.get(t.api_id, frozenset())
        record = self.record_fields.get((o.api_id, tuple(o.key.split("|")[:-1])), frozenset())
        held = len(answer & record) / len(answer) if answer else 0.0
        one = bool(answer) and not self.answer_lists.get(t.api_id, False)
        row[col["answer_held"]] = held
        row[col["answer_new_log"]] = math.log1p(len(answer - record))
        row[col["answer_undocumented"]] = not answer
        row[col["answer_one_record"]] = one
        row[col["held_x_one_record"]] = held * one
        row[col["held_x_same_tool"]] = held * same_tool
        row[col["same_leaf"]] = singular_name(o.raw or o.key.rsplit("|", 1)[-1]) == singular_name(t.raw or t.key.rsplit("|", 1)[-1])
        row[col["type_agree"]] = o.type == t.type or (o.type in _NUMERIC and t.type in _NUMERIC)
        row[col["src_example"]] = bool(o.example)


def answer_lookups(outputs: Sequence[Entity]) -> tuple[dict, dict, dict]:
    """Per API and record (parent path) the normalised field names of its response, per API the fields of its whole
    answer (meta fields such as ``status`` left out) and whether the answer is a list."""
    record: dict[tuple[str, tuple[str, ...]], set[str]] = {}
    answer: dict[str, set[str]] = {}
    in_list: dict[str, list[int]] = {}
    for e in outputs:
        leaf = singular_name(e.raw or e.key.rsplit("|", 1)[-1])
        if not leaf:
            continue
        record.setdefault((e.api_id, tuple(e.key.split("|")[:-1])), set()).add(leaf)
        if leaf not in META_FIELDS:
            answer.setdefault(e.api_id, set()).add(leaf)
        counts = in_list.setdefault(e.api_id, [0, 0])
        counts[0] += e.is_list
        counts[1] += 1
    lists = {k: 2 * n > total for k, (n, total) in in_list.items()}  # most fields are items of a list
    return ({k: frozenset(v) for k, v in record.items()}, {k: frozenset(v) for k, v in answer.items()}, lists)
