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

import networkx as nx
from pydantic import BaseModel, ConfigDict, ValidationError

from tooldial.corpus.models import OutputComponent
from tooldial.errors import TooldialError

PairKey = tuple[str, str, str, str]


class LabelledPair(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    source_api: str
    source_output: str
    target_api: str
    target_input: str
    valid: bool

    @property
    def key(self) -> PairKey:
        return pair_key(self.source_api, self.source_output, self.target_api, self.target_input)


def pair_key(source_api: str, source_output: str, target_api: str, target_input: str) -> PairKey:
    """Canonical identity of an (output, input) pair: output path in release spelling."""
    return (source_api, "|".join(OutputComponent.parse_path(source_output)), target_api, target_input)


def read_labels(path: str | Path) -> list[LabelledPair]:
    """Read a labels file; a broken line raises :class:`TooldialError` naming file, line and field."""
    path = Path(path)
    if not path.is_file():
        raise TooldialError("no such labels file", file=str(path))
    pairs: list[LabelledPair] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TooldialError(f"not JSON ({exc.msg})", file=str(path), record=f"line {n}") from None
        try:
            pairs.append(LabelledPair.model_validate(row))
        except ValidationError as exc:
            err = exc.errors()[0]
            raise TooldialError(err["msg"], file=str(path), record=f"line {n}",
                                field=".".join(str(x) for x in err["loc"])) from None
    return pairs


def graph_pairs(graph: nx.MultiDiGraph) -> set[PairKey]:
    """Every (output, input) pair the graph holds as an edge."""
    return {pair_key(u, d["source_output"], v, d["target_input"]) for u, v, d in graph.edges(data=True)}


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

    def scores(self) -> dict[str, float | int | None]:
        return {"tp": self.tp, "fp": self.fp, "tn": self.tn, "fn": self.fn, "precision": self.precision,
                "recall": self.recall, "f1": self.f1, "mcc": self.mcc, "npv": self.npv}

    def format(self) -> str:
        def f(x: float | None) -> str:
            return "n/a" if x is None else f"{x:.3f}"

        return (f"precision {f(self.precision)}  recall {f(self.recall)}  F1 {f(self.f1)}  MCC {f(self.mcc)}  "
                f"(tp {self.tp}, fp {self.fp}, tn {self.tn}, fn {self.fn})")


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
