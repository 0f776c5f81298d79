"""Benchmark the API graph builder on the real ToolBench corpus (issue 3 targets).

Cold build (empty embedding cache) then, with ``--warm``, a rebuild with other thresholds from the cached
embeddings. Prints: unique texts embedded, embedding seconds (model only), similarity+LCS seconds (the
validity rules and caps are in graph assembly), total seconds, peak RSS, edges, edges per API, cross-tool
share, and total / embedding-only.

    nice -n 10 python scripts/bench_graph.py                      # all ≈47k endpoints
    python scripts/bench_graph.py --sample 2000 --warm            # quick run
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from tooldial.corpus import Corpus, load_corpus
from tooldial.graph import GraphConfig, Thresholds
from tooldial.graph.build import GraphBuilder
from tooldial.graph.io import save_graph

DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "toolbench" / "tools.jsonl.gz"


def peak_rss_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2  # KiB on Linux


def sample_corpus(corpus: Corpus, n_apis: int, seed: int) -> Corpus:
    """Whole tools drawn at random until ``n_apis`` endpoints are in."""
    tools = list(corpus.tools)
    random.Random(seed).shuffle(tools)
    picked, count = [], 0
    for tool in tools:
        if count >= n_apis:
            break
        picked.append(tool)
        count += len(tool.apis)
    return Corpus(spec=f"{corpus.spec}[sample {n_apis}, seed {seed}]", tools=picked)


def run(builder: GraphBuilder, corpus: Corpus, load_seconds: float, out: Path | None, label: str) -> None:
    began = time.perf_counter()
    graph = builder.build(corpus)
    if out is not None:
        save_graph(graph, out)
    total = load_seconds + time.perf_counter() - began
    r = builder.report
    model = r.seconds.get("model", 0.0)
    if label == "build":
        label = ("cold build" if r.encoded_texts == r.unique_texts
                 else "warm build (all cached)" if r.encoded_texts == 0 else "build (partly cached)")
    print(f"--- {label}: {builder.config.effective_thresholds} (lcs,kw,desc), block {builder.config.block_size}")
    print(f"APIs                      {r.apis}")
    print(f"entities (out / in)       {r.outputs} / {r.inputs}  (after filters {r.outputs_filtered} / {r.inputs_filtered})")
    print(f"unique texts              {r.unique_texts}")
    print(f"unique texts embedded     {r.encoded_texts}")
    print(f"corpus load s             {load_seconds:.1f}")
    print(f"entity text s             {r.seconds.get('entities', 0):.1f}")
    print(f"embedding s (model only)  {model:.1f}")
    print(f"embedding stage s         {r.seconds.get('embedding', 0):.1f}  (cache reads + model)")
    print(f"similarity+LCS s          {r.seconds.get('similarity', 0):.1f}  ({r.lcs_computed} LCS computed)")
    print(f"graph assembly s          {r.seconds.get('graph', 0):.1f}")
    print(f"total s                   {total:.1f}")
    print(f"peak RSS GB               {peak_rss_gb():.2f}")
    print(f"nodes / edges             {r.nodes} / {r.edges}")
    cross = sum(1 for _, _, d in graph.edges(data=True) if d.get("cross_tool"))
    print(f"edges per API             {r.edges / max(r.apis, 1):.3f}  (cross-tool {cross / max(r.edges, 1):.1%})")
    if r.learned:
        print(f"learned ({r.learned['scorer']})        kept {r.learned['kept']} before caps; rules kept "
              f"{r.learned['rules_kept']} (+{r.learned['kept_not_rules']} / -{r.learned['rules_not_kept']})")
    if r.rejected:
        print(f"rule rejections           {sum(r.rejected.values())} of {r.candidates} Eq. 1 candidates")
    if model > 0:
        print(f"total / embedding-only    {total / model:.3f}")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    p.add_argument("--sample", type=int, default=None, help="endpoints to sample (whole tools)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--cache-dir", default=None, help="embedding cache (default: a fresh temporary dir)")
    p.add_argument("--keep-cache", action="store_true", help="do not delete the temporary cache")
    p.add_argument("--thresholds", default=None, help="LCS,KW,DESC for the cold build (default: calibrated)")
    p.add_argument("--warm", action="store_true", help="then rebuild from the cache with --warm-thresholds")
    p.add_argument("--warm-thresholds", default="0.8,0.45,0.55")
    p.add_argument("--block-size", type=int, default=1024)
    p.add_argument("--embedding-model", default="all-MiniLM-L6-v2")
    p.add_argument("--out", type=Path, default=None, help="also write the graph (node-link JSON)")
    p.add_argument("--validity", choices=("rules", "learned", "rules-ranked"), default="rules",
                   help="who keeps candidates (graph build --validity); learned modes also embed API and tool texts")
    p.add_argument("--max-cross-tool-edges", type=int, default=None, metavar="K",
                   help="cross-tool API pairs per API (default: the config's)")
    p.add_argument("--progress", action="store_true")
    args = p.parse_args(argv)

    began = time.perf_counter()
    corpus = load_corpus(args.corpus)
    if args.sample:
        corpus = sample_corpus(corpus, args.sample, args.seed)
    load_seconds = time.perf_counter() - began

    tmp = None
    cache = Path(args.cache_dir) if args.cache_dir else Path(tmp := tempfile.mkdtemp(prefix="bench-graph-"))
    try:
        config = GraphConfig(embedding_model=args.embedding_model, cache_dir=cache, block_size=args.block_size,
                             thresholds=Thresholds.parse(args.thresholds) if args.thresholds else None,
                             progress=args.progress, validity=args.validity,
                             **({"max_cross_tool_edges_per_api": args.max_cross_tool_edges}
                                if args.max_cross_tool_edges is not None else {}))
        builder = GraphBuilder(config)
        run(builder, corpus, load_seconds, args.out, "build")
        if args.warm:
            began = time.perf_counter()
            corpus = load_corpus(args.corpus)
            if args.sample:
                corpus = sample_corpus(corpus, args.sample, args.seed)
            load_seconds = time.perf_counter() - began
            config = config.model_copy(update={"thresholds": Thresholds.parse(args.warm_thresholds)})
            # a new builder and embedder: only the disk cache carries over, as in a fresh process
            run(GraphBuilder(config), corpus, load_seconds, None, "warm rebuild")
    finally:
        if tmp and not args.keep_cache:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
