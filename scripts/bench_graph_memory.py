"""Peak memory of ``tooldial graph build`` on one OpenAPI tool of N similar operations (issue 32's size fault).

Writes the spec (``tests/big_openapi.py``) into a temporary folder, runs ``tooldial graph build`` on it under
``/usr/bin/time -v`` and prints operations, wall seconds, peak RSS and the build's summary line. Target: the
10,000-operation spec finishes under 4 GB (or stops early naming the bound).

    nice -n 10 python scripts/bench_graph_memory.py 1000 10000
    nice -n 10 python scripts/bench_graph_memory.py 10000 --extra --max-same-tool-candidates 0   # unbounded
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from big_openapi import write_similar_operations_spec  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", type=int, help="operations per spec")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per build before it is killed")
    parser.add_argument("--extra", nargs=argparse.REMAINDER, default=[], help="more `graph build` arguments")
    args = parser.parse_args()
    if not Path("/usr/bin/time").exists():
        parser.error("needs /usr/bin/time (apt-get install time)")
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    with tempfile.TemporaryDirectory(prefix="tooldial-bench-mem-") as tmp:
        for n in args.sizes:
            spec = write_similar_operations_spec(Path(tmp), n)
            cmd = ["/usr/bin/time", "-v", "timeout", str(args.timeout), sys.executable, "-m", "tooldial", "graph",
                   "build", "--corpus", str(spec), "--out", str(Path(tmp) / f"graph-{n}.json"), "--no-progress",
                   *args.extra]
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
            text = proc.stdout + proc.stderr
            rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
            wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text)
            summary = next((line for line in proc.stdout.splitlines() if "edges" in line), "")
            error = next((line for line in proc.stderr.splitlines() if line.startswith("tooldial: ")), "")
            exit_status = re.search(r"Exit status: (\d+)", text)
            print(f"{n} operations: exit {exit_status.group(1) if exit_status else '?'}, wall {wall.group(1) if wall else '?'}, "
                  f"peak RSS {int(rss.group(1)) / 1024**2:.2f} GB" if rss else f"{n} operations: no measurement",
                  flush=True)
            print(f"  {summary[:200] or error[:300]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
