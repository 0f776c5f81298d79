"""A reproducible random subset of ToolBench tools, for benchmarks and realism checks.

Reads the compact ToolBench file (one tool per line) and writes ``--n`` tools drawn with ``--seed`` to
``--out`` (ToolBench-format JSONL that ``--corpus`` reads). The data is reference data: write the subset
outside the repository (``/tmp``), never into it.

    python scripts/sample_toolbench.py --n 400 --seed 0 --out /tmp/tb400.jsonl
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
from pathlib import Path

DEFAULT_SOURCE = Path("/work/shared/data/toolbench/tools.jsonl.gz")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="tools.jsonl[.gz] (one tool per line)")
    parser.add_argument("--n", type=int, default=400, help="tools to draw (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True, help="output JSONL (keep it outside the repository)")
    args = parser.parse_args()
    if args.n < 1:
        parser.error("--n must be >= 1")
    if not args.source.is_file():
        parser.error(f"{args.source}: no such file")
    opener = gzip.open if args.source.suffix == ".gz" else open
    with opener(args.source, "rt", encoding="utf-8") as fh:
        lines = [line for line in fh if line.strip()]
    picked = sorted(random.Random(args.seed).sample(range(len(lines)), min(args.n, len(lines))))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as out:
        for i in picked:
            out.write(lines[i] if lines[i].endswith("\n") else lines[i] + "\n")
    print(f"{len(picked)} of {len(lines)} tools -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
