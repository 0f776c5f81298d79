"""A reproducible random subset of ToolBench tools, for benchmarks and realism checks.

Reads the compact ToolBench file (one tool per line) and writes ``--n`` tools drawn with ``--seed`` to
``--out`` (ToolBench-format JSONL that ``--corpus`` reads). The data is reference data: write the subset
outside the repository (``/tmp``), never into it.

    python scripts/sample_toolbench.py --n 400 --seed 0 --out /tmp/tb400.jsonl

With ``--tools-with-apis LO-HI`` and/or ``--documented K`` the draw is over the tools that have LO..HI APIs of
which at least K document a response (a ``schema`` or ``example_response`` that is not empty, null or the
string ``null``): that list, in file order, is shuffled with ``random.Random(seed)`` and its first ``--n``
tools are written, in the shuffled order.
``--split-dir`` also writes each drawn tool to its own ``<NN>_<tool>.json`` (one system per file). The
held-out set of issue 27b was drawn with

    python scripts/sample_toolbench.py --tools-with-apis 6-20 --documented 3 --seed 92741 --n 8 \\
        --out /work/ref/E/tools.jsonl --split-dir /work/ref/E/tools
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from pathlib import Path

DEFAULT_SOURCE = Path("/work/shared/data/toolbench/tools.jsonl.gz")


EMPTY = (None, "", {}, [])


def present(value) -> bool:
    """A documented value that says something: not null, empty, or the strings ``null`` / ``{}`` / ``[]``."""
    if isinstance(value, str):
        text = value.strip()
        try:
            value = json.loads(text)
        except ValueError:
            return bool(text)
    return value not in EMPTY


def documented(api: dict) -> bool:
    """True when the API documents its response: a non-empty ``schema`` or ``example_response``.

    The compact file stores a missing example as the string ``"null"`` (21,872 APIs) and a missing schema as
    ``{}``; both count as absent.
    """
    return present(api.get("schema")) or present(api.get("example_response"))


def eligible(tool: dict, lo: int, hi: int, min_documented: int) -> bool:
    apis = tool.get("api_list") or []
    return lo <= len(apis) <= hi and sum(documented(a) for a in apis) >= min_documented


def file_name(i: int, tool: dict) -> str:
    return f"{i:02d}_{re.sub(r'[^A-Za-z0-9]+', '_', str(tool.get('tool_name', 'tool'))).strip('_')}.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="tools.jsonl[.gz] (one tool per line)")
    parser.add_argument("--n", type=int, default=400, help="tools to draw (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tools-with-apis", default=None, metavar="LO-HI",
                        help="draw only tools with LO..HI APIs (shuffle-and-take-first draw)")
    parser.add_argument("--documented", type=int, default=None, metavar="K",
                        help="draw only tools with at least K APIs documenting a response")
    parser.add_argument("--out", type=Path, required=True, help="output JSONL (keep it outside the repository)")
    parser.add_argument("--split-dir", type=Path, default=None,
                        help="also write each drawn tool to its own .json here (outside the repository)")
    args = parser.parse_args()
    if args.n < 1:
        parser.error("--n must be >= 1")
    if not args.source.is_file():
        parser.error(f"{args.source}: no such file")
    opener = gzip.open if args.source.suffix == ".gz" else open
    with opener(args.source, "rt", encoding="utf-8") as fh:
        lines = [line for line in fh if line.strip()]
    if args.tools_with_apis is None and args.documented is None:
        picked = sorted(random.Random(args.seed).sample(range(len(lines)), min(args.n, len(lines))))
    else:
        lo, hi = 0, 10**9
        if args.tools_with_apis is not None:
            m = re.fullmatch(r"(\d+)-(\d+)", args.tools_with_apis)
            if not m:
                parser.error("--tools-with-apis: expected LO-HI, e.g. 6-20")
            lo, hi = int(m.group(1)), int(m.group(2))
        k = args.documented or 0
        pool = [i for i, line in enumerate(lines) if eligible(json.loads(line), lo, hi, k)]
        random.Random(args.seed).shuffle(pool)
        picked = pool[:args.n]
        print(f"{len(pool)} tools with {lo}-{hi} APIs, >= {k} documented", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as out:
        for i in picked:
            out.write(lines[i] if lines[i].endswith("\n") else lines[i] + "\n")
    if args.split_dir is not None:
        args.split_dir.mkdir(parents=True, exist_ok=True)
        for n, i in enumerate(picked, 1):
            tool = json.loads(lines[i])
            (args.split_dir / file_name(n, tool)).write_text(json.dumps(tool, indent=1, ensure_ascii=False) + "\n",
                                                            encoding="utf-8")
    print(f"{len(picked)} of {len(lines)} tools -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
