"""Benchmark of the main job: ``tooldial build`` end to end on the embedded corpus.

    python scripts/bench_build.py --n 11111            # the paper's size; target < 5 min, peak RSS < 4 GB

Runs corpus → graph → dialogues → validation → dataset directory with a fresh cache (nothing reused from an
earlier run, the packaged embedding model aside) and prints the stage times, the peak RSS of the process
(and of its children, with ``--num-proc``), the Table-2 summary and the size of the dataset directory.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path


def _peak_rss_mb() -> tuple[float, float]:
    scale = 1024 if sys.platform != "darwin" else 1024 * 1024  # ru_maxrss: KiB on Linux, bytes on macOS
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / scale / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / scale / 1024
    return own, children


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=11111)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--corpus", default="builtin")
    parser.add_argument("--num-proc", type=int, default=1)
    parser.add_argument("--split-by", choices=("dialogue", "api"), default="dialogue")
    parser.add_argument("--out", type=Path, help="dataset directory (default: a temporary one, removed)")
    parser.add_argument("--keep-cache", action="store_true", help="reuse $TOOLDIAL_CACHE instead of a fresh one")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from tooldial.cache import default_cache_dir
    from tooldial.dataset.pipeline import BuildOptions, build_dataset
    from tooldial.dataset.splits import SplitConfig

    work = Path(tempfile.mkdtemp(prefix="tooldial-bench-"))
    out = args.out or work / "dataset"
    cache = default_cache_dir() if args.keep_cache else work / "cache"
    options = BuildOptions(corpus=args.corpus, n=args.n, seed=args.seed, num_proc=args.num_proc,
                           split=SplitConfig(by=args.split_by, seed=args.seed), progress=False, cache_dir=cache)
    start = time.perf_counter()
    cpu_start = time.process_time()
    try:
        result = build_dataset(options, out)
        total = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        child = resource.getrusage(resource.RUSAGE_CHILDREN)
        own, children = _peak_rss_mb()
        size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
        stats = result.dataset.stats
        figures = {
            "n": args.n,
            "num_proc": args.num_proc,
            "total_s": round(total, 1),
            # CPU seconds: on a shared machine the wall time says more about the neighbours than about us
            "cpu_s": round(cpu + child.ru_utime + child.ru_stime, 1),
            "load_avg_1m": round(os.getloadavg()[0], 1),
            "stages_s": result.times.seconds,
            "stages_cpu_s": result.times.cpu_seconds,
            "peak_rss_mb": round(own, 1),
            "peak_rss_children_mb": round(children, 1),
            "dialogues": stats.dialogues,
            "turns": stats.turns,
            "turns_per_dialogue": round(stats.turns_per_dialogue, 2),
            "rows": stats.rows,
            "rejected_by_validator": len(result.rejected),
            "dataset_mb": round(size / 1e6, 1),
            "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        }
    finally:
        if not args.out:
            shutil.rmtree(work, ignore_errors=True)
    print(f"tooldial build --n {args.n}: {figures['total_s']:.1f} s wall, {figures['cpu_s']:.1f} s CPU on "
          f"{figures['cpus']} CPUs (load average {figures['load_avg_1m']}) "
          f"(target < 300 s); peak RSS {figures['peak_rss_mb']:.0f} MB (children {figures['peak_rss_children_mb']:.0f} MB; "
          f"target < 4096 MB)")
    print("  stages (wall / CPU): " + ", ".join(
        f"{k} {v:.1f} / {figures['stages_cpu_s'].get(k, 0):.1f} s" for k, v in figures["stages_s"].items()))
    print(f"  dialogues {stats.total_dialogues:,} ({' / '.join(f'{v:,}' for v in stats.dialogues.values())}), "
          f"turns {stats.turns:,} ({stats.turns_per_dialogue:.2f} per dialogue), "
          f"rejected by the validator {len(result.rejected)}, dataset {figures['dataset_mb']} MB")
    for name, per in stats.rows.items():
        print(f"  {name:<18} " + " / ".join(f"{v:,}" for v in per.values()))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
