"""Benchmark: load a corpus and compute its statistics; prints wall times and counts.

    python scripts/bench_corpus.py [SPEC ...]   # default: ../shared/data/toolbench/tools.jsonl.gz

The issue's target: the real 47,069-endpoint ToolBench corpus loads in under 60 s on 2 cores.
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

from tooldial.corpus import load_corpus
from tooldial.corpus.stats import compute_stats

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "toolbench" / "tools.jsonl.gz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=[str(DEFAULT)])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for spec in args.specs:
        for _ in range(args.repeat):
            start = time.perf_counter()
            corpus = load_corpus(spec)
            loaded = time.perf_counter() - start
            stats = compute_stats(corpus)
            total = time.perf_counter() - start
            print(f"{spec}: load {loaded:.2f} s, load+stats {total:.2f} s; {stats.tools} tools, {stats.apis} APIs, "
                  f"{stats.output_components} output components, {stats.skipped} skipped")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
