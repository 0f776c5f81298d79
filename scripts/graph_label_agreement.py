"""Agreement of a second, blind annotator with the dev set's labels (issue 10: what figure is reachable at all).

The second annotator read both endpoints' docs in ToolBench for a random 160 of the v4 pairs
(``Random(4242).shuffle`` of the v4 pairs, first 160), without seeing the first labels, the rules or the graph,
with the same criterion. Treating the first labels as truth, the second annotator's precision and recall are a
ceiling on what any graph can be expected to score against one annotator's labels.

The v1..v4 labels were re-read under the current guide on 2026-11-23 (``valid_before_relabel`` keeps a changed
label): the second annotator is scored against the first labels they were compared with (``original``: the
label before the relabel where there is one) and, separately, against the labels as they stand (``relabelled``).

    python scripts/graph_label_agreement.py
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tooldial.evaluation.metrics import wilson_interval

DEV = Path(__file__).resolve().parents[1] / "tooldial" / "data" / "graph_dev"
KEY = ("source_api", "source_output", "target_api", "target_input")


def confusion(pairs: list[tuple[bool, bool]]) -> dict[str, float]:
    """Cohen's kappa and the second annotator's precision/recall against the first."""
    tp = sum(a and b for a, b in pairs)
    fp = sum(b and not a for a, b in pairs)
    fn = sum(a and not b for a, b in pairs)
    n = len(pairs)
    tn = n - tp - fp - fn
    observed = (tp + tn) / n
    chance = ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / n**2
    return {"n": n, "tp": tp, "fp": fp, "fn": fn, "tn": tn, "agreement": observed,
            "kappa": (observed - chance) / (1 - chance) if chance < 1 else 1.0,
            "precision": tp / (tp + fp) if tp + fp else float("nan"),
            "recall": tp / (tp + fn) if tp + fn else float("nan")}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--labels", type=Path, default=DEV / "pairs.jsonl")
    p.add_argument("--second", type=Path, default=DEV / "agreement_v4.jsonl")
    args = p.parse_args(argv)
    first = {tuple(r[k] for k in KEY): r for r in map(json.loads, args.labels.read_text().splitlines())}
    rows = [json.loads(line) for line in args.second.read_text().splitlines()]
    missing = [r for r in rows if tuple(r[k] for k in KEY) not in first]
    if missing:
        print(f"{args.second}: {len(missing)} pairs not in {args.labels}, e.g. {missing[0]}", file=sys.stderr)
        return 2
    for against, field in (("original", "valid_before_relabel"), ("relabelled", "valid")):
        by_kind = agreement_by_kind(first, rows, field)
        relabelled = sum("valid_before_relabel" in first[tuple(r[k] for k in KEY)] for r in rows)
        what = ("the label before the 2026-11-23 relabel where it changed" if against == "original"
                else "the labels as they stand")
        print(f"against the {against} first labels ({what}; {relabelled} of {len(rows)} pairs relabelled)")
        print("kind        n   agree  kappa  P (2nd vs 1st), 95% CI   R (2nd vs 1st), 95% CI")
        for kind, pairs in by_kind.items():
            c = confusion(pairs)
            p_ci = [round(x, 3) for x in wilson_interval(c["tp"], c["tp"] + c["fp"])]
            r_ci = [round(x, 3) for x in wilson_interval(c["tp"], c["tp"] + c["fn"])]
            print(f"{kind:<10} {c['n']:>4}  {c['agreement']:.3f}  {c['kappa']:.3f}  {c['precision']:.3f} {p_ci}    "
                  f"{c['recall']:.3f} {r_ci}")
    return 0


def agreement_by_kind(first: dict[tuple, dict], rows: list[dict], field: str) -> dict[str, list[tuple[bool, bool]]]:
    """(first, second) label pairs by kind; ``field`` ``valid_before_relabel`` falls back to ``valid`` on lines
    the relabel left alone, so that ``original`` is what the second annotator was compared with."""
    by_kind: dict[str, list[tuple[bool, bool]]] = {"all": []}
    for r in rows:
        line = first[tuple(r[k] for k in KEY)]
        pair = (bool(line.get(field, line["valid"])), bool(r["valid_second"]))
        by_kind["all"].append(pair)
        by_kind.setdefault(r["kind"], []).append(pair)
    return by_kind


if __name__ == "__main__":
    sys.exit(main())
