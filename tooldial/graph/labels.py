"""Labelled (output, input) pairs and binary metrics: how well a graph (or a judge) matches human labels.

A labels file is JSONL, one pair per line: ``{source_api, source_output, target_api, target_input, valid}``
(``source_output`` in any path spelling, ``a|b`` preferred). The embedded corpus ships one
(``tooldial/data/builtin_chains.jsonl``) listing the chains it was designed with.

Two readings of a labels file:

- *labelled pairs*: only the listed pairs count (precision, recall, F1, MCC over them);
- *closed world*: the file lists every valid chain of its corpus, so any other graph edge is a false positive
  and any other candidate pair a true negative — the reading used for the embedded corpus.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path
from statistics import NormalDist
from typing import Any

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tooldial.corpus.models import OutputComponent
from tooldial.errors import TooldialError
from tooldial.jsonfile import loads as loads_json
from tooldial.jsonfile import read_text

PairKey = tuple[str, str, str, str]


class LabelledPair(BaseModel):
    """One labelled (output → input) pair. ``valid`` defaults to true (a chain list names valid chains only);
    ``reason``, ``kind`` (``same_tool`` / ``cross_tool``), ``category`` and ``split`` (``fit`` / ``heldout``)
    are what the ToolBench dev set adds."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)

    source_api: str
    source_output: str
    target_api: str
    target_input: str
    valid: bool = True
    reason: str = ""
    kind: str = ""
    category: str = ""
    split: str = ""
    #: The dev set's ``set`` (``v1`` ...): which labelling round the pair came from (leave-one-set-out folds).
    label_set: str = Field(default="", alias="set")

    @property
    def key(self) -> PairKey:
        return pair_key(self.source_api, self.source_output, self.target_api, self.target_input)


REQUIRED_FIELDS = ("source_api", "source_output", "target_api", "target_input")


def pair_key(source_api: str, source_output: str, target_api: str, target_input: str) -> PairKey:
    """Canonical identity of an (output, input) pair: output path in release spelling."""
    return (source_api, "|".join(OutputComponent.parse_path(source_output)), target_api, target_input)


def read_labels(path: str | Path, *, split: str | None = None) -> list[LabelledPair]:
    """Read a labels file (only the rows of ``split`` when given); a broken line raises
    :class:`TooldialError` naming file, line and field. The one reader of chain / label files."""
    path = Path(path)
    if not path.is_file():
        raise TooldialError("no such labels file", file=str(path))
    pairs: list[LabelledPair] = []
    for n, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = loads_json(line)
        except json.JSONDecodeError as exc:
            raise TooldialError(f"malformed JSON: {exc.msg}", file=str(path), record=f"line {n}") from None
        if not isinstance(row, dict):
            raise TooldialError(f"expected an object, got {type(row).__name__}", file=str(path), record=f"line {n}")
        missing = [k for k in REQUIRED_FIELDS if k not in row]
        if missing:
            raise TooldialError("missing", file=str(path), record=f"line {n}", field=", ".join(missing))
        if isinstance(row.get("valid"), str):  # "true" / "false" written as text
            row = {**row, "valid": row["valid"].strip().lower() == "true"}
        try:
            pair = LabelledPair.model_validate(row)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise TooldialError(err["msg"], file=str(path), record=f"line {n}",
                                field=".".join(str(x) for x in err["loc"])) from None
        if split is None or pair.split == split:
            pairs.append(pair)
    return pairs


def graph_pairs(graph: nx.MultiDiGraph) -> set[PairKey]:
    """Every (output, input) pair the graph holds as an edge, under its input path and (for a nested field)
    its top-level parameter too, so labels may name either."""
    keys = set()
    for u, v, d in graph.edges(data=True):
        keys.add(pair_key(u, d["source_output"], v, d["target_input"]))
        if d.get("target_path"):
            keys.add(pair_key(u, d["source_output"], v, d["target_path"]))
    return keys


class BinaryMetrics(BaseModel):
    """Confusion counts and the usual scores (``None`` where undefined, e.g. precision with no positives)."""

    tp: int = 0
    fp: int = 0
    tn: int = 0
    fn: int = 0

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.tn + self.fn

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def npv(self) -> float | None:
        return self.tn / (self.tn + self.fn) if self.tn + self.fn else None

    @property
    def f1(self) -> float | None:
        return 2 * self.tp / (2 * self.tp + self.fp + self.fn) if self.tp else (0.0 if self.fp + self.fn else None)

    @property
    def mcc(self) -> float | None:
        denom = (self.tp + self.fp) * (self.tp + self.fn) * (self.tn + self.fp) * (self.tn + self.fn)
        if denom == 0:
            return None
        return (self.tp * self.tn - self.fp * self.fn) / math.sqrt(denom)

    @classmethod
    def from_predictions(cls, predicted: Iterable[bool], actual: Iterable[bool]) -> BinaryMetrics:
        m = cls()
        for p, a in zip(predicted, actual, strict=True):
            if p and a:
                m.tp += 1
            elif p:
                m.fp += 1
            elif a:
                m.fn += 1
            else:
                m.tn += 1
        return m

    def intervals(self, confidence: float = 0.95, *, n_boot: int = 2000, seed: int = 0) -> dict[str, Interval]:
        """95% intervals: Wilson score for precision, recall and NPV; a percentile bootstrap of the confusion
        counts (multinomial resampling, fixed seed) for MCC. ``None`` bounds where a score is undefined."""
        z = float(NormalDist().inv_cdf(0.5 + confidence / 2))
        out = {"precision": wilson(self.tp, self.tp + self.fp, z), "recall": wilson(self.tp, self.tp + self.fn, z),
               "npv": wilson(self.tn, self.tn + self.fn, z)}
        out["mcc"] = bootstrap_mcc(self, confidence, n_boot=n_boot, seed=seed)
        return out

    def scores(self, *, with_intervals: bool = False) -> dict[str, Any]:
        got: dict[str, Any] = {"tp": self.tp, "fp": self.fp, "tn": self.tn, "fn": self.fn,
                               "precision": self.precision, "recall": self.recall, "f1": self.f1, "mcc": self.mcc,
                               "npv": self.npv}
        if with_intervals:
            got["ci95"] = {k: list(v) for k, v in self.intervals().items()}
        return got

    def format(self, *, with_intervals: bool = False) -> str:
        def f(x: float | None) -> str:
            return "n/a" if x is None else f"{x:.3f}"

        if with_intervals:
            ci = self.intervals()

            def g(name: str, value: float | None) -> str:
                low, high = ci[name]
                return f"{f(value)} [{f(low)}, {f(high)}]"

            return (f"precision {g('precision', self.precision)}  recall {g('recall', self.recall)}  "
                    f"NPV {g('npv', self.npv)}  MCC {g('mcc', self.mcc)}  F1 {f(self.f1)}  "
                    f"(tp {self.tp}, fp {self.fp}, tn {self.tn}, fn {self.fn}; 95% intervals: Wilson, MCC bootstrap)")
        return (f"precision {f(self.precision)}  recall {f(self.recall)}  F1 {f(self.f1)}  MCC {f(self.mcc)}  "
                f"NPV {f(self.npv)}  (tp {self.tp}, fp {self.fp}, tn {self.tn}, fn {self.fn})")


Interval = tuple[float | None, float | None]


def wilson(successes: int, n: int, z: float = 1.959964) -> Interval:
    """Wilson score interval of a proportion (``(None, None)`` when ``n`` is 0)."""
    if n == 0:
        return (None, None)
    p = successes / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, center - half), min(1.0, center + half))


def bootstrap_mcc(m: BinaryMetrics, confidence: float = 0.95, *, n_boot: int = 2000, seed: int = 0) -> Interval:
    """Percentile bootstrap interval of MCC: the four confusion counts resampled as a multinomial."""
    import numpy as np

    n = m.total
    if n == 0 or m.mcc is None:
        return (None, None)
    rng = np.random.default_rng(seed)
    draws = rng.multinomial(n, np.array([m.tp, m.fp, m.tn, m.fn], dtype=float) / n, size=n_boot).astype(float)
    tp, fp, tn, fn = draws.T
    denom = np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    mcc = np.where(denom > 0, (tp * tn - fp * fn) / np.where(denom > 0, denom, 1), 0.0)
    alpha = (1 - confidence) / 2
    return (float(np.quantile(mcc, alpha)), float(np.quantile(mcc, 1 - alpha)))


def evaluate_graph_on_labels(graph: nx.MultiDiGraph, labels: list[LabelledPair]) -> BinaryMetrics:
    """The graph as a classifier of the labelled pairs (edge present = predicted valid)."""
    edges = graph_pairs(graph)
    return BinaryMetrics.from_predictions((p.key in edges for p in labels), (p.valid for p in labels))


class ClosedWorldScores(BaseModel):
    """Graph against a complete list of valid chains: recall of the chains, precision of all edges."""

    valid_chains: int
    recovered: int
    graph_edges: int
    edges_in_chains: int
    missed: list[PairKey]

    @property
    def recall(self) -> float | None:
        return self.recovered / self.valid_chains if self.valid_chains else None

    @property
    def precision(self) -> float | None:
        return self.edges_in_chains / self.graph_edges if self.graph_edges else None


def closed_world_scores(graph: nx.MultiDiGraph, labels: list[LabelledPair]) -> ClosedWorldScores:
    edges = graph_pairs(graph)
    valid = {p.key for p in labels if p.valid}
    return ClosedWorldScores(valid_chains=len(valid), recovered=len(valid & edges), graph_edges=len(edges),
                             edges_in_chains=len(edges & valid), missed=sorted(valid - edges))
