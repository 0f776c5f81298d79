"""Grid-search the three Eq. 1 thresholds on a labelled file (``tooldial graph calibrate``).

The published thresholds (0.83, 0.5, 0.77) were tuned for all-mpnet-base-v2 on GPT-written entity text;
cosines of another model live on another scale (all-MiniLM-L6-v2 scores paraphrases lower), so each
(embedding model, entity text) pair needs its own thresholds. Calibration:

1. prepares entities and embeddings exactly as a build does (cached embeddings are reused, so a second
   calibration or a build afterwards encodes nothing);
2. runs the blocked Eq. 1 search once with the loosest thresholds of the grid, which yields every pair that
   could be an edge anywhere on the grid, with its three similarities;
3. scores every grid point against the labels: over the labelled pairs, or *closed world* (the file lists
   every valid chain of the corpus, every other pair is invalid);
4. picks the point with the best MCC (or F1); among points within ``tolerance`` (0.005) of the best score,
   the strictest one.

The default thresholds of the packaged model (all-MiniLM-L6-v2, offline entity text) come from
``tooldial graph calibrate`` with no arguments (embedded corpus, its chain file, closed world, MCC)::

    best thresholds LCS,KW,DESC = 0.95,0.4,0.425
      precision 0.986  recall 0.977  F1 0.982  MCC 0.981  (tp 931, fp 13, tn 217992, fn 22)

(227 APIs, 953 valid chains; the best grid point, 0.925,0.35,0.325, has MCC 0.986.) On the same corpus the
paper's 0.83,0.5,0.77 reach recall 0.632 at precision 0.992. See
:data:`tooldial.graph.config.MINILM_OFFLINE_THRESHOLDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np

from tooldial.corpus.models import Corpus
from tooldial.graph.build import GraphBuilder
from tooldial.graph.config import GraphConfig, Thresholds
from tooldial.graph.labels import BinaryMetrics, LabelledPair, PairKey, pair_key
from tooldial.graph.learned import LabelledCandidates


def _grid(low: float, high: float, step: float) -> np.ndarray:
    return np.round(np.arange(low, high + step / 2, step), 4)


@dataclass
class Grid:
    lcs: np.ndarray = field(default_factory=lambda: _grid(0.5, 0.95, 0.025))
    kw: np.ndarray = field(default_factory=lambda: _grid(0.2, 0.8, 0.05))
    desc: np.ndarray = field(default_factory=lambda: _grid(0.3, 0.95, 0.025))

    @property
    def loosest(self) -> Thresholds:
        eps = 1e-6
        return Thresholds(lcs=max(float(self.lcs.min()) - eps, 0.0), kw=float(self.kw.min()) - eps,
                          desc=float(self.desc.min()) - eps)


@dataclass
class GridPoint:
    thresholds: Thresholds
    metrics: BinaryMetrics

    def score(self, objective: str) -> float:
        value = self.metrics.mcc if objective == "mcc" else self.metrics.f1
        return -1.0 if value is None else value


@dataclass
class CalibrationResult:
    objective: str
    closed_world: bool
    points: list[GridPoint]
    best: GridPoint
    #: Precision/recall as the description threshold varies, at the best LCS and keyword thresholds.
    curve: list[GridPoint]
    candidates: int
    positives: int
    unreachable_positives: int

    def format(self) -> str:
        b = self.best
        lines = [
            f"objective {self.objective} ({'closed world' if self.closed_world else 'labelled pairs'}); "
            f"{len(self.points)} grid points; {self.candidates} candidate pairs at the loosest point; "
            f"{self.positives} valid pairs, {self.unreachable_positives} out of reach of the whole grid",
            f"best thresholds LCS,KW,DESC = {b.thresholds}",
            f"  {b.metrics.format()}",
            "precision/recall vs description threshold (best LCS and KW):",
            "   desc   precision  recall   F1     MCC",
        ]
        for p in self.curve:
            m = p.metrics

            def f(x: float | None) -> str:
                return "  n/a " if x is None else f"{x:6.3f}"

            lines.append(f"  {p.thresholds.desc:5.3f}   {f(m.precision)}   {f(m.recall)}  {f(m.f1)} {f(m.mcc)}")
        return "\n".join(lines)


def _confusion(pred: np.ndarray, actual: np.ndarray, extra_fn: int, universe: int | None) -> BinaryMetrics:
    tp = int(np.count_nonzero(pred & actual))
    fp = int(np.count_nonzero(pred & ~actual))
    fn = int(np.count_nonzero(~pred & actual)) + extra_fn
    tn = (universe - tp - fp - fn) if universe is not None else int(np.count_nonzero(~pred & ~actual))
    return BinaryMetrics(tp=tp, fp=fp, tn=tn, fn=fn)


def calibrate(corpus: Corpus, labels: list[LabelledPair], config: GraphConfig | None = None, *,
              builder: GraphBuilder | None = None, grid: Grid | None = None,
              objective: Literal["mcc", "f1"] = "mcc", closed_world: bool = True,
              tolerance: float = 0.005) -> CalibrationResult:
    """Score every grid point of thresholds against ``labels`` (see the module docstring)."""
    builder = builder or GraphBuilder(config or GraphConfig())
    grid = grid or Grid()
    prepared = builder.prepare(corpus)
    cands = builder.find_edges(prepared, grid.loosest)
    keys: list[PairKey] = [
        pair_key(prepared.outputs[s].api_id, prepared.outputs[s].key, prepared.inputs[d].api_id,
                 prepared.inputs[d].key)
        for s, d in zip(cands.src.tolist(), cands.dst.tolist(), strict=True)
    ]
    label_of = {p.key: p.valid for p in labels}
    valid = {k for k, v in label_of.items() if v}
    if closed_world:
        actual = np.array([k in valid for k in keys], dtype=bool)
        keep = np.ones(len(keys), dtype=bool)
        n_out, n_in = len(prepared.outputs), len(prepared.inputs)
        same_api = _same_api_pairs(prepared.out_index.api, prepared.in_index.api)
        universe: int | None = n_out * n_in - same_api
        positives = len(valid)
    else:
        keep = np.array([k in label_of for k in keys], dtype=bool)
        actual = np.array([label_of.get(k, False) for k in keys], dtype=bool)
        universe = None
        positives = len(valid)
    found_pos = int(np.count_nonzero(actual & keep))
    unreachable = positives - found_pos
    desc, kw, lcs, actual = cands.desc_sim[keep], cands.kw_sim[keep], cands.lcs_sim[keep], actual[keep]
    extra_tn = 0 if closed_world else sum(1 for k, v in label_of.items() if not v) - int(np.count_nonzero(~actual))

    points: list[GridPoint] = []
    for tl in grid.lcs:
        for tk in grid.kw:
            base = (lcs > tl) & (kw > tk)
            for td in grid.desc:
                pred = base & (desc > td)
                m = _confusion(pred, actual, unreachable, universe)
                if not closed_world:
                    m.tn += extra_tn
                points.append(GridPoint(Thresholds(lcs=float(tl), kw=float(tk), desc=float(td)), m))
    # The score surface is flat near its top; of the points within ``tolerance`` of the best score take the
    # strictest (largest threshold sum): a real corpus has far more near-miss negatives than a labelled one.
    top = max(p.score(objective) for p in points)
    best = max((p for p in points if p.score(objective) >= top - tolerance),
               key=lambda p: (p.thresholds.lcs + p.thresholds.kw + p.thresholds.desc, p.score(objective)))
    curve = [p for p in points if p.thresholds.lcs == best.thresholds.lcs and p.thresholds.kw == best.thresholds.kw]
    return CalibrationResult(objective, closed_world, points, best, curve, len(keys), positives, unreachable)


def _same_api_pairs(out_api: np.ndarray, in_api: np.ndarray) -> int:
    a, ca = np.unique(out_api, return_counts=True)
    b, cb = np.unique(in_api, return_counts=True)
    common, ia, ib = np.intersect1d(a, b, return_indices=True)
    return int((ca[ia] * cb[ib]).sum())


def plot_calibration(result: CalibrationResult, path: str | Path, title: str = "") -> Path:
    """Precision/recall of every grid point, the curve along the description threshold, and the best point."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(6, 5), dpi=120)
    pts = [(p.metrics.recall, p.metrics.precision) for p in result.points
           if p.metrics.recall is not None and p.metrics.precision is not None]
    if pts:
        r, pr = zip(*pts, strict=True)
        ax.scatter(r, pr, s=4, c="0.75", label="grid points")
    curve = [(p.metrics.recall, p.metrics.precision, p.thresholds.desc) for p in result.curve
             if p.metrics.recall is not None and p.metrics.precision is not None]
    if curve:
        r, pr, _ = zip(*curve, strict=True)
        ax.plot(r, pr, "-o", ms=3, color="tab:blue",
                label=f"desc threshold varies (lcs {result.best.thresholds.lcs:g}, kw {result.best.thresholds.kw:g})")
    b = result.best
    if b.metrics.recall is not None and b.metrics.precision is not None:
        ax.scatter([b.metrics.recall], [b.metrics.precision], marker="*", s=200, c="tab:red", zorder=5,
                   label=f"best {result.objective.upper()} {b.score(result.objective):.3f} at {b.thresholds}")
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    ax.set_xlim(0, 1.02)
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Eq. 1 threshold calibration")
    ax.legend(loc="lower left", fontsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


# --------------------------------------------------------------------------------------------- rule calibration

#: The rule thresholds searched by :func:`calibrate_rules`, with their grids.
RULE_GRID: dict[str, tuple[float, ...]] = {
    "lcs": (0.8, 0.85, 0.9, 0.95),
    "kw": (0.3, 0.35, 0.4, 0.45, 0.5),
    "desc": (0.3, 0.35, 0.4, 0.45),
    "cross_tool_lcs": (0.9, 0.95),
    "cross_tool_desc": (0.35, 0.425, 0.5, 0.6),
    "standard_kw": (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7),
    "generic_desc": (0.5, 0.6, 0.7, 0.8, 0.9),
    "generic_kw": (0.5, 0.6, 0.7, 0.8),
    "value_kw": (0.4, 0.5, 0.55, 0.6, 0.7, 0.8),
    "same_tool_kw": (-1.0, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75),
}


@dataclass
class RuleCalibration:
    """The thresholds :func:`calibrate_rules` picked, with their metrics on the labelled pairs."""

    thresholds: Thresholds
    rules: dict[str, float]
    metrics: BinaryMetrics
    start: BinaryMetrics
    reachable: int
    labelled: int
    rounds: int

    def format(self) -> str:
        rules = ", ".join(f"{k} {v:g}" for k, v in self.rules.items())
        return (f"{self.labelled} labelled pairs, {self.reachable} reachable as candidates at the loosest grid point\n"
                f"start (defaults): {self.start.format()}\n"
                f"picked after {self.rounds} rounds: Eq. 1 generator LCS,KW,DESC = {self.thresholds}; {rules}\n"
                f"  {self.metrics.format()}")


class RuleScorer:
    """Labelled pairs decided for any point of the rule grid, from one Eq. 1 search at the loosest point.

    Each labelled pair is decided, for a point, by Eq. 1 at that point's thresholds and
    :func:`~tooldial.graph.validity.judge_edge` with its rule thresholds (the density caps are left out: they rank
    whole graphs, not labelled pairs). ``score(point, rows)`` scores a subset of the pairs (row indices), so a
    cross-validation re-uses one candidate search for every fold."""

    def __init__(self, corpus: Corpus, labels: list[LabelledPair], config: GraphConfig, builder: GraphBuilder,
                 grid: dict[str, tuple[float, ...]]) -> None:
        from tooldial.graph.select import EdgeSelector, candidates_from_arrays

        self.config, self.labels = config, labels
        prepared = builder.prepare(corpus)
        loosest = Thresholds(lcs=min(grid["lcs"]) - 1e-6, kw=min(grid["kw"]) - 1e-6, desc=min(grid["desc"]) - 1e-6)
        cands = candidates_from_arrays(prepared.outputs, prepared.inputs, builder.find_edges(prepared, loosest))
        by_key = {pair_key(c.output.api_id, c.output.key, c.input.api_id, c.input.key): c for c in cands}
        for c in cands:  # labels may name a nested field's parameter instead of its path
            by_key.setdefault(pair_key(c.output.api_id, c.output.key, c.input.api_id, c.input.param), c)
        self.pairs = [(by_key.get(p.key), p.valid) for p in labels]
        self.selector = EdgeSelector(corpus, prepared.outputs, prepared.inputs)

    def start(self, grid: dict[str, tuple[float, ...]]) -> dict[str, float]:
        """The config's current values of the searched thresholds."""
        t0 = self.config.effective_thresholds
        return {"lcs": t0.lcs, "kw": t0.kw, "desc": t0.desc,
                **{k: float(v) for k, v in self.config.rules.model_dump().items() if k in grid}}

    def score(self, values: dict[str, float], rows: list[int] | None = None) -> BinaryMetrics:
        from tooldial.graph.validity import RuleConfig

        self.selector.rules = self.config.rules.model_copy(
            update={k: v for k, v in values.items() if k in RuleConfig.model_fields})
        rows = list(range(len(self.pairs))) if rows is None else rows
        predicted, actual = [], []
        for i in rows:
            cand, valid = self.pairs[i]
            ok = cand is not None and (cand.transform or (cand.lcs_sim > values["lcs"] and cand.kw_sim > values["kw"]
                                                          and cand.desc_sim > values["desc"]))
            predicted.append(ok and self.selector.judge(cand).verdict.keep)
            actual.append(valid)
        return BinaryMetrics.from_predictions(predicted, actual)

    def ascend(self, grid: dict[str, tuple[float, ...]], rows: list[int] | None = None,
               max_rounds: int = 4) -> tuple[dict[str, float], BinaryMetrics, BinaryMetrics, int]:
        """Coordinate ascent on MCC over ``rows`` from the config's values: ``(point, metrics, start, rounds)``."""

        def mcc(m: BinaryMetrics) -> float:
            return -1.0 if m.mcc is None else m.mcc

        point = self.start(grid)
        start = best_m = self.score(point, rows)
        rounds = 0
        while rounds < max_rounds:
            rounds += 1
            changed = False
            for name, values in grid.items():
                current = point[name]
                scored = [(mcc(self.score({**point, name: v}, rows)), -abs(v - current), v) for v in values]
                top, _, value = max(scored)
                if top > mcc(best_m) + 1e-9 and value != current:
                    point[name] = value
                    best_m = self.score(point, rows)
                    changed = True
            if not changed:
                break
        return point, best_m, start, rounds


def calibrate_rules(corpus: Corpus, labels: list[LabelledPair], config: GraphConfig | None = None, *,
                    builder: GraphBuilder | None = None, grid: dict[str, tuple[float, ...]] | None = None,
                    max_rounds: int = 4) -> RuleCalibration:
    """Fit the Eq. 1 generator thresholds and the validity rules' thresholds on labelled pairs.

    Coordinate ascent on MCC from the current defaults (:class:`RuleScorer`), one threshold at a time over its
    grid, ties to the value nearest the current one; ``max_rounds`` sweeps at most. Score only pairs of one split
    (``read_labels(split=...)``) to fit on one part and report on the other, or estimate how the fitted values
    transfer with :func:`cross_validate_rules`."""
    config = config or GraphConfig()
    grid = grid or RULE_GRID
    scorer = RuleScorer(corpus, labels, config, builder or GraphBuilder(config), grid)
    point, best_m, start, rounds = scorer.ascend(grid, max_rounds=max_rounds)
    rules = {k: v for k, v in point.items() if k not in ("lcs", "kw", "desc")}
    return RuleCalibration(Thresholds(lcs=point["lcs"], kw=point["kw"], desc=point["desc"]), rules, best_m, start,
                           sum(1 for c, _ in scorer.pairs if c is not None), len(scorer.pairs), rounds)


def source_tool(pair: LabelledPair) -> str:
    """The grouping key of :func:`cross_validate_rules`: the source API's tool (``Category|tool``)."""
    return pair.source_api.rsplit("|", 1)[0]


@dataclass
class RuleCrossValidation:
    """Out-of-fold scores of :func:`cross_validate_rules`, pooled over the folds."""

    folds: int
    groups: int
    #: Each fold scored with the thresholds fitted on the other folds.
    fitted: BinaryMetrics
    #: Each fold scored at the config's thresholds (nothing fitted): the same pairs, for comparison.
    defaults: BinaryMetrics
    #: The thresholds each fold's fit picked (only those that moved from the defaults).
    picks: list[dict[str, float]]
    #: Per fold: its name (the label set with ``by_set``), fitted-thresholds and defaults metrics on it.
    per_fold: list[tuple[str, BinaryMetrics, BinaryMetrics]] = field(default_factory=list)
    by_set: bool = False

    def format(self) -> str:
        scheme = (f"leave-one-set-out cross-validation ({self.folds} sets)" if self.by_set else
                  f"grouped {self.folds}-fold cross-validation by source tool ({self.groups} tools)")
        lines = [f"{scheme}; out-of-fold, pooled over the folds:",
                 f"  fitted on the other folds: {self.fitted.format(with_intervals=True)}",
                 f"  defaults (nothing fitted): {self.defaults.format(with_intervals=True)}"]
        for i, pick in enumerate(self.picks):
            moved = ", ".join(f"{k} {v:g}" for k, v in pick.items()) or "no change"
            name = self.per_fold[i][0] if i < len(self.per_fold) else f"fold {i + 1}"
            lines.append(f"  {name} picked: {moved}")
        for name, fitted, default in self.per_fold:
            lines.append(f"  {name}: fitted {fitted.format()}")
            lines.append(f"  {' ' * len(name)}  defaults {default.format()}")
        return "\n".join(lines)


def cross_validate_rules(corpus: Corpus, labels: list[LabelledPair], config: GraphConfig | None = None, *,
                         folds: int = 5, seed: int = 0, builder: GraphBuilder | None = None,
                         grid: dict[str, tuple[float, ...]] | None = None,
                         max_rounds: int = 4, by_set: bool = False) -> RuleCrossValidation:
    """How well thresholds fitted by :func:`calibrate_rules` transfer to tools they were not fitted on.

    The labelled pairs are grouped by source tool (pairs of one tool share its documentation conventions, so a
    random split of pairs would leak them) and the tools dealt into ``folds`` folds (sorted, shuffled with
    ``seed``: same inputs, same folds). Each fold is scored with thresholds fitted on the other folds; the
    out-of-fold confusion counts are pooled. The defaults are scored on the same folds for comparison. Rules
    written by hand after reading errors are not re-fitted per fold, so this measures the thresholds only.
    ``by_set``: each labelling round (``set``: v1, v2, ...) is a fold instead (leave one set out)."""
    import random

    from tooldial.errors import ConfigError

    config = config or GraphConfig()
    grid = grid or RULE_GRID
    if by_set:  # each labelling round is a fold: fit on the other rounds, score this one
        sets = sorted({p.label_set for p in labels})
        if len(sets) < 2 or "" in sets:
            raise ConfigError(f"leave-one-set-out needs labels of two sets at least (their 'set'), got {sets}",
                              field="--cv-sets")
        key, names, groups = (lambda p: p.label_set), sets, sets
        fold_of = {g: i for i, g in enumerate(sets)}
    else:
        groups = sorted({source_tool(p) for p in labels})
        if folds < 2 or folds > len(groups):
            raise ConfigError(f"needs 2 to {len(groups)} folds (one source tool at least per fold), got {folds}",
                              field="--cv")
        random.Random(seed).shuffle(groups)
        fold_of = {g: i % folds for i, g in enumerate(groups)}
        key, names = source_tool, [f"fold {k + 1}" for k in range(folds)]
    scorer = RuleScorer(corpus, labels, config, builder or GraphBuilder(config), grid)
    start = scorer.start(grid)
    fitted, defaults, picks, per_fold = BinaryMetrics(), BinaryMetrics(), [], []
    for k, name in enumerate(names):
        test = [i for i, p in enumerate(labels) if fold_of[key(p)] == k]
        train = [i for i, p in enumerate(labels) if fold_of[key(p)] != k]
        point, _, _, _ = scorer.ascend(grid, train, max_rounds=max_rounds)
        picks.append({n: v for n, v in point.items() if v != start[n]})
        on_fold, on_defaults = scorer.score(point, test), scorer.score(start, test)
        per_fold.append((name, on_fold, on_defaults))
        for total, m in ((fitted, on_fold), (defaults, on_defaults)):
            total.tp, total.fp, total.tn, total.fn = total.tp + m.tp, total.fp + m.fp, total.tn + m.tn, total.fn + m.fn
    return RuleCrossValidation(len(names), len(groups), fitted, defaults, picks, per_fold, by_set)


# --------------------------------------------------------------------------------------------- learned validity

def labelled_candidates(corpus, labels: list[LabelledPair], config=None, *, builder=None,
                        features: tuple[str, ...] | None = None, proposers: tuple[str, ...] = ()
                        ) -> LabelledCandidates:
    """The candidates :func:`tooldial.graph.build.assemble_graph` would judge, with features (``features``: column
    names of :data:`~tooldial.graph.edge_features.ALL_FEATURE_NAMES`; default the ToolBench model's) and label rows."""
    from tooldial.graph.build import candidate_pool

    config = config or GraphConfig()
    builder = builder or GraphBuilder(config)
    prepared = builder.prepare(corpus)
    edges = builder.find_edges(prepared, proposers=proposers)
    cands, selector = candidate_pool(corpus, prepared.outputs, prepared.inputs, edges, config)
    context = builder.feature_context(corpus, prepared)
    x = context.rows(cands, features) if features is not None else context.rows(cands)
    index: dict = {}
    for i, c in enumerate(cands):
        index.setdefault(pair_key(c.output.api_id, c.output.key, c.input.api_id, c.input.key), i)
    for i, c in enumerate(cands):  # labels may name a nested field's parameter instead of its path
        index.setdefault(pair_key(c.output.api_id, c.output.key, c.input.api_id, c.input.param), i)
    return LabelledCandidates(cands, x, labels, [index.get(p.key) for p in labels], selector)


def source_tool_folds(labels: list[LabelledPair], folds: int, seed: int = 0) -> dict[int, str]:
    """Rows dealt into ``folds`` folds by source tool (sorted tools, shuffled with ``seed``)."""
    import random

    tools = sorted({source_tool(p) for p in labels})
    random.Random(seed).shuffle(tools)
    fold = {t: i % folds for i, t in enumerate(tools)}
    return {i: f"tool fold {fold[source_tool(p)] + 1}" for i, p in enumerate(labels)}
