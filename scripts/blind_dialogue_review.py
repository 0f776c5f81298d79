"""Blind realism review of two versions of the same dialogues (e.g. the template path and ``--llm-roles``).

``pack`` writes one markdown packet per reviewer and a key. The scenarios are split into groups of equal size. With
the default ``--design crossed`` and 4 reviewers, reviewer 1 reads group A's first version and group B's second,
reviewer 2 group B's first and group A's second, and so on: every (scenario, version) is read exactly once, and no
reviewer reads both versions of a scenario. With ``--design paired`` each reviewer reads *both* versions of their own
group, shuffled among the rest: a version's effect is then read by one reader, so two readers' strictness no longer
adds to it (session 15: on byte-identical dialogues two readers disagreed on a problem class in up to 18 of 58).
One file given as both versions with the crossed design gives two readers per dialogue; with ``paired`` it would give
each reader their dialogues twice, and is refused. ``--changed`` reads a change to the template path: only the
dialogues of the same scenario (sequence, source, target) whose bytes differ between the versions; since each attempt
has its own seed (session 50), the others are the same bytes, and a dialogue whose draw moved is another scenario, so
both are left out and counted. ``--n`` reads a random subset of what is left.
Packets show what a reader of the dialogue sees (the APIs' documentation, every message, every call and
result) under a blind id, shuffled, with nothing of who wrote what. ``score`` joins the labels (TSV:
``blind_id problems final_ok notes``) with the key and prints, per version, the dialogues with at least one problem
(Wilson 95% interval), the count per kind, ``final_ok``, the paired counts per kind and, for the pairs one reader
read both of, an exact two-sided sign test on the pairs where the versions differ.

    python scripts/blind_dialogue_review.py pack --a template.jsonl --b model.jsonl --corpus tb.jsonl \\
        --reviewers 4 --seed 1 --out review/ [--design paired]
    python scripts/blind_dialogue_review.py pack --a before.jsonl --b after.jsonl --corpus tb.jsonl --changed \\
        --n 40 --design paired --reviewers 2 --seed 2 --out review/
    python scripts/blind_dialogue_review.py score --key review/key.json --labels review/labels_*.tsv
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path

from tooldial.corpus import load_corpus
from tooldial.graph.labels import wilson

KINDS = ("filler", "entity", "date", "value", "answer", "utterance")
LIMIT = 3000


def _clip(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= LIMIT else text[:LIMIT] + " … [cut]"


def _records(path: str) -> dict[str, dict]:
    return {r["dialogue_id"]: r for r in map(json.loads, Path(path).read_text(encoding="utf-8").splitlines()) if r}


def render(record: dict, corpus, blind_id: str) -> str:
    """The dialogue as its reader sees it."""
    lines = [f"## Dialogue {blind_id}", "", "APIs:"]
    for api_id in dict.fromkeys(a for a in (record.get("source"), record.get("target")) if a):
        api = corpus.get(api_id)
        params = ", ".join(f"{p.name} ({' '.join(p.description.split())[:120]})" if p.description else p.name
                           for p in api.required_parameters) or "none"
        lines.append(f"- {api.name} ({api.tool}, {api.category}): {' '.join(api.description.split())[:400]} "
                     f"Required inputs: {params}.")
    lines.append("")
    for turn in record["dialogue"]:
        speaker, body = next(iter(turn.items()))
        if speaker == "User":
            lines.append(f"**User:** {body['message']}")
            continue
        if body.get("action") == "call" and body.get("api_request"):
            lines.append(f"*call:* `{_clip(body['api_request'])}`")
            lines.append(f"*result:* `{_clip(body.get('api_response', {}).get('result'))}`")
        if body.get("message"):
            lines.append(f"**Assistant:** {body['message']}")
    return "\n".join(lines) + "\n"


def pack(args: argparse.Namespace) -> int:
    a, b = _records(args.a), _records(args.b)
    ids = sorted(set(a) & set(b))
    if len(ids) < len(a) or len(ids) < len(b):
        print(f"note: {len(set(a) ^ set(b))} dialogues are in only one file and are left out", file=sys.stderr)
    if args.design == "paired" and all(a[d] == b[d] for d in ids):
        sys.exit("--a and --b hold the same dialogues: with --design paired each reviewer would read each of theirs "
                 "twice (one reader per dialogue); use --design crossed for two readers per dialogue")
    if args.design == "crossed" and args.reviewers % 2:
        sys.exit("--reviewers must be even with --design crossed (reviewers read their groups in pairs)")
    rng = random.Random(args.seed)
    if args.changed:
        ids, same, moved = changed_ids(a, b, ids)
        print(f"--changed: {len(ids)} dialogues changed, {same} the same bytes, {moved} another scenario (left out)",
              file=sys.stderr)
        if not ids:
            sys.exit("--changed: no dialogue of the same scenario differs between --a and --b")
    rng.shuffle(ids)
    if args.n is not None:
        ids = ids[:args.n]
    groups = [ids[g::args.reviewers] for g in range(args.reviewers)]
    corpus = load_corpus(args.corpus)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    key = {}
    for r in range(args.reviewers):
        # crossed: group r's version a and the partner group's version b; paired: both versions of group r
        partner = r if args.design == "paired" else r + 1 if r % 2 == 0 else r - 1
        items = [(d, "a") for d in groups[r]] + [(d, "b") for d in groups[partner]]
        rng.shuffle(items)
        parts = []
        for dialogue_id, version in items:
            blind = hashlib.sha256(f"{args.seed}|{dialogue_id}|{version}".encode()).hexdigest()[:8]
            key[blind] = {"dialogue_id": dialogue_id, "version": version, "reviewer": r + 1,
                          "file": args.a if version == "a" else args.b}
            parts.append(render((a if version == "a" else b)[dialogue_id], corpus, blind))
        (out / f"packet_{r + 1}.md").write_text("\n".join(parts), encoding="utf-8")
    (out / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")
    print(f"{len(ids)} scenarios x 2 versions -> {args.reviewers} packets of {2 * len(ids) // args.reviewers} "
          f"({args.design}) in {out}")
    return 0


def changed_ids(a: dict[str, dict], b: dict[str, dict], ids: list[str]) -> tuple[list[str], int, int]:
    """The ids whose dialogues differ between the versions but are of the same scenario (sequence, source,
    target), how many are the same bytes, and how many are another scenario (the draw moved)."""
    def scenario(r: dict) -> tuple:
        return r.get("sequence_id"), r.get("source"), r.get("target")

    same = sum(1 for d in ids if a[d] == b[d])
    moved = sum(1 for d in ids if a[d] != b[d] and scenario(a[d]) != scenario(b[d]))
    return [d for d in ids if a[d] != b[d] and scenario(a[d]) == scenario(b[d])], same, moved


def sign_test(only_a: int, only_b: int) -> float:
    """Exact two-sided sign test (McNemar's exact test) on the discordant pairs: the chance of a split at least
    this uneven if neither version has more problems."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def score(args: argparse.Namespace) -> int:
    key = json.loads(Path(args.key).read_text(encoding="utf-8"))
    rows = []
    for path in args.labels:
        with open(path, encoding="utf-8") as f:
            rows += [r for r in csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")]
    seen: dict[tuple[str, str], tuple[set[str], bool]] = {}
    readers: dict[tuple[str, str], int] = {}
    for r in rows:
        k = key.get(r["blind_id"].strip())
        if k is None:
            sys.exit(f"{r['blind_id']!r}: not in {args.key}")
        kinds = {p.strip() for p in r["problems"].split(",") if p.strip() and p.strip() != "none"}
        if bad := kinds - set(KINDS):
            sys.exit(f"{r['blind_id']}: unknown kinds {sorted(bad)}")
        seen[(k["dialogue_id"], k["version"])] = (kinds, r["final_ok"].strip().lower() == "yes")
        readers[(k["dialogue_id"], k["version"])] = k["reviewer"]
    missing = len(key) - len(seen)
    print(f"{len(seen)} labelled readings of {len(key)}" + (f" ({missing} missing)" if missing else ""))
    for version in ("a", "b"):
        got = [v for (d, ver), v in seen.items() if ver == version]
        n, bad = len(got), sum(1 for kinds, _ in got if kinds)
        lo, hi = wilson(bad, n)
        per = Counter(k for kinds, _ in got for k in kinds)
        ok = sum(1 for _, f in got if f)
        print(f"version {version}: {bad}/{n} = {bad / max(n, 1):.1%} [{lo:.1%}, {hi:.1%}] with a problem; "
              f"final_ok {ok}/{n}; " + ", ".join(f"{k} {per[k]}" for k in KINDS))
    both = {d for d, v in seen if v == "a"} & {d for d, v in seen if v == "b"}
    same_reader = {d for d in both if readers[d, "a"] == readers[d, "b"]}
    print(f"pairs with both versions read: {len(both)} ({len(same_reader)} by one reader)")
    for kind in ("any", *KINDS):
        def has(d: str, v: str, kind: str = kind) -> bool:
            return bool(seen[d, v][0]) if kind == "any" else kind in seen[d, v][0]
        c = Counter((has(d, "a"), has(d, "b")) for d in both)
        line = (f"  {kind}: both {c[True, True]}, only a {c[True, False]}, only b {c[False, True]}, "
                f"neither {c[False, False]}")
        if same_reader:
            s = Counter((has(d, "a"), has(d, "b")) for d in same_reader)
            line += (f"; one reader: only a {s[True, False]}, only b {s[False, True]}, "
                     f"sign test p = {sign_test(s[True, False], s[False, True]):.3f}")
        print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pack")
    p.add_argument("--a", required=True, help="first version (JSONL records)")
    p.add_argument("--b", required=True, help="second version, same dialogue ids")
    p.add_argument("--corpus", required=True)
    p.add_argument("--reviewers", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--design", choices=("crossed", "paired"), default="crossed",
                   help="crossed: no reviewer reads both versions of a scenario; paired: each reads both of theirs")
    p.add_argument("--changed", action="store_true",
                   help="only dialogues of the same scenario whose bytes differ (a before/after review of a change)")
    p.add_argument("--n", type=int, default=None, help="read a random subset of this many scenarios")
    p.add_argument("--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("--key", required=True)
    s.add_argument("--labels", nargs="+", required=True)
    args = parser.parse_args(argv)
    return pack(args) if args.command == "pack" else score(args)


if __name__ == "__main__":
    sys.exit(main())
