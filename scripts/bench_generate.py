"""Benchmark `tooldial generate` with the template renderer on the embedded corpus.

Reports separately: corpus load, graph build/load, embedding model load + retriever index, intent pools
(scoring every API's candidate utterances; cached on disk after the first run), and the generation rate
(dialogues/s, wall and CPU). Target: >= 200 dialogues/s on 2 cores (11,111 dialogues in under a minute).

    python scripts/bench_generate.py --n 11111 [--graph graph.json] [--seed 1] [--cache-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="builtin")
    parser.add_argument("--graph", type=Path, default=None, help="graph.json (default: build with the default config)")
    parser.add_argument("--n", type=int, default=11111)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache-dir", default=None, help="embedding cache (default $TOOLDIAL_CACHE)")
    parser.add_argument("--out", type=Path, default=None, help="write the dialogues here (default: a temp file)")
    args = parser.parse_args()

    from tooldial.cache import default_cache_dir
    from tooldial.corpus import load_corpus
    from tooldial.dialogue.generate import (
        GenerateConfig,
        GenerationReport,
        ScenarioFactory,
        generate_dialogues,
    )
    from tooldial.dialogue.io import write_dialogues
    from tooldial.dialogue.retriever import Retriever
    from tooldial.embedding import Embedder

    cache = Path(args.cache_dir) if args.cache_dir else default_cache_dir()
    t0 = time.perf_counter()
    corpus = load_corpus(args.corpus)
    t1 = time.perf_counter()
    if args.graph:
        from tooldial.graph import load_graph

        graph = load_graph(args.graph)
    else:
        from tooldial.graph import GraphConfig, build_graph

        graph = build_graph(corpus, GraphConfig())
    t2 = time.perf_counter()
    embedder = Embedder(cache_dir=cache)
    _ = embedder.model  # load the model now, so it is timed on its own
    t3 = time.perf_counter()
    retriever = Retriever(corpus, embedder)
    t4 = time.perf_counter()
    ScenarioFactory(corpus, retriever).prepare(a.id for a in corpus.apis)  # fills the disk cache
    t5 = time.perf_counter()
    report = GenerationReport()
    out = args.out or Path(tempfile.mkdtemp()) / "dialogues.jsonl"
    c0 = time.process_time()
    g0 = time.perf_counter()
    count = write_dialogues(generate_dialogues(corpus, graph, GenerateConfig(n=args.n, seed=args.seed),
                                               embedder=embedder, report=report), out)
    wall = time.perf_counter() - g0
    cpu = time.process_time() - c0
    print(f"cpus available          {len(os.sched_getaffinity(0))} (load average {os.getloadavg()[0]:.1f})")
    print(f"corpus load             {t1 - t0:.2f} s ({len(corpus)} APIs)")
    print(f"graph {'load' if args.graph else 'build'}             {t2 - t1:.2f} s ({graph.number_of_edges()} edges)")
    print(f"embedding model load    {t3 - t2:.2f} s")
    print(f"retriever index         {t4 - t3:.2f} s")
    print(f"intent pools (cache)    {t5 - t4:.2f} s")
    print(f"generate + write        {wall:.2f} s wall, {cpu:.2f} s CPU for {count} dialogues "
          f"(includes rebuilding the in-memory pools from the cache)")
    print(f"rate                    {count / wall:.0f} dialogues/s wall, {count / cpu:.0f} dialogues/s per CPU-second")
    print(f"sequences covered       {len(report.produced)}/23; skipped draws {sum(report.failures.values())}")
    print(f"output                  {out} ({out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
