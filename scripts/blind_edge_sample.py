"""Draw random edges of an API graph for a blind precision check, and score the labels once they come back.

``draw`` writes one line per edge with what a labeller needs (both APIs' documentation, the source output and the
target input) and nothing of why the graph kept it (no kind, reason, confidence or similarity). ``score`` joins the
labels (``{"id": ..., "valid": true|false}`` per line) with the edges and prints precision with a Wilson 95%
interval, overall and within / across tools.

    python scripts/blind_edge_sample.py draw --graph tb400.json --corpus tb400.jsonl --n 150 --seed 27 --out edges.jsonl
    python scripts/blind_edge_sample.py score --edges edges.jsonl --labels labels.jsonl
    python scripts/blind_edge_sample.py draw ... --implied-only --exclude edges.jsonl --id-prefix i   # implied only
    python scripts/blind_edge_sample.py draw --graph after.json --not-in before.json ...   # only what a change added
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tooldial.corpus import load_corpus
from tooldial.corpus.models import Api
from tooldial.graph import load_graph
from tooldial.graph.labels import wilson

TEXT_LIMIT = 600


def _clip(text: object, limit: int = TEXT_LIMIT) -> str:
    text = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + " ..."


def api_doc(api: Api) -> dict:
    """What a reader of the API's documentation sees."""
    return {"id": api.id, "category": api.category, "tool": api.tool, "tool_description": _clip(api.tool_description),
            "api": api.name, "description": _clip(api.description),
            "required_parameters": [{"name": p.name, "type": p.type, "description": _clip(p.description, 300),
                                     "example": p.default if p.default not in (None, "") else p.example}
                                    for p in api.required_parameters],
            "optional_parameters": [p.name for p in api.optional_parameters],
            "outputs": [{"path": o.key, "type": o.type, "description": _clip(o.description, 200),
                         "example": _clip(o.example, 120) if o.example is not None else None}
                        for o in api.output_components[:40]],
            "example_response": _clip(api.example_response, 800) if api.example_response is not None else None}


def draw(args: argparse.Namespace) -> int:
    corpus = load_corpus(args.corpus)
    graph = load_graph(args.graph)
    edges = sorted((u, v, d["source_output"], d.get("target_path") or d["target_input"])
                   for u, v, d in graph.edges(data=True))
    if args.implied_only:  # edges from an id the source's name implies (tooldial.corpus.implied_outputs)
        edges = [e for e in edges if (c := corpus.get(e[0]).output(e[2])) is not None and c.implied]
    if args.exclude:  # edges an earlier draw already holds
        drawn = {(r["source"]["id"], r["target"]["id"], r["edge"]["source_output"], r["edge"]["target_input"])
                 for r in map(json.loads, Path(args.exclude).read_text(encoding="utf-8").splitlines()) if r}
        edges = [e for e in edges if e not in drawn]
    if args.not_in:  # only what a change added: edges the other graph lacks
        other = load_graph(args.not_in)
        known = {(u, v, d["source_output"], d.get("target_path") or d["target_input"])
                 for u, v, d in other.edges(data=True)}
        edges = [e for e in edges if e not in known]
    picked = random.Random(args.seed).sample(edges, min(args.n, len(edges)))
    rows = []
    for i, (u, v, out, inp) in enumerate(picked, start=1):
        src, tgt = corpus.get(u), corpus.get(v)
        comp = src.output(out)
        param = tgt.parameter(inp.split(".", 1)[0].removesuffix("[]"))
        rows.append({"id": f"{args.id_prefix}{i:03d}", "source": api_doc(src), "target": api_doc(tgt),
                     "edge": {"source_output": out,
                              "source_output_description": comp.description if comp else "",
                              "target_input": inp,
                              "target_input_description": param.description if param else ""}})
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} of {len(edges)} edges -> {args.out} (seed {args.seed})")
    return 0


def _rate(ok: int, n: int) -> str:
    lo, hi = wilson(ok, n)
    return f"{ok}/{n} = {ok / n:.3f} [{lo:.3f}, {hi:.3f}]" if n else "0/0"


def score(args: argparse.Namespace) -> int:
    edges = {r["id"]: r for r in map(json.loads, Path(args.edges).read_text(encoding="utf-8").splitlines()) if r}
    labels = {}
    for n, line in enumerate(Path(args.labels).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("id") not in edges or not isinstance(row.get("valid"), bool):
            print(f"{args.labels}: line {n}: no such edge id or no boolean 'valid'", file=sys.stderr)
            continue
        labels[row["id"]] = row["valid"]
    groups: dict[str, list[bool]] = {"all": [], "within a tool": [], "across tools": []}
    for eid, valid in labels.items():
        e = edges[eid]
        same = e["source"]["id"].rsplit("|", 1)[0] == e["target"]["id"].rsplit("|", 1)[0]
        groups["all"].append(valid)
        groups["within a tool" if same else "across tools"].append(valid)
    print(f"labelled {len(labels)} of {len(edges)} edges")
    for name, vals in groups.items():
        print(f"  precision {name:14s} {_rate(sum(vals), len(vals))}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("draw")
    d.add_argument("--graph", required=True)
    d.add_argument("--corpus", required=True)
    d.add_argument("--n", type=int, default=150)
    d.add_argument("--seed", type=int, default=27)
    d.add_argument("--out", required=True)
    d.add_argument("--implied-only", action="store_true", help="draw only edges from implied outputs")
    d.add_argument("--exclude", metavar="EDGES", help="leave out the edges of an earlier draw")
    d.add_argument("--not-in", metavar="GRAPH", help="draw only edges that GRAPH lacks (what a change added)")
    d.add_argument("--id-prefix", default="e", help="prefix of the edge ids (default e)")
    s = sub.add_parser("score")
    s.add_argument("--edges", required=True)
    s.add_argument("--labels", required=True)
    args = ap.parse_args(argv)
    return draw(args) if args.cmd == "draw" else score(args)


if __name__ == "__main__":
    sys.exit(main())
