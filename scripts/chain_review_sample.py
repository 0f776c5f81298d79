"""Print two-API dialogues of a ``dialogues.jsonl`` for a hand review of their chains.

A careful reader labels each chain (would a user procure that value from that API for that goal?). This
script only draws and lays out what to read — the goal, what the user knows, the source call, the pick and the
target call — and writes nothing into the repository.

    python scripts/chain_review_sample.py dialogues.jsonl --sample 60 --seed 1     # random dialogues
    python scripts/chain_review_sample.py dialogues.jsonl --distinct               # one per distinct chain
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path


def chain_key(record: dict) -> tuple[str, str, str, str] | None:
    """(source, source output, target, target input) of a two-API dialogue, or None."""
    source, target = record.get("source") or "", record.get("target") or ""
    relation = str(record.get("scenario", {}).get("relation") or "")
    head, tail = "The output ", f" of {source} can be used as the input "
    if not source or not relation.startswith(head) or tail not in relation:
        return None
    output, rest = relation[len(head):].split(tail, 1)
    return source, output, target, rest.rsplit(f" of {target}.", 1)[0]


def _short(value: object, limit: int = 400) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + " …"


def show(record: dict, key: tuple[str, str, str, str], more: int = 0) -> str:
    src, out, tgt, param = key
    lines = [f"== {record['dialogue_id']} ({record['sequence_id']}){f' +{more} more' if more else ''}",
             f"   chain: {src} [{out}] -> {tgt} [{param}]"]
    user = record.get("scenario", {}).get("user") or {}
    lines.append(f"   situation: {user.get('situation', '')}")
    for turn in record["dialogue"]:
        (who, body), = turn.items()
        act = body.get("action")
        if who == "User" or act in ("request-multi", "response"):
            lines.append(f"   {who[0]} [{act}] {body.get('message', '')}")
        if act == "call":
            lines.append(f"   CALL {_short(body.get('api_request'), 300)}")
            lines.append(f"     -> {_short(body.get('api_response', {}).get('result'))}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dialogues", type=Path)
    parser.add_argument("--sample", type=int, default=0, help="draw this many two-API dialogues at random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--distinct", action="store_true", help="one dialogue per distinct chain")
    args = parser.parse_args()
    pairs = []
    with open(args.dialogues, encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            key = chain_key(record)
            if key is not None:
                pairs.append((record, key))
    print(f"{len(pairs)} two-API dialogues", file=sys.stderr)
    if args.distinct:
        groups: dict[tuple[str, str, str, str], list[dict]] = defaultdict(list)
        for record, key in pairs:
            groups[key].append(record)
        print(f"{len(groups)} distinct chains", file=sys.stderr)
        for key, records in groups.items():
            print(show(records[0], key, len(records) - 1))
    else:
        chosen = random.Random(args.seed).sample(pairs, min(args.sample or len(pairs), len(pairs)))
        for record, key in chosen:
            print(show(record, key))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
