"""Audit what a user asks for each API: the goal clause an intent utterance is built from, read by people.

``draw`` writes, for ``--n`` APIs drawn with ``--seed`` from ``--corpus``, the API's name, the start of its
description and the request the template path puts in the user's mouth (``Could you <goal>?``, from
:func:`~tooldial.dialogue.intents.goal_clause`), one JSON object per line. Run it in two checkouts
(``PYTHONPATH=<worktree>``) with the same arguments to compare them.

``pack`` turns two such draws into a blind packet for readers who wrote no rule: each API whose request differs
between the draws (and ``--same K`` whose request does not, as a control) is shown with its documentation and the
two requests as A and B in a shuffled order; ``key.json`` says which is which. ``score`` reads the readers' TSV
(``item``, ``a_ok``, ``b_ok``, ``better``: ``A``/``B``/``equal``) and prints, per version, how many requests a reader
judged a sentence a user could say about this API, with a sign test of the pairs::

    python scripts/audit_intents.py draw --corpus tools.jsonl.gz --n 400 --seed 3137 --out after.jsonl
    python scripts/audit_intents.py pack --a before.jsonl --b after.jsonl --seed 3137 --out review/
    python scripts/audit_intents.py score --key review/key.json --labels review/labels_1.tsv

The corpus is reference data: only the drawn APIs' names and the first 300 characters of their descriptions are
written, into the ``--out`` given (keep it outside the repository).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
from pathlib import Path
from typing import Any

from tooldial.corpus import load_corpus
from tooldial.dialogue.intents import goal_clause


def draw(corpus: str, n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` APIs drawn with ``seed`` (in id order before the draw, so two checkouts draw the same APIs)."""
    apis = sorted((a for t in load_corpus(corpus).tools for a in t.apis), key=lambda a: a.id)
    picked = random.Random(seed).sample(apis, min(n, len(apis)))
    return [{"api_id": a.id, "tool": a.tool, "name": a.name, "description": (a.description or "")[:300],
             "request": f"Could you {goal_clause(a)}?"} for a in picked]


def pack(a: list[dict[str, Any]], b: list[dict[str, Any]], *, seed: int, same: int) -> tuple[str, dict[str, Any]]:
    """A markdown packet of the APIs whose requests differ (plus ``same`` unchanged controls) and its key."""
    by_id = {row["api_id"]: row for row in b}
    changed = [(row, by_id[row["api_id"]]) for row in a if row["api_id"] in by_id
               and row["request"] != by_id[row["api_id"]]["request"]]
    unchanged = [(row, by_id[row["api_id"]]) for row in a if row["api_id"] in by_id
                 and row["request"] == by_id[row["api_id"]]["request"]]
    rng = random.Random(seed)
    items = changed + rng.sample(unchanged, min(same, len(unchanged)))
    rng.shuffle(items)
    lines = ["# Requests a user would make", "",
             "Each item shows an API's documentation and two requests, A and B, that a user might open a chat with.",
             "For each, judge: is it a sentence a real user could say to ask for what this API does (grammatical,",
             "not a copied fragment of documentation, not about something else)? Then which is better, or equal.", ""]
    key: dict[str, Any] = {}
    for number, (before, after) in enumerate(items, 1):
        flip = rng.random() < 0.5
        first, second = (after, before) if flip else (before, after)
        item = f"i{number:03d}"
        key[item] = {"api_id": before["api_id"], "A": "after" if flip else "before",
                     "changed": before["request"] != after["request"]}
        lines += [f"## {item}", f"- tool: {before['tool']}", f"- API name: {before['name']}",
                  f"- description: {before['description'].replace(chr(10), ' ') or '(none)'}",
                  f"- A: {first['request']}", f"- B: {second['request']}", ""]
    return "\n".join(lines), key


def _sign_test(wins: int, losses: int) -> float:
    """Two-sided exact sign test."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(0, min(wins, losses) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def score(key: dict[str, Any], labels: list[dict[str, str]]) -> dict[str, Any]:
    """Per version, the requests judged sayable (changed items and all), and the preferences of the changed."""
    ok = {"before": 0, "after": 0}
    ok_changed = {"before": 0, "after": 0}
    better = {"before": 0, "after": 0, "equal": 0}
    items = changed = 0
    for row in labels:
        entry = key.get(row["item"])
        if entry is None:
            raise SystemExit(f"labels: item {row['item']!r} is not in the key")
        items += 1
        versions = {"A": entry["A"], "B": "after" if entry["A"] == "before" else "before"}
        for side in ("A", "B"):
            if row[f"{side.lower()}_ok"].strip().lower() in ("yes", "y", "1", "true"):
                ok[versions[side]] += 1
                ok_changed[versions[side]] += entry["changed"]
        if entry["changed"]:
            changed += 1
            pick = row["better"].strip()
            better[versions.get(pick, "equal")] += 1
    return {"items": items, "changed": changed, "sayable": ok, "sayable_changed": ok_changed,
            "better": better, "sign_test_p": float(f"{_sign_test(better['after'], better['before']):.3g}")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="the request of each drawn API, as JSONL")
    d.add_argument("--corpus", required=True)
    d.add_argument("--n", type=int, default=400)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("pack", help="a blind A/B packet of the requests two draws differ on")
    p.add_argument("--a", type=Path, required=True, help="the draw of the old checkout")
    p.add_argument("--b", type=Path, required=True, help="the draw of the new checkout")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--same", type=int, default=10, help="unchanged requests mixed in as a control")
    p.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score", help="the readers' labels against the key")
    s.add_argument("--key", type=Path, required=True)
    s.add_argument("--labels", type=Path, required=True)
    args = ap.parse_args(argv)
    if args.command == "draw":
        rows = draw(args.corpus, args.n, args.seed)
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"{len(rows)} requests -> {args.out}")
    elif args.command == "pack":
        read = [[json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
                for path in (args.a, args.b)]
        text, key = pack(*read, seed=args.seed, same=args.same)
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "packet.md").write_text(text, encoding="utf-8")
        (args.out / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")
        print(f"{len(key)} items ({sum(e['changed'] for e in key.values())} changed) -> {args.out}")
    else:
        key = json.loads(args.key.read_text(encoding="utf-8"))
        with args.labels.open(encoding="utf-8") as f:
            labels = list(csv.DictReader(f, delimiter="\t"))
        print(json.dumps(score(key, labels), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
