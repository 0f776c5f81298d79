"""Recall and closed-world precision of the default API graph on single-system API sets (issue 27).

Each set is one system's documentation (a tau-bench function list, an OpenAPI spec, one ToolBench tool) with a
file of its natural chains written by hand. The graph is built at the defaults (plus any ``--flag`` given) and
scored per set:

- recall: labelled chains found as edges (matched on the target's parameter or its field path);
- closed-world precision: edges that are labelled chains, over all edges. The labels list the chains a person
  wrote down, so an unlabelled edge counts as wrong here even when it is valid: ``--show`` prints them to read;
- judged precision: (labelled chains + extra edges judged valid) over all edges. A set may have a second file of
  judged extra edges (``valid`` true / false, with a ``reason``: ``<labels>_judged.jsonl`` beside the labels file,
  rows of other sets ignored); an extra edge nobody judged counts as invalid (``unjudged`` says how many).
  ``--write-unjudged FILE`` appends the unjudged extras as rows with ``"valid": null`` for a person to fill in.

    python scripts/realtools_recall.py                       # the realtools sets and the held-out ones
    python scripts/realtools_recall.py --only bookstore --show
    python scripts/realtools_recall.py --single-provider     # any rule flag of `graph build`

Sets: ``name=corpus spec=labels file``; the defaults read ``../shared/data/realtools`` (``--shared``) and
``tests/data/graph``. The held-out sets (``tests/data/graph/heldout27``) had their labels written before any graph
was built on them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def default_sets(shared: Path) -> list[tuple[str, str, str, bool]]:
    """(name, corpus spec, labels, held out)."""
    real = shared / "data" / "realtools"
    tests = ROOT / "tests" / "data" / "graph"
    chains = str(tests / "realtools_chains.jsonl")
    held = tests / "heldout27"
    return [
        ("retail", str(real / "taubench_retail_tools.json"), chains, False),
        ("airline", str(real / "taubench_airline_tools.json"), chains, False),
        ("petstore", str(real / "openapi" / "swagger_petstore3.yaml"), chains, False),
        ("museum", str(real / "openapi" / "redocly_museum.yaml"), chains, False),
        ("links", str(real / "openapi" / "oai_link_example.yaml"), chains, False),
        ("bookstore", str(held / "bookstore.yaml"), str(held / "bookstore_chains.jsonl"), True),
        ("clinic", str(held / "clinic_scheduler.json"), str(held / "clinic_chains.jsonl"), True),
    ]


def judged_path(labels_path: str) -> Path:
    """The judged-extras file beside a labels file (``x_chains.jsonl`` → ``x_chains_judged.jsonl``)."""
    p = Path(labels_path)
    return p.with_name(p.stem + "_judged" + p.suffix)


def read_judged(path: Path, name: str) -> dict[tuple[str, str, str, str], bool]:
    """Judged extra edges of set ``name``: key → valid. Rows with ``valid`` null (not judged yet) are skipped."""
    from tooldial.jsonfile import read_text

    judged: dict[tuple[str, str, str, str], bool] = {}
    if not path.is_file():
        return judged
    for n, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("set", name) != name or row.get("valid") is None:
            continue
        if not isinstance(row["valid"], bool):
            raise SystemExit(f"{path}: line {n}: field valid: expected true, false or null")
        judged[(row["source_api"], row["source_output"], row["target_api"], row["target_input"])] = row["valid"]
    return judged


def score_set(name: str, spec: str, labels_path: str, config, embedder, show: bool,
              unjudged_out: Path | None = None) -> dict:
    from tooldial.corpus import load_corpus
    from tooldial.graph import build_graph
    from tooldial.graph.labels import read_labels, wilson

    corpus = load_corpus(spec)
    labels = [p for p in read_labels(labels_path) if p.label_set in ("", name) and p.source_api in corpus]
    graph = build_graph(corpus, config, embedder=embedder)
    wanted = {(p.source_api, "|".join(p.key[1].split("|")), p.target_api, p.target_input) for p in labels}
    judged = read_judged(judged_path(labels_path), name)
    found: set = set()
    hits = judged_valid = judged_invalid = 0
    extras = []
    unjudged = []
    for u, v, d in graph.edges(data=True):
        keys = {(u, d["source_output"], v, d["target_input"]), (u, d["source_output"], v, d.get("target_path", ""))}
        match = keys & wanted
        if match:
            hits += 1
            found |= match
            continue
        verdict = next((judged[k] for k in keys if k in judged), None)
        if verdict is True:
            judged_valid += 1
        elif verdict is False:
            judged_invalid += 1
        else:
            unjudged.append({"set": name, "source_api": u, "source_output": d["source_output"], "target_api": v,
                             "target_input": d.get("target_path") or d["target_input"], "valid": None,
                             "reason": "", "edge_reason": d.get("reason")})
        mark = {True: "valid", False: "INVALID", None: "unjudged"}[verdict]
        extras.append((u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1],
                       d.get("target_path") or d["target_input"], d.get("kind"), d.get("reason"), mark))
    if unjudged_out is not None and unjudged:
        with unjudged_out.open("a", encoding="utf-8") as fh:
            for row in unjudged:
                fh.write(json.dumps(row) + "\n")
    n_edges = graph.number_of_edges()
    rec_lo, rec_hi = wilson(len(found), len(wanted))
    pre_lo, pre_hi = wilson(hits, n_edges)
    row = {"set": name, "chains": len(wanted), "found": len(found),
           "recall": round(len(found) / len(wanted), 3) if wanted else None,
           "recall_95": [round(x, 3) if x is not None else None for x in (rec_lo, rec_hi)],
           "edges": n_edges, "edges_in_chains": hits,
           "precision_closed_world": round(hits / n_edges, 3) if n_edges else None,
           "precision_95": [round(x, 3) if x is not None else None for x in (pre_lo, pre_hi)],
           "judged_valid": judged_valid, "judged_invalid": judged_invalid, "unjudged": len(unjudged),
           "precision_judged": round((hits + judged_valid) / n_edges, 3) if n_edges else None,
           "precision_judged_95": [round(x, 3) if x is not None else None
                                   for x in wilson(hits + judged_valid, n_edges)],
           "providers": graph.graph.get("providers"),
           "rejected": graph.graph.get("rejected")}
    if show:
        row["missed"] = sorted(f"{s.rsplit('|', 1)[-1]} {o} -> {t.rsplit('|', 1)[-1]} {i}" for s, o, t, i in
                               wanted - found)
        row["unlabelled_edges"] = [f"{m:8s} {s} {o} -> {t} {i} [{k}: {r}]" for s, o, t, i, k, r, m in sorted(extras)]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="the shared data folder")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=SPEC=LABELS",
                    help="score this set instead of the defaults (repeatable)")
    ap.add_argument("--only", action="append", default=[], help="score only these default sets")
    ap.add_argument("--single-provider", action="store_true")
    ap.add_argument("--holds-answer", action="store_true")
    ap.add_argument("--cache-dir", default=None, help="embedding cache (default: $TOOLDIAL_CACHE)")
    ap.add_argument("--show", action="store_true", help="print missed chains, unlabelled edges, rejections")
    ap.add_argument("--json", action="store_true", help="one JSON object per set")
    ap.add_argument("--write-unjudged", type=Path, default=None, metavar="FILE",
                    help="append the extra edges nobody judged to FILE (JSONL, valid: null) to be judged")
    args = ap.parse_args(argv)

    from tooldial.embedding import Embedder
    from tooldial.graph import GraphConfig
    from tooldial.graph.validity import RuleConfig

    sets = [(*s.split("=", 2), False) for s in args.set] or default_sets(args.shared)
    if args.only:
        sets = [s for s in sets if s[0] in args.only]
    rules = RuleConfig(single_provider=args.single_provider, holds_answer=args.holds_answer)
    with tempfile.TemporaryDirectory() as tmp:
        cache = args.cache_dir or None
        embedder = Embedder(cache_dir=cache)
        config = GraphConfig(progress=False, rules=rules, cache_dir=cache or Path(tmp))
        total_found = total_chains = 0
        if args.write_unjudged is not None:
            args.write_unjudged.write_text("", encoding="utf-8")
        for name, spec, labels, held in sets:
            row = score_set(name, spec, labels, config, embedder, args.show, args.write_unjudged)
            row["held_out"] = held
            total_found += row["found"]
            total_chains += row["chains"]
            if args.json:
                print(json.dumps(row))
                continue
            print(f"{name:10s}{' (held out)' if held else '':11s} recall {row['found']}/{row['chains']} = "
                  f"{row['recall']} {row['recall_95']}   precision (closed world) {row['edges_in_chains']}/"
                  f"{row['edges']} = {row['precision_closed_world']} {row['precision_95']}   precision (judged: "
                  f"labelled + {row['judged_valid']} judged valid; {row['judged_invalid']} judged invalid, "
                  f"{row['unjudged']} unjudged counted invalid) {row['edges_in_chains'] + row['judged_valid']}/"
                  f"{row['edges']} = {row['precision_judged']} {row['precision_judged_95']}")
            if args.show:
                print(f"    providers {row['providers']}")
                print(f"    rejected  {row['rejected']}")
                for m in row["missed"]:
                    print(f"    missed  {m}")
                for e in row["unlabelled_edges"]:
                    print(f"    extra   {e}")
        embedder.close()
    if not args.json:
        print(f"all sets: {total_found}/{total_chains}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
