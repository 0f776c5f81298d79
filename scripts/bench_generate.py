"""Benchmark `tooldial generate` (template renderer) on one or more corpora, cold and warm.

For each ``--corpus SPEC[=GRAPH]`` (graph.json optional; built with the default config otherwise):

- **cold**: an empty cache (a temporary directory): the embedding model is loaded, every API document, every
  intent candidate and every personal proposal is embedded and scored while generating;
- **warm**: a second run on the cache the cold run filled (what a rerun of the same corpus and seed costs);
- **new seed** (``--new-seed S``): a third run on that cache with another seed. Intent candidates and their hits
  are keyed by content and read back, but each dialogue's personal first utterance (its own user's name, job,
  companion) is a new text: it is embedded and scored now.

Reported per run: the 1-minute load average before and after (the machine is shared), corpus load, graph, model
load, retriever index, generation (wall and CPU), texts the model embedded and the rate.
Targets (issue 11): >= 200 dialogues/s warm on the embedded corpus, >= 50/s warm on a 400-tool ToolBench subset
(``python scripts/sample_toolbench.py --n 400 --seed 13 --out /tmp/tb400.jsonl``, then ``tooldial graph build
--corpus /tmp/tb400.jsonl --out /tmp/tb400_graph.json``; never seeds 100-199, they are held out).

    python scripts/bench_generate.py --corpus /tmp/tb400.jsonl=/tmp/tb400_graph.json --corpus builtin \\
        --n 300 --n 2000 --seed 43 --new-seed 47 [--warm-only --cache-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def _run(spec: str, graph_path: Path | None, n: int, seed: int, cache: Path, label: str) -> None:
    load_before = os.getloadavg()[0]
    from tooldial.corpus import load_corpus
    from tooldial.dialogue.generate import GenerateConfig, GenerationReport, generate_dialogues
    from tooldial.dialogue.io import write_dialogues
    from tooldial.dialogue.retriever import Retriever
    from tooldial.embedding import Embedder

    t0 = time.perf_counter()
    corpus = load_corpus(spec)
    t1 = time.perf_counter()
    if graph_path is not None:
        from tooldial.graph import load_graph

        graph = load_graph(graph_path)
    else:
        from tooldial.graph import GraphConfig, build_graph

        graph = build_graph(corpus, GraphConfig())
    t2 = time.perf_counter()
    embedder = Embedder(cache_dir=cache, batch_size=GenerateConfig(n=1).embedding_batch_size)  # as generate's own
    _ = embedder.model  # load the model now, so it is timed on its own
    t3 = time.perf_counter()
    Retriever(corpus, embedder)  # the document matrix (cached for the generation's own retriever)
    t4 = time.perf_counter()
    report = GenerationReport()
    out = Path(tempfile.mkdtemp()) / "dialogues.jsonl"
    c0, g0 = time.process_time(), time.perf_counter()
    e0, m0 = embedder.encoded_count, embedder.encode_seconds
    count = write_dialogues(generate_dialogues(corpus, graph, GenerateConfig(n=n, seed=seed),
                                               embedder=embedder, report=report), out)
    wall, cpu = time.perf_counter() - g0, time.process_time() - c0
    embedder.close()
    print(f"[{spec} {label}, --seed {seed}] load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"  corpus load           {t1 - t0:.2f} s ({len(corpus)} APIs)")
    print(f"  graph {'load ' if graph_path else 'build'}           {t2 - t1:.2f} s ({graph.number_of_edges()} edges)")
    print(f"  embedding model load  {t3 - t2:.2f} s")
    print(f"  retriever index       {t4 - t3:.2f} s")
    print(f"  generate + write      {wall:.2f} s wall, {cpu:.2f} s CPU for {count} dialogues "
          f"({embedder.encoded_count - e0} texts embedded now, {embedder.encode_seconds - m0:.1f} s in the model)")
    print(f"  rate                  {count / wall:.0f} dialogues/s wall, {count / max(cpu, 1e-9):.0f} per CPU-second")
    print(f"  sequences covered     {len(report.produced)}/23; skipped draws {sum(report.failures.values())}",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", action="append", default=None,
                        help="SPEC or SPEC=GRAPH.json (repeatable; default: builtin)")
    parser.add_argument("--n", type=int, action="append", default=None,
                        help="dialogues per corpus (repeatable, one per --corpus; default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--new-seed", type=int, default=None,
                        help="after the warm run, one more on the same cache with this seed (personal texts are new)")
    parser.add_argument("--warm-only", action="store_true", help="skip the cold run (use --cache-dir's cache)")
    parser.add_argument("--cache-dir", default=None, help="warm runs' cache (default $TOOLDIAL_CACHE)")
    args = parser.parse_args()

    from tooldial.cache import default_cache_dir

    corpora = args.corpus or ["builtin"]
    sizes = args.n or [2000]
    if len(sizes) == 1:
        sizes = sizes * len(corpora)
    if len(sizes) != len(corpora):
        parser.error("give one --n per --corpus (or a single --n for all)")
    print(f"cpus available {len(os.sched_getaffinity(0))} (load average {os.getloadavg()[0]:.1f})", flush=True)
    for item, n in zip(corpora, sizes, strict=True):
        spec, _, graph = item.partition("=")
        graph_path = Path(graph) if graph else None
        if args.warm_only:
            cache = Path(args.cache_dir) if args.cache_dir else default_cache_dir()
            _run(spec, graph_path, n, args.seed, cache, "warm")
            if args.new_seed is not None:
                _run(spec, graph_path, n, args.new_seed, cache, "new seed")
            continue
        with tempfile.TemporaryDirectory(prefix="tooldial-bench-") as cold_cache:
            _run(spec, graph_path, n, args.seed, Path(cold_cache), "cold")
            _run(spec, graph_path, n, args.seed, Path(cold_cache), "warm")
            if args.new_seed is not None:
                _run(spec, graph_path, n, args.new_seed, Path(cold_cache), "new seed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
