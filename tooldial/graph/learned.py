"""Learned edge validity: a logistic regression over the features of a candidate edge
(:mod:`tooldial.graph.edge_features`), fitted on the labelled ToolBench dev pairs.

Hand rules reach ~0.93 precision on the dev sets whose errors were read and 0.62-0.72 on every fresh set: each
new tool set brings look-alike classes no rule names. A model fitted on the labels instead weighs the rules'
verdicts together with similarities, kinds of value and the *relevance of the call* (does what the source API
does relate to what the target API does), and its transfer can be measured: fitted on some sets, scored on a
set it has never seen (:func:`cross_validate`, leave one set out and grouped by source tool).

The fitted model is a small JSON file (:data:`DEFAULT_EDGE_MODEL`, written by ``tooldial graph calibrate --learn``):
feature names, standardisation, coefficients, intercept, the keep threshold (chosen out of fold) and how it was
fitted. In a build (``GraphConfig.validity``) the probability is the edge's ``confidence`` and ranks the edges
for the density caps; with ``learned`` it also decides which candidates are kept.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tooldial.errors import TooldialError
from tooldial.graph.edge_features import ALL_FEATURE_NAMES, FEATURE_NAMES, FeatureContext
from tooldial.graph.labels import BinaryMetrics, LabelledPair

MODEL_VERSION = 1
#: The packaged model (``tooldial graph calibrate --learn --out`` writes one).
DEFAULT_EDGE_MODEL = Path(__file__).resolve().parent.parent / "data" / "graph_edge_model.json"
#: The packaged model for one system's own API set (an OpenAPI spec, a function list), fitted on labelled
#: single-system specs with the layout features (:mod:`tooldial.graph.layout_features`);
#: ``scripts/apisguru_learned_logo.py --write-model`` writes it.
SYSTEM_EDGE_MODEL = Path(__file__).resolve().parent.parent / "data" / "graph_edge_model_system.json"
#: Inverse regularisation strength of the logistic regression.
DEFAULT_C = 0.1


class EdgeModel(BaseModel):
    """A fitted edge-validity model: ``p = sigmoid(coef · (x - mean) / scale + intercept)``, kept when
    ``p >= threshold``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int
    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    threshold: float = Field(ge=0.0, le=1.0)
    #: The embedding model whose cosines the coefficients were fitted on.
    embedding_model: str
    #: How it was fitted: command, labels file and its sha256, sets, pairs, cross-validation figures.
    fitted: dict[str, Any] = Field(default_factory=dict)
    #: Candidate proposers beyond Eq. 1 and the same-tool ones that the model was fitted with, and that a build it
    #: decides (``validity="learned"``, or ``auto`` on one system) therefore runs (``system_keys``:
    #: :mod:`tooldial.graph.system_keys`). A model judges the pool it saw.
    proposers: tuple[Literal["system_keys"], ...] = ()

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        if x.shape[0] == 0:
            return np.zeros(0)
        z = ((x - np.asarray(self.mean)) / np.asarray(self.scale)) @ np.asarray(self.coef) + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def to_json(self) -> str:
        """Deterministic text: sorted keys, coefficients rounded to 8 decimals, one trailing newline."""
        data = self.model_dump(mode="json")
        for k in ("mean", "scale", "coef"):
            data[k] = [round(v, 8) for v in data[k]]
        data["intercept"] = round(data["intercept"], 8)
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def model_digest(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def save_edge_model(model: EdgeModel, path: str | Path) -> Path:
    """Write ``model.to_json()`` through ``<name>.tmp`` (a crash never leaves half a file)."""
    from tooldial.outputs import write_text

    return write_text(path, model.to_json())


def load_edge_model(path: str | Path | None = None) -> EdgeModel:
    """Read a model file (default: the packaged one); a missing, malformed or other-version file raises
    :class:`TooldialError` naming the file and what is wrong."""
    path = Path(path) if path is not None else DEFAULT_EDGE_MODEL
    if not path.is_file():
        raise TooldialError("no such edge model file (write one with `tooldial graph calibrate --learn --out FILE`)",
                            file=str(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TooldialError(f"malformed edge model file: {exc}", file=str(path)) from None
    if not isinstance(data, dict):
        raise TooldialError("an edge model file holds one JSON object", file=str(path))
    try:
        model = EdgeModel.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise TooldialError(err["msg"], file=str(path), field=".".join(str(x) for x in err["loc"])) from None
    if model.version != MODEL_VERSION:
        raise TooldialError(f"edge model version {model.version}, this tooldial reads {MODEL_VERSION}",
                            file=str(path), field="version")
    unknown = [f for f in model.features if f not in ALL_FEATURE_NAMES]
    if unknown or len(set(model.features)) != len(model.features) or not model.features:
        what = f"unknown features {', '.join(unknown)}" if unknown else "features named twice or none"
        raise TooldialError(f"the model's features are not this tooldial's ({what}; refit with `tooldial graph "
                            "calibrate --learn`)", file=str(path), field="features")
    n = len(model.features)
    for name in ("mean", "scale", "coef"):
        if len(getattr(model, name)) != n:
            raise TooldialError(f"{len(getattr(model, name))} values for {n} features", file=str(path), field=name)
    if any(s <= 0 for s in model.scale):
        raise TooldialError("scales must be positive", file=str(path), field="scale")
    return model


@dataclass
class EdgeScorer:
    """A model and the per-corpus lookups its features read: candidates in, probabilities out."""

    model: EdgeModel
    context: FeatureContext
    digest: str
    #: The model file's name, recorded in the graph (``graph_edge_model_system.json``).
    name: str = ""

    def probabilities(self, cands: Sequence) -> np.ndarray:
        """One probability per candidate; ``cands`` is one build's whole pool (layout features rank within it)."""
        return self.model.probabilities(self.context.rows(cands, self.model.features))


def is_one_system(corpus) -> bool:
    """One provider's API set whose APIs document URL paths (an OpenAPI spec): what the system model of
    :data:`SYSTEM_EDGE_MODEL` was fitted on. Multi-provider corpora (ToolBench, the embedded ecosystem) and
    documentation without paths (function lists, a ToolBench tool) keep the rules."""
    from tooldial.corpus.providers import EMBEDDED, provider_summary

    summary = provider_summary(corpus.tools)
    apis = list(corpus.apis)
    return (summary["providers"] == 1 and EMBEDDED not in summary["rules"] and bool(apis)
            and 2 * sum(bool(a.path) for a in apis) > len(apis))


# --------------------------------------------------------------------------------------------- fitting

def fit_model(x: np.ndarray, y: np.ndarray, *, c: float = DEFAULT_C) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Standardise and fit an L2 logistic regression (lbfgs: deterministic): ``(mean, scale, coef, intercept)``."""
    from sklearn.linear_model import LogisticRegression

    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    # a column constant up to float rounding (inside one system every tool text's cosine with itself is 1 ± 1e-7)
    # holds no signal: scaled by its rounding it would turn the rounding into a feature
    scale[scale < 1e-6] = 1.0
    clf = LogisticRegression(C=c, max_iter=5000, solver="lbfgs")
    clf.fit((x - mean) / scale, y.astype(int))
    return mean, scale, clf.coef_[0].astype(np.float64), float(clf.intercept_[0])


def predict(params: tuple[np.ndarray, np.ndarray, np.ndarray, float], x: np.ndarray) -> np.ndarray:
    mean, scale, coef, intercept = params
    return 1.0 / (1.0 + np.exp(-(((x - mean) / scale) @ coef + intercept)))


def best_threshold(p: np.ndarray, y: np.ndarray) -> float:
    """The keep threshold with the best MCC on ``(p, y)`` (a grid of 0.05 steps; ties to the middle of the best
    run, so the pick is stable)."""
    grid = np.round(np.arange(0.2, 0.81, 0.05), 2)
    scores = []
    for t in grid:
        m = BinaryMetrics.from_predictions((p >= t).tolist(), y.tolist())
        scores.append(-1.0 if m.mcc is None else m.mcc)
    top = max(scores)
    best = [float(t) for t, s in zip(grid, scores, strict=True) if s >= top - 1e-9]
    return best[len(best) // 2]


# --------------------------------------------------------------------------------------------- labelled data

@dataclass
class LabelledCandidates:
    """Every candidate of a corpus (as a build sees it: Eq. 1, the cross-tool bar, the rules' verdicts), their
    features, and which candidate each labelled pair is (``None``: not a candidate, never an edge)."""

    cands: list
    x: np.ndarray
    labels: list[LabelledPair]
    row_of: list[int | None]
    selector: Any

    @property
    def y(self) -> np.ndarray:
        return np.array([p.valid for p in self.labels], dtype=bool)


# --------------------------------------------------------------------------------------------- decisions

def learned_verdicts(cands: Sequence, p: np.ndarray, threshold: float, selector, *, decide: bool = True) -> list:
    """The candidates with the learned probability as ``confidence``; with ``decide`` kept iff ``p >= threshold``
    (else the rules' keep/drop stands). A kept coordinate still needs its partner from the same record. The
    ``reason``, ``code`` and ``evidence`` stay the rules' (downstream checks read the typed ones). Returns new candidate objects."""
    from tooldial.graph.validity import EdgeReason, Verdict

    out = []
    for c, prob in zip(cands, p.tolist(), strict=True):
        v = c.verdict
        keep = prob >= threshold if decide else v.keep
        new = replace(c, verdict=Verdict(keep, v.reason, prob, v.kind, v.test, v.evidence, v.standard, v.code),
                      group=c.group, sources=dict(c.sources))
        if keep and not v.keep and new.group is None and (why := selector.assign_group(new)):
            new.verdict = Verdict(False, why, prob, v.kind, v.test, code=EdgeReason.NO_PARTNER_COORDINATE)
        out.append(new)
    return out


def kept_keys(cands: Sequence, config) -> set[tuple]:
    """The pair keys an :func:`~tooldial.graph.select.apply_caps` of the kept candidates leaves."""
    from tooldial.graph.select import apply_caps

    rows = apply_caps([c for c in cands if c.verdict.keep], per_pair=config.max_edges_per_api_pair,
                      per_source=config.max_out_edges_per_api, per_target=config.max_in_edges_per_api,
                      cross_tool_per_api=config.max_cross_tool_edges_per_api,
                      cross_tool_in_per_api=config.max_cross_tool_in_edges_per_api)
    return {c.pair_key for c in rows}


# --------------------------------------------------------------------------------------------- cross-validation

#: The decision procedures compared by :func:`cross_validate`.
METHODS = ("rules", "rules+caps", "learned", "learned+caps", "rules ranked by learned+caps")


#: The issue's target for both precision and recall: :func:`operating_points` reports what the other reaches there.
TARGET_LEVEL = 0.85


def operating_points(p: np.ndarray, y: np.ndarray, candidate: np.ndarray,
                     level: float = TARGET_LEVEL) -> tuple[float | None, float | None]:
    """Over every keep threshold of the scores ``p`` of labelled pairs (``candidate``: the pair is a candidate at
    all; the others are never kept): the best precision among thresholds with recall >= ``level``, and the best
    recall among thresholds with precision >= ``level`` (``None``: unreachable)."""
    best_p: float | None = None
    best_r: float | None = None
    positives = int(y.sum())
    if not positives:
        return None, None
    for t in np.unique(p[candidate]):
        kept = candidate & (p >= t)
        tp = int((kept & y).sum())
        n = int(kept.sum())
        precision, recall = tp / n, tp / positives
        if recall >= level and (best_p is None or precision > best_p):
            best_p = precision
        if precision >= level and (best_r is None or recall > best_r):
            best_r = recall
    return best_p, best_r


def _point(x: float | None) -> str:
    return "unreachable" if x is None else f"{x:.3f}"


@dataclass
class FoldScores:
    name: str
    pairs: int
    threshold: float
    metrics: dict[str, BinaryMetrics] = field(default_factory=dict)
    #: The learned scores of the fold's labelled pairs (0 for pairs that are no candidate), their labels and
    #: which are candidates: what :func:`operating_points` reads.
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0))
    actual: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    candidate: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))


@dataclass
class CrossValidation:
    """Out-of-fold scores of every method (:data:`METHODS`), per fold and pooled."""

    scheme: str
    folds: list[FoldScores]

    def pooled(self, method: str) -> BinaryMetrics:
        m = BinaryMetrics()
        for f in self.folds:
            g = f.metrics[method]
            m.tp, m.fp, m.tn, m.fn = m.tp + g.tp, m.fp + g.fp, m.tn + g.tn, m.fn + g.fn
        return m

    def format(self) -> str:
        lines = [f"{self.scheme}: out of fold (each fold scored by a model fitted on the others; the rules were "
                 "written after reading these sets, so their figures are in-sample)"]
        for f in self.folds:
            lines.append(f"  {f.name} ({f.pairs} pairs, threshold {f.threshold:g}):")
            for method in METHODS:
                lines.append(f"    {method:<30} {f.metrics[method].format(with_intervals=True)}")
            lines.append(f"    {'learned, any threshold':<30} {self._reach(f.scores, f.actual, f.candidate)}")
        lines.append("  pooled:")
        for method in METHODS:
            lines.append(f"    {method:<30} {self.pooled(method).format(with_intervals=True)}")
        lines.append(f"    {'learned, any threshold':<30} {self._reach(*self.pooled_scores())}")
        return "\n".join(lines)

    @staticmethod
    def _reach(p: np.ndarray, y: np.ndarray, candidate: np.ndarray) -> str:
        at_recall, at_precision = operating_points(p, y, candidate)
        return (f"precision at recall >= {TARGET_LEVEL:g}: {_point(at_recall)}; recall at precision >= "
                f"{TARGET_LEVEL:g}: {_point(at_precision)}")

    def pooled_scores(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every fold's out-of-fold scores, labels and candidate flags, concatenated (each fold's model differs, so
        a pooled threshold sweep is a summary, not one model's curve)."""
        return (np.concatenate([f.scores for f in self.folds]), np.concatenate([f.actual for f in self.folds]),
                np.concatenate([f.candidate for f in self.folds]))

    def to_dict(self) -> dict[str, Any]:
        def reach(p, y, c) -> dict[str, float | None]:
            at_recall, at_precision = operating_points(p, y, c)
            return {"precision_at_recall": at_recall, "recall_at_precision": at_precision, "level": TARGET_LEVEL}

        return {"scheme": self.scheme,
                "folds": [{"name": f.name, "pairs": f.pairs, "threshold": f.threshold,
                           **{m: f.metrics[m].scores(with_intervals=True) for m in METHODS},
                           "learned_reach": reach(f.scores, f.actual, f.candidate)} for f in self.folds],
                "pooled": {**{m: self.pooled(m).scores(with_intervals=True) for m in METHODS},
                           "learned_reach": reach(*self.pooled_scores())}}


def _fold_metrics(data: LabelledCandidates, rows: list[int], p_all: np.ndarray, threshold: float,
                  config) -> dict[str, BinaryMetrics]:
    """Scores of every method on labelled rows ``rows`` given learned probabilities of all candidates."""
    y = data.y
    actual = [bool(y[i]) for i in rows]
    rule_keep = np.array([c.verdict.keep for c in data.cands], dtype=bool)
    learned_keep = p_all >= threshold

    def picked(keep: np.ndarray) -> list[bool]:
        return [data.row_of[i] is not None and bool(keep[data.row_of[i]]) for i in rows]

    def capped(cands: list) -> list[bool]:
        keys = kept_keys(cands, config)
        return [data.row_of[i] is not None and cands[data.row_of[i]].pair_key in keys for i in rows]

    learned = learned_verdicts(data.cands, p_all, threshold, data.selector)
    learned_kept = np.array([c.verdict.keep for c in learned], dtype=bool)
    ranked = learned_verdicts(data.cands, p_all, threshold, data.selector, decide=False)
    return {
        "rules": BinaryMetrics.from_predictions(picked(rule_keep), actual),
        "rules+caps": BinaryMetrics.from_predictions(capped(data.cands), actual),
        "learned": BinaryMetrics.from_predictions(picked(learned_keep & learned_kept), actual),
        "learned+caps": BinaryMetrics.from_predictions(capped(learned), actual),
        "rules ranked by learned+caps": BinaryMetrics.from_predictions(capped(ranked), actual),
    }


def _train(data: LabelledCandidates, rows: list[int], c: float):
    rows = [i for i in rows if data.row_of[i] is not None]
    x = data.x[[data.row_of[i] for i in rows]]
    y = data.y[rows]
    if len(set(y.tolist())) < 2:
        from tooldial.errors import ConfigError

        raise ConfigError(f"fitting needs valid and invalid labelled pairs among the candidates; {len(rows)} "
                          f"candidate pairs of one label only", field="--labels")
    return fit_model(x, y, c=c)


def _groups_threshold(data: LabelledCandidates, rows: list[int], group_of: dict[int, str], c: float) -> float:
    """Threshold from an inner leave-one-group-out over ``rows`` (pooled out-of-fold probabilities)."""
    groups = sorted({group_of[i] for i in rows})
    ps, ys = [], []
    for g in groups:
        train = [i for i in rows if group_of[i] != g]
        test = [i for i in rows if group_of[i] == g and data.row_of[i] is not None]
        if not test or len({bool(data.y[i]) for i in train if data.row_of[i] is not None}) < 2:
            continue  # nothing to score, or nothing to fit on
        params = _train(data, train, c)
        ps.append(predict(params, data.x[[data.row_of[i] for i in test]]))
        ys.append(data.y[test])
    if not ps:
        return 0.5
    # labelled pairs that are no candidate are invalid predictions whatever the threshold: they do not move it
    return best_threshold(np.concatenate(ps), np.concatenate(ys))


def cross_validate(data: LabelledCandidates, group_of: dict[int, str], config, *, scheme: str,
                   c: float = DEFAULT_C, inner_group_of: dict[int, str] | None = None) -> CrossValidation:
    """Each group of labelled rows (a set, or a fold of source tools) scored by a model fitted on the others, with
    a threshold chosen by an inner cross-validation on those others only (nothing of the scored group is read)."""
    inner = inner_group_of or group_of
    folds = []
    for g in sorted(set(group_of.values())):
        test = [i for i in range(len(data.labels)) if group_of[i] == g]
        train = [i for i in range(len(data.labels)) if group_of[i] != g]
        threshold = _groups_threshold(data, train, inner, c)
        params = _train(data, train, c)
        p_all = predict(params, data.x)
        candidate = np.array([data.row_of[i] is not None for i in test], dtype=bool)
        scores = np.array([p_all[data.row_of[i]] if data.row_of[i] is not None else 0.0 for i in test])
        folds.append(FoldScores(g, len(test), threshold, _fold_metrics(data, test, p_all, threshold, config),
                                scores, data.y[test], candidate))
    return CrossValidation(scheme, folds)


def fit_edge_model(data: LabelledCandidates, set_of: dict[int, str], *, embedding_model: str, c: float = DEFAULT_C,
                   fitted: dict[str, Any] | None = None) -> EdgeModel:
    """The model fitted on every labelled row, with the threshold chosen leave-one-set-out."""
    rows = list(range(len(data.labels)))
    threshold = _groups_threshold(data, rows, set_of, c)
    mean, scale, coef, intercept = _train(data, rows, c)
    return EdgeModel(version=MODEL_VERSION, features=FEATURE_NAMES, mean=tuple(mean.tolist()),
                     scale=tuple(scale.tolist()), coef=tuple(coef.tolist()), intercept=intercept,
                     threshold=threshold, embedding_model=embedding_model, fitted=fitted or {})
