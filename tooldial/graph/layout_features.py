"""Features of a candidate edge that read one system's layout, for the learned model of single-system builds.

The features of :mod:`tooldial.graph.edge_features` were designed on ToolBench, where tools document neither URL
paths nor methods and a chain usually crosses tools. Inside one system (an OpenAPI spec, a function list) the
documentation says more about whether an output feeds an input, and none of it needs a word list of a domain:

- **the URL layout**: is the input a path parameter; do the two paths share their literal segments, is the target
  an item path under the source's (``/pets`` → ``/pets/{petId}``) or the other way round (a call on an item
  handing back what the caller sent); does the segment before the parameter name the output's record;
- **the methods**: a read or a write on each side;
- **the input**: a closed set of documented values (``enum``: the caller picks), shared with the source call
  (the source's answer then echoes it);
- **competition**: the candidate's rank by Eq. 1 score among all candidates for the same input and from the same
  output, and how many there are (one system offers many look-alike ids; the best one is the usual chain);
- **the names**: whether the output's leaf is a key word, whether record + leaf spell the input (``pet|id`` →
  ``petId``), how many of the input's words the output's path and the source's URL hold, the output's depth;
- the size of the system.

Each row is computed over the whole candidate pool of one build (ranks compare candidates with each other).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tooldial.corpus.models import Api
from tooldial.graph.entities import CONTAINER_NAMES, Entity, singular_name, split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

#: The layout feature names, in the order of their columns.
LAYOUT_FEATURE_NAMES: tuple[str, ...] = (
    "path_known", "path_param", "path_prefix_share", "target_under_source", "source_under_target",
    "segment_names_record", "source_read", "target_read", "target_write", "source_write", "target_enum",
    "shared_input", "rank_in_inverse", "candidates_in_log", "top_in", "rank_out_inverse", "candidates_out_log",
    "leaf_key", "qualified_match", "input_words_covered", "depth_log", "system_apis_log",
)

#: Last words of a name that make it a key of a record (``containers.resource_key_words``).
_KEY_WORDS = knowledge_words("containers", "resource_key_words")
#: Methods that write (a target that writes takes new content or acts on a record).
_WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _segments(path: str) -> list[str]:
    return [s for s in path.strip("/").split("/") if s]


def _literals(path: str) -> list[str]:
    return [s.lower() for s in _segments(path) if not s.startswith("{")]


def _under(inner: list[str], outer: list[str]) -> bool:
    """``inner`` continues ``outer``: the same segments, and more."""
    return bool(outer) and len(inner) > len(outer) and [s.lower() for s in inner[: len(outer)]] == [
        s.lower() for s in outer]


def _ranks(cands: Sequence, key) -> list[tuple[int, int]]:
    """Per candidate, its rank by Eq. 1 score among the candidates with the same ``key`` and their number (ties
    keep pool order, so the rows are deterministic)."""
    groups: dict[tuple, list[int]] = {}
    for i, c in enumerate(cands):
        groups.setdefault(key(c), []).append(i)
    out = [(0, 0)] * len(cands)
    for idx in groups.values():
        for rank, i in enumerate(sorted(idx, key=lambda i: -cands[i].score), start=1):
            out[i] = (rank, len(idx))
    return out


def _record_words(entity: Entity) -> set[str]:
    return {singular_name(w) for part in entity.key.split("|")[:-1] for w in split_words(part) if w not in CONTAINER_NAMES}


def layout_rows(apis: dict[str, Api], cands: Sequence) -> np.ndarray:
    """The layout features of ``cands`` (:class:`~tooldial.graph.select.Candidate` s of one build's pool), one row
    each, columns in :data:`LAYOUT_FEATURE_NAMES` order. ``apis``: the corpus's APIs by id."""
    x = np.zeros((len(cands), len(LAYOUT_FEATURE_NAMES)), dtype=np.float64)
    if not len(cands):
        return x
    col = {name: i for i, name in enumerate(LAYOUT_FEATURE_NAMES)}
    rank_in = _ranks(cands, lambda c: (c.input.api_id, c.input.key))
    rank_out = _ranks(cands, lambda c: (c.output.api_id, c.output.key))
    system = math.log1p(len(apis))
    for i, c in enumerate(cands):
        o, t, row = c.output, c.input, x[i]
        source, target = apis.get(o.api_id), apis.get(t.api_id)
        source_path, target_path = (source.path if source else ""), (target.path if target else "")
        name = singular_name(t.param or t.key)
        segments = _segments(target_path)
        row[col["path_known"]] = bool(source_path and target_path)
        row[col["path_param"]] = any(s.startswith("{") and singular_name(s.strip("{}")) == name for s in segments)
        ls, lt = _literals(source_path), _literals(target_path)
        common = next((k for k, (a, b) in enumerate(zip(ls, lt, strict=False)) if a != b), min(len(ls), len(lt)))
        row[col["path_prefix_share"]] = common / max(len(ls), len(lt), 1)
        row[col["target_under_source"]] = _under(segments, _segments(source_path))
        row[col["source_under_target"]] = _under(_segments(source_path), segments)
        before = next((segments[j - 1] for j, s in enumerate(segments) if j and s.startswith("{")
                       and singular_name(s.strip("{}")) == name and not segments[j - 1].startswith("{")), "")
        record = _record_words(o) | ({singular_name(ls[-1])} if ls else set())
        row[col["segment_names_record"]] = bool(before) and singular_name(before.split(".")[0]) in record
        source_method = source.method.upper() if source else "GET"
        target_method = target.method.upper() if target else "GET"
        row[col["source_read"]] = source_method == "GET"
        row[col["target_read"]] = target_method == "GET"
        row[col["target_write"]] = target_method in _WRITES
        row[col["source_write"]] = source_method in _WRITES - {"DELETE"}
        param = target.parameter(t.param or t.key) if target else None
        row[col["target_enum"]] = bool(param is not None and param.enum)
        row[col["shared_input"]] = bool(source) and name in {singular_name(p.name) for p in source.parameters}
        (ri, ni), (ro, no) = rank_in[i], rank_out[i]
        row[col["rank_in_inverse"]], row[col["candidates_in_log"]], row[col["top_in"]] = 1 / ri, math.log1p(ni), ri == 1
        row[col["rank_out_inverse"]], row[col["candidates_out_log"]] = 1 / ro, math.log1p(no)
        leaf = o.raw or o.key.rsplit("|", 1)[-1]
        leaf_words = split_words(leaf)
        row[col["leaf_key"]] = bool(leaf_words) and leaf_words[-1] in _KEY_WORDS
        parent = [w for part in o.key.split("|")[:-1] for w in split_words(part) if w not in CONTAINER_NAMES]
        spelled = {singular_name(leaf), singular_name("_".join([*parent[-1:], leaf]))} | ({singular_name(f"{ls[-1]}_{leaf}")} if ls else set())
        row[col["qualified_match"]] = name in spelled
        input_words = {singular(w) for w in split_words(t.param or t.key)}
        held = {singular(w) for part in o.key.split("|") for w in split_words(part)}
        held |= {singular(w) for s in ls for w in split_words(s)}
        row[col["input_words_covered"]] = len(input_words & held) / len(input_words) if input_words else 0.0
        row[col["depth_log"]] = math.log1p(len(o.key.split("|")))
        row[col["system_apis_log"]] = system
    return x
