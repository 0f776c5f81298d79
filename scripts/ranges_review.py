"""Blind A/B review of the ``ranges`` role at the level of one API result: for APIs drawn at random from a corpus
among those whose results hold undocumented numbers, the same result built twice (same seed), once by the rules and
once with the model's ranges, shuffled into A and B.

    python scripts/ranges_review.py pack --corpus tools.jsonl --n 40 --seed 1 --base-url http://127.0.0.1:8088/v1 \\
        --model qwen2.5-coder-1.5b --out DIR
    python scripts/ranges_review.py score --key DIR/key.json --labels DIR/labels_r1.tsv DIR/labels_r2.tsv

``pack`` writes ``packet.md`` (what readers see: the API's line, the numbers to judge, results A and B), ``key.json``
(which side is the model's) and ``ranges.json`` (what the model answered, kept and rejected). Readers label each pair
in a TSV with the columns ``pair``, ``bad_a``, ``bad_b`` (how many of the numbers to judge are implausible for this
API), ``prefer`` (``A``, ``B`` or ``same``) and ``note``. ``score`` prints implausible numbers per result for each
side, and preferences with a two-sided sign test, per reader.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import sys
from pathlib import Path

from tooldial.corpus import load_corpus
from tooldial.dialogue.mockdata.builder import build_result, rangeable_leaves
from tooldial.dialogue.model_parts import ModelParts
from tooldial.dialogue.model_parts.goal import _api_line
from tooldial.llm import LLMClient

PROMPT = """\
Each pair below shows one API's documentation line, the numbers of its result to judge, and the same result twice
(A and B) with different values. For each pair, count the numbers to judge in A and in B that a careful engineer
would call implausible for this API (an impossible value, a wrong scale: 95 wickets for one bowler, a d6 roll of 25,
a property tax rate of 13%, a stock with a market cap of 81 dollars); judge each number by what its name and the API
say, not by the other fields. Then say which result's numbers are more realistic (A, B or same).
Answer as a TSV with the header: pair, bad_a, bad_b, prefer, note (note: a few words on the worst number).
"""


def pack(args: argparse.Namespace) -> None:
    corpus = load_corpus(args.corpus)
    numbers = {a.id: leaves for a in corpus.apis if (leaves := rangeable_leaves(a))}
    eligible = sorted(numbers)
    picked = random.Random(args.seed).sample(eligible, min(args.n, len(eligible)))
    client = LLMClient(args.base_url, args.model, cache_dir=args.cache_dir, max_concurrency=1)
    parts = ModelParts(["ranges"], client, corpus, max_attempts=2, progress=True)
    parts.write_ranges(picked)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed + 1)
    key, lines = [], [PROMPT]
    for i, api_id in enumerate(picked, 1):
        api = corpus.get(api_id)
        ranges = parts.value_ranges.get(api_id, {})
        seed = random.Random(f"review|{api_id}").randrange(2**31)
        rules = build_result(api, random.Random(seed))["response"]
        model = build_result(api.model_copy(update={"value_ranges": tuple(
            (k, *b) for k, b in sorted(ranges.items()))}), random.Random(seed))["response"]
        flip = rng.random() < 0.5
        a, b = (model, rules) if flip else (rules, model)
        pair = f"p{i:02d}"
        key.append({"pair": pair, "api": api_id, "model": "A" if flip else "B", "kept": len(ranges),
                    "asked": len(numbers[api_id]), "same": rules == model})
        names = sorted({k.split("|")[-1] for k in numbers[api_id]})
        lines.append(f"## {pair}\nAPI: {_api_line(corpus, api_id)}\nNumbers to judge: {', '.join(names)}\n")
        for side, result in (("A", a), ("B", b)):
            text = json.dumps(result, ensure_ascii=False)
            lines.append(f"Result {side}: {text[:2500]}{' …' if len(text) > 2500 else ''}\n")
    (out / "packet.md").write_text("\n".join(lines), encoding="utf-8")
    (out / "key.json").write_text(json.dumps(key, indent=1) + "\n", encoding="utf-8")
    (out / "ranges.json").write_text(json.dumps({"ranges": parts.value_ranges, "numbers": dict(parts.numbers),
                                                 "rejected": dict(parts.failures)}, indent=1) + "\n", encoding="utf-8")
    print(f"{len(picked)} pairs ({sum(k['same'] for k in key)} identical: no range kept) -> {out}; "
          f"numbers given a range {parts.numbers['kept']}/{parts.numbers['asked']}", file=sys.stderr)


def _sign_p(wins: int, losses: int) -> float:
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(wins, losses) + 1)) / 2**n
    return min(1.0, 2 * tail)


def score(args: argparse.Namespace) -> None:
    key = {k["pair"]: k for k in json.loads(Path(args.key).read_text(encoding="utf-8"))}
    for path in args.labels:
        with Path(path).open(encoding="utf-8") as f:
            rows = list(csv.DictReader(f, delimiter="\t"))
        bad = {"model": 0, "rules": 0}
        with_bad = {"model": 0, "rules": 0}
        prefer = {"model": 0, "rules": 0, "same": 0}
        for row in rows:
            k = key[row["pair"].strip()]
            side = {"A": "model" if k["model"] == "A" else "rules", "B": "model" if k["model"] == "B" else "rules"}
            for col, s in (("bad_a", "A"), ("bad_b", "B")):
                n = int(row[col])
                bad[side[s]] += n
                with_bad[side[s]] += n > 0
            p = row["prefer"].strip()
            prefer[side.get(p, "same")] += 1
        n = len(rows)
        print(f"{path}: {n} pairs; implausible numbers model {bad['model']} ({bad['model'] / n:.2f}/result), rules "
              f"{bad['rules']} ({bad['rules'] / n:.2f}/result); results with one: model {with_bad['model']}, rules "
              f"{with_bad['rules']}; prefer model {prefer['model']}, rules {prefer['rules']}, same {prefer['same']} "
              f"(sign test p = {_sign_p(prefer['model'], prefer['rules']):.3g})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pack")
    p.add_argument("--corpus", required=True)
    p.add_argument("--n", type=int, default=40)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--base-url", required=True)
    p.add_argument("--model", required=True)
    p.add_argument("--cache-dir", default=None)
    p.add_argument("--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("--key", required=True)
    s.add_argument("--labels", nargs="+", required=True)
    args = parser.parse_args()
    pack(args) if args.command == "pack" else score(args)


if __name__ == "__main__":
    main()
